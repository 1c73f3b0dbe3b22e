"""``pitchpad run --config FILE``: the console on real hardware (what the service starts)."""
from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
import sys
import threading
import time
import traceback
import warnings
from collections.abc import Iterator
from typing import Any

from firmware.club.unit import open_link
from firmware.console import safe_mode
from firmware.console.app import App
from firmware.console.context import CAFE_IDLE, Idle
from firmware.console.power_service import PowerService
from firmware.console.safe_mode import HealthyStart
from firmware.console.watchdog import Watchdog
from firmware.storage.settings import load as load_settings
from hal import ConfigError, PitchPadHardwareError, load_config, open_console
from hal.halt import LogindPowerOff

DEFAULT_STATE = "/var/lib/pitchpad"


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("run", help="run the console on the hardware a config describes")
    parser.add_argument("--config", required=True, metavar="FILE", help="the hardware TOML file")
    parser.add_argument("--state-dir", default=DEFAULT_STATE,
                        help=f"where the settings are kept (default {DEFAULT_STATE})")
    parser.add_argument("--club", metavar="FILE",
                        help="club play settings (default: club.toml beside the hardware config, "
                             "if there is one)")
    parser.add_argument("--lock-settings", action="store_true",
                        help="a cafe unit: players can choose the game and who plays, not the "
                             "language, sound, levels or clock (the menu's button code cannot "
                             "lift it)")
    parser.add_argument("--attract", choices=("auto", "on", "off"), default="auto",
                        help="a CPU-vs-CPU demo on the screens when idle (auto: on for the "
                             "tabletop profile, off for the handheld on its battery)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Start the console, or (after repeated failed starts) the safe mode that shows why;
    every failure is one line on stderr and a count in the state directory
    (``firmware.console.safe_mode``), never a traceback."""
    # Under systemd, stderr goes to the journal, which stamps the time itself.
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    failures = safe_mode.read(args.state_dir)
    if safe_mode.in_safe_mode(failures):
        return _safe_mode(args, failures)
    started = time.monotonic()
    status, error = _start(args)
    if error is not None:
        print(f"pitchpad run: {error}", file=sys.stderr)
        if time.monotonic() - started < safe_mode.HEALTHY_AFTER:
            count = safe_mode.failed(args.state_dir, error).count
            if os.environ.get("INVOCATION_ID"):       # under systemd: slow the restarts down
                time.sleep(safe_mode.backoff(count))
    return status


def _start(args: argparse.Namespace) -> tuple[int, str | None]:
    """Run the console; (exit status, the one-line reason it could not start or went down)."""
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        return 2, str(exc)
    club = open_link(args.club, args.state_dir, hardware_config=args.config)
    try:
        console, error = _open_console(config)
        if console is None:
            return 3, error
        with console:
            power = _power(console, config)
            with _stopped_by_sigterm(console, power):
                watchdog = HealthyStart(Watchdog.from_environment(), args.state_dir)
                App(console, state_dir=args.state_dir, watchdog=watchdog, club=club,
                    idle=_idle(args, config.profile),
                    lock_settings=getattr(args, "lock_settings", False), power=power).run()
    except Exception as exc:  # noqa: BLE001 - one line in the log, counted; never a bare traceback
        logging.getLogger("pitchpad.run").debug("".join(traceback.format_exc()))
        return 1, f"the console stopped: {type(exc).__name__}: {exc}"
    finally:
        if club is not None:
            club.stop()
    return 0, None


def _power(console: Any, config: Any) -> Any:
    """The console's power service: the battery mark where a gauge is, the power button and a
    power board's request where the config has them, and the menu's power-off and sleep lines
    only where the console can really power off (a ``[power]`` table: a power board or button);
    the power-off is asked of systemd-logind (``hal.halt``)."""
    can = config.power.any or config.power.poweroff_pin is not None
    return PowerService(console, LogindPowerOff(), offers_power_off=can)


@contextlib.contextmanager
def _stopped_by_sigterm(console: Any, power: Any) -> Iterator[None]:
    """systemd stops the service with SIGTERM (a shutdown from anywhere: ``poweroff``, a Pi 5's
    button, a gpio-shutdown key): the console then ends as for its own power-off (a match's
    journal closed and kept for the next start, goodbye on every screen, the panels off) without
    asking for one, instead of dying with the last frame lit on a Pi that may stay powered while
    halted. A second SIGTERM closes the console at once."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    asked: list[bool] = []

    def stop(*_: Any) -> None:
        if asked:
            console.events.close()
            return
        asked.append(True)
        power.end_for_system()
    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _idle(args: argparse.Namespace, profile: str) -> Any:
    """The idle behaviour: a demo when idle on a café table, the plain saver on a battery."""
    choice = getattr(args, "attract", "auto")
    attract = choice == "on" or (choice == "auto" and profile == "tabletop")
    return CAFE_IDLE if attract else Idle()


def _open_console(config: Any) -> tuple[Any, str]:
    """The console, or None and why in one line (a missing chip, bus, library or permission)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")         # gpiozero's PinFactoryFallback, one per try
            return open_console(config), ""
    except PitchPadHardwareError as exc:
        return None, str(exc)
    except Exception as exc:  # noqa: BLE001 - gpiozero's BadPinFactory, OSError from a bus...
        name = type(exc).__name__
        hint = ("no GPIO library works on this machine: is it a Raspberry Pi with the pi extra "
                "installed (pip install 'pitchpad[pi]')?" if name == "BadPinFactory" else
                "run pitchpad doctor to see what is missing")
        return None, f"the hardware cannot be opened ({name}: {exc}); {hint}"


def _safe_mode(args: argparse.Namespace, failures: Any) -> int:
    """Show the last error on the pads until OK or a while passes; then exit for a new try."""
    console = None
    try:
        console, _ = _open_console(load_config(args.config))
    except ConfigError:
        pass
    watchdog = Watchdog.from_environment()
    language = load_settings(args.state_dir).language
    try:
        safe_mode.run_safe_mode(console, failures, args.state_dir, watchdog, language,
                                retry_after=safe_mode.RETRY_AFTER)
    finally:
        if console is not None:
            console.close()
    safe_mode.retrying(args.state_dir)
    return 1
