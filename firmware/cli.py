"""The ``pitchpad`` command: one sub-command per module, each adding its own parser."""
from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import doctor, journal, match_cmd, replay, run_cmd, sim_cmd
from .club import league

# Each module exposes add_parser(commands); its parser sets ``run`` to a function that
# takes the parsed arguments and returns the exit status.
COMMANDS = [sim_cmd, run_cmd, replay, match_cmd, journal, doctor, league]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
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
