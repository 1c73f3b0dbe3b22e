"""A console session at a position (``MatchSession.go_to``): what tests and tutorials use
instead of setting a session's parts by hand. Played on Fotboll, whose position constructor
(``engine.fotboll.position``) builds any reachable match."""
from __future__ import annotations

from fotboll_setups import HIGH, LOW

from engine.fotboll import MatchConfig, new_match
from engine.fotboll.position import Team, position
from firmware.fotboll.session import FotbollSession, Seats
from firmware.games.session import Step, Timing


def _session() -> FotbollSession:
    """Two people, the kick-off over at time 0."""
    session = FotbollSession(MatchConfig(), 1, Seats(), -Timing().kickoff)
    session.tick(0.0)
    return session


def test_go_to_waits_for_the_positions_decision_with_fresh_views_and_pendings():
    session = _session()
    before = session.view("red")
    seat = session.match.to_act()[0]
    session.pending[seat].locked = "something a seat had locked in before"
    there = position(red=Team(HIGH), blue=Team(LOW))
    session.go_to(there, 5.0)
    assert session.match is there
    assert session.step is Step.CHOOSE and session.step_started == 5.0 and session.step_until is None
    assert set(session.pending) == set(there.to_act())
    assert all(p.locked is None for p in session.pending.values())
    assert session.view("red") == there.view("red") != before
    assert session.legal(there.to_act()[0]) == there.legal_choices(there.to_act()[0])


def test_go_to_a_finished_match_shows_the_result_and_a_demo_closes_it_by_itself():
    over = new_match(MatchConfig(), 2)
    while not over.is_over:
        over.apply({seat: over.legal_choices(seat)[0] for seat in over.to_act()})
    session = _session()
    session.go_to(over, 3.0)
    assert session.step is Step.OVER and session.step_until is None and not session.pending
    demo = FotbollSession(MatchConfig(), 1, Seats(cpus=FotbollSession.cpu_players.seats(
        {"red": "easy", "blue": "easy"}, {})), 0.0)
    demo.go_to(over, 3.0)
    assert demo.step is Step.OVER and demo.step_until == 3.0 + demo.timing.result_demo
