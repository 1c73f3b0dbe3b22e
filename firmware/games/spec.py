"""What a game gives the console: one :class:`GameEntry`, in the game's own firmware folder.

The menu and the app know nothing of any one game; everything game-specific goes through
its entry: the menu lines the game adds (and the settings they change, one small dataclass
per game), how a match starts from those settings (which seat sits at which pad, which seats
are CPUs), how a match cut off by a power cut is rebuilt from its journal (the game's
match-script header, the entry's own console settings, the decisions so far), what the pad
of a CPU seat shows, and whether a pad's LED is lit. ``firmware/games/registry.py`` lists the entries,
one line each (see ``docs/architecture.md``, "A new game").

A session (what :attr:`GameEntry.start` returns) is the game's match on the console, built on
``firmware.games.session.MatchSession``; the app only uses the members listed in :class:`Session`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.registry import game_named
from firmware.i18n import text
from firmware.storage.journal import script_header
from firmware.games.session import Timing
from hal.buttons import Button


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

    def press(self, seat: str, button: Button, now: float) -> bool: ...

    def tick(self, now: float) -> bool: ...

    def deadline(self, now: float) -> float | None: ...

    def screen(self, seat: str, now: float) -> Any: ...

    def abandon(self) -> None: ...


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

    def parsed(self) -> Any:
        """The parsed match script of the journal's header (config, seed...)."""
        return game_named(self.script["game"]).parse_script({**self.script, "turns": []})


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
class GameEntry:
    """A game as the console sees it."""

    name: str
    """The engine's and the match script's name (``"chifootmi"``)."""
    title: str
    """Shown in the menu; a name, the same in every language."""
    settings: Callable[[Any], Any]
    """The game's settings from a settings file's part for it (``from_json``; an old flat file
    gives every game the whole file, each keeps the keys it knows)."""
    rows: Callable[[Any, int], list[Row]]
    """The game's menu lines, from its settings and the pads attached."""
    start: Callable[[MatchStart], Started]
    resume: Callable[[Resume], Started]
    """The match after the journalled decisions, its seats and CPUs as ``start`` left them."""
    cpu_screen: Callable[[Any, str], Any]
    """What the pad of a CPU seat shows (never what the CPU may hide)."""
    lit: Callable[[Any, str], bool]
    """Whether the pad's LED is lit for ``seat`` (e.g. it has the ball, it is its turn)."""
    describe: Callable[[Any], str | None] = lambda event: None
    """One line of commentary for an engine event (the headless sim), None: no words for it."""
    after_match: Callable[[Any], Any] | None = None
    """The game's settings after a match that ended normally (not abandoned), saved by the
    app: e.g. a first-matches tutorial turning itself off. None: unchanged."""


RED_BLUE_PLAYERS = ("cpu", "two")


def players_row(pad_count: int) -> Row:
    """A red-vs-blue game's players line: "2 joueurs" / "contre ordi"; with one pad attached
    the second seat can only be the CPU, and the line says so ("1 manette: ordi") instead of
    offering two players."""
    if pad_count < 2:
        return Row("players", "menu.players", ("cpu",), show=_one_pad)
    return Row("players", "menu.players", RED_BLUE_PLAYERS, "players.")


def _one_pad(value: Any, language: str) -> str:
    return text(language, "players.one_pad")


def against_cpu(players: str, pad_count: int) -> bool:
    """Whether a red-vs-blue match is against the CPU (chosen, or one pad attached)."""
    return players == "cpu" or pad_count < 2


def red_blue_seats(players: str, difficulty: str, start: MatchStart
                   ) -> tuple[dict[str, str], dict[str, str]]:
    """Who is CPU in a red-vs-blue game (both in a demo; blue against one person or one pad),
    and the name each seat shows for its opponent."""
    cpus: dict[str, str] = {}
    if start.demo:
        cpus = {"red": difficulty, "blue": difficulty}
    elif against_cpu(players, start.pad_count):
        cpus = {"blue": difficulty}
    names = {"red": "cpu" if "blue" in cpus else "team.blue",
             "blue": "cpu" if "red" in cpus else "team.red"}
    return cpus, names


def journalled_cpus(console: Mapping[str, Any]) -> dict[str, str]:
    """Seat -> CPU difficulty, as a journal's console settings keep them."""
    return {str(seat): str(level) for seat, level in dict(console.get("cpus", {})).items()}
