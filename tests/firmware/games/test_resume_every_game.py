"""A match resumed after a power cut shows what the uninterrupted match shows, for every
registered game (issue 39.16): two people play by buttons on the headless console; after each
decision, once its flip and reveal are over and before anyone presses again, the state
directory is copied as a power cut would leave it, a second console starts on the copy and
takes the resume offer, and each pad's screen and each seat's screen model must be the same
as the first console's. (Chifoumi's "White took your pile" on the waiting seat's board was
lost at every resume.)

Each game brings its person (:data:`PEOPLE`: what someone at a pad presses, from the rigs its
own tests play with); a game registered without one fails here, by name."""
from __future__ import annotations

import random
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import chifootmi_play
import chifoumi_rig
import fotboll_play
import pytest
import soccer_play
from app_rig import Rig

from engine.chifoumi import Move, Place
from firmware.chifoumi import screens as ks
from firmware.games.registry import GAMES
from firmware.storage.settings import Settings
from hal.buttons import Button



class Console(Rig):
    @property
    def session(self) -> Any:
        """The match on now (what ``chifoumi_rig.play_turn`` plays on)."""
        return self.app.session


Person = Callable[[Console, int, random.Random], bool]
DECISIONS = 40
"""Decisions checked per game (each check replays the journal so far: quadratic)."""


def _by_intent(intent: Callable[[Any, random.Random], Button | None]) -> Person:
    def press(rig: Console, pad: int, rng: random.Random) -> bool:
        button = intent(rig.screen(pad), rng)
        if button is not None:
            rig.press(pad, button)
        return button is not None
    return press


def _chifoumi(rig: Console, pad: int, rng: random.Random) -> bool:
    """A player out to take the other's stacks (``chifoumi_rig.pick`` when there is none to
    take): a throw, or a whole move by buttons."""
    model = rig.screen(pad)
    if isinstance(model, ks.ThrowScreen) and not model.locked:
        rig.press(pad, chifoumi_rig.throw_button(model, rng))
        return True
    if not (isinstance(model, ks.BoardScreen) and model.mode in ("pick", "chain", "place")):
        return False
    seat = rig.app.seat_at(pad)
    legal = rig.session.legal(seat)
    board = rig.session.view(seat).board
    theirs = [c for c in legal if isinstance(c, Move) and c.capture is not False
              and board[c.target] and board[c.target][-1].army != seat]
    choice = rng.choice(theirs) if theirs else chifoumi_rig.pick(legal, rng)
    kinds = sorted({c.kind for c in legal if isinstance(c, Place)})
    for button in chifoumi_rig.buttons_for(model, choice, kinds):
        rig.press(pad, button)
    return True


PEOPLE: dict[str, Person] = {
    "chifootmi": _by_intent(chifootmi_play.intent), "fotboll": _by_intent(fotboll_play.intent),
    "simulator-soccer": _by_intent(soccer_play.intent), "chifoumi": _chifoumi}
SEEN = {"chifoumi": lambda session: any(pad.taken_by for pad in session.pads.values())}
"""What a game's two people must have been shown at one of the resumes at least (what a resume
once lost), so that a change in how they play cannot leave it untried."""


def _settings(name: str, set_up: str) -> Settings:
    """Two people, or the game's own defaults (a person against the CPU, for most)."""
    console = GAMES[name].console
    played = console.settings({})
    return Settings(game=name, sound=False).with_game(
        name, console.two_people(played) if set_up == "two people" else played)


def _shown(rig: Console) -> dict[str, Any]:
    """Every pad's screen (its model and its pixels) and every seat's screen model."""
    session = rig.app.session
    now = rig.clock.now()
    return {**{f"pad {pad}": (rig.screen(pad), rig.image(pad).tobytes()) for pad in range(1, rig.pads + 1)},
            **{f"seat {seat}": session.screen(seat, now) for seat in session.match.seats}}


def _resumed(state_dir: Path, copy: Path, now: float) -> Console:
    """A console started on a copy of ``state_dir`` (a power cut now) that took the resume offer."""
    shutil.copytree(state_dir, copy)
    rig = Console(copy)
    assert rig.app.mode == "resume", rig.app.mode
    rig.clock.advance(now - rig.clock.now())
    rig.press(1, Button.RIGHT)                           # yes: go on with the match
    assert rig.app.mode == "match"
    return rig


def _play(rig: Console, person: Person, rng: random.Random) -> None:
    """One step: the timers of a flip or a reveal run out; else each pad presses what its
    person would until a decision is made; else time runs to the next timer (a CPU, a clock)."""
    session = rig.app.session
    if session.step_until is None:
        made = len(session.decisions)
        for pad in range(1, rig.pads + 1):
            if person(rig, pad, rng) and len(session.decisions) != made:
                return
            if session.step_until is not None:
                return
        if len(session.decisions) != made:
            return
    rig.wait_for_change()


@pytest.mark.parametrize("set_up", ["two people", "defaults"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_resume_after_any_decision_shows_every_seat_what_the_match_showed(tmp_path, name, set_up):
    person = PEOPLE[name]
    live_dir = tmp_path / "live"
    live_dir.mkdir()
    rig = Console(live_dir, _settings(name, set_up), seed=7)
    rig.start()
    rng = random.Random(f"resume/{name}")
    checked, steps, seen = 0, 0, False
    while checked < DECISIONS and steps < 20_000:
        steps += 1
        session = rig.app.session
        if rig.app.mode != "match" or session.match.is_over:
            break
        if session.step_until is None and len(session.decisions) > checked:
            checked = len(session.decisions)
            shown, again = _shown(rig), _shown(_resumed(live_dir, tmp_path / f"after-{checked}", rig.clock.now()))
            seen = seen or SEEN.get(name, bool)(session)
            differ = [where for where in shown if again.get(where) != shown[where]]
            assert not differ, f"{name}, {set_up}: after decision {checked} the resume differs on {differ}"
            continue
        _play(rig, person, rng)
    assert checked >= 10, f"{name}: only {checked} decisions were played"
    assert seen or set_up != "two people", f"{name}: no resume came after what {name} must show"
