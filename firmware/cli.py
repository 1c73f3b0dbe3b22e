"""The ``pitchpad`` command: one sub-command per module, each adding its own parser."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from .commands import doctor, journal_to_script, league, match, replay, run, sim, wiring

# Each module exposes add_parser(commands); its parser sets ``run`` to a function that
# takes the parsed arguments and returns the exit status.
COMMANDS = [sim, run, replay, match, journal_to_script, doctor, wiring, league]


class OneLineParser(argparse.ArgumentParser):
    """argparse's parser, but a wrong option is one line (what is wrong, where the help is),
    not the usage block and then the error."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = OneLineParser(
        prog="pitchpad", description="PitchPad, the secret-move football console.")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND", required=True)
    for module in COMMANDS:
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
