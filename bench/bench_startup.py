"""Start-up: from the process's start to the first frame on both screens, in time and in
instructions, and the modules imported by then.

The child is ``console_process.py serve``: what ``pitchpad run --config handheld.toml`` does
(the command's imports for ``run``, the console opened on the handheld's code path with mock
pins and a recording bus, ``App.run``). Its first frame is the menu with the name on a sheet
over its lower half (``SplashScreen.over_menu``); the menu shows whole when the name has been
up ``Idle.splash`` (0.6 s), a wait that is the same on every machine.

- **time**, the median of ``--starts`` spawns, from just before the spawn to each frame (its
  bus time added), and the child's CPU time to the first frame, in two conditions:
  *installed*, every module's bytecode already compiled (what ``pip install`` leaves on a
  unit: here a private ``PYTHONPYCACHEPREFIX`` filled by one start first), and *source*, no
  bytecode written (a source tree run with ``PYTHONDONTWRITEBYTECODE``: each of our modules
  compiled at each start);
- **instructions** to the first frame (installed), counted by valgrind's callgrind: the same
  on a loaded machine, and what a Pi Zero 2 W (7 to 8 times slower than one core here, an
  estimate) has to run; beside it the interpreter's own start (``python -c pass``);
- **modules** imported by the first frame: how many, and which of those a plain ``pitchpad
  run`` never needs (:data:`NEVER_ON_A_PLAIN_START`, the list ``tests/firmware/commands/
  test_run_starts_light.py`` holds the console to) are among them.

    python bench/bench_startup.py [--starts 5] [--no-callgrind] [--json FILE]
"""
from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import run_record  # noqa: E402
from bench_process import startup  # noqa: E402

CHILD = Path(__file__).resolve().parent / "console_process.py"
ROOT = CHILD.parents[1]
TARGET_S = 0.5
"""The first frame, here: about 4 s on a Pi Zero 2 W."""
ZERO_2_W = (7.0, 8.0)
"""How many times slower a Pi Zero 2 W runs CPython than one core here (an estimate)."""
NEVER_ON_A_PLAIN_START = (
    "firmware.commands.doctor", "firmware.commands.league", "firmware.commands.sim",
    "firmware.commands.match", "firmware.commands.replay", "firmware.commands.journal_to_script",
    "firmware.commands.wiring", "firmware.league", "firmware.club.publisher", "sim",
    "tornado", "paho", "asyncio", "sqlite3", "ssl")
"""Modules (and their packages' modules) that ``pitchpad run`` with no club never uses: the
other commands, the league server (asyncio, SQLite, Tornado), the club's MQTT link, the
simulators."""


def environment(bytecode: Path | None) -> dict[str, str]:
    """The child's environment: bytecode kept in ``bytecode`` (None: no bytecode at all)."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    if bytecode is None:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env["PYTHONPYCACHEPREFIX"] = str(bytecode)
    return env


def first_frame(env: dict[str, str], wrapper: tuple[str, ...] = ()) -> tuple[list[str], str, float]:
    """Run the child to its first frame (under ``wrapper``): the modules it had imported, what
    the wrapper said on stderr, and the child's CPU seconds (user + system: on a loaded machine
    as on an idle one)."""
    with tempfile.TemporaryDirectory(prefix="pitchpad-bench-") as state_dir:
        child = subprocess.Popen([*wrapper, sys.executable, str(CHILD), "serve", "--state-dir", state_dir,
                                  "--first-frame"], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        out, err = child.communicate(timeout=600)
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    lines = [line for line in out.splitlines() if line.startswith("modules ")]
    if child.returncode != 0 or not lines:
        raise RuntimeError(f"the console did not reach its first frame: {err[-800:]}")
    return lines[0].split()[1:], err, usage.ru_utime + usage.ru_stime


def cpu_seconds(starts: int, env: dict[str, str]) -> float:
    """The median CPU time of ``starts`` children to their first frame."""
    spent, used = [], 0.0
    for _ in range(starts):
        _, _, total = first_frame(env)
        spent.append(total - used)
        used = total
    return round(statistics.median(spent), 3)


def instructions(command: list[str], env: dict[str, str]) -> int:
    """Instructions callgrind counts for ``command`` (its whole process)."""
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
                            stdin=subprocess.DEVNULL)
    return collected(result.stderr)


def collected(stderr: str) -> int:
    found = re.search(r"Collected : (\d+)", stderr)
    if found is None:
        raise RuntimeError(f"callgrind counted nothing: {stderr[-800:]}")
    return int(found.group(1))


def never_used(modules: list[str]) -> list[str]:
    return sorted(name for name in modules
                  if any(name == never or name.startswith(never + ".") for never in NEVER_ON_A_PLAIN_START))


def measure(starts: int, callgrind: bool = True) -> dict[str, object]:
    with tempfile.TemporaryDirectory(prefix="pitchpad-bytecode-") as folder:
        installed = environment(Path(folder))
        first_frame(installed)                          # compiles every module once, as pip does
        modules, _, _ = first_frame(installed)
        figures: dict[str, object] = {
            "installed": {**startup(starts, installed), "first_frame_cpu_s": cpu_seconds(starts, installed)},
            "source": {**startup(starts, environment(None)),
                       "first_frame_cpu_s": cpu_seconds(starts, environment(None))},
            "modules": {"count": len(modules), "never_used": never_used(modules)},
            "target_first_frame_s": TARGET_S}
        if callgrind and shutil.which("valgrind"):
            installed = {**installed, "PYTHONHASHSEED": "0"}   # the same dicts and sets at every run
            _, said, _ = first_frame(installed, ("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"))
            figures["instructions"] = {
                "first_frame": collected(said),
                "interpreter_alone": instructions([sys.executable, "-c", "pass"], installed)}
        else:
            figures["instructions"] = {
                "skipped": "not counted: --no-callgrind, or no valgrind (apt-get install valgrind)"}
    return figures


def print_table(figures: dict) -> None:
    for name, how in (("installed", "bytecode compiled, as an install on a unit"),
                      ("source", "no bytecode: every module compiled at each start")):
        row = figures[name]
        verdict = "meets" if row["first_frame_s"] < TARGET_S else "MISSES"
        print(f"{name} ({how}), median of {row['starts']}: first frame (the menu under the name) "
              f"{row['first_frame_s']:.3f} s ({verdict} < {TARGET_S} s; max {row['first_frame_max_s']:.3f}; "
              f"CPU {row['first_frame_cpu_s']:.3f} s), the menu whole {row['menu_s']:.3f} s")
    slow, slower = (figures["installed"]["first_frame_cpu_s"] * factor for factor in ZERO_2_W)
    print(f"  a Pi Zero 2 W, installed (its CPU time 7 to 8 times this core's, an estimate): the "
          f"first frame at about {slow:.1f} to {slower:.1f} s, the menu whole 0.6 s later")
    counted = figures["instructions"]
    if "skipped" in counted:
        print(f"instructions: skipped: {counted['skipped']}")
    else:
        print(f"instructions to the first frame (installed): {counted['first_frame'] / 1e6:,.0f} M "
              f"(the interpreter's own start: {counted['interpreter_alone'] / 1e6:,.0f} M)")
    modules = figures["modules"]
    print(f"modules imported by the first frame: {modules['count']}; of those a plain run never "
          f"needs: {', '.join(modules['never_used']) or 'none'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=5, help="spawns for each median")
    parser.add_argument("--no-callgrind", action="store_true", help="skip the instruction count")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    run = run_record.Run.begin()
    figures = measure(args.starts, callgrind=not args.no_callgrind)
    print_table(figures)
    if args.json:
        run_record.write(args.json, figures, run)


if __name__ == "__main__":
    main()
