"""Nothing polls: the phones' thread sleeps until a phone sends something or a watched screen
changes. Counted as ``pitchpad doctor`` and bench/bench_wakeups.py count wake-ups: the thread's
context switches in /proc (reading them does not wake it)."""
from __future__ import annotations

import time
from pathlib import Path

from phone_rig import PythonPhone, served
from PIL import ImageDraw

from hal.screen import blank_frame


def switches(tid: int) -> int:
    status = Path(f"/proc/self/task/{tid}/status").read_text()
    return sum(int(line.split()[1]) for line in status.splitlines()
               if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")))


def wakeups(tid: int, seconds: float, during=None) -> int:
    before = switches(tid)
    if during is not None:
        during()
    time.sleep(seconds)
    return switches(tid) - before


def frames(count: int) -> list:
    drawn = []
    for n in range(count):
        frame = blank_frame()
        ImageDraw.Draw(frame).text((0, 0), str(n), fill=1)
        drawn.append(frame)
    return drawn


def test_the_phones_thread_sleeps_with_no_phone_and_with_a_phone_that_does_nothing() -> None:
    with served(first_pad=3) as (phones, _):
        tid = phones.server.thread_id
        time.sleep(0.2)
        pictures = frames(50)

        def draw_unwatched() -> None:
            for picture in pictures:
                phones.phone_screens[3].display(picture)         # nobody watches pad 3's screen
                phones.spectator_screen.display(picture)

        assert wakeups(tid, 1.0, draw_unwatched) == 0
        phone = PythonPhone.scanning(phones.server.port, phones.invite(3).url)
        phone.join()
        phone.next_payload()
        time.sleep(0.2)
        assert wakeups(tid, 1.0) == 0, "a connected phone that does nothing: only the 20 s ping"
        assert wakeups(tid, 0.2, lambda: phones.phone_screens[3].display(pictures[0])) > 0
        phone.close()
