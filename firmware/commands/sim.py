"""``pitchpad sim``: the console on the simulator.

On a terminal it opens the terminal backend (``--window`` for the pygame one) and runs the
real console (as a café unit: a demo when idle). When stdin or stdout is not a terminal (CI, a
pipe) it plays a CPU-vs-CPU match of ``--game`` headlessly in simulated time, prints a
readable summary (the game, its options as the menu words them in ``--language``, the seed,
each event, the final score), and exits 0. ``--frames DIR`` saves every screen shown as PNG,
after the headless match or when the terminal or window simulator ends.
With ``--club FILE`` it then sends that match's result to the league as the table FILE names
(a friendly: CPU seats), keeping it in the outbox under ``--state-dir`` until the league's
receipt comes (``--club-wait`` seconds at most), and says which. Without a terminal and without
``--club``, ``--state-dir`` has nothing to keep: a line on stderr says so.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

import sim
from firmware.club.config import ClubConfigError
from firmware.club.config import load as load_club
from firmware.club.unit import ClubLink, open_link
from firmware.console.app import CAFE_IDLE, App
from firmware.console.power_service import PowerService
from firmware.games.options import add_flags, options_of
from firmware.games.registry import GAMES, game_named
from firmware.games.spec import GameSpec
from firmware.i18n import text
from firmware.console.menu import value_text
from firmware.storage.settings import Settings, save
from hal.clock import ManualClock
from hal.config import PhonesConfig
from hal.errors import BackendUnavailable, PitchPadHardwareError
from hal.halt import NoHalt
from sim.log import logging_to

DEFAULT_STATE = Path.home() / ".local" / "state" / "pitchpad"
PHONES_PORT = 8733
log = logging.getLogger("pitchpad.sim")


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "sim", help="the console on the simulator (CPU vs CPU summary when not on a terminal)")
    parser.add_argument("--window", action="store_true", help="a pygame window instead of the terminal")
    parser.add_argument("--pads", type=int, choices=(1, 2, 3, 4), default=2,
                        help="pads and screens attached (default 2; a game for more players seats "
                             "them, otherwise spare pads watch)")
    parser.add_argument("--frames", metavar="DIR",
                        help="save every screen shown as PNG in DIR (when the simulator ends, or "
                             "after the headless match)")
    parser.add_argument("--seed", type=int, help="match seed (headless; default: random)")
    parser.add_argument("--game", choices=tuple(GAMES), default=next(iter(GAMES)),
                        help="the game of the headless match (default %(default)s)")
    add_flags(parser.add_argument_group("the headless match's options (each game its own)"),
              [spec.options for spec in GAMES.values()])
    parser.add_argument("--language", choices=("fr", "en"), default="fr",
                        help="the language of the screens and of the options in the summary (headless)")
    parser.add_argument("--lock-settings", action="store_true",
                        help="a cafe unit: the menu changes only the game and who plays")
    parser.add_argument("--state-dir", default=None,
                        help=f"where the settings (and, with --club, the results waiting for the "
                             f"league) are kept (default {DEFAULT_STATE})")
    parser.add_argument("--club", metavar="FILE",
                        help="club play: publish results to the league as club.toml says "
                             "(without a terminal: the CPU match's result)")
    parser.add_argument("--club-wait", type=float, default=10.0, metavar="S",
                        help="without a terminal, with --club: wait up to S seconds for the "
                             "league's receipt (default 10)")
    parser.add_argument("--phones", choices=("localhost", "lan", "off"), default="localhost",
                        help="phones join as pads from the menu's Phones line (docs/phones.md): from a "
                             "browser on this computer only (localhost, the default), from phones on "
                             "this computer's network too (lan), or none (off)")
    parser.add_argument("--phones-port", type=int, default=PHONES_PORT, metavar="PORT",
                        help=f"the phone page's port (default {PHONES_PORT}; when it is taken, a free one)")
    parser.add_argument("--mains", action="store_true",
                        help="no simulated battery (by default the terminal and window have one: "
                             "g drains it, 5 plugs the charger in or out)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """The simulator; anything that stops it before it starts is one line and exit 2."""
    try:
        _check_usable(args)
        return _run(args)
    except (PitchPadHardwareError, OSError) as exc:
        print(f"pitchpad sim: {exc}", file=sys.stderr)
        return 2


def _check_usable(args: argparse.Namespace) -> None:
    """Refuse at once what would fail after a whole match (or hang): ``--frames`` to a folder
    that cannot be made or written, ``--window`` with no display to open it on."""
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
    state_dir = args.state_dir or str(DEFAULT_STATE)
    if args.window or (sys.stdin.isatty() and sys.stdout.isatty()):
        with _open_console(args) as console, logging_to(console, state_dir):
            if args.phones != "off":
                log.info("phones: %s (menu: Phones)", console.phones.reach())
            # The log goes to the state directory and the simulator's status line, not over
            # its picture: club play's too (a bad club.toml is said there, not on a screen the
            # simulator's own then hides).
            club = open_link(args.club, state_dir)
            try:
                # The simulated handheld's power parts (sim/battery.py) through the app; its
                # power-off asks nothing of the system: the simulator just ends.
                power = PowerService(console, NoHalt())
                App(console, state_dir=state_dir, club=club, idle=CAFE_IDLE,
                    lock_settings=args.lock_settings, power=power).run()
            finally:
                if club is not None:
                    club.stop()
        if args.frames:
            paths = console.save_frames(args.frames)
            print(f"{len(paths)} screens saved in {args.frames}")
        return 0
    if args.club is None and args.state_dir is not None:
        print("pitchpad sim: without a terminal the CPU match keeps nothing: --state-dir is used "
              "with --club only (the results waiting for the league)", file=sys.stderr)
    if args.club is not None:
        try:
            load_club(args.club)
        except ClubConfigError as exc:
            raise OSError(f"--club: {exc}") from None
    return run_headless(args)


def _open_console(args: argparse.Namespace) -> sim.SimConsole:
    """The terminal's or the window's console, with phones as ``--phones`` says; the default
    port taken (another simulator, a unit's own page), a free one instead."""
    backend = "window" if args.window else "terminal"
    battery = not getattr(args, "mains", False)
    if args.phones == "off":
        return sim.open_console(args.pads, backend=backend, battery=battery)
    phones = PhonesConfig(port=args.phones_port, listen=args.phones)
    try:
        return sim.open_console(args.pads, backend=backend, battery=battery, phones=phones)
    except BackendUnavailable:
        if args.phones_port != PHONES_PORT:
            raise
    return sim.open_console(args.pads, backend=backend, battery=battery, phones=replace(phones, port=0))


def run_headless(args: argparse.Namespace) -> int:
    spec = game_named(args.game)
    base = Settings(game=spec.name, language=args.language)
    try:
        options = options_of(spec.options, args, [each.options for each in GAMES.values()])
        chosen = options.settings(base.of(spec.name, spec.console.settings))
    except ValueError as exc:
        print(f"pitchpad sim: {exc}", file=sys.stderr)
        return 2
    clock = ManualClock()
    with tempfile.TemporaryDirectory() as state_dir, sim.open_console(2, clock=clock) as console:
        settings = base.with_game(spec.name, chosen)
        save(state_dir, settings)
        app = App(console, state_dir=state_dir, demo=True, seed=args.seed)
        app.run_simulated(clock)
        session = app.session
        assert session is not None and session.match.is_over
        match = session.match
        cpus = " vs ".join(f"{seat} CPU" for seat in match.seats)
        print(f"{app.game.title} ({options_text(app.game, settings)}), seed {session.seed}: {cpus}")
        for event in session.history:
            print(describe(app.game, event))
        summary = app.game.summary(match)
        print(final_line(summary))
        if args.frames:
            paths = console.save_frames(args.frames)
            print(f"{len(paths)} screens saved in {args.frames}")
    if args.club is not None:
        return send_to_league(args, app.game, session.seed, summary, result_level(app.game, settings))
    return 0


def result_level(game: GameSpec, settings: Settings) -> str:
    """The level the match's result carries: what the game says of the settings it was played
    with (``ConsoleEntry.level``), as a unit's result of the same match; "" for a game with none."""
    level = game.console.level
    if level is None:
        return ""
    return level(settings.for_match(game.name, game.console.settings, game.console.kids))


def send_to_league(args: argparse.Namespace, game: GameSpec, seed: int, summary: dict[str, Any],
                   level: str) -> int:
    """The headless match's result to the league (a friendly: CPU seats), as a unit sends it."""
    state_dir = args.state_dir or str(DEFAULT_STATE)
    config = load_club(args.club)
    link = ClubLink(config, state_dir)
    link.start()
    try:
        seats = list((summary.get("score") or summary.get("points") or {}).keys())
        link.finished(match_id=f"{time.strftime('%Y-%m-%dT%H:%M:%S')}/{seed}", game=game.name,
                      level=level,
                      score=summary.get("score") or summary.get("points") or {}, winner=summary["winner"],
                      players={seat: "cpu:sim" for seat in seats}, shootout=summary.get("shootout"))
        outbox = link.publisher.outbox
        end = time.monotonic() + max(0.0, args.club_wait)
        while len(outbox) and time.monotonic() < end:
            time.sleep(0.05)
        if not len(outbox):
            print(f"Sent to the league: club {config.club}, table {config.table}")
        else:
            status = link.publisher.status
            print(f"Not sent yet ({status.text}): the result waits in {outbox.path} and goes with "
                  f"the next pitchpad sim --club")
    finally:
        link.stop()
    return 0


def options_text(game: GameSpec, settings: Settings) -> str:
    """The game's menu lines that set the match, as the menu words them: ``Niveau Pro+,
    Hors-jeu Oui, …``; the lines that do not (``Row.sets_match``: who plays, every seat being a
    CPU here, or a tutorial for people) are left out."""
    chosen = settings.for_match(game.name, game.console.settings, game.console.kids)
    language = settings.language
    return ", ".join(f"{text(language, row.label)} {value_text(row, getattr(chosen, row.field), language)}"
                     for row in game.console.rows(chosen, 2) if row.sets_match)


def final_line(summary: dict[str, Any]) -> str:
    """``Score: red 2 - 1 blue (shoot-out 4-3); winner: red`` (``Points:`` for a game whose
    summary counts points)."""
    score = summary.get("score")
    word, tally = ("Score", score) if score else ("Points", summary.get("points") or {})
    seats = list(tally.items())
    if len(seats) == 2:
        (first, a), (second, b) = seats
        told = f"{first} {a} - {b} {second}"
    else:
        told = ", ".join(f"{seat} {value}" for seat, value in seats)
    shootout = summary.get("shootout")
    extra = f" (shoot-out {'-'.join(str(v) for v in dict(shootout).values())})" if shootout else ""
    return f"{word}: {told}{extra}; winner: {summary.get('winner')}"


def describe(game: GameSpec, event: Any) -> str:
    """One line of commentary for an engine event: the game's words, else its fields."""
    told = game.describe(event)
    if told is not None:
        return told
    line = event.to_json()
    name = line.pop("event")
    fields = ", ".join(f"{k}={v}" for k, v in line.items())
    return f"{name.replace('_', ' ').capitalize()}: {fields}"
