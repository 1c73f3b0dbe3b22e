"""The headless sim's commentary: every Chifootmi event reads as a sentence, not a field dump."""
from __future__ import annotations

import random

from engine.chifootmi import Level, MatchConfig, Options, new_match
from firmware.chifootmi.commentary import LINES, describe


def test_every_event_of_many_matches_has_words():
    names = set()
    for seed in range(300):
        match = new_match(MatchConfig(Level(["beginner", "amateur", "pro"][seed % 3]),
                                      Options(True, True, True)), seed)
        rng = random.Random(seed)
        events = match.opening_events()
        while True:
            for event in events:
                names.add(event.name)
                line = describe(event)
                assert line and "=" not in line and "DT" not in line
            if match.is_over:
                break
            events = match.apply({s: rng.choice(match.legal_choices(s)) for s in match.to_act()})
    assert names <= set(LINES) and {"goal", "saved", "shootout_kick", "one_two"} <= names
