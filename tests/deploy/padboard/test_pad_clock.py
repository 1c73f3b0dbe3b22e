"""The pad board's clock past 12.4 days: ``time.ticks_ms`` wraps at 2**30 on the RP2040, where
small ints are 31-bit; a millisecond total kept past 2**30 is a heap-allocated big int, and
every idle pass then allocates. The wire's ``ms`` is still the 32-bit count since boot, wrapping
at 2**32 (docs/serial-protocol.md).

This runs the loop under CPython with a clock that wraps as the RP2040's does. The same loop on
MicroPython's own interpreter (its WebAssembly port, under node, which a fresh machine lacks),
with ``gc.mem_alloc()`` around each idle pass past 2**30 ms, is a section of
``bench/bench_pad_micropython.py``."""
from __future__ import annotations



from hal import serial_protocol as wire
from padboard import padloop
from padboard.padloop import PadLoop
from serial_rig import FakePanel


def test_the_loop_keeps_its_times_below_2_to_the_30_and_the_wire_counts_on_across_the_wraps() -> None:
    """The RP2040's ticks_ms (period 2**30) under CPython: every time the loop keeps stays a
    small int on the board, the heartbeats' ms go on from 2**30 - 1 to 2**30 and past 2**32, and
    the still panel is still healed every 4.8 s after 50 days."""
    class Link:
        def __init__(self) -> None:
            self.sent: list[tuple[int, int, bytes]] = []
            self.decoder = wire.FrameDecoder()

        def readinto(self, buffer: bytearray) -> int:
            return 0

        def write(self, buffer: bytes | bytearray, count: int) -> None:
            self.sent += self.decoder.feed(bytes(buffer[:count]))

    total = [(1 << 30) - 1000]
    link = Link()
    panel = FakePanel()
    loop = PadLoop(1, link, lambda: 0, panel, lambda: total[0] & 0x3FFFFFFF, 0x1234)
    loop.host_seen = True
    beats: list[tuple[int, int]] = []
    for at, step in enumerate([1] * 3000 + [1 << 26] * 64 + [1] * 6000):
        total[0] += step
        loop.poll()
        if at == 3064:
            heals, panel.on = loop.heals, False            # the panel lost power, 50 days on
        for kind, _, payload in link.sent:
            if kind == wire.HEARTBEAT:
                beats.append((total[0], wire.ms_from(payload)))
        link.sent.clear()
        kept = [loop.ticks, loop.last_tx, loop.sent_at, loop.panel_failed_at, loop.healed_at, loop.shown_at,
                *loop.accepted_at]
        assert all(-(1 << 30) <= value < 1 << 30 for value in kept if value is not None)
    assert loop.heals > heals and panel.on             # healed within 4.8 s, as on the first day
    assert len(beats) > 80
    assert all(ms == true & 0xFFFFFFFF for true, ms in beats)
    assert any(true >= 1 << 32 for true, _ in beats)
    assert padloop.ticks_diff(5, (1 << 30) - 5) == 10 and padloop.ticks_diff((1 << 30) - 5, 5) == -10
