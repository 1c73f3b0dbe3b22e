"""What a game gives the platform: one :class:`GameSpec`, in the game's own firmware folder.

A game is an engine package (its rules, :class:`engine.protocol.Game`, and its bots) and a
firmware folder whose ``spec.py`` declares ``SPEC``: everything the console and the commands
need of the game, in one typed object (OpenSpiel's ``GameType`` + ``register_game``) — its rules,
its title and place in the menu, its CPU players (the menu's difficulties and the named bots of
``pitchpad match``), its options (:mod:`firmware.games.options`: the commands' flags), its words
(:mod:`firmware.i18n` keys), and its console hooks (:class:`ConsoleEntry`: menu lines, start and
resume, the CPU pad, the LED; the spectator's words, the kids' headline, the commentary of the
headless simulator). The registry (:mod:`firmware.games.registry`) finds specs by the
``pitchpad.games`` entry point; nothing outside a game's folders names it.

A session (what :attr:`ConsoleEntry.start` returns) is the game's match on the console, built on
``firmware.games.session.MatchSession``; the app only uses the members listed in :class:`Session`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.events import Event
from engine.protocol import Game, JSONObject
from firmware.games.cpu import CpuPlayers
from firmware.games.options import GameOptions
from firmware.games.session import Step, Timing
from firmware.games.sheets import CpuPadScreen, ResultScreen, Standing
from firmware.i18n import text
from firmware.storage.journal import script_header
from hal.buttons import Button

Words = tuple[tuple[str, dict[str, str]], ...]
"""What a move did for a spectator: (i18n key, its values) pairs, most telling first."""


@dataclass(frozen=True)
class HeadlineNames:
    """Whom a seat's kids' headline may name: in a two-seat game the other seat, as the seat's
    screens call it (``opponent``); in a game of more seats "the other seat" is not one, so the
    names every player chose on the pads (``people``) name the player who acted."""

    opponent: str
    """The key the seat's screens name the other seat by: ``team.<seat>``, ``cpu``, or a
    person's name (:func:`firmware.i18n.person_key`)."""
    people: Mapping[str, str] = field(default_factory=dict)
    """Seat -> the name its player chose on the pads, for every seat that has one (names are
    public: every screen calls the players by them)."""


Headline = Callable[[Any, Sequence[Event], str, HeadlineNames], "str | None"]
"""The move in two or three words from a seat's side, for kids' mode: ``headline(view, events,
language, names)``; None keeps the game's own reveal for that move."""


@dataclass(frozen=True)
class Row:
    """One menu line: the settings field it changes, its label (an i18n key), its values.

    ``prefix`` turns a value into its i18n key (``"level."`` + ``"pro"``); without one a
    value is shown as it is (numbers) or as yes/no (booleans). ``game`` says whose settings
    the field is in: a game's (its name), or the console's (None).
    """

    field: str
    label: str
    values: tuple[object, ...]
    prefix: str | None = None
    game: str | None = None
    show: Callable[[Any, str], str] | None = None
    """How a value reads in a language, when the game words it itself (``20 s``, ``off``)."""
    unlocked: bool = False
    """A café's locked menu (``Settings.locked``) still changes this line: the game, who plays."""
    sets_match: bool = True
    """Whether the headless simulator's summary of a CPU-vs-CPU match words the line among the
    match's options (its rules, the CPU's level); False for who plays and how many (the
    summary names the seats after the options) and for what only people see before the match
    (a tutorial)."""


class Session(Protocol):
    """What the app uses of a game's match session."""

    seed: int
    match: Any
    """The engine state: ``seats``, ``is_over``, ``view(seat)``."""
    seats: Any
    """``seats.cpus``: seat -> CPU player, for the seats no person plays."""
    decisions: list[dict[str, Any]]
    history: list[Any]
    finished: bool
    abandoned: bool
    """The match ended without a result (left from the pads, or nobody played it)."""
    tunes: list[str]
    step: Any
    """Where the match stands on the console (:class:`firmware.games.session.Step`)."""

    @property
    def people(self) -> Mapping[str, str]:
        """Seat -> the name its player chose on the pads (public: screens call players by them)."""

    def press(self, seat: str, button: Button, now: float) -> bool: ...

    def tick(self, now: float) -> bool: ...

    def deadline(self, now: float) -> float | None: ...

    def screen(self, seat: str, now: float) -> Any: ...

    def abandon(self) -> None: ...

    def name_people(self, people: Mapping[str, str]) -> None: ...

    def called(self) -> tuple[tuple[str, str], ...]: ...

    def showing_move(self) -> bool: ...


@dataclass(frozen=True)
class MatchStart:
    """Everything a game needs to start a match from the menu."""

    settings: Any
    """The game's own settings (its entry's ``settings`` dataclass)."""
    seed: int
    now: float
    pad_count: int
    """Pads attached: a seat beyond them must be a CPU."""
    demo: bool
    """Every seat a CPU (``pitchpad sim`` with no terminal)."""
    timing: Timing
    cpu_secret: str | None = None
    """Keys the CPU seats' generators (``CpuPlayers.seats``); None: drawn from the OS."""


@dataclass(frozen=True)
class Resume:
    """Everything a game needs to rebuild a match from its journal (``firmware.storage.journal``)."""

    script: Mapping[str, Any]
    """The game's match-script header (every key of its script but ``turns``)."""
    console: Mapping[str, Any]
    """What the entry's ``start`` kept of the seats (CPU difficulties, names, pads...)."""
    decisions: Sequence[Mapping[str, Any]]
    """The joint decisions so far, as the engine takes them."""
    now: float
    pad_count: int
    timing: Timing

    rules: Game[Any, Any, Any, Any]
    """The game's rules (its spec's)."""

    def parsed(self) -> Any:
        """The parsed match script of the journal's header (config, seed...)."""
        return self.rules.parse_script({**self.script, "turns": []})


@dataclass
class Started:
    """A match just started: its session, the seat at each pad (pad 1 first), and the journal
    header (``script``: the game's match-script header, ``console``: what ``resume`` needs of
    the seats), None when the match is not journalled (an all-CPU demo)."""

    session: Session
    pad_seats: tuple[str, ...]
    cpus: dict[str, str] = field(default_factory=dict)
    """Seat -> CPU difficulty."""
    journal: tuple[dict[str, Any], dict[str, Any]] | None = None


def journal_header(script: Any) -> dict[str, Any]:
    """A match script's header as the journal keeps it (every key but ``turns``)."""
    return script_header(script.to_json())


@dataclass(frozen=True)
class ConsoleEntry:
    """A game on the console: its settings and menu lines, how its matches start and resume,
    and what a CPU's pad and the LEDs show."""

    settings: Callable[[Any], Any]
    """The game's settings from a settings file's part for it (``from_json``; an old flat file
    gives every game the whole file, each keeps the keys it knows)."""
    rows: Callable[[Any, int], list[Row]]
    """The game's menu lines, from its settings and the pads attached."""
    start: Callable[[MatchStart], Started]
    resume: Callable[[Resume], Started]
    """The match after the journalled decisions, its seats and CPUs as ``start`` left them."""
    lit: Callable[[Any, str], bool]
    """Whether the pad's LED is lit for ``seat`` (e.g. it has the ball, it is its turn)."""
    two_people: Callable[[Any], Any]
    """The game's settings for a tournament fixture: every seat a person, two of them."""
    cpu_screen: Callable[[Any, str], Any] | None = None
    """What the pad of a CPU seat shows (never what the CPU may hide): ``cpu_screen(session,
    seat)``. None: the shared one (:meth:`GameSpec.cpu_pad`)."""
    kids: Mapping[str, Any] = field(default_factory=dict)
    """What kids' mode fixes in the game's settings (field -> value: the easiest CPU, the
    gentlest level, a move clock); the menu hides those lines while it is on."""
    after_match: Callable[[Any], Any] | None = None
    """The game's settings after a match that ended normally (not abandoned), saved by the
    app: e.g. a first-matches tutorial turning itself off. None: unchanged."""
    check: Callable[[Resume], None] | None = None
    """Refuses a journal whose ``console`` settings ``start`` and the menu never write (a pad
    seat the match does not have, a name no screen words, a move clock the menu does not
    offer), raising :class:`firmware.games.journal_fit.Unfit` naming the field; run when the
    resume offer is built, after the platform's own fields are checked, so such a journal is
    set aside instead of crashing the console once resumed. None: only the platform's."""
    level: Callable[[Any], str] | None = None
    """The level a result of this game carries to the league (``"level"`` of a club result),
    from the settings it was played with (e.g. the CPU level its menu set). None: the game has no
    level (its results carry ``""``)."""


def no_commentary(event: Event) -> str | None:
    """A game without words of its own for the headless simulator: each event's fields."""
    return None


@dataclass(frozen=True)
class GameSpec:
    """Everything the platform knows of one game (``SPEC`` in its firmware folder)."""

    rules: Game[Any, Any, Any, Any]
    """The engine's game: matches, scripts, choices, views (its ``name`` is the game's)."""
    title: str
    """Shown in the menu and on the league's page; a name, the same in every language."""
    menu_order: int
    """Where the game comes in the menu (and every list of games): lower first."""
    console: ConsoleEntry
    cpu: CpuPlayers
    """Its CPU players: the menu's difficulties, and the bots ``pitchpad match`` seats by name."""
    options: type[GameOptions]
    """Its match options: the flags of ``pitchpad match`` and ``pitchpad sim``."""
    strings: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    """The words only this game shows: i18n key -> (French, English)."""
    third_person: Mapping[str, tuple[str, str | None]] = field(default_factory=dict)
    """Those of its words that address the reading pad, told of a team instead on a demo's
    screens (:data:`firmware.i18n.THIRD_PERSON`): key -> (the team's key, the field its own
    team fills, or None)."""
    describe: Callable[[Event], str | None] = no_commentary
    """One line of commentary for an engine event (the headless sim); None: its fields."""
    spectator_words: Callable[[Sequence[Event]], Words] | None = None
    """What a move did, for a spare pad, from its public events: (i18n key, values) lines, a
    value ``team`` a seat's key (:func:`firmware.i18n.seat_key`); None: no words (the pad shows
    the title, each seat's goals or points and the winner)."""
    headline: Headline | None = None
    """Kids' mode: a reveal in two or three words from the seat's side; None: none."""
    kids_picture: Callable[[Sequence[Event]], str | None] | None = None
    """Kids' mode: the picture over a move's headline, from the game's own events: one of
    :class:`firmware.console.kids.Picture`'s names (``"goal"``, ``"save"``, ``"hands"``,
    ``"ball"``); None, or the hook answering None: no picture (the headline alone)."""
    kids_cards: Callable[[Any, Sequence[Event], str], tuple[str, str] | None] | None = None
    """Kids' mode: the two cards a move compared, yours first, as ``language`` labels them
    (``kids_cards(view, events, language)``), drawn over the headline so a child sees why it
    won or lost; None, or the hook answering None: the picture."""
    stdio_question: Callable[[Any, Sequence[Any]], JSONObject] | None = None
    """What a stdio seat of ``pitchpad match`` is sent for a decision besides the match number
    and the seat (``docs/formats/stdio-seat.md``); None: the view and every legal choice."""

    @property
    def name(self) -> str:
        """The engine's and the match script's name (the game's key in the registry)."""
        return self.rules.name

    def summary(self, match: Any) -> JSONObject:
        """The replay's summary line of ``match`` (score or points, winner...)."""
        return self.rules.summary(match)

    def cpu_pad(self, session: Session, seat: str) -> Any:
        """What the pad of CPU seat ``seat`` shows: the game's own (``console.cpu_screen``), else
        the shared screens from the summary's :class:`~firmware.games.sheets.Standing` — each
        seat's goals or points while the match goes on, the result sheet as a spectator reads
        it once it is over (by colour, no button)."""
        if self.console.cpu_screen is not None:
            return self.console.cpu_screen(session, seat)
        standing = Standing.of(self.summary(session.match))
        if session.step is Step.OVER:
            return ResultScreen(standing, seat, "", spectator=True, called=session.called())
        return CpuPadScreen(standing)

    def __repr__(self) -> str:
        return f"<GameSpec {self.name}>"


RED_BLUE_PLAYERS = ("cpu", "two")


def players_row(pad_count: int) -> Row:
    """A red-vs-blue game's players line: "2 joueurs" / "contre ordi"; with one pad attached
    the second seat can only be the CPU, and the line says so ("1 manette: ordi") instead of
    offering two players."""
    if pad_count < 2:
        return Row("players", "menu.players", ("cpu",), show=_one_pad, unlocked=True, sets_match=False)
    return Row("players", "menu.players", RED_BLUE_PLAYERS, "players.", unlocked=True, sets_match=False)


def _one_pad(value: Any, language: str) -> str:
    return text(language, "players.one_pad")


def against_cpu(players: str, pad_count: int) -> bool:
    """Whether a red-vs-blue match is against the CPU (chosen, or one pad attached)."""
    return players == "cpu" or pad_count < 2


def two_seats(players: str, difficulty: str, start: MatchStart, seats: tuple[str, str]
              ) -> tuple[dict[str, str], dict[str, str]]:
    """Who is CPU in a game of two seats (both in a demo; the second against one person or one
    pad), and the name each seat's screens give the other (``cpu`` or its ``team.<seat>``)."""
    first, second = seats
    cpus: dict[str, str] = {}
    if start.demo:
        cpus = {first: difficulty, second: difficulty}
    elif against_cpu(players, start.pad_count):
        cpus = {second: difficulty}
    names = {first: "cpu" if second in cpus else "team." + second,
             second: "cpu" if first in cpus else "team." + first}
    return cpus, names


def red_blue_seats(players: str, difficulty: str, start: MatchStart
                   ) -> tuple[dict[str, str], dict[str, str]]:
    """:func:`two_seats` of a red-vs-blue game (blue the CPU against one person)."""
    return two_seats(players, difficulty, start, ("red", "blue"))


def journalled_cpus(console: Mapping[str, Any]) -> dict[str, str]:
    """Seat -> CPU difficulty, as a journal's console settings keep them."""
    return {str(seat): str(level) for seat, level in dict(console.get("cpus", {})).items()}
