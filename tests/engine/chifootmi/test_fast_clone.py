"""``ChifootmiMatch.clone`` is written out slot by slot for the strong CPU's search; it must
stay exactly the generic ``Match.clone`` (every slot equal, no container shared), or a
search would play on a different match than the real one."""
from __future__ import annotations

import random

import pytest

from engine.chifootmi import Level, MatchConfig, Options, new_match
from engine.chifootmi.match import ChifootmiMatch
from engine.match import Match

CONFIGS = [MatchConfig(Level.BEGINNER), MatchConfig(Level.AMATEUR),
           MatchConfig(Level.PRO, Options(offside=True, one_two=True, counter_attack=True))]


def _every_position(config: MatchConfig, seed: int):
    rng = random.Random(seed)
    match = new_match(config, seed)
    yield match
    while not match.is_over:
        match.apply({s: rng.choice(match.legal_choices(s)) for s in match.to_act()})
        yield match


def _containers(value):
    if isinstance(value, list):
        yield value
        for item in value:
            yield from _containers(item)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.level.value)
def test_fast_clone_is_the_generic_clone_in_every_slot_of_every_position(config):
    positions = 0
    for seed in range(12):
        for match in _every_position(config, seed):
            fast, generic = match.clone(), Match.clone(match)
            for name in ChifootmiMatch.__slots__:
                assert getattr(fast, name) == getattr(generic, name), name
                shared = {id(c) for c in _containers(getattr(match, name))}
                assert not shared & {id(c) for c in _containers(getattr(fast, name))}, name
            positions += 1
    assert positions > 300  # shoot-outs (kicks) included across the seeds


def test_applying_to_a_fast_clone_replays_like_the_original():
    config = CONFIGS[2]
    for seed in range(6):
        rng, twin_rng = random.Random(seed), random.Random(seed)
        match = new_match(config, seed)
        twin = match.clone()
        while not match.is_over:
            events = match.apply({s: rng.choice(match.legal_choices(s)) for s in match.to_act()})
            twin = twin.clone()
            assert twin.apply({s: twin_rng.choice(twin.legal_choices(s))
                               for s in twin.to_act()}) == events
            assert twin == match
