"""A tournament on one unit: fixtures for 3 to 8 names, round robin or knockout, played on the
pads with the real console, kept on the card, resumed after a power cut like a match."""
from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from firmware.storage import history, roster, tournament
from firmware.games.registry import rules
from firmware.storage import journal as mj
from firmware.storage.tournament import Tournament
from firmware.console.tournament_screens import FixturesScreen, SetupScreen, WinnerScreen
from hal.buttons import Button

from journal_driver import Player, settings_for  # noqa: E402

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fox", "Gus", "Hal"]
OUT = Path(__file__).parent / "out"


@pytest.mark.parametrize("count", range(3, 9))
def test_a_round_robin_has_every_pair_once_and_nobody_twice_in_a_round(count):
    t = Tournament.create("league", "chifootmi", NAMES[:count])
    pairs = [frozenset((f.home, f.away)) for f in t.fixtures]
    assert sorted(map(sorted, pairs)) == sorted(map(sorted, map(frozenset, itertools.combinations(NAMES[:count], 2))))
    for _, fixtures in itertools.groupby(t.fixtures, key=lambda f: f.round):
        playing = [name for f in fixtures for name in (f.home, f.away)]
        assert len(playing) == len(set(playing))


@pytest.mark.parametrize("count", range(3, 9))
def test_a_knockout_ends_with_one_winner_after_every_round(count):
    t = Tournament.create("knockout", "fotboll", NAMES[:count])
    matches = 0
    while not t.over:
        index = t.next_fixture()
        fixture = t.fixtures[index]
        t.record(index, 2, 1, fixture.away)          # the away name always wins
        matches += 1
    assert matches == count - 1, "a knockout of n names is n - 1 matches"
    assert t.champion in NAMES[:count]
    again = Tournament.from_json(json.loads(json.dumps(t.to_json())))
    assert again.champion == t.champion and again.to_json() == t.to_json()


def test_a_drawn_knockout_match_is_played_again():
    t = Tournament.create("knockout", "chifootmi", NAMES[:4])
    t.record(0, 1, 1, None)
    assert (t.fixtures[1].home, t.fixtures[1].away, t.fixtures[1].played) == ("Ana", "Ben", False)
    assert not t.over


def test_a_round_robin_table_counts_points_then_wins_then_difference():
    t = Tournament.create("league", "chifootmi", NAMES[:3])
    for index, fixture in enumerate(list(t.fixtures)):
        winner = "Cy" if "Cy" in (fixture.home, fixture.away) else None
        home, away = (3, 0) if winner == fixture.home else (0, 3) if winner else (1, 1)
        t.record(index, home, away, winner)
    assert [(r["name"], r["points"]) for r in t.table()] == [("Cy", 6), ("Ana", 1), ("Ben", 1)]
    assert t.champion == "Cy"


def play_fixture(player: Player) -> dict:
    """OK on the fixtures screen plays the next one; the match is played to its end."""
    player.press(1, Button.CENTRE)
    assert player.app.mode == "match"
    return player.play()


def finish(player: Player) -> None:
    """OK on the result sheet goes back to the tournament."""
    while player.app.mode == "match":
        player.press(1, Button.CENTRE)
        player.clock.advance(1)
        player.app.step(None)


def test_a_tournament_is_set_up_and_played_on_the_pads(tmp_path):
    roster.save(tmp_path, NAMES[:4])
    player = Player(tmp_path, 3, settings_for("beginner", "cpu"))
    app = player.app
    player.press(1, Button.CARD1)                        # leave the splash
    while app.menu.rows()[app.menu.cursor].field != "tournament":
        player.press(1, Button.CARD2)
    player.press(1, Button.RIGHT)
    assert app.mode == "tournament" and isinstance(app.screen_for(1), SetupScreen)
    player.press(1, Button.RIGHT)                        # format: knockout
    for _ in range(3):                                   # Ana, Ben, Cy
        player.press(1, Button.CARD2)
        player.press(1, Button.CENTRE)
    player.press(1, Button.CARD2)
    player.press(1, Button.CARD2)                        # the start line
    player.press(1, Button.CENTRE)
    screen = app.screen_for(1)
    assert isinstance(screen, FixturesScreen) and screen.lines == (("Ben-Cy", ""),)
    OUT.mkdir(exist_ok=True)
    app.console.screen(1).image.convert("L").resize((256, 128)).save(OUT / "pad-tournament.png")
    outcome = play_fixture(player)                       # against the CPU setting: two people
    assert app.session.seats.cpus == {} or not app.session.seats.cpus
    score = outcome["summary"]["score"]
    assert history.read(tmp_path)[-1]["people"] == {"red": "Ben", "blue": "Cy"}
    stored = tournament.load(tmp_path)
    assert stored.fixtures[1].score == (score["red"], score["blue"])
    finish(player)
    assert app.mode == "tournament"
    while not tournament.load(tmp_path).over:
        play_fixture(player)
        finish(player)
    assert isinstance(app.screen_for(1), WinnerScreen)
    assert app.screen_for(1).winner == tournament.load(tmp_path).champion
    player.press(1, Button.CENTRE)                        # done: a new one may be set up
    assert app.mode == "menu" and tournament.load(tmp_path) is None


def test_a_power_cut_in_a_tournament_match_resumes_it_and_records_it(tmp_path):
    roster.save(tmp_path, NAMES[:3])
    tournament.save(tmp_path, Tournament.create("league", "chifootmi", NAMES[:3]))
    player = Player(tmp_path, 5, settings_for("beginner", "two"))
    player.press(1, Button.CARD1)
    while player.app.menu.rows()[player.app.menu.cursor].field != "tournament":
        player.press(1, Button.CARD2)
    player.press(1, Button.LEFT)
    player.press(1, Button.CENTRE)                        # the first fixture: Ben - Cy
    for pad, button in player.choices():
        player.press(pad, button)
    assert mj.load(tmp_path, rules()).setup.console["tournament"] == 0
    again = Player(tmp_path, 5, None)                      # the power cut: a new process
    again.play()
    stored = tournament.load(tmp_path)
    assert stored.fixtures[0].played and not stored.fixtures[1].played
    assert history.read(tmp_path)[-1]["people"] == {"red": "Ben", "blue": "Cy"}
