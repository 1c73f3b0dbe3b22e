"""``pitchpad run --config FILE``: the console on real hardware (what the service starts)."""
from __future__ import annotations

import argparse
import sys
from typing import Any

DEFAULT_STATE = "/var/lib/pitchpad"


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("run", help="run the console on the hardware a config describes")
    parser.add_argument("--config", required=True, metavar="FILE", help="the hardware TOML file")
    parser.add_argument("--state-dir", default=DEFAULT_STATE,
                        help=f"where the settings are kept (default {DEFAULT_STATE})")
    parser.add_argument("--club", metavar="FILE",
                        help="club play settings (default: club.toml beside the hardware config, "
                             "if there is one)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import logging

    from firmware.app import App
    from firmware.watchdog import Watchdog
    from hal import ConfigError, PitchPadHardwareError, load_config, open_console

    # Under systemd, stderr goes to the journal, which stamps the time itself.
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        print(f"pitchpad run: {exc}", file=sys.stderr)
        return 2
    from firmware.club.unit import open_link

    club = open_link(args.club, args.state_dir, hardware_config=args.config)
    try:
        try:
            console = open_console(config)
        except PitchPadHardwareError as exc:         # a missing chip or bus, a busy line
            print(f"pitchpad run: {exc}", file=sys.stderr)
            return 3
        with console:
            App(console, state_dir=args.state_dir, watchdog=Watchdog.from_environment(),
                club=club).run()
    finally:
        if club is not None:
            club.stop()
    return 0
