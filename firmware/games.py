"""The games the console hosts: one :class:`GameEntry` each, looked up by name.

The menu and the app know nothing of any one game; everything game-specific goes through
an entry: the menu lines the game adds, how a match starts from the settings (which seat
sits at which pad, which seats are CPUs), what the pad of a CPU seat shows, and whether
the pad's LED is lit, and how a match cut off by a power cut is rebuilt from its journal
(the game's match-script header, the entry's own console settings, the decisions so far).
Adding a game is one entry in :data:`GAMES` (see ``docs/console.md``,
"Adding a game").

A session (what ``GameEntry.start`` returns) is the game's match on the console; the app
only uses the members listed in :class:`Session`.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from hal.buttons import Button

if TYPE_CHECKING:
    from firmware.chifootmi.session import Timing
    from firmware.settings import Settings


@dataclass(frozen=True)
class Row:
    """One menu line: the settings field it changes, its label (an i18n key), its values.

    ``prefix`` turns a value into its i18n key (``"level."`` + ``"pro"``); without one a
    value is shown as it is (numbers) or as yes/no (booleans).
    """

    field: str
    label: str
    values: tuple[object, ...]
    prefix: str | None = None


class Session(Protocol):
    """What the app uses of a game's match session."""

    seed: int
    match: Any
    """The engine state: ``seats``, ``is_over``, ``view(seat)``."""
    seats: Any
    """``seats.cpus``: seat -> CPU player, for the seats no person plays."""
    decisions: list[Mapping[str, Any]]
    history: list[Any]
    finished: bool
    tunes: list[str]

    def press(self, seat: str, button: Button, now: float) -> bool: ...

    def tick(self, now: float) -> bool: ...

    def deadline(self, now: float) -> float | None: ...

    def screen(self, seat: str, now: float) -> Any: ...


@dataclass(frozen=True)
class MatchStart:
    """Everything a game needs to start a match from the menu."""

    settings: Settings
    seed: int
    now: float
    pad_count: int
    """Pads attached: a seat beyond them must be a CPU."""
    demo: bool
    """Every seat a CPU (``pitchpad sim`` with no terminal)."""
    timing: Timing
    cpu_secret: str | None = None
    """Keys the CPU seats' generators (:func:`keyed_cpus`); None: drawn from the OS."""


@dataclass(frozen=True)
class Resume:
    """Everything a game needs to rebuild a match from its journal (``firmware.journal``)."""

    script: Mapping[str, Any]
    """The game's match-script header (every key of its script but ``turns``)."""
    console: Mapping[str, Any]
    """What the entry's ``start`` kept of the seats (CPU difficulties, names, pads...)."""
    decisions: Sequence[Mapping[str, Any]]
    """The joint decisions so far, as the engine takes them."""
    now: float
    pad_count: int
    timing: Timing


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


@dataclass(frozen=True)
class GameEntry:
    """A game as the console sees it."""

    name: str
    """The engine's and the match script's name (``"chifootmi"``)."""
    title: str
    """Shown in the menu; a name, the same in every language."""
    rows: Callable[[Settings, Sequence[str], int], list[Row]]
    """The game's menu lines, from the settings, the CPU difficulties and the pads attached."""
    start: Callable[[MatchStart], Started]
    cpu_screen: Callable[[Session, str], Any]
    """What the pad of a CPU seat shows (never what the CPU may hide)."""
    lit: Callable[[Session, str], bool]
    """Whether the pad's LED is lit for ``seat`` (e.g. it has the ball, it is its turn)."""
    resume: Callable[[Resume], Started]
    """The match after the journalled decisions, its seats and CPUs as ``start`` left them."""


def _script(resume: Resume) -> Any:
    """The parsed match script of a journal's header (config, seed...)."""
    from engine.registry import game_named

    header = dict(resume.script)
    return game_named(header["game"]).parse_script({**header, "turns": []})


def keyed_cpus(cpus: Mapping[str, Any], console: dict[str, Any]) -> dict[str, Any]:
    """The CPU players with generators keyed by the match's CPU secret (issue 15): a CPU's
    choices cannot be computed from anything a player sees (the seed is in the results
    history and any replay), yet replay identically after a power cut. The secret is drawn
    for a new match and kept in the journal's console settings (the journal is readable by
    the console's user only); an older journal without one gets one now."""
    import secrets

    from engine.bots import KeyedCpu

    secret = console.get("cpu_secret")
    if not isinstance(secret, str) or not secret:
        secret = console["cpu_secret"] = secrets.token_hex(16)
    return {seat: KeyedCpu(bot, secret) for seat, bot in cpus.items()}


def _header(script: Any) -> dict[str, Any]:
    """A parsed script's set-up as its JSON document has it: every key but ``turns``."""
    from firmware.journal import script_header

    return script_header(script.to_json())


# ----- Chifootmi ---------------------------------------------------------------------------
def _chifootmi_rows(settings: Settings, difficulties: Sequence[str], pad_count: int) -> list[Row]:
    from firmware.settings import LEVELS, MOVE_CLOCKS, PLAYERS

    shown = [Row("players", "menu.players", PLAYERS, "players.")]
    if settings.players == "cpu":
        shown.append(Row("difficulty", "menu.cpu", tuple(difficulties), "difficulty."))
    shown.append(Row("level", "menu.level", LEVELS, "level."))
    if settings.level == "pro_plus":
        shown += [Row(name, "menu." + name, (True, False))
                  for name in ("offside", "one_two", "counter_attack")]
    shown.append(Row("move_clock", "menu.clock", MOVE_CLOCKS))
    return shown


def _red_blue_seats(start: MatchStart) -> tuple[dict[str, str], dict[str, str]]:
    """Who is CPU in a red-vs-blue game (both in a demo; blue against one person or one pad),
    and the name each seat shows for its opponent."""
    difficulty = start.settings.difficulty
    cpus: dict[str, str] = {}
    if start.demo:
        cpus = {"red": difficulty, "blue": difficulty}
    elif start.settings.players == "cpu" or start.pad_count < 2:
        cpus = {"blue": difficulty}
    names = {"red": "cpu" if "blue" in cpus else "team.blue",
             "blue": "cpu" if "red" in cpus else "team.red"}
    return cpus, names


def _chifootmi_start(start: MatchStart) -> Started:
    from firmware.chifootmi.session import ChifootmiSession

    settings = start.settings
    cpus, names = _red_blue_seats(start)
    if start.demo:
        names = {"red": "team.blue", "blue": "team.red"}
    config = settings.match_config()
    console: dict[str, Any] = {"cpus": cpus, "names": names, "move_clock": settings.move_clock,
                               "level": settings.level, "cpu_secret": start.cpu_secret}
    session = ChifootmiSession(config, start.seed, chifootmi_seats(cpus, names, console),
                               start.now, timing=start.timing,
                               move_clock=float(settings.move_clock))
    journal = None
    if not start.demo:
        from engine.chifootmi.script import MatchScript

        journal = (_header(MatchScript(config, start.seed, None)), console)
    return Started(session, ("red", "blue"), cpus, journal)


def _chifootmi_resume(resume: Resume) -> Started:
    from firmware.chifootmi.session import ChifootmiSession

    script, console = _script(resume), dict(resume.console)
    cpus = dict(console.get("cpus", {}))
    session = ChifootmiSession.rebuild(
        script.config, script.seed, resume.decisions,
        chifootmi_seats(cpus, dict(console.get("names", {})), console), resume.now,
        timing=resume.timing, move_clock=float(console.get("move_clock", 0)))
    return Started(session, ("red", "blue"), cpus, (dict(resume.script), dict(console)))


def chifootmi_seats(cpus: Mapping[str, str], names: Mapping[str, str],
                    console: dict[str, Any] | None = None) -> Any:
    """Chifootmi's seats from what the journal keeps of them: each CPU seat's difficulty,
    and the CPU secret (see :func:`keyed_cpus`)."""
    from firmware.chifootmi.cpu import make_cpu
    from firmware.chifootmi.session import Seats

    bots = {seat: make_cpu(difficulty) for seat, difficulty in cpus.items()}
    return Seats(keyed_cpus(bots, {} if console is None else console), dict(names))


def _chifootmi_cpu_screen(session: Session, seat: str) -> Any:
    """The score; the kick-off and the result as the same sheets over the menu as the
    person's pad shows (a spectator's wording), so leaving or reaching the menu rewrites half
    of each screen, not the CPU pad's whole."""
    from firmware.chifootmi.screens import CpuPadScreen, KickoffScreen, ResultScreen, other
    from firmware.chifootmi.session import Step

    view = session.match.view(seat)
    key = "team." + other(seat)
    step = getattr(session, "step", None)
    if step is Step.KICKOFF:
        return KickoffScreen(view, key, spectator=True)
    if step is Step.OVER:
        return ResultScreen(view, key, spectator=True)
    return CpuPadScreen(view.score["red"], view.score["blue"])


CHIFOOTMI = GameEntry(
    name="chifootmi", title="Chifootmi", rows=_chifootmi_rows, start=_chifootmi_start,
    cpu_screen=_chifootmi_cpu_screen,
    lit=lambda session, seat: session.match.view(seat).ball == seat, resume=_chifootmi_resume)


# ----- Chifoumi -----------------------------------------------------------------------------
def _chifoumi_rows(settings: Settings, difficulties: Sequence[str], pad_count: int) -> list[Row]:
    """Players 2-4 (CPUs fill the seats without a person), people up to the pads attached."""
    from firmware.chifoumi.cpu import difficulties as chifoumi_difficulties

    players, humans = _chifoumi_table(settings, pad_count)
    shown = [Row("chifoumi_players", "menu.players", (2, 3, 4)),
             Row("chifoumi_humans", "menu.humans", tuple(range(1, min(players, pad_count) + 1)))]
    if humans < players:
        shown.append(Row("difficulty", "menu.cpu", chifoumi_difficulties(), "difficulty."))
    if players < 4:
        shown.append(Row("placement", "menu.placement", (False, True)))
    return shown + [Row("closed_stacks", "menu.closed_stacks", (False, True))]


def _chifoumi_table(settings: Settings, pad_count: int) -> tuple[int, int]:
    """How many players and how many of them people, from settings that may be stale."""
    players = settings.chifoumi_players if settings.chifoumi_players in (2, 3, 4) else 2
    return players, max(1, min(settings.chifoumi_humans, players, pad_count))


def _chifoumi_start(start: MatchStart) -> Started:
    from engine.chifoumi import GameConfig, Options
    from firmware.chifoumi.cpu import make_cpu
    from firmware.chifoumi.session import ChifoumiSession, Seats

    settings = start.settings
    players, humans = _chifoumi_table(settings, start.pad_count)
    config = GameConfig(players, Options(settings.placement and players < 4, settings.closed_stacks))
    seats = config.seats
    cpus = {seat: settings.difficulty for seat in (seats if start.demo else seats[humans:])}
    pads = seats[:min(start.pad_count, players)]
    console: dict[str, Any] = {"cpus": cpus, "pads": list(pads), "difficulty": settings.difficulty,
                               "cpu_secret": start.cpu_secret}
    session = ChifoumiSession(
        config, start.seed,
        Seats(keyed_cpus({seat: make_cpu(level) for seat, level in cpus.items()}, console)),
        start.now, timing=start.timing)
    journal = None
    if not start.demo:
        from engine.chifoumi.script import MatchScript

        journal = (_header(MatchScript(config, start.seed, None)), console)
    return Started(session, pads, cpus, journal)


def _chifoumi_resume(resume: Resume) -> Started:
    from firmware.chifoumi.cpu import make_cpu
    from firmware.chifoumi.session import ChifoumiSession, Seats

    script, console = _script(resume), dict(resume.console)
    cpus = {str(seat): str(level) for seat, level in dict(console.get("cpus", {})).items()}
    seats = script.config.seats
    pads = tuple(console.get("pads") or seats[:min(resume.pad_count, len(seats))])
    session = ChifoumiSession.rebuild(
        script.config, script.seed, resume.decisions,
        Seats(keyed_cpus({seat: make_cpu(level) for seat, level in cpus.items()}, console)),
        resume.now,
        timing=resume.timing)
    return Started(session, pads, cpus, (dict(resume.script), dict(console)))


def _chifoumi_cpu_screen(session: Session, seat: str) -> Any:
    """The board's top pieces; the kick-off, the end and the result as the person's pads show
    them (a spectator's wording), so leaving or reaching the menu rewrites half of each screen."""
    from firmware.chifoumi.screens import EndScreen, KickoffScreen, ResultScreen
    from firmware.chifoumi.session import Step, spectator_screen

    view = session.match.view(seat)
    step = getattr(session, "step", None)
    if step is Step.KICKOFF:
        return KickoffScreen(view, True)
    if step is Step.OVER:
        return ResultScreen(view, True)
    if step is Step.END:
        return EndScreen(spectator_screen(view), view.reason)
    return spectator_screen(view)


CHIFOUMI = GameEntry(
    name="chifoumi", title="Chifoumi", rows=_chifoumi_rows, start=_chifoumi_start,
    cpu_screen=_chifoumi_cpu_screen,
    lit=lambda session, seat: seat in session.match.to_act(), resume=_chifoumi_resume)


# ----- Fotboll ------------------------------------------------------------------------------
def _fotboll_rows(settings: Settings, difficulties: Sequence[str], pad_count: int) -> list[Row]:
    from firmware.fotboll.cpu import difficulties as fotboll_difficulties
    from firmware.settings import PLAYERS

    shown = [Row("players", "menu.players", PLAYERS, "players.")]
    if settings.players == "cpu":
        shown.append(Row("difficulty", "menu.cpu", fotboll_difficulties(), "difficulty."))
    return shown + [Row("jokers", "menu.jokers", (False, True)),
                    Row("tiebreak", "menu.tiebreak", (True, False))]


def _fotboll_start(start: MatchStart) -> Started:
    from engine.fotboll import MatchConfig
    from firmware.fotboll.cpu import make_cpu
    from firmware.fotboll.session import FotbollSession, Seats

    settings = start.settings
    cpus, names = _red_blue_seats(start)
    console: dict[str, Any] = {"cpus": cpus, "names": names, "difficulty": settings.difficulty,
                               "cpu_secret": start.cpu_secret}
    seats = Seats(keyed_cpus({seat: make_cpu(level) for seat, level in cpus.items()}, console),
                  names)
    config = MatchConfig(settings.jokers, settings.tiebreak)
    session = FotbollSession(config, start.seed, seats, start.now, timing=start.timing)
    journal = None
    if not start.demo:
        from engine.fotboll.match import seeded_deal
        from engine.fotboll.script import MatchScript

        journal = (_header(MatchScript(config, start.seed, seeded_deal(config, start.seed))),
                   console)
    return Started(session, ("red", "blue"), cpus, journal)


def _fotboll_resume(resume: Resume) -> Started:
    from firmware.fotboll.cpu import make_cpu
    from firmware.fotboll.session import FotbollSession, Seats

    script, console = _script(resume), dict(resume.console)
    cpus = {str(seat): str(level) for seat, level in dict(console.get("cpus", {})).items()}
    seats = Seats(keyed_cpus({seat: make_cpu(level) for seat, level in cpus.items()}, console),
                  dict(console.get("names", {})))
    session = FotbollSession.rebuild(script.config, script.seed, resume.decisions, seats,
                                     resume.now, timing=resume.timing)
    return Started(session, ("red", "blue"), cpus, (dict(resume.script), dict(console)))


def _fotboll_cpu_screen(session: Session, seat: str) -> Any:
    """The score; the kick-off and the result as the same sheets over the menu as the
    person's pad shows (naming the teams), so leaving or reaching the menu rewrites half of
    each screen, not the CPU pad's whole."""
    from firmware.chifootmi.screens import CpuPadScreen, other
    from firmware.fotboll.screens import KickoffScreen, ResultScreen

    view = session.match.view(seat)
    step = getattr(session, "step", None)
    if step == "kickoff":
        return KickoffScreen(False, "team." + view.first)
    if step == "over":
        return ResultScreen(view, "team." + other(seat), True)
    return CpuPadScreen(view.score["red"], view.score["blue"])


FOTBOLL = GameEntry(
    name="fotboll", title="Fotboll", rows=_fotboll_rows, start=_fotboll_start,
    cpu_screen=_fotboll_cpu_screen,
    lit=lambda session, seat: seat in session.match.to_act(), resume=_fotboll_resume)


GAMES: dict[str, GameEntry] = {entry.name: entry for entry in (CHIFOOTMI, FOTBOLL, CHIFOUMI)}
"""Every game of the console, in menu order."""


def entry_for(name: str) -> GameEntry:
    """The entry of game ``name``; the first game when the name is unknown (old settings)."""
    return GAMES.get(name) or next(iter(GAMES.values()))
