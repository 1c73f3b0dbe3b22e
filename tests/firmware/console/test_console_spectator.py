"""Spare pads as spectators (issue 18): on a four-pad table, a two-player game shows pads 3
and 4 the standing and what each move did, never anything secret. Every registered game, from
its two-person settings (the registry read: a game added to it is watched too)."""
from __future__ import annotations

import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import any_game
from engine.chifootmi import events as ev
from engine.chifootmi.cards import DT
from firmware.console.app import Idle
from firmware.games.spec import MatchStart
from firmware.games.registry import GAMES
from firmware.render import Canvas
from firmware.games.session import TIMING
from firmware.console.spectator import SpectatorScreen
from hal.buttons import Button

from app_rig import Rig
from reading import words

CHIFOOTMI = GAMES["chifootmi"].spectator_words
NAMES = list(GAMES)


def four_pads(tmp_path, game: str, language: str = "fr") -> Rig:
    rig = Rig(tmp_path, any_game.settings(GAMES[game], people=2, language=language), seed=4, pads=4,
              idle=Idle(screensaver_after=1e9))
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    return rig


def played(game: str, seed: int, moves: int):
    """A match of ``game`` (two people's settings) after ``moves`` random legal joint
    decisions, and its last events."""
    entry = GAMES[game]
    start = entry.console.start(MatchStart(entry.console.two_people(entry.console.settings({})),
                                           seed, 0.0, 2, False, TIMING, "s" * 32))
    match = start.session.match
    rng = random.Random(seed)
    events: list = []
    for _ in range(moves):
        if match.is_over:
            break
        joint = {seat: rng.choice(list(match.legal_choices(seat))) for seat in match.to_act()}
        events = list(match.apply(joint))
    return match, events


@pytest.mark.parametrize("game", NAMES)
def test_spare_pads_watch_the_standing_and_the_moves_and_ignore_their_buttons(tmp_path, game):
    spec = GAMES[game]
    rig = four_pads(tmp_path, game)
    assert isinstance(rig.screen(3), SpectatorScreen) and isinstance(rig.screen(4), SpectatorScreen)
    rng = random.Random(3)
    seen_words = False

    def watch() -> None:
        nonlocal seen_words
        if rig.app.mode != "match":
            return
        decisions = len(rig.app.session.decisions)
        for pad in (3, 4):                                   # spectators mash: nothing happens
            rig.press(pad, rng.choice(list(Button)))
        assert len(rig.app.session.decisions) == decisions
        screen, session = rig.screen(3), rig.app.session
        assert isinstance(screen, SpectatorScreen) and screen == rig.screen(4)
        assert screen.title == spec.title
        summary = spec.summary(session.match)
        assert len(screen.score) == len(summary.get("score") or summary.get("points"))
        said = spec.spectator_words(session.events) if spec.spectator_words else ()
        assert screen.words in ((), tuple((key, tuple(sorted(values.items()))) for key, values in said))
        seen_words = seen_words or bool(screen.words)

    for _ in range(STEPS):                                   # the people play on
        any_game.person_step(rig, (1, 2), rng)
        watch()
        if rig.app.mode != "match":
            break
    assert seen_words or spec.spectator_words is None


STEPS = 250
"""Steps of play watched: a whole match of most games, the first moves of a long one."""


@pytest.mark.parametrize("game", NAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 60), twin_seed=st.integers(0, 10**6))
def test_a_spectator_screen_is_the_same_for_every_match_either_seat_could_be_in(
        game, seed, moves, twin_seed):
    """Determinized twins (what a seat cannot tell from the real match, the other seat's
    secrets drawn at random) give the spectator the same screen: it holds no secret of either."""
    match, events = played(game, seed, moves)
    spec = GAMES[game]
    engine, words_of = spec.rules, spec.spectator_words
    real = SpectatorScreen.of(spec.title, engine.summary(match), events, True, words_of)
    for seat in match.seats:
        twin = engine.determinize(match.view(seat), random.Random(twin_seed))
        assert SpectatorScreen.of(spec.title, engine.summary(twin), events, True, words_of) == real
    for language in ("fr", "en"):
        canvas = Canvas()
        real.draw(canvas, language)                          # and it draws


def test_a_spectator_names_the_cards_turned_over_and_the_goals_in_both_languages():
    reveal = ev.Reveal(round=3, red=7, blue=DT)
    goal = ev.Goal(seat="blue", kind="open_play", shoot="left", dive="right", red=0, blue=1)
    screen = SpectatorScreen.of("Chifootmi", {"score": {"red": 0, "blue": 1}, "over": False},
                                [reveal, goal], True, CHIFOOTMI)
    lines = [SpectatorScreen._line(lang, key, dict(values)) for lang in ("fr", "en")
             for key, values in screen.words]
    assert lines == ["Rouge 7 vs D/T Bleu", "Bleu marque !", "Red plays 7, Blue D/T", "Blue scores!"]
    assert SpectatorScreen.of("Chifootmi", {"score": {}}, [reveal], False).words == ()


def test_the_cards_turned_over_never_read_as_a_score_under_the_score():
    """Issue 32.5: "Rouge 1 - 2 Bleu" under a big "0-0" read as the score."""
    screen = SpectatorScreen.of("Chifootmi", {"score": {"red": 0, "blue": 0}, "over": False},
                                [ev.Reveal(round=1, red=1, blue=2)], True, CHIFOOTMI)
    for language, line in (("fr", "Rouge joue 1, Bleu 2"), ("en", "Red plays 1, Blue 2")):
        drawn = words(screen, language)
        assert line in drawn and not any(re.search(r"\d - \d", w) for w in drawn)
