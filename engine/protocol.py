"""The game protocol every PitchPad game implements.

Shaped after OpenSpiel's simultaneous-move games and boardgame.io's player views:

* a ``Game`` turns a configuration and a seed (or an explicit deal) into a ``MatchState``;
* the state says which seats must decide now (``to_act``: one seat, several at once for
  secret simultaneous choices, none when the match is over), what each may choose
  (``legal_choices``), and applies one joint decision atomically (``apply``), returning
  typed events for the screens;
* ``view(seat)`` is the only place secrecy is decided: everything the seat may not know is
  absent from it. Screens, CPU players and the network only ever see views;
* events are :class:`engine.events.Event` subclasses (typed, public to every seat);
* ``determinize(view, rng)`` samples a full state consistent with a view, for CPU search.

Random events of the rules are drawn from the match seed when the match is created (or,
for games with chance during play, from a generator owned by the state and seeded from
it), so a match is the fold of its joint decisions over its initial state and replays
exactly.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from .events import Event

Seat = str
"""A seat is named by its team or colour (``"red"``, ``"blue"``, ``"white"`` ...)."""


@runtime_checkable
class Choice(Protocol):
    """One seat's decision: small, immutable, hashable, with a JSON form."""

    def to_json(self) -> dict[str, Any]: ...


S = TypeVar("S", bound="MatchState")


class MatchState(Protocol):
    """A match in progress; ``apply`` changes it in place, ``clone`` copies it."""

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Every seat of this match, in turn order."""

    def to_act(self) -> tuple[Seat, ...]:
        """Seats that must decide now, sorted; empty when the match is over."""

    def legal_choices(self, seat: Seat) -> Sequence[Choice]:
        """What ``seat`` may choose now, each decision it can tell apart listed once; empty
        when it has nothing to decide.

        A compound decision (Fotboll's refill/replace/substitute step) may also be accepted
        by ``apply`` in forms that are not listed but mean the same to the seat (the same
        positions in another order); :func:`is_legal` answers for any form.
        """

    def apply(self, joint: Mapping[Seat, Any]) -> Sequence[Event]:
        """Apply one decision of every seat in ``to_act()`` at once.

        Raises ``IllegalChoice`` (naming the rule) and leaves the state unchanged when any
        part of the joint decision is not legal.
        """

    def view(self, seat: Seat) -> Any:
        """What ``seat`` may know, and nothing else."""

    @property
    def is_over(self) -> bool: ...

    @property
    def winner(self) -> Seat | None: ...

    def clone(self: S) -> S: ...


class MatchScript(Protocol):
    """A parsed match script (``docs/formats/match-script.md``): its set-up and turns."""

    @property
    def config(self) -> Any:
        """The set-up's configuration, as the game's ``new_match`` takes it."""

    @property
    def seed(self) -> int: ...

    @property
    def turns(self) -> Sequence[Any]:
        """The turns as the document has them, read one by one as they are played."""

    def start(self) -> MatchState:
        """The match before the first turn."""

    def to_json(self) -> dict[str, Any]:
        """The script document again (``game``, its set-up, ``turns``)."""


class Game(Protocol):
    """A game of the console, as the registry (:mod:`engine.registry`) holds it: its name,
    every seat a script may name, how a match starts, how scripts are read, how to sample
    states.

    ``pitchpad replay``, ``pitchpad match``, the match journal and the console find a game
    only through this object, so a game is added by writing one and registering it.
    """

    @property
    def name(self) -> str:
        """The match script's ``"game"`` (``"chifootmi"``)."""

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Every seat name a script of this game may use (a match may use fewer)."""

    @property
    def example_configs(self) -> tuple[Any, ...]:
        """Set-ups that between them switch every rule option on once: the conformance test
        (``tests/engine/test_conformance.py``) plays each."""

    def new_match(self, config: Any, seed: int) -> MatchState: ...

    def choice_from_json(self, obj: Any) -> Choice:
        """Read one choice in the match-script encoding; ``ValueError`` when it is not one."""

    def determinize(self, view: Any, rng: random.Random) -> MatchState: ...

    def parse_script(self, doc: Any) -> MatchScript:
        """Check a script document's shape and set-up (``ScriptError`` naming what is wrong);
        its turns are read one by one with :meth:`parse_turn` as they are played."""

    def parse_turn(self, obj: Any, index: int) -> Mapping[Seat, Choice]:
        """Turn ``index`` of a script: the joint decision keyed by seat (``ScriptError``)."""

    def summary(self, match: Any) -> dict[str, Any]:
        """The replay's last line for ``match`` (score or points, winner, who acts)."""


def is_legal(state: MatchState, seat: Seat, choice: Choice) -> bool:
    """Whether ``apply`` would accept ``choice`` from ``seat`` now: the state's own
    ``is_legal`` when it has one (games with compound decisions), else membership in
    ``legal_choices``."""
    check = getattr(state, "is_legal", None)
    if check is not None:
        return bool(check(seat, choice))
    return choice in state.legal_choices(seat)


def play_out(state: MatchState, policies: Mapping[Seat, Any], rng: random.Random) -> list[Event]:
    """Play ``state`` to the end, each seat choosing with ``policies[seat](state, seat, rng)``.

    A convenience for benchmarks and tests; real players decide from views.
    """
    events: list[Event] = []
    while True:
        seats = state.to_act()
        if not seats:
            return events
        events.extend(state.apply({seat: policies[seat](state, seat, rng) for seat in seats}))


def uniform_choice(state: MatchState, seat: Seat, rng: random.Random) -> Choice:
    """A legal choice drawn uniformly: the random player."""
    legal: Sequence[Choice] = state.legal_choices(seat)
    return legal[int(rng.random() * len(legal))]
