"""Every button change counts once, whatever order the copies of a BUTTON frame arrive in.

A scripted pad on a pty (raw frames, no pad loop) plays what a noisy line does: a resend whose
first copy arrives late, after a newer frame; a batch the pad re-cut into a smaller frame under a
new sequence number after its acks were lost.
"""
from __future__ import annotations

import os
import time
import tty
from pathlib import Path

from PIL import ImageDraw

from hal import Button, EventQueue, blank_frame
from hal import serial_protocol as wire
from hal.screen import to_pages
from hal.serial_pad import GARBLED_TIMEOUT, RECENT_SEQS, open_serial_pad
from serial_rig import PATIENT, wait_for


class ScriptedPad:
    """The pad end of a pty that writes exactly the frames a test gives it."""

    def __init__(self, path: Path) -> None:
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        path.symlink_to(os.ttyname(self.slave))
        self.decoder = wire.FrameDecoder()
        self.acks: list[bytes] = []

    def send(self, kind: int, seq: int, payload: bytes) -> None:
        os.write(self.master, wire.encode_frame(kind, seq, payload))

    def hear(self) -> None:
        os.set_blocking(self.master, False)
        try:
            data = os.read(self.master, 4096)
        except BlockingIOError:
            return
        self.acks += [payload for kind, _, payload in self.decoder.feed(data) if kind == wire.ACK]

    def acked(self, seq: int) -> bool:
        self.hear()
        return bytes((wire.BUTTON, seq)) in self.acks

    def close(self) -> None:
        os.close(self.master)
        os.close(self.slave)


def changes(*items: tuple[Button, bool, int]) -> bytes:
    return b"".join(wire.button_payload(list(Button).index(button), pressed, ms) for button, pressed, ms in items)


def connected_pad(tmp_path: Path):
    pad_end = ScriptedPad(tmp_path / "pad1")
    events = EventQueue()
    pad, _ = open_serial_pad(1, str(tmp_path / "pad1"), events, screen=False, link_timeout=PATIENT)

    def greeted() -> bool:                          # say hello until the console has the port open
        pad_end.send(wire.HELLO, 0, wire.hello_payload(1, wire.CAP_BUTTONS, 0x4242))
        time.sleep(0.05)
        return pad.connected

    wait_for(greeted, what="hello")
    return pad_end, pad, events


def exchange(pad_end: ScriptedPad, seq: int, payload: bytes) -> None:
    pad_end.hear()
    pad_end.acks.clear()
    pad_end.send(wire.BUTTON, seq, payload)
    wait_for(lambda: pad_end.acked(seq), what=f"ack of {seq}")


def test_a_late_copy_of_an_older_frame_is_not_a_ghost_press(tmp_path: Path) -> None:
    pad_end, pad, events = connected_pad(tmp_path)
    exchange(pad_end, 5, changes((Button.CARD1, True, 1000)))
    exchange(pad_end, 6, changes((Button.CARD1, False, 1080)))
    exchange(pad_end, 5, changes((Button.CARD1, True, 1000)))      # the first copy, late
    exchange(pad_end, 7, changes((Button.CARD2, True, 1200)))
    got = [(event.button, event.pressed) for event in events.drain()]
    assert got == [(Button.CARD1, True), (Button.CARD1, False), (Button.CARD2, True)]
    assert pad.link.duplicates == 1
    pad.close()
    pad_end.close()


def test_a_press_and_a_release_in_the_same_millisecond_both_count_and_their_copies_do_not(
        tmp_path: Path) -> None:
    """The release shares the press's millisecond: it is a change of its own, not a copy (before,
    an equal timestamp was taken for a copy and the button stayed held)."""
    pad_end, pad, events = connected_pad(tmp_path)
    exchange(pad_end, 5, changes((Button.CARD1, True, 1000), (Button.CARD1, False, 1000)))
    exchange(pad_end, 6, changes((Button.CARD1, True, 1000), (Button.CARD1, False, 1000)))  # re-cut copy
    exchange(pad_end, 7, changes((Button.CARD1, False, 1000)))                               # and again
    got = [(event.button, event.pressed) for event in events.drain()]
    assert got == [(Button.CARD1, True), (Button.CARD1, False)]
    assert not pad.is_pressed(Button.CARD1) and pad.link.duplicates == 3
    exchange(pad_end, 8, changes((Button.CARD1, True, 1001)))
    assert [(event.button, event.pressed) for event in events.drain()] == [(Button.CARD1, True)]
    pad.close()
    pad_end.close()


def test_a_sequence_number_coming_round_again_is_a_new_frame(tmp_path: Path) -> None:
    pad_end, pad, events = connected_pad(tmp_path)
    ms = 1000
    for turn, seq in enumerate(list(range(1, 256)) + [1, 2]):      # wraps 255 -> 1
        ms += 30
        exchange(pad_end, seq, changes((Button.LEFT, turn % 2 == 0, ms)))
    assert len(events.drain()) == 257 and pad.link.duplicates == 0
    assert RECENT_SEQS < 255
    pad.close()
    pad_end.close()


def test_a_batch_re_cut_under_a_new_number_counts_each_change_once(tmp_path: Path) -> None:
    pad_end, pad, events = connected_pad(tmp_path)
    batch = [(Button.CARD3, True, 2000), (Button.CARD3, False, 2060), (Button.RIGHT, True, 2100),
             (Button.RIGHT, False, 2150)]
    exchange(pad_end, 9, changes(*batch))                           # taken, but say its acks are lost:
    exchange(pad_end, 10, changes(*batch[:2]))                      # the pad cuts it in half
    exchange(pad_end, 11, changes(batch[2]))                        # and again
    exchange(pad_end, 12, changes(batch[3], (Button.CARD3, True, 2400)))
    got = [(event.button, event.pressed) for event in events.drain()]
    assert got == [(Button.CARD3, True), (Button.CARD3, False), (Button.RIGHT, True), (Button.RIGHT, False),
                   (Button.CARD3, True)]
    pad.close()
    pad_end.close()


def test_a_screen_message_the_line_keeps_spoiling_is_sent_again_in_smaller_ones(tmp_path: Path) -> None:
    pad_end = ScriptedPad(tmp_path / "pad1")
    events = EventQueue()
    pad, screen = open_serial_pad(1, str(tmp_path / "pad1"), events, link_timeout=PATIENT)
    assert screen is not None

    def greeted() -> bool:
        pad_end.send(wire.HELLO, 0, wire.hello_payload(1, wire.CAP_BUTTONS | wire.CAP_SSD1306, 0x99))
        time.sleep(0.05)
        return pad.connected

    wait_for(greeted, what="hello")
    image = blank_frame()
    ImageDraw.Draw(image).rectangle([0, 8, 127, 30], fill=1)     # three whole pages change
    screen.display(image)
    panel = bytearray(1024)
    sizes: list[int] = []
    copies = 0
    os.set_blocking(pad_end.master, False)
    end = time.monotonic() + 20
    while panel != to_pages(image) and time.monotonic() < end:
        try:
            data = os.read(pad_end.master, 4096)
        except BlockingIOError:
            time.sleep(0.005)
            continue
        for kind, seq, payload in pad_end.decoder.feed(data):
            if kind in (wire.CONTRAST, wire.POWER):
                pad_end.send(wire.ACK, 0, wire.ack_payload(kind, seq))
            elif kind == wire.SCREEN:
                copies += 1
                wire.apply_windows(payload, panel)                  # taken every time...
                sizes.append(sum(len(window[4]) for window in wire.windows(payload)))
                if copies > 6:                                      # ...but the first acks are lost
                    pad_end.send(wire.ACK, 0, wire.ack_payload(kind, seq))
    assert panel == to_pages(image)
    assert sizes[0] == 128 and min(sizes) <= 32 and pad.link.shrinks >= 2
    pad.close()
    screen.close()
    pad_end.close()


def test_a_pad_that_only_sends_damaged_frames_is_disconnected_after_a_while(tmp_path: Path) -> None:
    pad_end, pad, events = connected_pad(tmp_path)
    heartbeat = bytearray(wire.encode_frame(wire.HEARTBEAT, 0, wire.ms_bytes(5)))
    heartbeat[3] ^= 0x40                                            # every copy fails its CRC
    started = time.monotonic()
    checked_alive = False
    while pad.connected and time.monotonic() - started < 20:
        os.write(pad_end.master, bytes(heartbeat))
        time.sleep(0.05)
        if time.monotonic() - started > 2 and not checked_alive:
            assert pad.connected                                    # bytes still mean "alive"
            checked_alive = True
    assert checked_alive and not pad.connected
    assert time.monotonic() - started >= GARBLED_TIMEOUT - 0.5
    pad.close()
    pad_end.close()
