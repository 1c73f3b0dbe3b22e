"""``pitchpad match``: our CPU bots against each other or against an outside program on a
stdio seat, as ``docs/formats/stdio-seat.md`` says.

A seat is ``bot:NAME[:key=value...]`` (``bot:strong:ms=40``) or ``stdio``. ``ms`` is turned
into the bot's iteration budget with the calibration of ``docs/bots.md`` (the engine has no
clock), so a round replays exactly and gives the benchmark's results.

Secrecy of chance: ``--seed`` is the run's master secret (drawn from the OS when absent and
printed on stderr once the run is over, so it can be replayed); match i's deal seed and each
bot's generator are separate keyed hashes of it (``engine.bots.seeds``), and a match's deal
seed is printed only in its result line, once it is over.

A stdio seat that answers anything but one of the legal objects, closes its input, does not
answer within ``--seat-time`` seconds (default 10) or writes a line over 64 KiB, loses that
match by forfeit: the result line is the summary at that moment with ``over`` true,
``to_act`` empty, ``winner`` the other seat (None when more than two play: nobody's win is
counted) and ``"forfeit"`` the seat that forfeited; the reason goes to stderr, and the next
match is played.

Every registered game with CPU players is played (:data:`CPUS`, one line a game): its seats
are the command's ``--red``/``--blue`` (Chifootmi, Fotboll, Simulator Soccer) or
``--white``/``--black``/``--red``/``--orange`` (Chifoumi, ``--players`` 2 to 4). The set-up
the options ask for is a match-script document, checked by the game's own ``parse_script``,
and match i starts as that script with match i's deal seed would.
"""
from __future__ import annotations

import argparse
import json
import math
import secrets
import sys
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from engine import bots as chifootmi_bots
from engine.bots import fotboll as fotboll_bots
from engine.bots import match_seeds, play
from engine.chifootmi import Level
from engine.chifootmi.script import OPTION_NAMES
from engine.chifoumi import SEATS_BY_PLAYERS
from engine.chifoumi import bots as chifoumi_bots
from engine.fotboll import script as fotboll_script
from engine.chifoumi import script as chifoumi_script
from engine.protocol import Game
from engine.registry import GAMES, game_named
from engine.scripting import ScriptError
from engine.simulator_soccer import PRO_OPTIONS, SoccerChoices
from engine.simulator_soccer.bots import POLICIES, SoccerBot
from firmware.commands.answer_lines import MAX_LINE, AnswerReader, NoAnswer
from firmware.storage.json_input import read_json

SOCCER = "simulator-soccer"
CPUS: dict[str, tuple[Mapping[str, Any], Callable[..., Any]]] = {
    "chifootmi": (chifootmi_bots.BOTS, chifootmi_bots.make_bot),
    "fotboll": (fotboll_bots.BOTS, fotboll_bots.make_bot),
    "chifoumi": (chifoumi_bots.BOTS, chifoumi_bots.make_bot),
    SOCCER: (POLICIES, SoccerBot),
}
"""Each game's CPU players for this command: its bots by name, and how to make one
(``make(name, **options)``)."""
GAME_NAMES = tuple(name for name in GAMES if name in CPUS)
"""The registered games with CPU players, in the registry's order."""
SEAT_NAMES = tuple(dict.fromkeys(seat for name in GAME_NAMES for seat in GAMES[name].seats))
"""Every seat option of the command (``--red``, ``--blue``, ``--white`` …)."""

PROG = "pitchpad match"
SEAT_TIME = 10.0
"""Seconds a stdio seat has for each decision (``--seat-time``, stdio-seat.md)."""
MAX_MS = 600_000
"""The largest ``ms`` decision budget a bot takes (ten minutes)."""


def _seat_time(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"seconds more than 0 and at most 3600, not {text!r}")
    return value


class Forfeit(Exception):
    """The stdio seat did not answer with a legal choice."""

    def __init__(self, seat: str, reason: str) -> None:
        super().__init__(reason)
        self.seat = seat


class StdioSeat:
    """A player on the other end of stdin/stdout, one JSON line each way per decision."""

    def __init__(self, out: TextIO, stdin: TextIO, game: Game | None = None,
                 seat_time: float | None = SEAT_TIME) -> None:
        self.game = game or game_named("chifootmi")
        self.out = out
        self.answers = AnswerReader(stdin)
        self.seat_time = seat_time
        self.match_index = 0

    def ask(self, seat: str, question: dict[str, Any]) -> tuple[Any, str]:
        """Write ``question``; the answer as a choice and as text, within the time limit and
        the line cap (``Forfeit`` otherwise). Late answers to an earlier question are dropped."""
        self.answers.drop_late()
        _line(self.out, question)
        try:
            raw = self.answers.readline(self.seat_time)
        except NoAnswer as exc:
            raise Forfeit(seat, str(exc)) from None
        answer = raw.decode("utf-8", "replace")
        try:
            return self.game.choice_from_json(read_json(raw)), answer
        except (ValueError, TypeError, KeyError) as exc:
            raise Forfeit(seat, f"not a choice: {answer.strip()[:80]!r} ({exc})") from None

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        choice, answer = self.ask(view.seat, self.question(view, legal))
        if choice not in legal:
            raise Forfeit(view.seat, f"{answer.strip()[:80]} is not one of the legal choices")
        return choice

    def question(self, view: Any, legal: Any) -> dict[str, Any]:
        """The line written for a decision: the view and the legal choices."""
        return {"match": self.match_index, "seat": view.seat, "view": view.to_json(),
                "legal": [choice.to_json() for choice in legal]}


class SoccerStdioSeat(StdioSeat):
    """A stdio seat of Simulator Soccer: a list decision's line adds ``"moves"`` (who may be
    the list's first entry, and where), and any list the rules accept is taken: ``legal``
    lists the empty and the one-entry lists, its ``in`` asks the rules
    (``docs/formats/stdio-seat.md``, "Simulator Soccer")."""

    def question(self, view: Any, legal: Any) -> dict[str, Any]:
        line = super().question(view, legal)
        walk = legal.menu if isinstance(legal, SoccerChoices) else None
        if walk is not None:
            line["moves"] = {str(num): [list(c) for c in cells]
                             for num, cells in walk.options().items()}
        return line


def parse_seat(text: str, bots: Any = None) -> tuple[str, dict[str, Any]]:
    """``stdio`` or ``bot:NAME[:key=value...]`` -> (name or "stdio", options)."""
    bots = chifootmi_bots.BOTS if bots is None else bots
    if text == "stdio":
        return "stdio", {}
    kind, _, rest = text.partition(":")
    parts = rest.split(":")
    if kind != "bot" or not parts[0]:
        raise ValueError(f"a seat is bot:NAME or stdio, not {text!r}")
    name, options = parts[0], {}
    if name not in bots:
        raise ValueError(f"no bot called {name!r} ({', '.join(bots)})")
    for part in parts[1:]:
        key, eq, value = part.partition("=")
        if not eq or not key:
            raise ValueError(f"bot option {part!r} is not key=value")
        options[key] = _option_value(key, value)
    if "ms" in options:
        ms = options["ms"]
        if isinstance(ms, str) or not 0 < ms <= MAX_MS:
            raise ValueError(f"bot option ms: a decision budget in milliseconds, more than 0 and "
                             f"at most {MAX_MS}, not {ms!r}")
    return name, options


def _option_value(key: str, value: str) -> Any:
    """A bot option's value: an integer, a finite number, or else the word as it is."""
    try:
        return int(value)
    except ValueError:
        pass
    try:
        number = float(value)
    except ValueError:
        return value
    if not math.isfinite(number):
        raise ValueError(f"bot option {key}: {value!r} is not a finite number")
    return number


def build_player(name: str, options: dict[str, Any], out: TextIO, stdin: TextIO,
                 game: Game | None = None, seat_time: float | None = SEAT_TIME) -> Any:
    """The seat's player: the stdio seat, or the game's bot ``name`` with its options (``ms``:
    a decision budget, for the bots that have one)."""
    game = game or game_named("chifootmi")
    if name == "stdio":
        return (SoccerStdioSeat if game.name == SOCCER else StdioSeat)(out, stdin, game, seat_time)
    options = dict(options)
    ms = options.pop("ms", None)
    if game.name == SOCCER and (options or ms is not None):
        raise ValueError("Simulator Soccer bots take no options")
    try:
        bot = CPUS[game.name][1](name, **options)
    except TypeError as exc:
        raise ValueError(f"bad options for the {name} bot: {exc}") from None
    if ms is not None:
        budget = getattr(bot, "with_time_budget", None)
        if budget is None:
            raise ValueError(f"bot option ms: the {name} bot of {game.name} has no decision budget")
        try:
            bot = budget(float(ms))
        except (ValueError, OverflowError) as exc:
            raise ValueError(f"bot option ms: {exc}") from None
    return bot


def _line(out: TextIO, obj: Any) -> None:
    out.write(json.dumps(obj, separators=(", ", ": ")) + "\n")
    out.flush()


def run_matches(config: Any, secret: int, players: dict[str, Any], matches: int,
                swap: bool, out: TextIO, err: TextIO, game_name: str = "chifootmi") -> dict[str, int]:
    """Play the round from the master ``secret``; ``players`` is keyed by the match's seats
    (the command's seat options); with ``swap`` the players move one seat on every match
    (with two, they change colours every other match). Returns wins keyed like ``players``."""
    game = game_named(game_name)
    order = tuple(players)
    wins = dict.fromkeys(order, 0)
    for index in range(matches):
        seeds = match_seeds(secret, index)
        shift = index % len(order) if swap else 0
        owner = {seat: order[(k + shift) % len(order)] for k, seat in enumerate(order)}
        seating = {seat: players[owner[seat]] for seat in order}
        for player in seating.values():
            if isinstance(player, StdioSeat):
                player.match_index = index
        match = game.new_match(config, seeds.deal)
        result: dict[str, Any]
        try:
            play(match, seating, {seat: seeds.bot_rng(seat) for seat in order})
            result = game.summary(match)
        except Forfeit as exc:
            loser = exc.seat
            print(f"{PROG}: match {index}: {loser} forfeits: {exc}", file=err, flush=True)
            result = game.summary(match)
            others = [seat for seat in order if seat != loser]
            result.update(over=True, winner=others[0] if len(others) == 1 else None, to_act=[],
                          forfeit=loser)
        winner = result["winner"]
        # a draw stands (S-END-1, F-END-1, K-4P-3), and so does a share (K-3P-2): nobody's win
        for seat in (winner or "").split("+"):
            if seat in owner:
                wins[owner[seat]] += 1
        _line(out, {"match": index, "result": result, "seed": seeds.deal})
    _line(out, {"done": True, "wins": wins})
    return wins


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "match", help="play our CPU bots against each other or an outside program (stdio)",
        description="Play matches between bots and at most one stdio seat "
                    "(docs/formats/stdio-seat.md).")
    parser.add_argument("--game", default="chifootmi", choices=list(GAME_NAMES))
    parser.add_argument("--level", default="beginner", choices=[lvl.value for lvl in Level],
                        help="Chifootmi: the level")
    parser.add_argument("--option", action="append", default=[], choices=_options(),
                        help="a rule option of the game (Simulator Soccer: tiebreak or a Pro rule)")
    parser.add_argument("--half-steps", type=int, default=33,
                        help="Simulator Soccer: clock steps a half (1-33, S-TIME-1)")
    parser.add_argument("--players", type=int, default=2, choices=sorted(SEATS_BY_PLAYERS),
                        help="Chifoumi: 2, 3 or 4 players")
    parser.add_argument("--seed", type=int, default=None,
                        help="the run's master secret (default: drawn from the OS, printed on "
                             "stderr at the end); the same secret replays the same run")
    for seat in SEAT_NAMES:
        parser.add_argument(f"--{seat}", help=f"the {seat} seat: bot:NAME[:ms=40] or stdio")
    parser.add_argument("--matches", type=int, default=1, help="matches to play")
    parser.add_argument("--swap", action="store_true", help="the seats change colours every other match")
    parser.add_argument("--seat-time", type=_seat_time, default=SEAT_TIME, metavar="SECONDS",
                        help=f"time limit per decision of the stdio seat (default {SEAT_TIME:g}); "
                             f"a stdio seat that has not answered in time, or writes a line over "
                             f"{MAX_LINE // 1024} KiB, forfeits that match and play goes on")
    parser.set_defaults(run=run)


def _options() -> list[str]:
    """Every rule option of the games with CPU players (each game checks its own)."""
    names = (*OPTION_NAMES, *fotboll_script.OPTION_NAMES, *chifoumi_script.OPTION_NAMES,
             "tiebreak", *PRO_OPTIONS)
    return list(dict.fromkeys(names))


def _setup(args: argparse.Namespace) -> dict[str, Any]:
    """The match script's set-up the options ask for (all but ``game``, ``seed`` and ``turns``:
    the game's ``parse_script`` checks it and makes the game's configuration of it)."""
    if args.game == SOCCER:
        return {"options": {"half_steps": args.half_steps, "tiebreak": "tiebreak" in args.option,
                            "pro": [o for o in args.option if o != "tiebreak"]}}
    setup: dict[str, Any] = {"options": {o: True for o in args.option}}
    if args.game == "chifootmi":
        setup["level"] = args.level
    if args.game == "chifoumi":
        setup["players"] = args.players
    return setup


def run(args: argparse.Namespace) -> int:
    game = game_named(args.game)
    try:
        try:
            script = game.parse_script({"game": game.name, **_setup(args)})
        except ScriptError as exc:
            raise ValueError(exc.reason) from None
        config, seats = script.config, script.start().seats
        missing = [f"--{seat}" for seat in seats if getattr(args, seat) is None]
        if missing:
            raise ValueError(f"{game.name} needs {' and '.join(missing)} (bot:NAME or stdio)")
        extra = [f"--{seat}" for seat in SEAT_NAMES if seat not in seats and getattr(args, seat)]
        if extra:
            raise ValueError(f"{game.name} has no seat {extra[0]} (its seats: {', '.join(seats)})")
        specs = {seat: parse_seat(getattr(args, seat), CPUS[game.name][0]) for seat in seats}
        if sum(name == "stdio" for name, _ in specs.values()) > 1:
            raise ValueError("at most one seat is stdio")
        if args.matches < 1:
            raise ValueError("--matches must be 1 or more")
        players = {seat: build_player(name, options, sys.stdout, sys.stdin, game, args.seat_time)
                   for seat, (name, options) in specs.items()}
    except ValueError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    secret = args.seed if args.seed is not None else secrets.randbits(63)
    run_matches(config, secret, players, args.matches, args.swap, sys.stdout, sys.stderr,
                args.game)
    if args.seed is None:
        print(f"{PROG}: the run's secret was {secret} (--seed {secret} replays this run)",
              file=sys.stderr, flush=True)
    return 0
