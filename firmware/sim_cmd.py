"""``pitchpad sim``: the console on the simulator.

On a terminal it opens the terminal backend (``--window`` for the pygame one) and runs the
real console. When stdin or stdout is not a terminal (CI, a pipe) it plays a CPU-vs-CPU
match headlessly in simulated time, prints a readable summary ending with the final score,
saves every screen as PNG with ``--frames DIR``, and exits 0.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

from firmware.app import App
from firmware.chifootmi.entry import LEVELS
from firmware.game import GameEntry
from firmware.settings import Settings, save
from hal.clock import ManualClock

DEFAULT_STATE = Path.home() / ".local" / "state" / "pitchpad"


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "sim", help="the console on the simulator (CPU vs CPU summary when not on a terminal)")
    parser.add_argument("--window", action="store_true", help="a pygame window instead of the terminal")
    parser.add_argument("--pads", type=int, choices=(1, 2, 3, 4), default=2,
                        help="pads and screens attached (default 2; 3 or 4 for Chifoumi)")
    parser.add_argument("--frames", metavar="DIR", help="save every screen as PNG in DIR (headless)")
    parser.add_argument("--seed", type=int, help="match seed (headless; default: random)")
    parser.add_argument("--level", choices=LEVELS, default="beginner", help="level (headless)")
    parser.add_argument("--language", choices=("fr", "en"), default="fr", help="language (headless)")
    parser.add_argument("--state-dir", default=str(DEFAULT_STATE),
                        help=f"where the settings are kept (default {DEFAULT_STATE})")
    parser.add_argument("--club", metavar="FILE",
                        help="club play: publish results to the league as club.toml says")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """The simulator; anything that stops it before it starts is one line and exit 2."""
    from hal.errors import PitchPadHardwareError

    try:
        _check_usable(args)
        return _run(args)
    except (PitchPadHardwareError, OSError) as exc:
        print(f"pitchpad sim: {exc}", file=sys.stderr)
        return 2


def _check_usable(args: argparse.Namespace) -> None:
    """Refuse at once what would fail after a whole match (or hang): ``--frames`` to a folder
    that cannot be made or written, ``--window`` with no display to open it on."""
    import os

    if args.frames:
        folder = Path(args.frames)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryFile(dir=folder):
                pass
        except OSError as exc:
            raise OSError(f"--frames {args.frames}: cannot save screens there "
                          f"({exc.strerror or exc})") from None
    if args.window and sys.platform.startswith("linux") and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
            or os.environ.get("SDL_VIDEODRIVER")):
        raise OSError("--window needs a display (DISPLAY is not set); without --window, "
                      "pitchpad sim runs in the terminal")


def _run(args: argparse.Namespace) -> int:
    import sim

    if args.window or (sys.stdin.isatty() and sys.stdout.isatty()):
        from firmware.club.unit import open_link

        club = open_link(args.club, args.state_dir)
        try:
            with sim.open_console(args.pads, backend="window" if args.window else "terminal") as console:
                App(console, state_dir=args.state_dir, club=club).run()
        finally:
            if club is not None:
                club.stop()
        return 0
    return run_headless(args)


def run_headless(args: argparse.Namespace) -> int:
    import sim

    clock = ManualClock()
    with tempfile.TemporaryDirectory() as state_dir, sim.open_console(2, clock=clock) as console:
        save(state_dir, Settings.flat(level=args.level, language=args.language))
        app = App(console, state_dir=state_dir, demo=True, seed=args.seed)
        app.run_simulated(clock)
        session = app.session
        assert session is not None and session.match.is_over
        print(f"Chifootmi, {args.level}, seed {session.seed}: red CPU vs blue CPU")
        for event in session.history:
            print(describe(app.game, event))
        match = session.match
        shootout = match.shootout_score
        extra = f" (shoot-out {shootout[0]}-{shootout[1]})" if shootout else ""
        print(f"Score: red {match.score[0]} - {match.score[1]} blue{extra}; winner: {match.winner}")
        if args.frames:
            paths = console.save_frames(args.frames)
            print(f"{len(paths)} screens saved in {args.frames}")
    return 0


def describe(game: GameEntry, event: Any) -> str:
    """One line of commentary for an engine event: the game's words, else its fields."""
    told = game.describe(event)
    if told is not None:
        return told
    line = event.to_json()
    name = line.pop("event")
    fields = ", ".join(f"{k}={v}" for k, v in line.items())
    return f"{name.replace('_', ' ').capitalize()}: {fields}"
