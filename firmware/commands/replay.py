"""``pitchpad replay FILE``: play a match script and print its events as JSON lines.

The contract is ``docs/formats/match-script.md``: one line per event, then the summary
(or, with ``--view SEAT``, that seat's view); errors are one line on stderr naming the
0-based turn, exit status 2, and nothing printed for turns after the bad one.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from engine.errors import EngineError
from engine.scripting import ScriptError
from firmware.games.registry import GAMES, UnknownGame, game_named
from firmware.storage.json_input import read_json



def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "replay", help="play a match script and print its events as JSON lines",
        description="Play a match script (docs/formats/match-script.md) through the engine; "
                    "the games: " + ", ".join(GAMES) + ".")
    parser.add_argument("file", help="the match script, or - for standard input")
    parser.add_argument("--view", metavar="SEAT",
                        help="print SEAT's view (e.g. red or blue) instead of the summary")
    parser.set_defaults(run=run)


def _line(out: TextIO, obj: Any) -> None:
    out.write(json.dumps(obj, separators=(", ", ": ")) + "\n")


def replay(text: str, view: str | None, out: TextIO) -> None:
    """Play the script ``text``, writing lines to ``out``; raises ScriptError."""
    try:
        doc = read_json(text)
    except json.JSONDecodeError as exc:
        raise ScriptError(f"not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None
    except ValueError as exc:                       # too deep, an integer past 4300 digits
        raise ScriptError(f"not a usable JSON document ({exc})") from None
    if not isinstance(doc, dict):
        raise ScriptError("a match script is a JSON object")
    try:
        game = game_named(doc.get("game")).rules
    except UnknownGame:
        known = ", ".join(f'"{name}"' for name in GAMES)
        raise ScriptError(f"game must be one of {known}, not {doc.get('game')!r}") from None
    if view is not None and view not in game.seats:
        raise ScriptError(f"--view: no seat {view!r} in this game ({', '.join(game.seats)})")
    script = game.parse_script(doc)
    match = script.start()
    if view is not None and view not in match.seats:
        raise ScriptError(f"--view: no seat {view!r} in this match ({', '.join(match.seats)})")
    for event in match.opening_events():
        _line(out, event.to_json())
    for index, turn in enumerate(script.turns):
        if match.is_over:
            raise ScriptError("the match is already over", index)
        joint = game.parse_turn(turn, index)
        try:
            events = match.apply(joint)
        except EngineError as exc:
            raise ScriptError(str(exc), index) from None
        for event in events:
            _line(out, event.to_json())
    _line(out, match.view(view).to_json() if view else game.summary(match))


def run(args: argparse.Namespace) -> int:
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as script_file:
                text = script_file.read()
    except OSError as exc:
        print(f"pitchpad replay: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"pitchpad replay: {args.file} is not UTF-8 text", file=sys.stderr)
        return 2
    try:
        replay(text, args.view, sys.stdout)
    except (TypeError, KeyError, AttributeError, RecursionError, OverflowError) as exc:
        # A value of a type the game's reader did not expect: still one line, never a traceback
        # (tests/fuzz finds these; each one found is fixed in the reader itself too).
        sys.stdout.flush()
        print(f"pitchpad replay: document: a value of the wrong type ({type(exc).__name__}: "
              f"{str(exc)[:100]})", file=sys.stderr)
        return 2
    except ScriptError as exc:
        sys.stdout.flush()
        print(f"pitchpad replay: {exc}", file=sys.stderr)
        return 2
    return 0
