"""Fotboll on the console: whole matches pressed through the headless simulator, what each
screen may show, and golden images of the key screens (``tests/golden/fotboll-*.png``).

Regenerate the images on purpose, then look at them in ``git diff``::

    PITCHPAD_REGOLD=1 .venv/bin/python -m pytest tests/firmware/fotboll/test_console.py
"""
from __future__ import annotations

import pytest
from app_rig import Rig
from fotboll_play import play, replayed
from goldens import assert_goldens
from PIL import Image

from firmware.fotboll import screens as fs
from firmware.storage.settings import Settings
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
    "kickoff": lambda m: isinstance(m, fs.KickoffScreen),
    "formation-flip": lambda m: isinstance(m, fs.FlipScreen) and isinstance(m.base, fs.FormationScreen),
    "duel-flip": lambda m: isinstance(m, fs.FlipScreen) and isinstance(m.base, fs.PitchScreen)
    and m.base.decision == "attack",
    "defence-flip": lambda m: isinstance(m, fs.FlipScreen) and isinstance(m.base, fs.PitchScreen)
    and m.base.decision is None and m.mine is not None,
    "changes-flip": lambda m: isinstance(m, fs.FlipScreen) and m.headline == "fb.changes",
    "shootout-flip": lambda m: isinstance(m, fs.FlipScreen) and m.shot is not None,
}


def test_two_players_play_a_whole_match_with_jokers_by_buttons(tmp_path):
    rig = Rig(tmp_path, Settings.flat(game="fotboll", players="two", jokers=True), seed=8)
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
    rig = Rig(tmp_path, Settings.flat(game="fotboll", players="cpu", difficulty="medium",
                                 tiebreak=False), seed=3)
    rig.start()
    kickoff = rig.screen(2)                     # the kick-off sheet, naming the team that starts
    assert isinstance(kickoff, fs.KickoffScreen) and not kickoff.you_start
    rig.wait_for_change()
    assert isinstance(rig.screen(2), fs.CpuPadScreen)
    play(rig, 4, humans=(1,))
    assert rig.app.session.match.is_over
    result = rig.screen(2)                      # the result sheet, in a spectator's words
    assert isinstance(result, fs.ResultScreen) and result.spectator


@pytest.mark.parametrize("language", ["fr", "en"])
def test_key_screens_match_their_golden_images(tmp_path, language):
    rig = Rig(tmp_path, Settings.flat(game="fotboll", players="two", jokers=True, language=language),
              seed=5)
    rig.start()
    shots: dict[str, Image.Image] = {}
    play(rig, 1, shots, WANTED)
    assert set(shots) == set(WANTED), f"screens never seen: {set(WANTED) - set(shots)}"
    assert_goldens(shots, "fotboll-", language, tmp_path)


def _both(rig: Rig) -> tuple:
    return rig.screen(1), rig.screen(2)


def test_the_kick_off_is_a_sheet_over_the_menu_and_the_result_a_whole_screen(tmp_path):
    """Menu -> kick-off rewrites only the bottom half of each screen; the result (a headline,
    the score, a shoot-out's and the OK chip) is a whole screen, and its OK brings the menu to
    the pad pressed at once, to the other one on the loop's next pass."""
    rig = Rig(tmp_path, Settings.flat(game="fotboll", players="two"), seed=4)
    rig.press(1, Button.CARD1)                                # the splash goes: the menu
    menu = _tops(rig)
    rig.press(1, Button.CENTRE)
    assert all(isinstance(model, fs.KickoffScreen) for model in _both(rig))
    assert _tops(rig) == menu
    assert {rig.screen(1).you_start, rig.screen(2).you_start} == {True, False}
    play(rig, 3)
    assert all(isinstance(model, fs.ResultScreen) for model in _both(rig))
    rig.console.tap(1, Button.CENTRE)
    rig.app.step(rig.console.events.drain()[0])
    assert rig.app.mode == "menu" and rig.app.behind
    assert type(rig.app.shown[1][0]).__name__ == "MenuScreen"
    assert isinstance(rig.app.shown[2][0], fs.ResultScreen)
    rig.settle()
    assert not rig.app.behind and type(rig.app.shown[2][0]).__name__ == "MenuScreen"


def _tops(rig: Rig) -> list[bytes]:
    """The top half of each screen (what a sheet leaves as it was)."""
    return [rig.image(pad).crop((0, 0, 128, 32)).tobytes() for pad in (1, 2)]


def test_the_second_formation_locked_in_flips_both_screens_then_the_pitch(tmp_path):
    rig = Rig(tmp_path, Settings.flat(game="fotboll", players="two"), seed=4)
    rig.start()
    rig.wait_for_change()
    rig.press(1, Button.CENTRE)                               # red: 4-4-2
    rig.press(2, Button.RIGHT)
    rig.press(2, Button.CENTRE)                               # blue: the next formation
    flips = _both(rig)
    assert all(isinstance(f, fs.FlipScreen) and isinstance(f.base, fs.FormationScreen) for f in flips)
    assert all(f.base.locked for f in flips)                  # each screen as it was, locked in
    assert (flips[0].mine, flips[0].theirs) == (flips[1].theirs, flips[1].mine) == ("4-4-2", "4-3-3")
    for pad in (1, 2):                                        # during the flip: ignored
        rig.press(pad, Button.CENTRE)
    assert _both(rig) == flips
    rig.wait(rig.app.timing.flip)
    assert all(isinstance(model, fs.PitchScreen) for model in _both(rig))


def test_an_attack_flips_both_screens_with_the_card_attacked_then_the_duel(tmp_path):
    rig = Rig(tmp_path, Settings.flat(game="fotboll", players="two"), seed=4)
    rig.start()
    rig.wait_for_change()
    rig.press(1, Button.CENTRE)
    rig.press(2, Button.CENTRE)
    rig.wait(rig.app.timing.flip)
    attacker = 1 if rig.screen(1).decision == "prepare" else 2
    defender = 3 - attacker
    rig.press(attacker, Button.CENTRE)                        # no changes
    target = rig.screen(attacker)
    assert target.decision == "attack" and target.cursor in target.view.targets
    rig.press(attacker, Button.CENTRE)
    duel = rig.app.session.events[0]
    assert duel.name == "duel" and duel.position == target.cursor
    flips = rig.screen(attacker), rig.screen(defender)
    assert flips[0].base == target and flips[1].base.decision is None
    card, defence = duel.attack, duel.defence
    assert (flips[0].mine, flips[0].theirs) == (flips[1].theirs, flips[1].mine) == (card, defence)
    box = (rig.app.seat_at(defender), duel.position, duel.defence)
    assert flips[0].boxes == flips[1].boxes == (box,)
    rig.wait(rig.app.timing.flip)
    assert all(isinstance(model, fs.DuelScreen) for model in _both(rig))
    rig.wait(rig.app.timing.reveal)
    assert all(isinstance(model, fs.PitchScreen) for model in _both(rig))
