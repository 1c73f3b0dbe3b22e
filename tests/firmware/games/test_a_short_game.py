"""A seventh game added through the recipe alone (issue 41): Goofspiel (``tests/games/goofspiel``),
unlike Spot Kicks in shape — points and no goals or shoot-out, seats called north and south,
one kind of choice, a match of five moves (or three, or one) — published only by a
``pitchpad.games`` entry point in a package's metadata (``tests/rigs/plugin_rig.py``).

The shared checks themselves play it through every surface: they run here in a subprocess with
the game published, only its cases (each shared check that lists games names a case after its
game), and each one passes: the protocol, results, ``pitchpad match`` with its bots and a stdio
seat, ``pitchpad replay``, a headless ``pitchpad sim``, the menu, a power cut and a resume,
``journal-to-script``, the results history and Stats, kids' mode, spare pads, the café demo,
words that fit the screen, leaving a match, and the league page. Its own rules (GS-*) are
checked here, and that no product file names it.
"""
from __future__ import annotations

import dataclasses
import random
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.errors import IllegalChoice, MatchOver
from engine.scripting import ScriptError
from plugin_rig import lines_naming, shared_tests
from tests.engine import test_conformance as conformance
from tests.games.goofspiel.rules import GAME, Bid, Bids, Config, GoofMatch, MatchingBot, Prize

NAME = "goofspiel"
SHARED = {
    "tests/engine/test_conformance.py": 3,
    "tests/engine/test_results.py": 10,
    "tests/firmware/games/test_every_game.py": 5,
    "tests/firmware/games/test_shared_screens.py": 1,
    "tests/firmware/games/test_kickoff_long_names.py": 2,
    "tests/firmware/storage/test_journal_fit.py": 4,
    "tests/firmware/console/test_console_leave.py": 1,
    "tests/firmware/console/test_console_spectator.py": 2,
    "tests/firmware/console/test_demo_screens_address_nobody.py": 4,
    "tests/firmware/console/test_menu_family_cafe.py": 1,
    "tests/firmware/console/test_text_fits.py": 12,
    "tests/fuzz/test_fuzz_stdio_seats.py": 7,
}
"""Each shared check that plays every registered game, and how many of its cases are this game's."""


def cases(report: Path) -> dict[str, Counter[str]]:
    """The JUnit report's cases by test file: how many passed, failed or were skipped."""
    found: dict[str, Counter[str]] = {}
    for case in ElementTree.parse(report).getroot().iter("testcase"):
        path = case.get("classname", "").replace(".", "/") + ".py"
        outcome = next((child.tag for child in case if child.tag in ("failure", "error", "skipped")), "passed")
        found.setdefault(path, Counter())[outcome] += 1
    return found


def test_the_shared_checks_play_the_game_through_every_surface(tmp_path):
    done = shared_tests(tmp_path, NAME, list(SHARED))
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    ran = cases(tmp_path / "report.xml")
    assert set(ran) == set(SHARED), sorted(set(SHARED) - set(ran))
    for path, count in SHARED.items():
        assert ran[path] == Counter(passed=count), (path, ran[path])


# ----- its rules, by id ---------------------------------------------------------------------
def bid(match: GoofMatch, north: int, south: int) -> list[Any]:
    return list(match.apply({"north": Bid(north), "south": Bid(south)}))


def test_gs_deal_1_the_seed_orders_the_prizes_and_each_seat_holds_every_card():
    orders = {GAME.new_match(Config(5), seed).prizes for seed in range(30)}
    assert len(orders) > 10 and all(sorted(order) == [1, 2, 3, 4, 5] for order in orders)
    match = GAME.new_match(Config(3), 7)
    assert match == GAME.new_match(Config(3), 7) and match.hand("north") == match.hand("south") == (1, 2, 3)
    assert match.opening_events() == [Prize(1, match.prizes[0])]


def test_gs_bid_1_the_higher_bid_takes_the_prize_a_tie_leaves_it_and_a_bid_card_is_spent():
    match = GoofMatch(Config(5), (4, 2, 5, 1, 3))
    assert bid(match, 5, 3) == [Bids(5, 3, 4, "north"), Prize(2, 2)]
    assert bid(match, 2, 2)[0] == Bids(2, 2, 2, None)
    assert match.points() == {"north": 4, "south": 0} and match.hand("north") == (1, 3, 4)
    with pytest.raises(IllegalChoice, match="GS-BID-1") as refused:
        bid(match, 5, 1)                                       # 5 is spent
    assert "north holds no" in str(refused.value) and len(match.bids) == 2
    with pytest.raises(IllegalChoice, match="GS-BID-1"):
        match.apply({"north": Bid(1)})


def test_gs_end_1_after_the_last_prize_more_points_win_and_a_decision_more_is_refused():
    match = GoofMatch(Config(3), (3, 1, 2))
    bid(match, 1, 3)
    bid(match, 3, 1)
    assert not match.is_over
    events = bid(match, 2, 2)
    assert match.is_over and match.to_act() == () and match.winner == "south"
    assert GAME.summary(match)["points"] == {"north": 1, "south": 3}
    with pytest.raises(MatchOver) as refused:
        bid(match, 1, 1)
    assert refused.value.rule == "GS-END-1" and events[-1].name == "final"
    one = GAME.new_match(Config(1), 0)
    bid(one, 1, 1)
    assert one.is_over and one.winner is None                  # one move, a draw


def test_gs_view_1_a_view_never_holds_the_order_of_the_prizes_to_come():
    match = GAME.new_match(Config(5), 11)
    bid(match, 3, 4)
    view = match.view("north")
    assert view.hand == (1, 2, 4, 5) and view.prize == match.prizes[1] and len(view.rounds) == 1
    assert "prizes" not in view.to_json() and str(list(match.prizes[2:])) not in str(view.to_json())
    twins = {GAME.determinize(view, random.Random(seed)).prizes[2:] for seed in range(40)}
    assert len(twins) > 1 and all(GAME.determinize(view, random.Random(1)).view("north") == view for _ in (0,))


def test_a_script_with_one_kind_of_choice_names_it_plainly():
    with pytest.raises(ScriptError, match=r"unknown choice 'play' \(bid\)"):
        GAME.parse_turn({"north": {"play": 1}, "south": {"bid": 1}}, 0)


def test_the_matching_bot_bids_as_the_prize_ranks():
    match = GoofMatch(Config(5), (5, 1, 2, 3, 4))
    legal = match.legal_choices("north")
    assert MatchingBot().choose(match.view("north"), legal, random.Random(0)) == Bid(5)


# ----- what the shared checks must catch, shown on broken copies of it ------------------------
class OffersASpentCard(GoofMatch):
    """Offers a seat's first bid again in the fourth round: listed, yet refused when bid."""

    __slots__ = ()

    def legal_choices(self, seat: str) -> Any:
        legal = super().legal_choices(seat)
        return (*legal, Bid(self.bids[0][("north", "south").index(seat)])) if len(self.bids) == 3 else legal


class NamesAnotherGamesEnd(GoofMatch):
    """Refuses a decision after the end with Chifootmi's rule id (as the shared error once did)."""

    __slots__ = ()

    def apply(self, joint: Any) -> list[Any]:
        if self.is_over:
            raise MatchOver("C-END-2")
        return super().apply(joint)


def broken(kind: type[GoofMatch]) -> Any:
    def new_match(config: Config, seed: int) -> GoofMatch:
        match = GAME.new_match(config, seed)
        return kind(match.config, match.prizes)

    def determinize(view: Any, rng: random.Random) -> GoofMatch:
        match = GAME.determinize(view, rng)
        return kind(match.config, match.prizes, match.bids)
    return dataclasses.replace(GAME, new_match=new_match, determinize=determinize)


def test_the_conformance_checks_catch_a_card_listed_that_the_rules_refuse():
    """Random play from one seed never bid it (the checks passed such a game); every listed
    choice is now applied at every decision."""
    with pytest.raises(AssertionError, match="listed Bid.* was refused"):
        conformance.test_every_registered_game_honours_the_protocol(broken(OffersASpentCard), Config(5), 1)


def test_the_conformance_checks_catch_a_refusal_naming_another_game_s_rule():
    with pytest.raises(AssertionError, match="rules of more than one game"):
        conformance.test_every_registered_game_honours_the_protocol(broken(NamesAnotherGamesEnd), Config(3), 1)


# ----- the product knows nothing of it ------------------------------------------------------
def test_no_product_file_names_the_game():
    assert lines_naming("goofspiel", "goof spiel", "goof_spiel") == []
