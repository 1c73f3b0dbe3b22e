"""The game protocol every PitchPad game implements.

Shaped after OpenSpiel's simultaneous-move games and boardgame.io's player views:

* a :class:`Game` turns a configuration and a seed into a match (its ``MatchState``);
* the state says which seats must decide now (``to_act``: one seat, several at once for
  secret simultaneous choices, none when the match is over), what each may choose
  (``legal_choices``), and applies one joint decision atomically (``apply``), returning
  typed events for the screens;
* ``view(seat)`` is the only place secrecy is decided: everything the seat may not know is
  absent from it. Screens, CPU players and the network only ever see views;
* events are :class:`engine.events.Event` subclasses (typed, public to every seat);
* ``determinize(view, rng)`` samples a full state consistent with a view, for CPU search;
* a :class:`Bot` decides from a view and the legal choices alone.

The protocol is generic over a game's own types — its configuration, match, view and choice
(``Game[MatchConfig, ChifootmiMatch, ChifootmiView, Choice]``) — so a type checker follows a
game's values through the platform instead of losing them to ``Any``.

Random events of the rules are drawn from the match seed when the match is created (or,
for games with chance during play, from a generator owned by the state and seeded from
it), so a match is the fold of its joint decisions over its initial state and replays
exactly.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Self, TypeAlias, TypeVar, runtime_checkable

from .events import Event
from .results import ResultRules

Seat = str
"""A seat is named by its team or colour (``"red"``, ``"blue"``, ``"white"`` ...)."""

JSONValue: TypeAlias = "None | bool | int | float | str | list[JSONValue] | dict[str, JSONValue]"
"""A value of a JSON document (a script, a view, a summary line)."""
JSONObject: TypeAlias = "dict[str, JSONValue]"


@runtime_checkable
class Choice(Protocol):
    """One seat's decision: small, immutable, hashable, with a JSON form."""

    def to_json(self) -> JSONObject: ...


class View(Protocol):
    """What one seat may know: whose it is, and its JSON form (``pitchpad replay --view``,
    a stdio seat)."""

    @property
    def seat(self) -> Seat: ...

    def to_json(self) -> JSONObject: ...


ViewT = TypeVar("ViewT", bound=View, covariant=True)
ViewT_contra = TypeVar("ViewT_contra", bound=View, contravariant=True)
ChoiceT = TypeVar("ChoiceT", bound=Choice)
ConfigT = TypeVar("ConfigT")
GameView = TypeVar("GameView", bound=View)
GameView_contra = TypeVar("GameView_contra", bound=View, contravariant=True)
MatchT = TypeVar("MatchT", bound="MatchState[Any, Any]")
"""A game's own match class (each game's ``apply`` takes its own choices only)."""
MatchT_co = TypeVar("MatchT_co", bound="MatchState[Any, Any]", covariant=True)
ConfigT_co = TypeVar("ConfigT_co", covariant=True)


class MatchState(Protocol[ViewT, ChoiceT]):
    """A match in progress; ``apply`` changes it in place, ``clone`` copies it."""

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Every seat of this match, in turn order."""

    def to_act(self) -> tuple[Seat, ...]:
        """Seats that must decide now, sorted; empty when the match is over."""

    def legal_choices(self, seat: Seat) -> Sequence[ChoiceT]:
        """What ``seat`` may choose now, each decision it can tell apart listed once; empty
        when it has nothing to decide.

        The sequence may be lazy where listing every choice is needless work (Simulator
        Soccer's move lists): then ``choice in legal`` is exact and cheap, and the listing is
        made only when someone iterates, indexes or counts it.
        """

    def is_legal(self, seat: Seat, choice: ChoiceT) -> bool:
        """Whether ``apply`` would take ``choice`` from ``seat`` now: the listed choices and,
        for a compound decision, any other form that means the same to the seat (Fotboll's
        refill/replace/substitute step, its positions in another order)."""

    def apply(self, joint: Mapping[Seat, ChoiceT]) -> Sequence[Event]:
        """Apply one decision of every seat in ``to_act()`` at once.

        Raises ``IllegalChoice`` (naming the rule) and leaves the state unchanged when any
        part of the joint decision is not legal.
        """

    def view(self, seat: Seat) -> ViewT:
        """What ``seat`` may know, and nothing else."""

    def opening_events(self) -> Sequence[Event]:
        """What happened before the first decision (the toss, a deal), for the screens and
        ``pitchpad replay``'s first lines."""

    @property
    def is_over(self) -> bool: ...

    @property
    def winner(self) -> Seat | None: ...

    def clone(self) -> Self: ...


class Bot(Protocol[ViewT_contra, ChoiceT]):
    """A CPU player: one of ``legal``, decided from ``view`` and its own generator alone. It
    never sees the match, so what it may know is exactly what the view says."""

    def choose(self, view: ViewT_contra, legal: Sequence[ChoiceT], rng: random.Random) -> ChoiceT: ...


class MatchScript(Protocol[ConfigT_co, MatchT_co]):
    """A parsed match script (``docs/formats/match-script.md``): its set-up and turns."""

    @property
    def config(self) -> ConfigT_co:
        """The set-up's configuration, as the game's ``new_match`` takes it."""

    @property
    def seed(self) -> int: ...

    @property
    def turns(self) -> Sequence[JSONValue]:
        """The turns as the document has them, read one by one as they are played."""

    def start(self) -> MatchT_co:
        """The match before the first turn."""

    def to_json(self) -> JSONObject:
        """The script document again (``game``, its set-up, ``turns``)."""


class Game(Protocol[ConfigT, MatchT, GameView_contra, ChoiceT]):
    """A game's rules as the platform sees them: its name, every seat a script may name, how
    a match starts, how scripts and choices are read, how states are sampled, and the
    replay's summary. Each engine package exposes one as ``GAME``."""

    @property
    def name(self) -> str:
        """The match script's ``"game"`` (``"chifootmi"``)."""

    @property
    def seats(self) -> tuple[Seat, ...]:
        """Every seat name a script of this game may use (a match may use fewer)."""

    @property
    def example_configs(self) -> tuple[ConfigT, ...]:
        """Set-ups that between them switch every rule option on once: the conformance test
        (``tests/engine/test_conformance.py``) plays each."""

    def new_match(self, config: ConfigT, seed: int) -> MatchT: ...

    def choice_from_json(self, obj: object) -> ChoiceT:
        """Read one choice in the match-script encoding; ``ValueError`` when it is not one."""

    def determinize(self, view: GameView_contra, rng: random.Random) -> MatchT: ...

    def parse_script(self, doc: object) -> MatchScript[ConfigT, MatchT]:
        """Check a script document's shape and set-up (``ScriptError`` naming what is wrong);
        its turns are read one by one with :meth:`parse_turn` as they are played."""

    def parse_turn(self, obj: object, index: int) -> dict[Seat, ChoiceT]:
        """Turn ``index`` of a script: the joint decision keyed by seat (``ScriptError``)."""

    def summary(self, match: MatchT) -> JSONObject:
        """The replay's last line for ``match`` (score or points, winner, who acts)."""

    @property
    def results(self) -> ResultRules:
        """How a finished match can end (draws, shoot-outs, teams): what a league accepts."""


def uniform_choice(state: MatchState[View, ChoiceT], seat: Seat, rng: random.Random) -> ChoiceT:
    """A legal choice drawn uniformly: the random player."""
    legal = state.legal_choices(seat)
    return legal[int(rng.random() * len(legal))]


def play_out(state: MatchState[ViewT, ChoiceT], bots: Mapping[Seat, Bot[ViewT, ChoiceT]],
             rngs: Mapping[Seat, random.Random]) -> list[Event]:
    """Play ``state`` to the end, each seat's bot deciding from its own view: the loop of
    ``pitchpad match``, the benchmarks and the tests."""
    events: list[Event] = []
    while True:
        seats = state.to_act()
        if not seats:
            return events
        events.extend(state.apply({seat: bots[seat].choose(state.view(seat), state.legal_choices(seat),
                                                           rngs[seat]) for seat in seats}))
