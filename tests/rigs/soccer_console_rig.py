"""Simulator Soccer on the console: the rig and the sensible player the tests share."""
from __future__ import annotations

import random
from typing import Any


from soccer_play import intent  # noqa: E402

from app_rig import Rig  # noqa: E402
from firmware.storage.settings import Settings  # noqa: E402


def soccer_settings(players: str = "two", **more: Any) -> Settings:
    """The menu set to Simulator Soccer, 10-step halves, no tutorial unless told."""
    fields: dict[str, Any] = {"game": "simulator-soccer", "players": players, "half_steps": 10,
                              "tutorial": False, "sound": False}
    fields.update(more)
    return Settings.flat(**fields)


class SoccerRig(Rig):
    @property
    def session(self) -> Any:
        return self.app.session


def play_out(rig: Any, rng: random.Random, pads: tuple[int, ...] = (1, 2), limit: int = 20000,
             on_press: Any = None) -> int:
    """Play the match on by sensible presses until the console is back in the menu (or the
    result waits for nobody); returns the presses made."""
    presses = 0
    for _ in range(limit):
        if rig.app.mode != "match":
            return presses
        acted = False
        for pad in pads:
            if rig.app.mode != "match":
                break
            button = intent(rig.screen(pad), rng)
            if button is not None:
                if on_press is not None:
                    on_press(pad, button)
                rig.press(pad, button)
                presses += 1
                acted = True
        if not acted:
            rig.wait_for_change(5.0)
    raise AssertionError(f"the match did not end: {rig.screen(1)!r:.300}")


def play_until(rig: Any, wanted: Any, rng: random.Random, limit: int = 20000,
               patience: int | None = None) -> None:
    """Play on by sensible presses (the first pad with something to do, else time passes)
    until ``wanted()`` holds. ``patience``: presses on one decision after which they let the
    move clock play it (a storm's list the rules refuse)."""
    stuck, decisions = 0, -1
    for _ in range(limit):
        if wanted():
            return
        session = rig.app.session
        assert rig.app.mode == "match" and not session.match.is_over, "the match ended first"
        stuck = stuck + 1 if len(session.decisions) == decisions else 0
        decisions = len(session.decisions)
        if patience is not None and stuck > patience:
            rig.wait(61)
            stuck = 0
        for pad in (1, 2):
            button = intent(rig.screen(pad), rng)
            if button is not None:
                rig.press(pad, button)
                break
        else:
            rig.wait_for_change(5.0)
    raise AssertionError("never got there")


def replayed_summary(header: dict[str, Any], decisions: list[Any]) -> dict[str, Any]:
    """The summary of the match the journal header and these decisions make, replayed through
    the script reader: every decision must be legal, or it raises."""
    from firmware.games.registry import game_named
    from engine.scripting import joint_to_json

    game = game_named("simulator-soccer").rules
    script = game.parse_script({**header, "turns": [joint_to_json(j) for j in decisions]})
    match = script.start()
    for index, turn in enumerate(script.turns):
        match.apply(game.parse_turn(turn, index))
    return game.summary(match)  # type: ignore[no-any-return]
