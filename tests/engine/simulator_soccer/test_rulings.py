"""Rulings of docs/rules/simulator-soccer.md found in play, each test named after its rule:
the throw-in's Phase 3 summary, the summary's ``ball`` frozen at the end of regular play, the
clock step when a relance turn loses the ball, and a legal choice for every seat asked.

Positions come from ``engine.simulator_soccer.position`` (4-4-2 against 4-4-2, red attacking
east, the named players moved); dice are scripted with ``dice=`` in the order S-RNG-2 draws
them.
"""
from __future__ import annotations

from engine.simulator_soccer import Options
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
