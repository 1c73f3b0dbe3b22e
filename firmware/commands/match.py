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

Every registered game with named bots is played (its spec's ``cpu.named``): its seats are the
command's seat flags (``--red``/``--blue``, ``--white``/``--black``/...), its options the flags its
spec's options declare (:mod:`firmware.games.options`), and match i starts as the game's match
script with those options and match i's deal seed would.
"""
from __future__ import annotations

import argparse
import json
import math
import secrets
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from engine.bots.seeds import match_seeds
from engine.protocol import Bot, JSONObject, play_out
from engine.scripting import ScriptError
from firmware.commands.answer_lines import MAX_LINE, AnswerReader, NoAnswer
from firmware.games.options import add_flags, options_of
from firmware.games.registry import GAMES, game_named
from firmware.games.spec import GameSpec
from firmware.storage.json_input import read_json

PROG = "pitchpad match"
SEAT_TIME = 10.0
"""Seconds a stdio seat has for each decision (``--seat-time``, stdio-seat.md)."""
MAX_MS = 600_000
"""The largest ``ms`` decision budget a bot takes (ten minutes)."""
AnyBot = Bot[Any, Any]


def playable() -> tuple[GameSpec, ...]:
    """The registered games with CPU players to seat, in menu order."""
    return tuple(spec for spec in GAMES.values() if spec.cpu.named)


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

    def __init__(self, out: TextIO, stdin: TextIO, spec: GameSpec,
                 seat_time: float | None = SEAT_TIME) -> None:
        self.spec = spec
        self.out = out
        self.answers = AnswerReader(stdin)
        self.seat_time = seat_time
        self.match_index = 0

    def ask(self, seat: str, question: JSONObject) -> tuple[Any, str]:
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
            return self.spec.rules.choice_from_json(read_json(raw)), answer
        except (ValueError, TypeError, KeyError) as exc:
            raise Forfeit(seat, f"not a choice: {answer.strip()[:80]!r} ({exc})") from None

    def choose(self, view: Any, legal: Sequence[Any], rng: Any) -> Any:
        ask = self.spec.stdio_question
        question: JSONObject = {"match": self.match_index, "seat": view.seat}
        question.update(ask(view, legal) if ask is not None else
                        {"view": view.to_json(), "legal": [choice.to_json() for choice in legal]})
        choice, answer = self.ask(view.seat, question)
        if choice not in legal:
            raise Forfeit(view.seat, f"{answer.strip()[:80]} is not one of the legal choices")
        return choice


def parse_seat(text: str, spec: GameSpec) -> tuple[str, dict[str, Any]]:
    """``stdio`` or ``bot:NAME[:key=value...]`` -> (name or "stdio", options)."""
    bots = spec.cpu.named
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


def build_player(name: str, options: dict[str, Any], out: TextIO, stdin: TextIO, spec: GameSpec,
                 seat_time: float | None = SEAT_TIME) -> AnyBot:
    """The seat's player: the stdio seat, or the game's bot ``name`` with its options (``ms``:
    a decision budget, for the bots that have one)."""
    if name == "stdio":
        return StdioSeat(out, stdin, spec, seat_time)
    options = dict(options)
    ms = options.pop("ms", None)
    try:
        bot = spec.cpu.named[name](**options)
    except TypeError as exc:
        raise ValueError(f"bad options for the {name} bot: {exc}") from None
    if ms is not None:
        if spec.cpu.budget is None:
            raise ValueError(f"bot option ms: the {name} bot of {spec.name} has no decision budget")
        try:
            bot = spec.cpu.budget(bot, float(ms))
        except (ValueError, OverflowError, AttributeError) as exc:
            raise ValueError(f"bot option ms: {exc}") from None
    return bot


def _line(out: TextIO, obj: Any) -> None:
    out.write(json.dumps(obj, separators=(", ", ": ")) + "\n")
    out.flush()


def run_matches(spec: GameSpec, config: Any, secret: int, players: Mapping[str, AnyBot], matches: int,
                swap: bool, out: TextIO, err: TextIO) -> dict[str, int]:
    """Play the round from the master ``secret``; ``players`` is keyed by the match's seats
    (the command's seat options); with ``swap`` the players move one seat on every match
    (with two, they change colours every other match). Returns wins keyed like ``players``."""
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
        match = spec.rules.new_match(config, seeds.deal)
        result: dict[str, Any]
        try:
            play_out(match, seating, {seat: seeds.bot_rng(seat) for seat in order})
            result = dict(spec.summary(match))
        except Forfeit as exc:
            loser = exc.seat
            print(f"{PROG}: match {index}: {loser} forfeits: {exc}", file=err, flush=True)
            result = dict(spec.summary(match))
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


def seat_names() -> tuple[str, ...]:
    """Every seat flag of the command (``--red``, ``--blue``, ``--white`` …)."""
    return tuple(dict.fromkeys(seat for spec in playable() for seat in spec.rules.seats))


def add_parser(commands: Any) -> None:
    games = playable()
    parser = commands.add_parser(
        "match", help="play our CPU bots against each other or an outside program (stdio)",
        description="Play matches between bots and at most one stdio seat "
                    "(docs/formats/stdio-seat.md).")
    parser.add_argument("--game", default=games[0].name, choices=[spec.name for spec in games])
    add_flags(parser, [spec.options for spec in games])
    parser.add_argument("--seed", type=int, default=None,
                        help="the run's master secret (default: drawn from the OS, printed on "
                             "stderr at the end); the same secret replays the same run")
    for seat in seat_names():
        parser.add_argument(f"--{seat}", help=f"the {seat} seat: bot:NAME[:ms=40] or stdio")
    parser.add_argument("--matches", type=int, default=1, help="matches to play")
    parser.add_argument("--swap", action="store_true", help="the seats change colours every other match")
    parser.add_argument("--seat-time", type=_seat_time, default=SEAT_TIME, metavar="SECONDS",
                        help=f"time limit per decision of the stdio seat (default {SEAT_TIME:g}); "
                             f"a stdio seat that has not answered in time, or writes a line over "
                             f"{MAX_LINE // 1024} KiB, forfeits that match and play goes on")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    spec = game_named(args.game)
    try:
        options = options_of(spec.options, args, [each.options for each in playable()])
        try:
            script = spec.rules.parse_script({"game": spec.name, **options.setup()})
        except ScriptError as exc:
            raise ValueError(exc.reason) from None
        config, seats = script.config, script.start().seats
        missing = [f"--{seat}" for seat in seats if getattr(args, seat) is None]
        if missing:
            raise ValueError(f"{spec.name} needs {' and '.join(missing)} (bot:NAME or stdio)")
        extra = [f"--{seat}" for seat in seat_names() if seat not in seats and getattr(args, seat)]
        if extra:
            raise ValueError(f"{spec.name} has no seat {extra[0]} (its seats: {', '.join(seats)})")
        chosen = {seat: parse_seat(getattr(args, seat), spec) for seat in seats}
        if sum(name == "stdio" for name, _ in chosen.values()) > 1:
            raise ValueError("at most one seat is stdio")
        if args.matches < 1:
            raise ValueError("--matches must be 1 or more")
        players = {seat: build_player(name, options, sys.stdout, sys.stdin, spec, args.seat_time)
                   for seat, (name, options) in chosen.items()}
    except ValueError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    secret = args.seed if args.seed is not None else secrets.randbits(63)
    run_matches(spec, config, secret, players, args.matches, args.swap, sys.stdout, sys.stderr)
    if args.seed is None:
        print(f"{PROG}: the run's secret was {secret} (--seed {secret} replays this run)",
              file=sys.stderr, flush=True)
    return 0
