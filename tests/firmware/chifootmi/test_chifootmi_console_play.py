"""Chifootmi on the console: whole matches on the headless simulator, by pressing buttons only,
at every level."""
from __future__ import annotations

import random

import pytest

from engine.chifootmi import SEATS
from engine.chifootmi import events as ev
from firmware.console.app import SEATS_BY_PAD
from firmware.chifootmi import screens as cs
from firmware.storage.settings import Settings
from hal.buttons import Button

from app_rig import Rig
from chifootmi_play import intent

LEVELS = ["beginner", "amateur", "pro", "pro_plus"]


def check_secrecy(rig: Rig, pad: int) -> None:
    """A pad's screen is built from its seat's view: the other's face-down cards are "?",
    and the opponent's progress is only "choosing" or "locked"."""
    model = rig.screen(pad)
    seat = SEATS_BY_PAD[pad]
    match = rig.app.session.match
    if isinstance(model, cs.FlipScreen):
        check_flip(rig, seat, model)
        return
    if not hasattr(model, "view"):
        return
    assert model.view == match.view(seat)
    other = 1 - SEATS.index(seat)
    for slot, down in zip(model.view.opponent.active, sorted(match.face_down[other])):
        assert slot.card is None if down else slot.card is not None
    if hasattr(model, "opponent"):
        assert model.opponent in ("", "choosing", "locked")


def check_flip(rig: Rig, seat: str, flip: cs.FlipScreen) -> None:
    """A flip shows the seat's own screen from before the move, the two cards the move's
    public Reveal event shows everyone, and a drawn card only to the seat that drew it."""
    session = rig.app.session
    assert flip.base.view.seat == seat
    reveal = next((e for e in session.events if isinstance(e, ev.Reveal)), None)
    if flip.mine is not None or flip.theirs is not None:
        assert reveal is not None
        assert (flip.mine, flip.theirs) == (getattr(reveal, seat), getattr(reveal, cs.other(seat)))
    if flip.drew is not None:
        assert any(isinstance(e, ev.Drew) and e.seat == seat for e in session.events)
        own = {cs.card_text(slot.card) for slot in session.match.view(seat).you.active}
        assert flip.drew in own
    else:
        assert flip.base.view.decision != "draw" or not any(
            isinstance(e, ev.Drew) and e.seat == seat for e in session.events)


def play_by_buttons(rig: Rig, rng: random.Random, pads: tuple[int, ...] = (1, 2)) -> dict:
    seen: dict[str, int] = {}
    for _ in range(5000):
        if rig.app.mode != "match":
            return seen
        acted = False
        for pad in pads:
            model = rig.screen(pad)
            seen[type(model).__name__] = seen.get(type(model).__name__, 0) + 1
            check_secrecy(rig, pad)
            button = intent(model, rng)
            if button is not None:
                rig.press(pad, button)
                acted = True
        if not acted:
            rig.wait_for_change()
    raise AssertionError("the match never ended")


@pytest.mark.parametrize("level", LEVELS)
def test_two_players_play_a_whole_match_by_buttons_and_return_to_the_menu(tmp_path, level):
    rig = Rig(tmp_path, Settings.flat(players="two", level=level), seed=LEVELS.index(level) + 11)
    rig.start()
    seen = play_by_buttons(rig, random.Random(level))
    session = rig.app.session
    assert session.match.is_over
    assert rig.app.mode == "menu"
    assert seen["CardScreen"] > 0 and seen["RevealScreen"] > 0 and seen["ResultScreen"] > 0
    assert seen["DrawScreen"] > 0 and seen["FlipScreen"] > 0
    # every joint decision came from the pads, and replays to the same match
    rebuilt = type(session).rebuild(session.config, session.seed, session.decisions,
                                    session.seats, 0.0)
    assert rebuilt.match == session.match


def _until_result(model: object, rng: random.Random) -> Button | None:
    """A person's press, except on the result: nobody leaves it, so both pads still show it."""
    return None if isinstance(model, cs.ResultScreen) else intent(model, rng)


def test_result_screen_shows_the_final_score_to_both_players(tmp_path):
    rig = Rig(tmp_path, Settings.flat(players="two", level="amateur"), seed=5)
    rig.start()
    rng = random.Random(3)
    for _ in range(5000):
        if isinstance(rig.screen(1), cs.ResultScreen):
            break
        rig.act(_until_result, rng)
    match = rig.app.session.match
    red, blue = rig.screen(1), rig.screen(2)
    assert isinstance(red, cs.ResultScreen) and isinstance(blue, cs.ResultScreen)
    assert red.standing == blue.standing
    assert dict(red.standing.tally) == {"red": match.score[0], "blue": match.score[1]}
    winner_pad = 1 if match.winner == "red" else 2
    assert rig.screen(winner_pad).standing.won(SEATS_BY_PAD[winner_pad])
    assert (red.seat, blue.seat) == ("red", "blue")
    rig.press(2, Button.CENTRE)
    assert rig.app.mode == "menu"


def test_vs_cpu_the_cpu_pad_never_shows_the_cpu_cards(tmp_path):
    rig = Rig(tmp_path, Settings.flat(players="cpu", level="pro_plus"), seed=21)
    rig.start()
    rng = random.Random(9)
    for _ in range(5000):
        if rig.app.mode != "match":
            break
        cpu_pad = rig.screen(2)                 # the score, or the kick-off and result sheets
        assert isinstance(cpu_pad, cs.CpuPadScreen) or (
            isinstance(cpu_pad, (cs.KickoffScreen, cs.ResultScreen)) and cpu_pad.spectator)
        check_secrecy(rig, 1)
        button = intent(rig.screen(1), rng)
        if button is None:
            rig.wait_for_change()
        else:
            rig.press(1, button)
    assert rig.app.session.match.is_over
    assert rig.app.mode == "menu"


def test_the_cpu_thinks_a_visible_moment_before_locking_in(tmp_path):
    rig = Rig(tmp_path, Settings.flat(players="cpu"), seed=4)
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    assert isinstance(rig.screen(1), cs.CardScreen)
    assert rig.screen(1).opponent == "choosing"
    rig.wait(rig.app.timing.cpu_think / 2)
    assert rig.screen(1).opponent == "choosing"
    rig.wait(rig.app.timing.cpu_think)
    assert rig.screen(1).opponent == "locked"


def lock_first_round(tmp_path, blue_button: Button) -> tuple[bytes, bytes]:
    rig = Rig(tmp_path, Settings.flat(players="two"), seed=8)
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    before = rig.image(1).tobytes()
    rig.press(2, blue_button)
    rig.press(2, blue_button)
    assert rig.screen(2).locked
    return before, rig.image(1).tobytes()


def test_the_other_players_choice_never_shows_only_that_they_locked_in(tmp_path):
    before_a, after_a = lock_first_round(tmp_path / "a", Button.CARD1)
    before_b, after_b = lock_first_round(tmp_path / "b", Button.CARD3)
    assert before_a == before_b
    assert after_a != before_a           # the lock mark appeared ...
    assert after_a == after_b            # ... the same whichever card blue locked in


def test_a_choice_can_change_until_both_have_locked_in(rig_two):
    rig = rig_two
    rig.press(1, Button.CARD1)
    rig.press(1, Button.CARD1)
    assert rig.screen(1).locked and rig.screen(1).highlight == 0
    rig.press(1, Button.CARD2)                       # changed my mind: unlocked, CARD2 raised
    assert not rig.screen(1).locked and rig.screen(1).highlight == 1
    assert rig.screen(2).opponent == "choosing"
    rig.press(1, Button.CARD2)
    card = rig.screen(1).view.you.active[1].card
    blue = rig.screen(2).view.you.active[3].card
    rig.press(2, Button.CARD4)
    rig.press(2, Button.CARD4)
    flips = rig.screen(1), rig.screen(2)                # both cards face up on both screens at once
    assert all(isinstance(flip, cs.FlipScreen) for flip in flips)
    assert (flips[0].mine, flips[0].theirs) == (card, blue) == (flips[1].theirs, flips[1].mine)
    rig.wait(rig.app.timing.flip)
    assert isinstance(rig.screen(1), cs.RevealScreen)
    assert rig.screen(1).mine == card


def test_presses_that_mean_nothing_now_are_ignored_not_queued(rig_two):
    rig = rig_two
    before = rig.image(1).tobytes()
    for button in (Button.LEFT, Button.RIGHT):
        rig.press(1, button)
    assert rig.image(1).tobytes() == before
    rig.press(1, Button.CENTRE)                                # "OK?": the help page
    assert isinstance(rig.screen(1), cs.HelpScreen)
    rig.press(1, Button.RIGHT)                                 # any press: back, nothing else
    assert rig.image(1).tobytes() == before
    rig.press(1, Button.CARD1)
    rig.press(1, Button.CARD1)
    rig.press(2, Button.CARD1)
    rig.press(2, Button.CARD1)
    assert isinstance(rig.screen(1), cs.FlipScreen)
    for button in (Button.CARD2, Button.CARD2):                # during the flip: ignored
        rig.press(1, button)
    rig.wait(rig.app.timing.flip)
    assert isinstance(rig.screen(1), cs.RevealScreen)
    for button in (Button.CARD3, Button.CARD3):                # during the reveal: ignored
        rig.press(1, button)
    rig.wait(rig.app.timing.reveal)
    model = rig.screen(1)
    assert getattr(model, "highlight", None) is None           # nothing was carried over


def test_the_move_clock_locks_in_the_highlighted_choice(tmp_path):
    rig = Rig(tmp_path, Settings.flat(players="two", move_clock=10), seed=8)
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    assert rig.screen(1).seconds_left == pytest.approx(10)
    rig.press(1, Button.CARD3)
    rig.wait(4)
    assert rig.screen(1).seconds_left == pytest.approx(6, abs=1)
    chosen = rig.screen(1).view.you.active[2].card
    rig.wait(6.01)
    flip = rig.screen(1)
    assert isinstance(flip, cs.FlipScreen) and flip.mine == chosen
    rig.wait(rig.app.session.timing.too_late)          # "Trop tard !" stays to be read
    reveal = rig.screen(1)
    assert isinstance(reveal, cs.RevealScreen)
    assert reveal.mine == chosen


@pytest.fixture
def rig_two(tmp_path) -> Rig:
    rig = Rig(tmp_path, Settings.flat(players="two"), seed=8)
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    assert isinstance(rig.screen(1), cs.CardScreen)
    return rig
