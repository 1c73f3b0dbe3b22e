"""Every registered game honours the protocol (``engine/protocol.py``), checked the same way.

A registered game (``firmware/games/registry.py``) is played here with no test of its own
needed: random legal matches from each of its ``example_configs`` (one seed after another
until ``MIN_DECISIONS`` decisions were checked, so a short game is played many times), and at
every decision:

- ``to_act`` is sorted, names seats of the match, and is empty exactly when the match is over;
- every seat to act has legal choices, each listed once, each surviving its JSON form
  (``choice_from_json(choice.to_json())``); a seat not to act has none;
- every listed choice of every seat applies without error, with the other seats' first
  choices, on a clone;
- an illegal joint decision (a seat missing, a seat that has nothing to decide, a choice that
  is not legal now, any decision once the match is over) raises ``IllegalChoice`` naming a
  rule of the game (every rule id a game's refusals name has one prefix: ``C-``, ``K-``...)
  and leaves the state unchanged;
- each seat's view is JSON, holds no seed or generator (every fifth decision), and is the same in every state the
  seat cannot tell apart from the real one (``determinize`` draws them): what it may not
  know cannot be in it;
- ``clone`` gives an equal, independent copy;

and at the end, folding the joint decisions (as script turns, through ``parse_turn``) over a
new match from the same set-up and seed gives the same match and the same events.
"""
from __future__ import annotations

import json
import random
from dataclasses import fields, is_dataclass
from typing import Any

import pytest

from engine.errors import IllegalChoice
from firmware.games import registry
from engine.scripting import joint_to_json

MAX_DECISIONS = 150
"""A long Chifoumi game is cut here: the checks are per decision, not per whole game."""
MIN_DECISIONS = 40
"""Decisions checked for each set-up at least: a game of a few moves is played from one seed
after another until then (a rule broken only at its fourth move is met in some match)."""
MAX_MATCHES = 30

GAMES = {name: spec.rules for name, spec in registry.GAMES.items()}

CASES = [pytest.param(game, config, 1, id=f"{name}-{index}")
         for name, game in GAMES.items()
         for index, config in enumerate(game.example_configs)]


PLAIN = (str, int, float, bool, type(None))


def _holds_no_generator(value: Any, path: str = "view") -> None:
    if isinstance(value, PLAIN):
        return
    assert not isinstance(value, random.Random), f"{path} holds a random generator"
    if is_dataclass(value) and not isinstance(value, type):
        for field in fields(value):
            _holds_no_generator(getattr(value, field.name), f"{path}.{field.name}")
    elif isinstance(value, dict):
        for key, item in value.items():
            _holds_no_generator(item, f"{path}[{key!r}]")
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            _holds_no_generator(item, f"{path}[{index}]")


def _keys(obj: Any) -> set[str]:
    if isinstance(obj, dict):
        return set(obj) | {key for item in obj.values() for key in _keys(item)}
    if isinstance(obj, list):
        return {key for item in obj for key in _keys(item)}
    return set()


def _check_views(game: Any, match: Any, rng: random.Random, thorough: bool) -> None:
    for seat in match.seats:
        view = match.view(seat)
        if thorough:
            shown = view.to_json()
            json.dumps(shown)
            assert "seed" not in _keys(shown), f"{seat}'s view holds a seed"
            _holds_no_generator(view)
        twin = game.determinize(view, random.Random(rng.random()))
        assert twin.view(seat) == view, f"{seat}'s view differs in a state it cannot tell apart"


def _refused(match: Any, joint: dict[str, Any], rules: set[str]) -> None:
    """``joint`` raises IllegalChoice naming a rule, and changes nothing; its rule is noted."""
    before = match.clone()
    with pytest.raises(IllegalChoice) as refused:
        match.apply(joint)
    assert refused.value.rule, "an IllegalChoice names the rule"
    rules.add(refused.value.rule)
    assert match == before, f"{joint} was refused but changed the state"


def _check_refusals(match: Any, seen: list[Any], rules: set[str]) -> None:
    """Illegal joint decisions raise IllegalChoice and change nothing."""
    seats = match.to_act()
    legal = {seat: match.legal_choices(seat) for seat in seats}
    fair = {seat: legal[seat][0] for seat in seats}
    attempts: list[dict[str, Any]] = [{seat: fair[seat] for seat in seats[1:]}]
    idle = [seat for seat in match.seats if seat not in seats]
    if idle:
        attempts.append({**fair, idle[0]: fair[seats[0]]})
    for seat in seats:
        wrong = next((c for c in seen if not match.is_legal(seat, c)), None)
        if wrong is not None:
            attempts.append({**fair, seat: wrong})
    for joint in attempts:
        _refused(match, joint, rules)


def _check_every_choice_applies(match: Any) -> None:
    """Each listed choice of each seat to act applies (on a clone, the others
    playing their first): a choice that is listed but refused (a card already played) is a
    broken rule a random match may never pick."""
    seats = match.to_act()
    fair = {seat: match.legal_choices(seat)[0] for seat in seats}
    for seat in seats:
        for choice in match.legal_choices(seat):
            try:
                match.clone().apply({**fair, seat: choice})
            except IllegalChoice as refused:
                raise AssertionError(f"{seat}'s listed {choice!r} was refused: {refused}") from None


def _check_decision_point(game: Any, match: Any, seen: list[Any], rng: random.Random,
                          rules: set[str], thorough: bool = True) -> None:
    seats = match.to_act()
    assert list(seats) == sorted(seats) and set(seats) <= set(match.seats)
    assert bool(seats) != match.is_over
    for seat in match.seats:
        legal = match.legal_choices(seat)
        if seat not in seats:
            assert not legal, f"{seat} has nothing to decide but is offered {legal[:3]}"
            continue
        assert legal, f"{seat} must decide but has no legal choice"
        assert len(set(legal)) == len(legal), f"{seat}'s legal choices repeat"
        for choice in legal[:8]:
            assert game.choice_from_json(json.loads(json.dumps(choice.to_json()))) == choice
    twin = match.clone()
    assert twin == match and twin is not match
    if seats:
        _check_refusals(match, seen, rules)
        _check_every_choice_applies(match)
        joint = {seat: match.legal_choices(seat)[0] for seat in seats}
        twin.apply(joint)
        assert match == match.clone(), "applying to a clone changed the original"
    _check_views(game, match, rng, thorough)


@pytest.mark.parametrize(("game", "config", "seed"), CASES)
def test_every_registered_game_honours_the_protocol(game, config, seed):
    """Matches from ``seed`` on, until ``MIN_DECISIONS`` decisions were checked."""
    checked, rules = 0, set()
    for next_seed in range(seed, seed + MAX_MATCHES):
        checked += _play_and_check(game, config, next_seed, rules)
        if checked >= MIN_DECISIONS:
            break
    assert len({rule.split("-")[0] for rule in rules}) == 1, \
        f"{game.name}'s refusals name the rules of more than one game: {sorted(rules)}"


def _play_and_check(game: Any, config: Any, seed: int, rules: set[str]) -> int:
    """One random match from ``seed``, checked at every decision, at its end and by its
    replay; the decisions it took."""
    rng = random.Random(f"conformance/{game.name}/{seed}")
    match = game.new_match(config, seed)
    turns: list[dict[str, Any]] = []
    events: list[dict[str, Any]] = []
    seen: list[Any] = []
    joint: dict[str, Any] = {}
    while match.to_act() and len(turns) < MAX_DECISIONS:
        _check_decision_point(game, match, seen, rng, rules, thorough=len(turns) % 5 == 0)
        joint = {}
        for seat in match.to_act():
            legal = match.legal_choices(seat)
            joint[seat] = legal[int(rng.random() * len(legal))]
            seen.extend(c for c in legal[:3] if c not in seen)
        turns.append(joint_to_json(joint))
        events += [event.to_json() for event in match.apply(joint)]
    _check_decision_point(game, match, seen, rng, rules)
    if match.is_over:
        _refused(match, joint, rules)                    # the last move again: the match is over

    again = game.new_match(config, seed)
    replayed: list[dict[str, Any]] = []
    for index, turn in enumerate(json.loads(json.dumps(turns))):
        replayed += [event.to_json() for event in again.apply(game.parse_turn(turn, index))]
    assert again == match, "folding the decisions over a new match gave another match"
    assert replayed == events
    return len(turns)


def test_the_registry_holds_every_game_once_with_its_seats():
    assert list(GAMES) == [game.name for game in GAMES.values()]
    for game in GAMES.values():
        assert game.seats and game.example_configs
        for config in game.example_configs:
            assert set(game.new_match(config, 0).seats) <= set(game.seats)
