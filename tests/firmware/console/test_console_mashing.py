"""Button storms: random presses on both pads, on every screen, with time passing.

The engine raises on any illegal choice, so a storm that ends without an exception made
no illegal move; on top of that every match the storm played is replayed from its journal
header through the game's own script reader, decision by decision, to the same summary.
Afterwards the console must still answer: the match on (whatever game the storm switched the
menu to) is played to its end by a sensible player of that game, and the console reaches the
menu because the match is over, not through the 600 s abandon timer (issue 16, point 15).
"""
from __future__ import annotations

import random
from typing import Any

import pytest

from firmware.games.registry import game_named
from engine.scripting import joint_to_json
from firmware.chifoumi import screens as ks
from firmware.fotboll import screens as fs
from firmware.storage.settings import Settings
from hal.buttons import Button

from app_rig import Rig
from chifootmi_play import intent
import fotboll_play
import chifoumi_rig
import soccer_play

BUTTONS = list(Button)





class StormRig(Rig):
    @property
    def session(self) -> Any:
        return self.app.session


class Matches:
    """Every match the storm started, with its journal header (its set-up as a script)."""

    def __init__(self) -> None:
        self.seen: list[tuple[Any, dict[str, Any]]] = []

    def note(self, rig: StormRig) -> None:
        session, journal = rig.app.session, rig.app.journal
        if session is not None and journal is not None and (
                not self.seen or self.seen[-1][0] is not session):
            self.seen.append((session, dict(journal.setup.script)))

    def replay_all(self) -> None:
        """Each match's decisions, read back as script turns, replay legally to its state."""
        assert self.seen
        for session, header in self.seen:
            game = game_named(header["game"]).rules
            turns = [joint_to_json(joint) for joint in session.decisions]
            script = game.parse_script({**header, "turns": turns})
            match = script.start()
            for index, turn in enumerate(script.turns):
                match.apply(game.parse_turn(turn, index))
            assert game.summary(match) == game.summary(session.match)


def storm(rig: StormRig, rng: random.Random, presses: int, matches: Matches) -> set[str]:
    modes = set()
    for _ in range(presses):
        if rng.random() < 0.15:
            rig.wait(rng.choice((0.05, 0.5, 1.5, 3.0)))
        else:
            rig.press(rng.choice((1, 2)), rng.choice(BUTTONS))
        matches.note(rig)
        modes.add(rig.app.mode)
        if rig.app.session is not None:                # either pad may play (the starter does)
            modes.update(type(rig.screen(pad)).__name__ for pad in rig.app.pads)
    return modes


def act(rig: StormRig, pad: int, rng: random.Random) -> bool:
    """What a sensible person at ``pad`` does now, in whichever game is on; False: watch."""
    model = rig.screen(pad)
    game = rig.app.game.name
    if game == "fotboll":
        button = fotboll_play.intent(model, rng)
        if button is None and isinstance(model, fs.ResultScreen):
            button = Button.CENTRE
    elif game == "simulator-soccer":
        button = soccer_play.intent(model, rng)
    elif game == "chifoumi":
        if isinstance(model, ks.LegendScreen):
            button = Button.CARD4
        elif isinstance(model, ks.BoardScreen) and model.mode in ("target", "capture", "kind"):
            button = Button.CARD3               # back to a clean pick (the storm may leave one)
        elif isinstance(model, ks.ThrowScreen) and not model.locked:
            button = chifoumi_rig.throw_button(model, rng)
        elif (isinstance(model, ks.BoardScreen) and model.mode in ("pick", "chain", "place")
              and rig.app.seat_at(pad) in rig.session.match.to_act()):
            chifoumi_rig.play_turn(rig, pad, rng)
            return True
        elif isinstance(model, ks.ResultScreen):
            button = Button.CENTRE
        else:
            button = None
    else:
        button = intent(model, rng)
    if button is None:
        return False
    rig.press(pad, button)
    return True


def finish(rig: StormRig, rng: random.Random, matches: Matches) -> None:
    """Play on sensibly: the match ends by being played out, and the console shows the menu."""
    session = rig.app.session
    for _ in range(5000):
        matches.note(rig)
        if rig.app.mode == "menu":
            break
        acted = False
        for pad in (1, 2):
            if rig.app.mode == "match" and act(rig, pad, rng):
                acted = True
        if not acted:
            rig.wait_for_change(limit=5.0)
    else:
        raise AssertionError(f"stuck in {rig.app.mode}: {rig.screen(1)!r:.200}")
    assert session.match.is_over, "the menu came from the abandon timer, not the end of the match"


@pytest.mark.parametrize("seed,settings", [
    (1, Settings.flat(players="two", level="pro_plus", move_clock=10)),
    (2, Settings.flat(players="cpu", level="pro_plus", move_clock=10)),
    (3, Settings.flat(players="two", level="amateur", move_clock=10)),
    (4, Settings.flat(players="cpu", level="beginner", move_clock=10)),
    (5, Settings.flat(game="fotboll", players="two", jokers=True)),
    (6, Settings.flat(game="fotboll", players="cpu")),
    (7, Settings.flat(game="chifoumi", chifoumi_players=2, chifoumi_humans=2)),
    (8, Settings.flat(game="chifoumi", chifoumi_players=2, chifoumi_humans=1, placement=True)),
], ids=["ck-two-pro+", "ck-cpu-pro+", "ck-two-amateur", "ck-cpu-beginner", "fotboll-two-jokers",
        "fotboll-cpu", "chifoumi-two", "chifoumi-cpu-placement"])
def test_button_storms_never_crash_stick_or_cheat(tmp_path, seed, settings):
    rig = StormRig(tmp_path, settings, seed=seed)
    rng = random.Random(seed)
    matches = Matches()
    seen = storm(rig, rng, 2500, matches)
    assert {"menu", "match"} <= seen
    match_screens = {"CardScreen", "RevealScreen", "DrawScreen", "ShotScreen",  # Chifootmi
                     "FormationScreen", "PitchScreen", "DuelScreen", "EventScreen",  # Fotboll
                     "BoardScreen", "ThrowScreen", "ThrowRevealScreen",  # Chifoumi
                     "MenuScreen", "TutorialOffer", "TutorialScreen"}  # Simulator Soccer
    assert len(seen & match_screens) >= 3 or {"BoardScreen", "LegendScreen"} <= seen
    if rig.app.mode != "match":                 # the storm left the match: start one more
        for _ in range(5):                      # splash, saver, stats: any key; resume: no
            if rig.app.mode == "menu":
                break
            rig.press(1, Button.LEFT if rig.app.mode == "resume" else Button.CARD1)
        rig.press(1, Button.CENTRE)
    assert rig.app.mode == "match"
    matches.note(rig)
    finish(rig, rng, matches)
    matches.replay_all()
    assert rig.app.mode == "menu"
    rig.press(1, Button.CENTRE)
    assert rig.app.mode == "match"
