"""lg's alert thread, rewritten in Python step for step, to show what gpiozero's default pin
factory on a Pi costs an idle console (``bench_wakeups.py`` runs it beside the console).

gpiozero's ``LGPIOFactory`` claims an lgpio alert for every input device (each button). lg then
runs one thread, ``lgPthAlert`` in ``lgPthAlerts.c`` (joan2937/lg), which loops for as long as
any alert is claimed:

1. lock the alert list, collect the file descriptors of the active alerts, unlock;
2. ``ppoll()`` them with a timeout of 0.5 ms (``struct timespec tspec = {0, 5e5}``);
3. take a timestamp; for each alert, read its edge events if it has any, else run the
   debounce/watchdog check with no event (``xDebWatEvt(p, now, &count, NULL)``);
4. sort what is due and hand it to the callbacks (``emit``): nothing, when nobody presses.

It only sleeps on a condition variable when no alert is claimed, never while buttons exist.
This copy keeps each step (the lock, the fd list rebuilt every pass, a 500 µs ``select`` timeout:
Python's ``select`` takes microseconds where ``poll`` would round up to 1 ms, the per-alert
check, the emit pass), so its wake-ups per second are the loop's. Its CPU per pass is Python's,
higher than C's: the CPU share it shows is an upper bound, the wake-up count is the point
(upstream reports about 5 % of a core for one Button: lg issue 26).
"""
from __future__ import annotations

import os
import select
import threading
import time
from dataclasses import dataclass

TIMEOUT = 0.0005
"""lg's ppoll timeout: 0.5 ms."""


@dataclass
class AlertRecord:
    """One claimed alert (one button): its line request fd and the debounce/watchdog state."""

    fd: int
    active: bool = True
    debounce_ns: int = 0
    watchdog_ns: int = 0
    last_event_ns: int = 0
    last_report_ns: int = 0
    debounced: bool = True


class LgAlertLoop:
    """``lgPthAlert`` over ``fds`` (one per claimed alert); :meth:`start` runs it in a thread."""

    def __init__(self, fds: list[int]) -> None:
        self.records = [AlertRecord(fd) for fd in fds]
        self.lock = threading.Lock()
        self.reports: list[tuple[int, int]] = []
        self.passes = 0
        self._stop = False
        self.thread = threading.Thread(target=self.run, name="lg-alert", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self._stop = True
        self.thread.join(1.0)

    def run(self) -> None:
        from hal.clock import name_this_thread

        name_this_thread("lg-alert")
        while not self._stop:
            with self.lock:                                   # pthread_mutex_lock(&lgAlertMutex)
                active = [record for record in self.records if record.active]
            if not active:
                return                                        # lg waits on a condition here
            fds = [record.fd for record in active]
            ready, _, _ = select.select(fds, [], [], TIMEOUT)  # ppoll(pfd, n, &tspec, NULL)
            now = time.time_ns()                              # lguTimestamp()
            count = 0
            for record in active:
                if record.fd in ready:
                    data = os.read(record.fd, 4096)
                    if data:
                        record.last_event_ns = now
                        record.debounced = record.debounce_ns == 0
                        self.reports.append((record.fd, now))
                        count += 1
                else:
                    self._check(record, now)                  # xDebWatEvt(p, now, &count, NULL)
            self._emit(count)
            self.passes += 1

    @staticmethod
    def _check(record: AlertRecord, now: int) -> None:
        if record.debounce_ns and not record.debounced and now - record.last_event_ns > record.debounce_ns:
            record.debounced = True
        if record.watchdog_ns and now - record.last_report_ns > record.watchdog_ns:
            record.last_report_ns = now

    def _emit(self, count: int) -> None:
        if count > 1:
            self.reports.sort(key=lambda report: report[1])   # qsort(aBuf, ...)
        if self.reports:
            self.reports.clear()                              # emit(count, tmax)
