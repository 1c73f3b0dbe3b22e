"""Rulings of docs/rules/simulator-soccer.md found in play, each test named after its rule:
the throw-in's Phase 3 summary, the summary's ``ball`` frozen at the end of regular play, the
clock step when a relance turn loses the ball, a wall that spreads after a quick turn's
challenge; and the rules page's table of rulings, each naming a test that exists.

Positions come from ``engine.simulator_soccer.position`` (4-4-2 against 4-4-2, red attacking
east, the named players moved); dice are scripted with ``dice=`` in the order S-RNG-2 draws
them.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.simulator_soccer import Move, Options
from engine.simulator_soccer.position import position
from engine.simulator_soccer.script import summary
from engine.simulator_soccer.state import SEATS
from soccer_rig import named, one, play


# ----- S-RST-1: the other team plays Phase 3, and says so ----------------------------------------
def test_S_RST_1_the_throw_in_answer_prints_its_p3_summary():
    # Red #11's lob misses NE to (9, -1): blue's throw at (8, 0). Blue #7 throws, #9 runs 2
    # cells, (11, 3) to (11, 1); red answers within a = 2 with #11 (1 cell): the answer is
    # red's Phase 3, whose summary every Phase 3 prints (docs/formats/match-script.md), then
    # the clock steps.
    m = position(carrier=("red", 11), dice=(99, 2))
    play(m, red={"kick": "lob", "to": [8, 0]})
    play(m, blue={"move": [[9, [11, 1]]], "thrower": 7})
    events = play(m, red={"move": [[11, [8, 2]]]})
    assert one(events, "p3") == {"event": "p3", "seat": "red", "quick": False, "a": 2,
                                 "moved": 1, "challenge": None}
    assert [e["event"] for e in events] == ["p3", "clock"]


def test_S_RST_1_an_answer_moving_nobody_still_prints_p3_with_a_at_least_1():
    m = position(carrier=("red", 11), dice=(99, 2))
    play(m, red={"kick": "lob", "to": [8, 0]})
    play(m, blue={"move": [], "thrower": 7})
    events = play(m, red={"move": []})
    assert named(events, "p3") == [{"event": "p3", "seat": "red", "quick": False, "a": 1,
                                    "moved": 0, "challenge": None}]
    assert summary(m)["clock"] == 1


# ----- the summary's ball (docs/formats/match-script.md) ------------------------------------------
def test_S_END_1_the_summarys_ball_stays_with_regular_play_through_the_shoot_out():
    # Red holds the ball when time runs out at a draw with the tie-break on; the toss (2)
    # sends blue to the spot first. Shoot-out kickers change whose kick it is, never who
    # had the ball when regular play ended: "ball" stays red to the end.
    m = position(half=2, clock=33, options=Options(tiebreak=True), dice=(1, 2))
    events = play(m, red={"kick": "pass", "to": [11, 5]})
    assert one(events, "toss") == {"event": "toss", "die": 2, "shootout_first": "blue"}
    seen = []
    for _ in range(40):  # blue's keeper guesses wrong, red's right: blue wins in the end
        (seat,) = m.to_act()
        kicker = min(p.num for p in m.shootout_kickers(SEATS.index(seat)))
        play(m, **{seat: {"kicker": kicker}})
        seen.append(summary(m)["ball"])
        dive = "left" if seat == "red" else "right"
        play(m, **{s: ({"shoot": "left", "high": False} if s == seat else {"dive": dive})
                   for s in m.to_act()})
        seen.append(summary(m)["ball"])
        if m.is_over:
            break
    assert m.is_over and summary(m)["winner"] == "blue" and set(seen) == {"red"}


# ----- S-TURN-1 / S-TIME-1: a relance turn that loses the ball moves the clock --------------------
def _intercepted_twice(m):
    """Red #9's pass runs into blue #10 at (11, 5): blue's relance. Blue #10's pass back runs
    into red #9 at (9, 5): the ball is won during a relance turn."""
    first = play(m, red={"kick": "pass", "to": [13, 5]})
    assert one(first, "ball")["seat"] == "blue" and m.turn.relance
    second = play(m, blue={"kick": "pass", "to": [7, 5]})
    assert one(second, "ball") == {"event": "ball", "seat": "red", "player": 9, "cell": [9, 5],
                                   "moved": 0, "how": "cdd"}
    return first, second


def test_S_TURN_1_a_ball_won_during_a_relance_turn_steps_the_clock_once():
    m = position(dice=(1, 1))
    first, second = _intercepted_twice(m)
    assert named(first, "clock") == []  # won in a normal turn: a relance, no step
    assert named(second, "clock") == [{"event": "clock", "half": 1, "clock": 1, "minute": 1,
                                       "end": None}]
    assert m.clock == 1 and m.to_act() == ("red",) and m.turn.relance


def test_S_TIME_1_a_chain_of_relance_turns_ends_the_half():
    # One step before time: every interception of the chain used to leave the clock at 32,
    # and a ball that kept changing sides kept the half at its last minute for ever. The
    # relance win steps it to 33 = H; time is up and the ball rests at (9, 5), outside red's
    # attack zone: half-time.
    m = position(clock=32, dice=(1, 1))
    _first, second = _intercepted_twice(m)
    assert named(second, "clock") == [{"event": "clock", "half": 1, "clock": 33, "minute": 45,
                                       "end": "rest"}]
    assert (m.half, m.clock, m.decision) == (2, 0, "formation")


# ----- S-RST-3: a wall spreads even after a quick turn's challenge -------------------------------
def test_S_RST_3_a_wall_may_spread_after_a_quick_turn_challenge():
    """Found by Search against Simple at full length: a free kick's wall of two, then a quick
    turn whose challenger used the one field move; apply accepted a wall player's 1-cell
    spread but the legal menu offered none, so the defender had no legal choice."""
    # Blue #8 fouls red #9's dribble in red's attack zone (his die 1): red's free kick at
    # (15, 3). Blue walls #8 with #4 at (17, 3); red's free kick reaches #10 without a move,
    # who declines his skills; red moves nobody: a quick turn. Blue #5 challenges (the one
    # field move), and the wall must still spread (S-RST-3), one 1-cell move free of the limit.
    m = position(red={9: (15, 3), 10: (15, 5)}, blue={8: (15, 3)}, dice=(3, 1, 1))
    assert one(play(m, red={"kick": "dribble", "to": [17, 3]}), "foul")["award"] == "free_kick"
    play(m, red={"place": []})
    play(m, blue={"place": [[8, [17, 3]]]})
    play(m, red={"place": []})
    assert m.wall == (1, frozenset({(17, 3)}))
    play(m, red={"kick": "pass", "to": [15, 5]})
    play(m, red={"kick": "end"})
    play(m, red={"move": []})
    play(m, blue={"challenge": {"player": 5, "to": [15, 5], "tackle": False}})
    assert m.quick() and m.decision == "move"
    legal = m.legal_choices("blue")
    assert Move(()) not in legal
    assert {e.entries[0][0] for e in legal if isinstance(e, Move)} == {4, 8}
    assert Move(((8, (18, 2)),)) in legal
    assert one(play(m, blue={"move": [[8, [18, 2]]]}), "p3")["challenge"]["player"] == 5


# ----- the rules page's table of rulings names tests that exist ----------------------------------
RULES_PAGE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "simulator-soccer.md"


def _rulings_table() -> list[tuple[str, str, str]]:
    """The rows (rule, ruling, test) of the rules page's "Rulings and their tests"."""
    text = RULES_PAGE.read_text(encoding="utf-8").split("## Rulings and their tests", 1)[1]
    rows = re.findall(r"^\| (S-[A-Z0-9-]+) \| (.+?) \| `(test_\w+)` \|$", text, re.MULTILINE)
    table = [line for line in text.splitlines() if line.startswith("| S-")]
    assert len(rows) == len(table), "every row names one rule and one test"
    return rows


def test_every_ruling_of_the_rules_page_table_names_a_rule_and_a_test_that_exists():
    rows = _rulings_table()
    assert len(rows) >= 19
    tests = Path(__file__).resolve().parents[2]
    defined = {name for path in tests.rglob("test_*.py")
               for name in re.findall(r"^def (test_\w+)\(", path.read_text(encoding="utf-8"),
                                      re.MULTILINE)}
    rules = set(re.findall(r"\*\*(S-[A-Z0-9-]+)\*\*", RULES_PAGE.read_text(encoding="utf-8")))
    for rule, ruling, test in rows:
        assert rule in rules, (rule, ruling)
        assert test in defined, (rule, test)
