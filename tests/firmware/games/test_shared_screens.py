"""Issue 41.4: the shared screens take what they show from a game's spec and summary, never from
football's names.

A card game with points, seats that are not red and blue, and events that happen to be named
like football's (``goal``, ``reveal``, ``ShootoutKick``) must get the result sheet, the CPU pad,
a spare pad's screen and kids' mode through what its spec declares: its summary's tally (goals
or points), its ``spectator_words``, its ``kids_picture`` and ``kids_cards``; a hook it leaves out
gives nothing of another game's. The engine's shared errors name the refusing game's rule and
word a game of one kind of choice plainly.
"""
from __future__ import annotations

import random

import pytest

from engine.errors import IllegalChoice, MatchOver
from engine.events import Event
from engine.scripting import choice_by_key
from firmware.console.kids import KidsRevealScreen, Picture, picture_for
from firmware.console.spectator import SpectatorScreen
from firmware.games.registry import GAMES
from firmware.games.sheets import CpuPadScreen, ResultScreen, Standing
from firmware.render import Canvas
from reading import words


class Goal(Event):
    """A card game's "goal": the target a seat reached (a name football's events also use)."""

    seat: str
    name = "goal"


class Reveal(Event):
    """Both bids turned over, with seats called red and blue (as football's reveal has them)."""

    red: int
    blue: int
    name = "reveal"


class ShootoutKick(Event):
    """A class name the kids' pictures used to look for."""

    seat: str
    scored: bool
    name = "shootout_kick"


CARD_GAME = {"over": False, "to_act": ["sun", "moon"], "points": {"sun": 7, "moon": 12.5},
             "winner": None}


def test_a_spare_pad_words_no_game_s_events_the_game_s_spec_does_not_word():
    events = [Reveal(3, 5), Goal("sun"), ShootoutKick("sun", True)]
    screen = SpectatorScreen.of("Goofy", CARD_GAME, events, True)
    assert screen.words == ()                                     # no spectator_words: none
    assert dict(screen.score) == {"sun": "7", "moon": "12½"}
    drawn = words(screen, "en")
    assert drawn == ["Goofy", "sun", "moon", "7-12½", "(Watching)"]
    told = SpectatorScreen.of("Goofy", CARD_GAME, events, True,
                              lambda moved: (("watch.draw", {}),) if Goal("sun") in moved else ())
    assert told.words == (("watch.draw", ()),)


def test_kids_mode_shows_the_picture_the_game_names_and_none_it_does_not():
    football_named = [Goal("sun"), ShootoutKick("moon", False)]
    assert picture_for(football_named) is None                   # no kids_picture: no picture
    assert picture_for(football_named, lambda events: "hands") is Picture.HANDS
    assert picture_for(football_named, lambda events: None) is None
    alone = Canvas()
    KidsRevealScreen("Tu gagnes 4 !", None).draw(alone, "fr")
    box = alone.image.getbbox()
    assert box is not None and box[1] >= 10, "the words alone, in the middle: no picture above"
    cards = Canvas()
    KidsRevealScreen("Tu gagnes 4 !", None, ("5", "3")).draw(cards, "fr")
    assert cards.image.getbbox()[1] == 0                          # the two cards on top


@pytest.mark.parametrize("name", list(GAMES))
def test_each_registered_game_s_kids_picture_comes_from_its_own_spec_only(name):
    """A game's own events give its picture through its spec; no game reads another's."""
    own = GAMES[name].kids_picture
    for events in ([Goal("sun")], [ShootoutKick("moon", True)], [Reveal(1, 2)]):
        told = own(events) if own is not None else None
        assert picture_for(events, own) == (None if told is None else Picture(told))


def test_the_result_sheet_reads_points_and_any_seats_from_the_standing():
    standing = Standing.of({**CARD_GAME, "over": True, "winner": "moon"})
    mine = words(ResultScreen(standing, "sun", "cpu", False), "fr")
    assert "Perdu" in mine and "Toi 7-12½ Ordi" in mine and "OK" in mine
    theirs = words(ResultScreen(standing, "moon", "person:Ana", False), "en")
    assert "You win!" in theirs and "You 12½-7 Ana" in theirs
    watched = words(ResultScreen(standing, "sun", "", True), "en")
    assert "moon wins!" in watched and "sun 7-12½ moon" in watched and "OK" not in watched
    level = Standing.tallied({"sun": 4, "moon": 4})
    assert "A draw" in words(ResultScreen(level, "sun", "cpu", False), "en")
    assert "Égalité" in words(ResultScreen(level, "sun", "cpu", False, draw_key="tell.tie"), "fr")
    kicks = Standing.tallied({"red": 1, "blue": 1}, {"red": 2, "blue": 4}, "blue")
    after = words(ResultScreen(kicks, "blue", "team.red", False), "fr")
    assert "Toi 1-1 Rouge" in after and "4-2 aux tirs au but" in after


def test_the_result_sheet_of_more_seats_and_a_team_win():
    three = Standing.tallied({"white": 3, "red": 1, "black": 2}, winner="white")
    assert "B3 R1 N2" in words(ResultScreen(three, "red", "", True), "fr")
    teams = Standing.tallied({"a": 1, "b": 2, "c": 0, "d": 0}, winner="a+b")
    assert teams.won("b") is True and teams.won("c") is False
    assert Standing.tallied({"a": 1, "b": 1}, winner="shared").won("a") is None


def test_a_cpu_pad_shows_each_seat_s_points_in_seat_order():
    pad = CpuPadScreen(Standing.of(CARD_GAME))
    assert words(pad, "en") == ["CPU playing", "7-12½"]


def test_a_decision_after_the_end_is_refused_naming_the_game_s_own_rule():
    for name, spec in GAMES.items():
        game = spec.rules
        match = game.new_match(game.example_configs[0], 3)
        rng, joint = random.Random(3), {}
        for _ in range(5000):
            if match.is_over:
                break
            joint = {seat: rng.choice(list(match.legal_choices(seat))) for seat in match.to_act()}
            match.apply(joint)
        assert match.is_over, name
        with pytest.raises(IllegalChoice) as refused:
            match.apply(joint)
        assert isinstance(refused.value, MatchOver), name
        assert refused.value.rule != "C-END-2" or name == "chifootmi", refused.value.rule
    assert MatchOver("GS-END-1").rule == "GS-END-1"


def test_a_game_with_one_kind_of_choice_names_it_plainly():
    with pytest.raises(ValueError, match=r"unknown choice 'play' \(bid\)$"):
        choice_by_key({"play": 3}, {"bid": int})
    with pytest.raises(ValueError, match=r"\(bid, fold or raise\)$"):
        choice_by_key({"play": 3}, {"bid": int, "fold": int, "raise": int})
