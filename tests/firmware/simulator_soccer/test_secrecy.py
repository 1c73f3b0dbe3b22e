"""Secrecy on the console (S-VIS-1): while a seat's formation, aim or dive is picked and even
locked in, the other seat's screen is the same whatever that pick is — pixel for pixel — and
says only "locked in". Checked as a property over seeds and every pick, on sessions driven
by the engine's bots to each secret decision."""
from __future__ import annotations

import copy
import random

import pytest

from engine.simulator_soccer import MatchConfig, Options
from engine.simulator_soccer.bots import SoccerBot
from firmware.render import Canvas
from firmware.games.session import Seats, Step, Timing
from firmware.simulator_soccer.session import SoccerSession
from hal.buttons import Button

TIMING = Timing(kickoff=0.1, flip=0.1, reveal=0.1, cpu_think=0.1)
PICKS = {
    "formation": [[Button.CARD1], [Button.CARD2], [Button.CARD3]],
    "shoot": [[Button.LEFT], [Button.CENTRE], [Button.RIGHT], [Button.CARD1, Button.LEFT],
              [Button.CARD1, Button.CENTRE], [Button.CARD1, Button.RIGHT]],
    "dive": [[Button.LEFT], [Button.CENTRE], [Button.RIGHT]],
}


def pixels(session: SoccerSession, seat: str) -> bytes:
    canvas = Canvas()
    session.screen(seat, 0.0).draw(canvas, "en")
    return canvas.image.tobytes()


def secret_moments(seed: int, wanted: int = 3):
    """Sessions waiting for a joint secret decision (formation, or shot with a dive)."""
    session = SoccerSession(MatchConfig(Options(half_steps=4)), seed, Seats(), 0.0, timing=TIMING)
    session.tick(1.0)
    bot, rng = SoccerBot("simple"), random.Random(seed)
    found = 0
    for _ in range(3000):
        match = session.match
        if match.is_over or found >= wanted:
            return
        if session.step is not Step.CHOOSE:
            session.tick(session.deadline(0.0) or 0.0)
            continue
        if len(match.to_act()) == 2:
            found += 1
            yield session
        joint = {seat: bot.choose(match.view(seat), match.legal_choices(seat), rng) for seat in match.to_act()}
        for seat, choice in joint.items():
            session.lock(seat, choice, 0.0)
        session.tick(10.0)


@pytest.mark.parametrize("seed", [1, 3])
def test_the_other_seat_sees_the_same_pixels_whatever_a_secret_pick(seed):
    checked = set()
    for moment in secret_moments(seed):
        for picker in ("red", "blue"):
            watcher = "blue" if picker == "red" else "red"
            decision = moment.view(picker).body["decision"]
            seen = set()
            for presses in PICKS[decision]:
                twin = copy.deepcopy(moment)
                for button in presses:
                    twin.press(picker, button, 0.0)
                picked = pixels(twin, watcher)
                lock = Button.CENTRE if decision == "formation" else presses[-1]
                twin.press(picker, lock, 0.0)     # locked in: the watcher learns only that
                assert twin.pending[picker].locked is not None
                locked = pixels(twin, watcher)
                seen.add((picked, locked))
                screen = twin.screen(watcher, 0.0)
                assert getattr(screen, "other_locked", True)
            assert len(seen) == 1, f"{watcher} can tell {picker}'s {decision} picks apart"
            checked.add(decision)
    assert "formation" in checked


def test_a_deep_copied_session_still_takes_presses():
    """The twins above are deep copies: a step must stay itself (``step is Step.CHOOSE``),
    as an enum member does, or a twin ignores every press and the property checks nothing."""
    moment = next(secret_moments(1))
    twin = copy.deepcopy(moment)
    assert twin.step is Step.CHOOSE
    seat = twin.match.to_act()[0]
    assert twin.press(seat, Button.CARD1, 0.0) and twin.pending[seat].formation == "4-4-2"
