"""Preparing a turn by buttons (F-TURN-1, F-TURN-2): LEFT/RIGHT move over your positions,
CARD1 marks or unmarks one, OK plays the marks. A press the rules refuse must say why on the
hint line, never do nothing silently, and OK must always have a way forward."""
from __future__ import annotations

import random

import pytest
from app_rig import Rig
from fotboll_play import play
from fotboll_setups import HIGH, LOW, beaten
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dataclasses import replace

from engine.errors import BadSetup
from engine.fotboll import MatchConfig, Prepare, new_match
from engine.fotboll.match import MAX_SUBS
from engine.fotboll.position import Team, position, setup_of
from firmware.games.session import Timing
from firmware.fotboll import screens as fs
from firmware.fotboll.session import FotbollSession, Seats, refusal
from firmware.i18n import STRINGS, text
from firmware.render import HINT_Y, Canvas
from firmware.storage.settings import Settings
from hal.buttons import Button


def preparing(tmp_path, language="en", red=None):
    """A two-player console where red (``red``, else ``HIGH`` untouched) prepares a turn
    against ``LOW``; returns the rig and red's pad."""
    rig = Rig(tmp_path, Settings.flat(game="fotboll", players="two", language=language), seed=1)
    rig.start()
    rig.wait_for_change()                                  # the kick-off sheet goes
    session = rig.app.session
    session.go_to(position(red=red or Team(HIGH), blue=Team(LOW)), rig.clock.now())
    rig.wait(0.01)
    pad = next(p for p in (1, 2) if rig.app.seat_at(p) == "red")
    assert rig.screen(pad).decision == "prepare"
    return rig, pad


def hint_line(rig: Rig, pad: int) -> bytes:
    return rig.image(pad).crop((0, HINT_Y - 1, 128, 64)).tobytes()


def drawn_hint(words: str) -> bytes:
    canvas = Canvas()
    canvas.hints(centre=words)
    return canvas.image.crop((0, HINT_Y - 1, 128, 64)).tobytes()


def test_F_TURN_2_a_fourth_substitution_is_not_marked_and_the_hint_says_why(tmp_path):
    """The stuck state of random play (Jokers seeds 58, 98, 129, 132): two substitutions
    used, more than one marked ``S``, and OK did nothing with the usual hint on screen."""
    rig, pad = preparing(tmp_path, "en", Team(HIGH, subs=2))
    session = rig.app.session
    rig.press(pad, Button.CARD1)                           # GK: S, the third substitution
    rig.press(pad, Button.RIGHT)
    rig.press(pad, Button.CARD1)                           # D1: a fourth
    assert dict(rig.screen(pad).marks) == {"GK": "sub"}
    assert hint_line(rig, pad) == drawn_hint(text("en", "fb.why.max_subs"))
    rig.press(pad, Button.CENTRE)
    assert session.decisions[-1] == {"red": Prepare(sub=("GK",))}


def test_F_TURN_2_OK_on_marks_the_rules_refuse_never_does_nothing_silently(tmp_path):
    """Whatever the buttons marked, OK either plays or the hint line changes to say why."""
    rig, pad = preparing(tmp_path, "fr", Team(HIGH, subs=2))
    session = rig.app.session
    for button in (Button.CARD1, Button.RIGHT, Button.CARD1, Button.RIGHT, Button.CARD1):
        rig.press(pad, button)                             # S on GK, D1, D2 if allowed
    usual = drawn_hint(text("fr", "fb.hint.prepare"))
    rig.press(pad, Button.CENTRE)
    assert session.decisions or hint_line(rig, pad) != usual, \
        "OK did nothing and the hint line still says what it said"


def test_F_TURN_2_no_substitution_while_a_position_is_empty_the_hint_says_what_to_do(tmp_path):
    rig, pad = preparing(tmp_path, "en", beaten(HIGH, "F1"))   # red's F1 was beaten
    session = rig.app.session
    assert dict(rig.screen(pad).marks) == {"F1": "refill"}  # empty positions start marked
    rig.press(pad, Button.CARD1)                           # GK: S (F1 refilled first: legal)
    rig.press(pad, Button.LEFT)
    rig.press(pad, Button.LEFT)
    assert rig.screen(pad).cursor == "F1"
    rig.press(pad, Button.CARD1)                           # unmark F1 while GK is S: no
    assert dict(rig.screen(pad).marks) == {"F1": "refill", "GK": "sub"}
    assert hint_line(rig, pad) == drawn_hint(text("en", "fb.why.subs_first"))
    rig.press(pad, Button.RIGHT)                           # any other press: the usual hint
    assert hint_line(rig, pad) == drawn_hint(text("en", "fb.hint.prepare"))
    rig.press(pad, Button.RIGHT)
    rig.press(pad, Button.CARD1)                           # GK unmarked
    rig.press(pad, Button.LEFT)
    rig.press(pad, Button.LEFT)
    rig.press(pad, Button.CARD1)                           # F1 unmarked: stays empty
    rig.press(pad, Button.RIGHT)
    rig.press(pad, Button.RIGHT)
    rig.press(pad, Button.CARD1)                           # GK: S while F1 is empty: no
    assert rig.screen(pad).marks == ()
    assert hint_line(rig, pad) == drawn_hint(text("en", "fb.why.fill_first"))
    rig.press(pad, Button.CENTRE)
    assert session.decisions[-1] == {"red": Prepare()}


def test_F_TURN_2_no_more_marks_than_library_cards_and_no_substitution_that_cannot_be(tmp_path):
    rig, pad = preparing(tmp_path, "fr", beaten(HIGH, "F1", "F2", library=["2C"]))  # one card, two holes
    session = rig.app.session
    screen = rig.screen(pad)
    assert session.options("red") == ("F1", "F2")          # no S: it could never be played
    assert dict(screen.marks) == {"F1": "refill"} and screen.cursor == "F1"
    rig.press(pad, Button.RIGHT)
    rig.press(pad, Button.CARD1)                           # F2 too: one card only
    assert dict(rig.screen(pad).marks) == {"F1": "refill"}
    assert hint_line(rig, pad) == drawn_hint(text("fr", "fb.why.no_card"))
    rig.press(pad, Button.LEFT)
    rig.press(pad, Button.CARD1)                           # F1 unmarked, then F2 marked
    rig.press(pad, Button.RIGHT)
    rig.press(pad, Button.CARD1)
    assert dict(rig.screen(pad).marks) == {"F2": "refill"}
    assert hint_line(rig, pad) == drawn_hint(text("fr", "fb.hint.prepare"))
    rig.press(pad, Button.CENTRE)
    assert session.decisions[-1] == {"red": Prepare(refill=("F2",))}


@pytest.mark.parametrize("seed", [58, 98, 129, 132])
def test_F_TURN_2_random_button_play_with_jokers_never_sticks_in_a_preparation(tmp_path, seed):
    """The seeds where random presses once piled up more S marks than substitutions left and
    OK did nothing until the play loop gave up; ``play`` checks the marks stay legal."""
    rig = Rig(tmp_path, Settings.flat(game="fotboll", players="two", jokers=True), seed=seed)
    rig.start()
    play(rig, seed)
    assert rig.app.session.match.is_over


# ----- properties over random preparations and random presses ----------------------------------
def preparing_session(seed: int, jokers: bool, turns: int, subs_used: int, cards: int,
                      holes: int) -> tuple[FotbollSession, str]:
    """A session (no console) where a seat prepares: a random match played to about its
    ``turns``-th preparation, then made harder: ``subs_used`` substitutions used, at most
    ``cards`` library cards left, ``holes`` more outfield positions emptied."""
    session = FotbollSession(MatchConfig(jokers), seed, Seats(), 0.0, timing=Timing())
    match = new_match(MatchConfig(jokers), seed)
    rng = random.Random(seed)
    last = None
    while match.to_act() and turns >= 0:
        if match.stage == "prepare":
            last = match.clone()
            turns -= 1
        match.apply({seat: rng.choice(match.legal_choices(seat)) for seat in match.to_act()})
    if last is None:
        last = match
    assert last.stage == "prepare"
    s = last.turn
    setup = setup_of(last)
    team = setup[("red", "blue")[s]]
    places = list(last.field[s])
    outfield = [p for p, card in last.field[s].items() if p != "GK" and card is not None]
    gone = rng.sample(outfield, min(holes, len(outfield)))
    team = replace(team, field=[None if p in gone else c for p, c in zip(places, team.field)],
                   library=team.library[:cards], subs=subs_used,
                   discard=[*team.discard, *(team.field[places.index(p)] for p in gone)],
                   shown=set(team.shown) - set(gone), replaceable=set(team.replaceable) - set(gone))
    try:
        prepared = position(last.config, **(setup | {("red", "blue")[s]: team}))
    except BadSetup:
        assume(False)                          # else the engine would not ask (F-TURN-2)
    session.go_to(prepared, 0.0)
    return session, ("red", "blue")[s]


preparations = st.tuples(st.integers(0, 2**31 - 1), st.booleans(), st.integers(0, 12),
                         st.integers(0, MAX_SUBS), st.integers(1, 6), st.integers(0, 3))
presses = st.lists(st.sampled_from([Button.LEFT, Button.RIGHT, Button.CARD1]), max_size=40)


@settings(max_examples=60, deadline=None)
@given(preparations, presses)
def test_F_TURN_1_F_TURN_2_from_any_marks_reached_by_buttons_OK_plays_them(prep, buttons):
    """Whatever is pressed, the marks stay a legal preparation (so OK always plays them);
    a CARD1 that marks nothing says why on the screen; every position the cursor visits can
    be part of some legal preparation."""
    session, seat = preparing_session(*prep)
    match = session.match
    view = match.view(seat)
    options = session.options(seat)
    assert options, "nothing to mark while preparing"
    empties = tuple(s.position for s in view.you.field if s.empty and s.position != "GK")
    for p in options:                                      # no dead positions under the cursor
        kind = session.mark_action(view, p)
        alone = {"refill": Prepare(refill=(p,)), "replace": Prepare(replace=(p,)),
                 "sub": Prepare(refill=empties, sub=(p,))}[kind]
        assert match.is_legal(seat, alone), (p, kind)
    picking = session.pending[seat]
    for button in buttons:
        before = dict(picking.marks)
        session.press(seat, button, 0.0)
        assert match.is_legal(seat, session.preparation(seat)), picking.marks
        screen = session.screen(seat, 0.0)
        assert isinstance(screen, fs.PitchScreen) and screen.decision == "prepare"
        if button is Button.CARD1 and picking.marks == before:
            assert screen.why is not None and "fb.why." + screen.why in STRINGS
        else:
            assert screen.why is None
    marked = session.preparation(seat)
    session.press(seat, Button.CENTRE, 0.0)
    assert session.decisions == [{seat: marked}]


@settings(max_examples=60, deadline=None)
@given(preparations, st.data())
def test_F_TURN_2_the_words_on_screen_agree_with_the_engine(prep, data):
    """``refusal`` (the hint's reason, from the seat's view) is None exactly when the engine
    takes the marks, for any marks of any positions, not only those the buttons allow."""
    session, seat = preparing_session(*prep)
    view = session.match.view(seat)
    kinds = {s.position: "refill" if s.empty else "replace" if s.position in view.you.replaceable
             else "sub" for s in view.you.field if not (s.empty and s.position == "GK")}
    chosen = data.draw(st.sets(st.sampled_from(sorted(kinds))))
    marks = {p: kinds[p] for p in chosen}
    legal = session.match.is_legal(seat, session.preparation(seat, marks))
    assert (refusal(view, marks) is None) == legal, marks
