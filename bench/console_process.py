"""The console as its own process, for the process-level benchmarks (``bench_process.py``).

``serve``: what ``pitchpad run --config handheld.toml`` does (the ``pitchpad`` command's
imports, ``hal.wiring.open_console``, ``App.run`` on the system clock), with the recording bus
of ``rig.py`` in place of the Pi's I2C and, for the buttons, the Pi's default gpiod backend
(its real blocking thread) on a mock chip (``--buttons gpiozero``: gpiozero's mock pins).
``rusage`` on stdin prints the process's context switches (every thread, ended ones too). Each frame sent
to a screen is reported on stdout as ``frame PAD MONOTONIC WIRE_BYTES TRANSFERS`` (monotonic
time is system-wide, so the parent can subtract its own); stdin lines ``press PAD BUTTON``
tap a button (GPIO low, 80 ms, high) and ``quit`` closes the console.

``match``: one scripted match against a CPU difficulty (``scripted.py``), then exit; the
parent reads the peak RSS from the child's resource usage.

    python bench/console_process.py serve --state-dir DIR
    python bench/console_process.py match --difficulty hard --level pro_plus --seed 1
"""
from __future__ import annotations

import argparse
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def peak_rss_kb() -> int:
    """This process's peak resident set (VmHWM), which starts afresh at exec: a forked child's
    ``ru_maxrss`` would also count the parent's memory at the fork."""
    for line in open("/proc/self/status", encoding="ascii"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise RuntimeError("no VmHWM in /proc/self/status")


def serve(state_dir: str, buttons: str = "gpiod", saver_after: float | None = None,
          lg_alert_loop: bool = False, attract_for: float = 0.0) -> None:
    import resource

    import firmware.cli  # noqa: F401  (the pitchpad command's import cost)
    from firmware.console.app import App, Idle
    from hal import Button, SystemClock
    from hal.gpiod_pad import name_this_thread
    from rig import Handheld

    name_this_thread("lib-thread")    # what the libraries start while the console opens (lgpio's)
    rig = Handheld(SystemClock(), buttons=buttons)
    name_this_thread("console")
    lock = threading.Lock()
    alerts = None
    if lg_alert_loop:
        # What gpiozero's lgpio factory would add: one alert per button, lg's 0.5 ms loop.
        from lg_alert_loop import LgAlertLoop

        buttons_count = sum(len(pad.buttons) for pad in rig.config.pads)
        alerts = LgAlertLoop([os.eventfd(0, os.EFD_NONBLOCK) for _ in range(buttons_count)])
        alerts.start()

    def reporting(pad: int, display):  # type: ignore[no-untyped-def]
        def display_and_report(image) -> None:  # type: ignore[no-untyped-def]
            display(image)
            with lock:
                print(f"frame {pad} {time.monotonic():.6f} {rig.bus.wire_bytes()} "
                      f"{len(rig.bus.transfers)}", flush=True)
        return display_and_report

    for pad, screen in enumerate(rig.console.screens, start=1):
        screen.display = reporting(pad, screen.display)  # type: ignore[method-assign]

    def read_commands() -> None:
        name_this_thread("bench-stdin")
        for line in sys.stdin:
            words = line.split()
            if words[:1] == ["rusage"]:             # every thread's switches, the dead ones too
                usage = resource.getrusage(resource.RUSAGE_SELF)
                with lock:
                    print(f"rusage {usage.ru_nvcsw + usage.ru_nivcsw} {threading.get_native_id()}",
                          flush=True)
            if words[:1] == ["press"] and buttons not in ("pi", "lgpio"):   # else the stand-in's owner
                pad, button = int(words[1]), Button[words[2]]
                rig.pin_edge(pad, button, True)
                time.sleep(0.08)
                rig.pin_edge(pad, button, False)
            elif words[:1] == ["quit"]:
                break
        rig.console.close()

    threading.Thread(target=read_commands, daemon=True).start()
    idle = Idle(attract_for=attract_for) if saver_after is None else Idle(
        screensaver_after=saver_after, attract_for=attract_for)
    App(rig.console, state_dir=state_dir, idle=idle).run()
    if alerts is not None:
        alerts.stop()
    rig.factory.reset()
    print(f"peak_rss_kb {peak_rss_kb()}", flush=True)


def match(difficulty: str, level: str, seed: int) -> None:
    from firmware.storage.settings import Settings
    from scripted import play

    run = play(Settings.flat(players="cpu", difficulty=difficulty, level=level), seed)
    print(f"match over: {run.decisions} decisions, score {run.score[0]}-{run.score[1]}", flush=True)
    print(f"peak_rss_kb {peak_rss_kb()}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    serve_parser = commands.add_parser("serve")
    serve_parser.add_argument("--state-dir", required=True)
    serve_parser.add_argument("--buttons", choices=("gpiod", "gpiozero", "pi", "lgpio"), default="gpiod",
                              help="gpiod: the Pi's default backend on a mock chip (its real "
                                   "blocking thread); gpiozero: MockFactory pins; pi: the Pi's "
                                   "default path whole on the real libgpiod under the GPIO uAPI "
                                   "stand-in (bench/gpio_uapi); lgpio: the same with the LEDs and "
                                   "buzzer on gpiozero's lgpio factory")
    serve_parser.add_argument("--saver-after", type=float, help="screensaver after this idle time")
    serve_parser.add_argument("--attract-for", type=float, default=0.0,
                              help="idle: a CPU-vs-CPU demo this long before the saver (0: none)")
    serve_parser.add_argument("--lg-alert-loop", action="store_true",
                              help="also run a copy of lg's 0.5 ms alert loop over 14 alerts")
    match_parser = commands.add_parser("match")
    match_parser.add_argument("--difficulty", default="hard")
    match_parser.add_argument("--level", default="pro_plus")
    match_parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.command == "serve":
        serve(args.state_dir, args.buttons, args.saver_after, args.lg_alert_loop, args.attract_for)
    else:
        match(args.difficulty, args.level, args.seed)


if __name__ == "__main__":
    main()
