"""``pitchpad match``: our CPU bots against each other or against an outside program on a
stdio seat, as ``shared/formats/stdio-seat.md`` says.

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
``to_act`` empty, ``winner`` the other seat and ``"forfeit"`` the seat that forfeited; the
reason goes to stderr, and the next match is played.
"""
from __future__ import annotations

import argparse
import json
import math
import secrets
import sys
from typing import Any, TextIO

from engine.bots import BOTS, Bot, make_bot, match_seeds, play
from engine.chifootmi import Level, MatchConfig, Options
from engine.chifootmi.script import OPTION_NAMES
from engine.protocol import Game
from engine.registry import game_named
from firmware.answer_lines import MAX_LINE, AnswerReader, NoAnswer
from firmware.json_input import read_json

GAME_NAMES = ("chifootmi", "simulator-soccer")
"""The registered games with CPU players: Chifootmi's in ``engine.bots``, Simulator Soccer's
in ``engine.simulator_soccer.bots``."""
SOCCER = "simulator-soccer"

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
        choice, answer = self.ask(view.seat, {
            "match": self.match_index, "seat": view.seat, "view": view.to_json(),
            "legal": [choice.to_json() for choice in legal]})
        if choice not in legal:
            raise Forfeit(view.seat, f"{answer.strip()[:80]} is not one of the legal choices")
        return choice


class SoccerStdioSeat(StdioSeat):
    """A stdio seat of Simulator Soccer: ``legal`` lists every choice but move and placement
    lists, whose first entries it lists with ``"moves"`` (player -> cells); any list the
    rules accept is taken (docs/simulator-soccer.md, "A stdio seat")."""

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        from engine.simulator_soccer import legal_choices, menu

        match = view.public
        line: dict[str, Any] = {"match": self.match_index, "seat": view.seat,
                                "view": view.to_json(),
                                "legal": [c.to_json() for c in legal_choices(match, view.seat)]}
        walk = menu(match, view.seat)
        if walk is not None:
            line["moves"] = {str(num): [list(c) for c in cells]
                             for num, cells in walk.options().items()}
        choice, answer = self.ask(view.seat, line)
        if len(match.to_act()) > 1:
            ok = choice in legal_choices(match, view.seat)
        else:
            ok = match.is_legal(view.seat, choice)
        if not ok:
            raise Forfeit(view.seat, f"{answer.strip()[:80]} is not a legal choice")
        return choice


class SoccerCpu:
    """A Simulator Soccer bot as a seat of this command."""

    def __init__(self, name: str) -> None:
        from engine.simulator_soccer.bots import SoccerBot

        self.bot = SoccerBot(name)

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        return self.bot.choose(view, rng)


def play_soccer(match: Any, players: Any, rngs: Any) -> Any:
    """Play a Simulator Soccer match to its end, each seat choosing from its own view (its
    legal choices are walked by the seat itself: lists are too many to list)."""
    while True:
        seats = match.to_act()
        if not seats:
            return match
        match.apply({seat: players[seat].choose(match.view(seat), None, rngs[seat])
                     for seat in seats})


def parse_seat(text: str, bots: Any = None) -> tuple[str, dict[str, Any]]:
    """``stdio`` or ``bot:NAME[:key=value...]`` -> (name or "stdio", options)."""
    bots = BOTS if bots is None else bots
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
    if game is not None and game.name == SOCCER:
        if name == "stdio":
            return SoccerStdioSeat(out, stdin, game, seat_time)
        if options:
            raise ValueError("Simulator Soccer bots take no options")
        return SoccerCpu(name)
    if name == "stdio":
        return StdioSeat(out, stdin, game, seat_time)
    options = dict(options)
    ms = options.pop("ms", None)
    bot: Bot = make_bot(name, **options)
    if ms is not None:
        try:
            bot = bot.with_time_budget(float(ms))
        except (ValueError, OverflowError) as exc:
            raise ValueError(f"bot option ms: {exc}") from None
    return bot


def _line(out: TextIO, obj: Any) -> None:
    out.write(json.dumps(obj, separators=(", ", ": ")) + "\n")
    out.flush()


def run_matches(config: Any, secret: int, players: dict[str, Any], matches: int,
                swap: bool, out: TextIO, err: TextIO, game_name: str = "chifootmi") -> dict[str, int]:
    """Play the round from the master ``secret``; ``players`` is keyed by the command's seat
    options (``--red``, ``--blue``); with ``swap`` they change colours every other match.
    Returns wins keyed the same way."""
    game = game_named(game_name)
    seats = game.seats
    wins = {"red": 0, "blue": 0}
    for index in range(matches):
        seeds = match_seeds(secret, index)
        swapped = swap and index % 2 == 1
        seating = {"red": players["blue"], "blue": players["red"]} if swapped else players
        for player in seating.values():
            if isinstance(player, StdioSeat):
                player.match_index = index
        match = game.new_match(config, seeds.deal)
        result: dict[str, Any]
        try:
            (play_soccer if game_name == SOCCER else play)(
                match, seating, {seat: seeds.bot_rng(seat) for seat in seats})
            result = game.summary(match)
        except Forfeit as exc:
            loser = exc.seat
            print(f"{PROG}: match {index}: {loser} forfeits: {exc}", file=err, flush=True)
            result = game.summary(match)
            result.update(over=True, winner=seats[1 - seats.index(loser)], to_act=[],
                          forfeit=loser)
        winner = result["winner"]
        if winner is not None:  # a Simulator Soccer draw stands (S-END-1): nobody's win
            owner = seats[1 - seats.index(winner)] if swapped else winner
            wins[owner] += 1
        _line(out, {"match": index, "result": result, "seed": seeds.deal})
    _line(out, {"done": True, "wins": wins})
    return wins


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "match", help="play our CPU bots against each other or an outside program (stdio)",
        description="Play matches between bots and at most one stdio seat "
                    "(shared/formats/stdio-seat.md).")
    parser.add_argument("--game", default="chifootmi", choices=list(GAME_NAMES))
    parser.add_argument("--level", default="beginner", choices=[lvl.value for lvl in Level])
    parser.add_argument("--option", action="append", default=[],
                        choices=list(OPTION_NAMES) + list(_soccer_options()),
                        help="a rule option (Simulator Soccer: tiebreak or a Pro rule)")
    parser.add_argument("--half-steps", type=int, default=33,
                        help="Simulator Soccer: clock steps a half (1-33, S-TIME-1)")
    parser.add_argument("--seed", type=int, default=None,
                        help="the run's master secret (default: drawn from the OS, printed on "
                             "stderr at the end); the same secret replays the same run")
    parser.add_argument("--red", required=True, help="bot:NAME[:ms=40] or stdio")
    parser.add_argument("--blue", required=True, help="bot:NAME[:ms=40] or stdio")
    parser.add_argument("--matches", type=int, default=1, help="matches to play")
    parser.add_argument("--swap", action="store_true", help="the seats change colours every other match")
    parser.add_argument("--seat-time", type=_seat_time, default=SEAT_TIME, metavar="SECONDS",
                        help=f"time limit per decision of the stdio seat (default {SEAT_TIME:g}); "
                             f"a stdio seat that has not answered in time, or writes a line over "
                             f"{MAX_LINE // 1024} KiB, forfeits that match and play goes on")
    parser.set_defaults(run=run)


def _soccer_options() -> tuple[str, ...]:
    from engine.simulator_soccer import PRO_OPTIONS

    return ("tiebreak", *(p for p in PRO_OPTIONS if p not in OPTION_NAMES))


def _config(args: argparse.Namespace) -> Any:
    if args.game == SOCCER:
        from engine.simulator_soccer import PRO_OPTIONS
        from engine.simulator_soccer import MatchConfig as SoccerConfig
        from engine.simulator_soccer import Options as SoccerOptions

        unknown = [o for o in args.option if o != "tiebreak" and o not in PRO_OPTIONS]
        if unknown:
            raise ValueError(f"no Simulator Soccer option {unknown[0]!r}")
        return SoccerConfig(SoccerOptions(args.half_steps, "tiebreak" in args.option,
                                          frozenset(o for o in args.option if o in PRO_OPTIONS)))
    bad = [o for o in args.option if o not in OPTION_NAMES]
    if bad:
        raise ValueError(f"no Chifootmi option {bad[0]!r}")
    return MatchConfig(Level(args.level), Options(**{o: True for o in args.option}))


def run(args: argparse.Namespace) -> int:
    try:
        if args.game == SOCCER:
            from engine.simulator_soccer.bots import POLICIES

            bots: Any = POLICIES
        else:
            bots = BOTS
        specs = {seat: parse_seat(getattr(args, seat), bots) for seat in game_named(args.game).seats}
        if all(name == "stdio" for name, _ in specs.values()):
            raise ValueError("at most one seat is stdio")
        if args.matches < 1:
            raise ValueError("--matches must be 1 or more")
        players = {seat: build_player(name, options, sys.stdout, sys.stdin, game_named(args.game),
                                      args.seat_time)
                   for seat, (name, options) in specs.items()}
        config = _config(args)
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
