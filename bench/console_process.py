"""The console as its own process, for the process-level benchmarks (``bench_process.py``).

``serve``: what ``pitchpad run --config handheld.toml`` does (the ``pitchpad`` command's
imports for ``run``, ``hal.wiring.open_console``, ``App.run`` on the system clock), with the
recording bus of ``rig.py`` in place of the Pi's I2C and, for the buttons, the Pi's default gpiod backend
(its real blocking thread) on a mock chip (``--buttons gpiozero``: gpiozero's mock pins).
``rusage`` on stdin prints the process's context switches (every thread, ended ones too). Each frame sent
to a screen is reported on stdout as ``frame PAD MONOTONIC WIRE_BYTES TRANSFERS`` (monotonic
time is system-wide, so the parent can subtract its own); stdin lines ``press PAD BUTTON``
tap a button (GPIO low, 80 ms, high) and ``quit`` closes the console. With ``--first-frame``
it exits once every screen has shown its first frame, after a line ``modules NAME...`` (every
module imported by then): the start-up benchmark counts instructions to there.

``match``: one scripted match against a CPU difficulty (``scripted.py``), then exit; the
parent reads the peak RSS from the child's resource usage.

``asleep``: the battery handheld (``handheld-battery.toml``: the gauge, answered by the
MAX17048 model of ``tests/rigs``, on the same recording bus) running the console app with its
power service (``firmware.console.power_service``), which puts it to sleep a second after the
menu is up: the app's loop then blocks on the event queue until the service's next deadline (its
gauge reading). ``bus`` on stdin (here and in
``serve``) prints ``bus WIRE_BYTES``, the bytes the bus has carried so far.

``serve --phones PORT``: the same console with ``[phones]`` on 127.0.0.1 (``listen =
"localhost"``; port 0: a free one), the real phone server's thread and page (``bench_phones.py``).
Each code the console offers is printed as ``invite PAD URL`` (``watch`` for a spectator's);
``phones-page`` on stdin walks pad 1 down the menu to the Phones line and opens it (as a person
would: CARD2, then OK). Frame lines carry a sixth field then too, ``time.time()`` (the
CLOCK_REALTIME a browser's ``Date.now()`` also reads), and the phone pads' screens report theirs;
the recording bus forgets each frame's transfers once reported (its totals kept), so a run of
hundreds of taps measures the console's memory, not the recording's.

    python bench/console_process.py serve --state-dir DIR [--phones PORT]
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
          lg_alert_loop: bool = False, attract_for: float = 0.0, first_frame: bool = False,
          phones_port: int | None = None) -> None:
    import resource
    from dataclasses import replace

    import firmware.cli

    firmware.cli.command_modules(["run"])   # what `pitchpad run` imports
    from firmware.console.app import App, Idle
    from hal import Button, SystemClock, load_config
    from hal.config import PhonesConfig
    from hal.clock import name_this_thread
    from rig import HANDHELD, Handheld

    config = None
    if phones_port is not None:
        config = replace(load_config(HANDHELD), phones=PhonesConfig(port=phones_port, listen="localhost"))
    name_this_thread("lib-thread")    # what the libraries start while the console opens (lgpio's)
    rig = Handheld(SystemClock(), config=config, buttons=buttons)
    name_this_thread("console")
    lock = threading.Lock()
    alerts = None
    if lg_alert_loop:
        # What gpiozero's lgpio factory would add: one alert per button, lg's 0.5 ms loop.
        from lg_alert_loop import LgAlertLoop

        buttons_count = sum(len(pad.buttons) for pad in rig.config.pads)
        alerts = LgAlertLoop([os.eventfd(0, os.EFD_NONBLOCK) for _ in range(buttons_count)])
        alerts.start()

    shown: set[int] = set()
    own_screens = set(range(1, len(rig.config.pads) + 1))
    realtime = " {:.6f}" if phones_port is not None else ""
    carried = [0, 0]
    """Bytes and transfers of the recording bus's transfers forgotten (with phones)."""

    def bus_totals() -> tuple[int, int]:
        return carried[0] + rig.bus.wire_bytes(), carried[1] + len(rig.bus.transfers)

    def reporting(pad: int, display):  # type: ignore[no-untyped-def]
        def display_and_report(image) -> None:  # type: ignore[no-untyped-def]
            display(image)
            with lock:
                wire, transfers = bus_totals()
                print(f"frame {pad} {time.monotonic():.6f} {wire} {transfers}" + realtime.format(time.time()),
                      flush=True)
                if phones_port is not None:   # hundreds of taps: the memory measured is the console's
                    carried[:] = [wire, transfers]
                    rig.bus.clear()
                    rig.bus.stamps.clear()
                shown.add(pad)
                if first_frame and shown >= own_screens:
                    print("modules " + " ".join(sorted(sys.modules)), flush=True)
                    os._exit(0)                 # nothing after the first frame is counted
        return display_and_report

    for pad, screen in enumerate(rig.console.screens, start=1):
        screen.display = reporting(pad, screen.display)  # type: ignore[method-assign]
    if phones_port is not None:
        offer = rig.console.phones.invite

        def offer_and_report(pad):  # type: ignore[no-untyped-def]
            invite = offer(pad)
            with lock:
                print(f"invite {'watch' if pad is None else pad} {invite.url}", flush=True)
            return invite

        rig.console.phones.invite = offer_and_report  # type: ignore[method-assign]
    idle = Idle(attract_for=attract_for) if saver_after is None else Idle(
        screensaver_after=saver_after, attract_for=attract_for)
    app = App(rig.console, state_dir=state_dir, idle=idle)

    def tap(pad: int, button: Button) -> None:
        rig.pin_edge(pad, button, True)
        time.sleep(0.08)
        rig.pin_edge(pad, button, False)

    def open_phones_page() -> None:
        """Pad 1 down the menu to the Phones line, then OK (what the app shows is read from
        this thread: a bench's driver, between a person's presses)."""
        for _ in range(len(app.menu.rows())):
            if app.mode == "menu" and app.menu.rows()[app.menu.cursor].field == "phones":
                break
            tap(1, Button.CARD2)
            time.sleep(0.1)
        tap(1, Button.CENTRE)

    def read_commands() -> None:
        name_this_thread("bench-stdin")
        for line in sys.stdin:
            words = line.split()
            if words[:1] == ["rusage"]:             # every thread's switches, the dead ones too
                usage = resource.getrusage(resource.RUSAGE_SELF)
                with lock:
                    print(f"rusage {usage.ru_nvcsw + usage.ru_nivcsw} {threading.get_native_id()}",
                          flush=True)
            if words[:1] == ["bus"]:
                with lock:
                    print(f"bus {bus_totals()[0]}", flush=True)
            if words[:1] == ["press"] and buttons not in ("pi", "lgpio"):   # else the stand-in's owner
                tap(int(words[1]), Button[words[2]])
            elif words[:1] == ["phones-page"]:
                open_phones_page()
            elif words[:1] == ["quit"]:
                break
        rig.console.close()

    threading.Thread(target=read_commands, daemon=True).start()
    app.run()
    if alerts is not None:
        alerts.stop()
    rig.factory.reset()
    print(f"peak_rss_kb {peak_rss_kb()}", flush=True)


def asleep(read_every_asleep: float) -> None:
    import resource
    import tempfile

    from firmware.console.app import App
    from firmware.console.power_service import PowerService
    from hal import SystemClock, load_config
    from hal.clock import name_this_thread
    from hal.halt import NoHalt
    from rig import ROOT, Handheld

    sys.path.insert(0, str(ROOT / "tests" / "rigs"))
    from max17048_model import Max17048Model

    name_this_thread("lib-thread")
    rig = Handheld(SystemClock(), config=load_config(ROOT / "deploy" / "config" / "handheld-battery.toml"),
                   buttons="gpiod")
    rig.bus.attach(0x36, Max17048Model(volts=3.9, percent=70.0))
    name_this_thread("console")
    service = PowerService(rig.console, NoHalt(), read_every_asleep=read_every_asleep)
    lock = threading.Lock()
    go_to_sleep = rig.console.sleep

    def sleep_and_report() -> None:
        go_to_sleep()
        with lock:
            print("frame 0 0 0 0", flush=True)          # ready: asleep from here

    rig.console.sleep = sleep_and_report  # type: ignore[method-assign]

    def read_commands() -> None:
        name_this_thread("bench-stdin")
        for line in sys.stdin:
            words = line.split()
            with lock:
                if words[:1] == ["rusage"]:
                    usage = resource.getrusage(resource.RUSAGE_SELF)
                    print(f"rusage {usage.ru_nvcsw + usage.ru_nivcsw} {threading.get_native_id()}",
                          flush=True)
                elif words[:1] == ["bus"]:
                    print(f"bus {rig.bus.wire_bytes()} {int(rig.console.asleep)}", flush=True)
                elif words[:1] == ["quit"]:
                    break
        rig.console.close()

    threading.Thread(target=read_commands, daemon=True).start()
    with tempfile.TemporaryDirectory(prefix="pitchpad-asleep-") as state_dir:
        app = App(rig.console, state_dir=state_dir, power=service)
        service.sleep_after = 1.0      # the menu up (after the splash), then asleep a second later
        app.run()
    rig.factory.reset()


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
    serve_parser.add_argument("--first-frame", action="store_true",
                              help="exit as soon as every screen has shown its first frame, "
                                   "after printing the modules imported by then")
    serve_parser.add_argument("--lg-alert-loop", action="store_true",
                              help="also run a copy of lg's 0.5 ms alert loop over 14 alerts")
    serve_parser.add_argument("--phones", type=int, metavar="PORT",
                              help="phones on 127.0.0.1 at PORT (0: a free one), as [phones] "
                                   "listen = \"localhost\" serves them; the codes offered are printed")
    asleep_parser = commands.add_parser("asleep")
    asleep_parser.add_argument("--read-every", type=float, default=300.0,
                               help="seconds between two gauge readings asleep")
    match_parser = commands.add_parser("match")
    match_parser.add_argument("--difficulty", default="hard")
    match_parser.add_argument("--level", default="pro_plus")
    match_parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.command == "serve":
        serve(args.state_dir, args.buttons, args.saver_after, args.lg_alert_loop, args.attract_for,
              args.first_frame, args.phones)
    elif args.command == "asleep":
        asleep(args.read_every)
    else:
        match(args.difficulty, args.level, args.seed)


if __name__ == "__main__":
    main()
