"""The ``pitchpad`` command: one sub-command per module, each adding its own parser.

Only the module of the command given is imported: ``pitchpad run`` (what a unit's service
starts, on a Pi Zero 2 W that runs Python 7 to 8 times slower than a PC) starts without the
league server's asyncio and SQLite, the simulators and doctor's checks (``docs/performance.md``,
start-up); ``pitchpad --help`` and a command nobody has import them all, to list them. The
modules are named under ``TYPE_CHECKING`` too, so the layer and cycle checks
(``tests/test_layers.py``) and mypy see each of them.
"""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from .commands import doctor, journal_to_script, league, match, replay, run, sim, wiring  # noqa: F401

COMMANDS = {"sim": "firmware.commands.sim", "run": "firmware.commands.run",
            "replay": "firmware.commands.replay", "match": "firmware.commands.match",
            "journal-to-script": "firmware.commands.journal_to_script",
            "doctor": "firmware.commands.doctor", "wiring": "firmware.commands.wiring",
            "league": "firmware.commands.league"}
"""Each command's module, in the order ``--help`` lists them. A module exposes
``add_parser(commands)``; its parser sets ``run`` to a function that takes the parsed
arguments and returns the exit status."""


def command_modules(argv: Sequence[str]) -> list[ModuleType]:
    """The module of the command ``argv`` starts with; every command's when it names none."""
    names = [argv[0]] if argv and argv[0] in COMMANDS else list(COMMANDS)
    return [import_module(COMMANDS[name]) for name in names]


class OneLineParser(argparse.ArgumentParser):
    """argparse's parser, but a wrong option is one line (what is wrong, where the help is),
    not the usage block and then the error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = OneLineParser(
        prog="pitchpad", description="PitchPad, the secret-move football console.")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    argv = sys.argv[1:] if argv is None else list(argv)
    for module in command_modules(argv):
        module.add_parser(commands)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 1


if __name__ == "__main__":
    sys.exit(main())
