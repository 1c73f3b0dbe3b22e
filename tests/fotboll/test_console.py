"""Fotboll on the console: whole matches pressed through the headless simulator, what each
screen may show, and golden images of the key screens (``tests/golden/fotboll-*.png``).

Regenerate the images on purpose, then look at them in ``git diff``::

    PITCHPAD_REGOLD=1 .venv/bin/python -m pytest tests/fotboll/test_console.py
"""
from __future__ import annotations

import random
from typing import Any

import pytest
from app_rig import Rig
from goldens import assert_goldens
from PIL import Image

from engine.fotboll import new_match
from firmware.fotboll import screens as fs
from firmware.settings import Settings
from hal.buttons import Button


WANTED = {
    "formation": lambda m: isinstance(m, fs.FormationScreen) and not m.locked,
    "prepare": lambda m: isinstance(m, fs.PitchScreen) and m.decision == "prepare"
    and any(kind == "refill" for _, kind in m.marks),
    "attack": lambda m: isinstance(m, fs.PitchScreen) and m.decision == "attack"
    and any(s.card is not None for s in m.view.opponent.field),
    "waiting": lambda m: isinstance(m, fs.PitchScreen) and m.decision is None,
    "duel": lambda m: isinstance(m, fs.DuelScreen),
    "shootout": lambda m: isinstance(m, fs.ShootoutScreen) and not m.locked,
    "result": lambda m: isinstance(m, fs.ResultScreen),
}


def intent(model: Any, rng: random.Random) -> Button | None:
    """What a person would press on this screen (None: just watch)."""
    if isinstance(model, fs.FormationScreen) and not model.locked:
        return rng.choice([Button.RIGHT, Button.CENTRE, Button.CENTRE])
    if isinstance(model, fs.PitchScreen) and model.decision is not None:
        return rng.choice([Button.LEFT, Button.RIGHT, Button.CENTRE, Button.CENTRE, Button.CARD1])
    if isinstance(model, fs.ShootoutScreen) and not model.locked:
        if model.side is not None:
            return Button[model.side.upper()]
        return rng.choice([Button.LEFT, Button.CENTRE, Button.RIGHT])
    return None


def check(model: Any, rig: Rig, pad: int) -> None:
    """Secrecy and legality on every screen: unseen opponent cards stay face down, the
    cursor stands only on a legal choice."""
    if not isinstance(model, fs.PitchScreen):
        return
    assert all(s.card is None or s.shown for s in model.view.opponent.field)
    if model.decision == "attack":
        assert model.cursor in model.view.targets
    seat = rig.app.seat_at(pad)
    assert model.view.seat == seat


def play(rig: Rig, seed: int, shots: dict[str, Image.Image] | None = None, humans=(1, 2)) -> None:
    rng = random.Random(seed)
    for _ in range(6000):
        if rig.app.mode != "match":
            return
        acted = False
        for pad in humans:
            model = rig.screen(pad)
            check(model, rig, pad)
            if shots is not None:
                for name, wanted in WANTED.items():
                    if name not in shots and wanted(model):
                        shots[name] = rig.image(pad).copy()
            button = intent(model, rng)
            if button is not None:
                rig.press(pad, button)
                acted = True
        if not acted:
            if isinstance(rig.screen(humans[0]), fs.ResultScreen):
                return
            rig.wait_for_change()
    raise AssertionError("the match did not end")


def replayed(session) -> Any:
    match = new_match(session.config, session.seed)
    for joint in session.decisions:
        match.apply(joint)
    return match


def test_two_players_play_a_whole_match_with_jokers_by_buttons(tmp_path):
    rig = Rig(tmp_path, Settings(game="fotboll", players="two", jokers=True), seed=8)
    rig.start()
    play(rig, 2)
    session = rig.app.session
    assert session.match.is_over and isinstance(rig.screen(1), fs.ResultScreen)
    assert replayed(session) == session.match
    names = {e.name for e in session.history}
    assert {"lined_up", "duel", "half_time", "match_over"} <= names
    rig.press(1, Button.CENTRE)
    assert rig.app.mode == "menu"


def test_a_match_against_the_cpu_shows_the_cpu_pad_only_the_score(tmp_path):
    rig = Rig(tmp_path, Settings(game="fotboll", players="cpu", difficulty="medium",
                                 tiebreak=False), seed=3)
    rig.start()
    assert isinstance(rig.screen(2), fs.CpuPadScreen)
    play(rig, 4, humans=(1,))
    assert rig.app.session.match.is_over


@pytest.mark.parametrize("language", ["fr", "en"])
def test_key_screens_match_their_golden_images(tmp_path, language):
    rig = Rig(tmp_path, Settings(game="fotboll", players="two", jokers=True, language=language),
              seed=5)
    rig.start()
    shots: dict[str, Image.Image] = {}
    play(rig, 1, shots)
    assert set(shots) == set(WANTED), f"screens never seen: {set(WANTED) - set(shots)}"
    assert_goldens(shots, "fotboll-", language, tmp_path)
