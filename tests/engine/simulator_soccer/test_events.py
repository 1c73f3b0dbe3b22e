"""Simulator Soccer's events are the shared engine.events.Event kind like every game's: typed,
immutable, one to_json; the rules table's optional keys left out when they do not apply."""
from __future__ import annotations

import inspect

import pytest

from engine.events import ABSENT, Event
from engine.simulator_soccer import events as ev
from engine.simulator_soccer.position import position


def test_every_simulator_soccer_event_is_a_shared_event_with_a_name():
    kinds = [c for _, c in inspect.getmembers(ev, inspect.isclass)
             if c.__module__ == ev.__name__ and c is not ev.SoccerEvent]
    assert len(kinds) == 19
    for kind in kinds:
        assert issubclass(kind, Event) and kind.name in {
            "toss", "place", "sub", "kickoff", "kick", "duel", "ball", "offside", "foul", "card",
            "var", "out", "shot", "goal", "p3", "clock"}, kind


def test_events_are_immutable_and_print_the_rules_keys_in_order():
    shot = ev.Shot("red", 9, "left", False, "left", rush=True, finishing=1, need=5, die=4,
                   on_target=True, save=(3, 2), result="saved", rebound=2, cell=(19, 3))
    assert list(shot.to_json()) == ["event", "seat", "player", "aim", "high", "dive", "rush",
                                    "finishing", "need", "die", "on_target", "save", "result",
                                    "rebound", "cell"]
    assert shot.to_json()["save"] == [3, 2] and shot.intercept is ABSENT
    with pytest.raises(AttributeError):
        shot.result = "goal"  # type: ignore[misc]
    assert ev.Substituted("blue", 4, 13).to_json() == {"event": "sub", "seat": "blue", "out": 4,
                                                       "in": 13}


def test_a_match_emits_shared_events():
    m = position(red={9: (15, 5)}, dice=(10,))
    events = m.apply({"red": m.legal_choices("red")[0]})  # a pass: the kick, then the ball
    assert events and all(isinstance(e, Event) for e in events)
    assert all(isinstance(e, ev.SoccerEvent) for e in events)
