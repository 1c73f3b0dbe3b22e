"""Wake-ups per second of every thread of a process: what an idle console costs a battery.

A thread that sleeps in ``select()`` or on a lock until something happens costs nothing; one
that polls on a timeout wakes the CPU each time (lg's alert thread: every 0.5 ms). The kernel
counts, per thread, every time it gave up the CPU to wait (``voluntary_ctxt_switches``: one per
wake-up) or was pushed off it (``nonvoluntary_ctxt_switches``), in
``/proc/PID/task/TID/status``; the difference over a window is the thread's wake-ups. Reading
another process's counters does not wake it.

Threads born and gone inside the window (a ``threading.Timer``) are counted from birth while
they live; one gone by the end is not seen here (``bench/bench_wakeups.py`` also reads the
process's own ``getrusage`` total, which keeps them).

Used by ``bench/bench_wakeups.py`` and ``pitchpad doctor`` (on the running console).
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

TARGET = 2.0
"""Wake-ups per second an idle console may cost, all threads (``pitchpad doctor`` warns above):
in the menu with the screensaver moving it is about 1.5, with the screensaver off or in a match
waiting for a person about 0.5 (bench/bench_wakeups.py); lgpio's tx thread alone is 50."""


@dataclass(frozen=True)
class ThreadCount:
    tid: int
    name: str
    switches: int


def thread_counts(pid: int, proc: str = "/proc") -> dict[int, ThreadCount]:
    """Every living thread of ``pid`` with its context switches so far."""
    counts: dict[int, ThreadCount] = {}
    for task in Path(proc, str(pid), "task").iterdir():
        try:
            text = (task / "status").read_text(encoding="ascii", errors="replace")
        except OSError:
            continue                                # the thread ended while we looked
        fields = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)
        switches = (int(fields.get("voluntary_ctxt_switches", "0"))
                    + int(fields.get("nonvoluntary_ctxt_switches", "0")))
        counts[int(task.name)] = ThreadCount(int(task.name), fields.get("Name", "?").strip(), switches)
    return counts


@dataclass
class Wakeups:
    """Wake-ups over a window: per thread (name, per second) and their sum."""

    seconds: float
    threads: list[tuple[int, str, float]] = field(default_factory=list)

    @property
    def per_second(self) -> float:
        return sum(rate for _, _, rate in self.threads)

    def busiest(self, count: int = 3) -> str:
        ranked = sorted(self.threads, key=lambda thread: -thread[2])[:count]
        return ", ".join(f"{name} {rate:.2f}/s" for _, name, rate in ranked)


def measure(pid: int, seconds: float, *, proc: str = "/proc", names: dict[int, str] | None = None,
            sleep: Callable[[float], None] = time.sleep,
            clock: Callable[[], float] = time.monotonic) -> Wakeups:
    """Count ``pid``'s wake-ups over ``seconds``; ``names`` may name threads by tid (a Python
    thread's name, which the OS does not see)."""
    before, start = thread_counts(pid, proc), clock()
    sleep(seconds)
    after, elapsed = thread_counts(pid, proc), clock() - start
    result = Wakeups(elapsed)
    for tid, now in after.items():
        then = before[tid].switches if tid in before else 0
        name = (names or {}).get(tid, now.name)
        result.threads.append((tid, name, (now.switches - then) / elapsed))
    return result


def find_console(proc: str = "/proc") -> int | None:
    """The pid of a running ``pitchpad run`` (the service), or None."""
    me = os.getpid()
    for entry in Path(proc).iterdir():
        if not entry.name.isdigit() or int(entry.name) == me:
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        words = [word.decode(errors="replace") for word in argv if word]
        if "run" in words and any(Path(word).name == "pitchpad" or word == "firmware.cli"
                                  for word in words[:3]):
            return int(entry.name)
    return None
