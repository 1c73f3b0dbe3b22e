"""The tournament's screens say who won (issue 32.4): a fixture decided on penalties marks its
winner, and the round robin's winner sheet lists every name, not the first two."""
from __future__ import annotations

from reading import words

from firmware.console.tournament_screens import FixturesScreen, TournamentFlow, WinnerScreen
from firmware.storage import tournament
from firmware.storage.tournament import Tournament
from hal.buttons import Button


def _flow(tmp_path, current: Tournament) -> TournamentFlow:
    tournament.save(tmp_path, current)
    flow = TournamentFlow(tmp_path)
    flow.open()
    return flow


def test_a_fixture_won_on_penalties_names_its_winner_not_just_0_0(tmp_path):
    current = Tournament.create("knockout", "chifootmi", ["Bob", "C9", "Ana", "Jo"])
    first = current.next_fixture()
    assert first is not None
    fixture = current.fixtures[first]
    current.record(first, 0, 0, fixture.away)              # 0-0, the away side on penalties
    screen = _flow(tmp_path, current).screen(["Bob", "C9", "Ana", "Jo"])
    assert isinstance(screen, FixturesScreen)
    line = next(left for left, right in screen.lines if right == "0-0")
    assert line == f"{fixture.home}-{fixture.away}✓"


def test_the_round_robin_winner_sheet_lists_every_name(tmp_path):
    names = ["Ana", "Ben", "Cy"]
    current = Tournament.create("league", "chifootmi", names)
    while (index := current.next_fixture()) is not None:
        current.record(index, 1, 0, current.fixtures[index].home)
    flow = _flow(tmp_path, current)
    screen = flow.screen(names)
    assert isinstance(screen, WinnerScreen)
    drawn = " ".join(words(screen, "fr"))
    assert all(name in drawn for name in names) and current.champion in drawn


def test_a_long_round_robin_table_scrolls_to_its_last_name(tmp_path):
    names = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fox"]
    current = Tournament.create("league", "chifootmi", names)
    while (index := current.next_fixture()) is not None:
        current.record(index, 1, 0, current.fixtures[index].home)
    flow = _flow(tmp_path, current)
    last = current.table()[-1]["name"]
    assert last not in " ".join(words(flow.screen(names), "fr"))
    for _ in range(len(names)):
        flow.press(Button.CARD2, names, "chifootmi")
    assert last in " ".join(words(flow.screen(names), "fr"))
