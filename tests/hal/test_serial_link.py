"""The console's serial backend and the real pad loop talking over pyserial on a pty pair."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from hal import Button, EventQueue, blank_frame
from hal.config import HardwareConfig, PadConfig
from hal.screen import to_pages
from hal.serial_pad import SerialPad, SerialScreen, open_serial_pad
from hal.wiring import open_console
from serial_rig import PATIENT, PadBoard, wait_for


def picture(text: str) -> Image.Image:
    image = blank_frame()
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 0, 127, 10], fill=1)
    draw.text((20, 30), text, fill=1)
    return image


@pytest.fixture
def rig(tmp_path: Path):
    path = tmp_path / "by-id" / "usb-PitchPad_pad1-if00"
    board = PadBoard(path, pad_id=1)
    events = EventQueue()
    pad, screen = open_serial_pad(1, str(path), events, link_timeout=PATIENT)
    assert screen is not None
    wait_for(lambda: pad.connected and board.loop.host_seen, what="hello both ways")
    yield board, pad, screen, events
    pad.close()
    screen.close()
    board.unplug()


def take(events: EventQueue) -> list[tuple[int, Button, bool]]:
    return [(event.pad, event.button, event.pressed) for event in events.drain()]


def test_presses_arrive_in_order_with_pad_id_and_pad_side_times(rig) -> None:
    board, pad, _, events = rig
    board.press(Button.CARD3)
    wait_for(lambda: pad.is_pressed(Button.CARD3), what="CARD3 held")
    board.press(Button.LEFT)
    board.release(Button.CARD3)
    board.release(Button.LEFT)
    wait_for(lambda: not pad.is_pressed(Button.LEFT), what="LEFT released")
    got = events.drain()
    assert [(e.pad, e.button, e.pressed) for e in got] == [
        (1, Button.CARD3, True), (1, Button.LEFT, True), (1, Button.CARD3, False), (1, Button.LEFT, False)]
    times = [event.timestamp for event in got]
    assert times == sorted(times) and times[1] - times[0] < 1.0


def test_frames_contrast_and_power_reach_the_panel(rig) -> None:
    board, pad, screen, _ = rig
    for text in ("1-0", "2-0", "2-1"):
        screen.display(picture(text))
    wait_for(lambda: board.frame == to_pages(picture("2-1")), what="last frame on the panel")
    screen.contrast(8)
    screen.power(False)
    wait_for(lambda: board.panel.level == 8 and board.panel.on is False, what="contrast and power")
    screen.power(True)
    wait_for(lambda: board.panel.on, what="power on")


def test_a_rotated_screen_is_turned_before_it_is_sent(tmp_path: Path) -> None:
    path = tmp_path / "pad2"
    board = PadBoard(path, pad_id=2)
    events = EventQueue()
    pad, screen = open_serial_pad(2, str(path), events, rotation=180)
    assert screen is not None
    screen.display(picture("GOAL"))                     # before the pad answers: kept and sent later
    wait_for(lambda: board.frame == to_pages(picture("GOAL").rotate(180)), what="rotated frame")
    assert pad.link.hello == (1, 2, 0x03)
    pad.close()
    screen.close()
    board.unplug()


def test_a_resent_button_frame_counts_once(rig) -> None:
    board, pad, _, events = rig
    with board.lock:                                    # hold the pad loop still
        board.levels[0] = True
        board.loop.poll()
        frame = bytes(board.loop.inflight[:board.loop.inflight_length])
        for _ in range(3):
            board.loop.link.write(frame)                # as if three acks had been lost
    wait_for(lambda: pad.link.duplicates >= 3, what="duplicates seen")
    wait_for(lambda: not board.loop.changes, what="press acked")
    assert take(events) == [(1, Button.CARD1, True)]


def test_the_console_opens_a_serial_pad_whose_board_drives_the_screen(tmp_path: Path) -> None:
    path = tmp_path / "by-id" / "pad1"
    board = PadBoard(path, pad_id=1)
    config = HardwareConfig("tabletop", (PadConfig(1, {}, None, serial_port=str(path)),))
    console = open_console(config)
    assert isinstance(console.pad(1), SerialPad) and isinstance(console.screen(1), SerialScreen)
    wait_for(lambda: console.pad(1).connected, what="hello")
    board.tap(Button.RIGHT)
    first = console.events.get(timeout=5)
    assert (first.pad, first.button, first.pressed) == (1, Button.RIGHT, True)
    console.screen(1).display(picture("menu"))
    wait_for(lambda: board.frame == to_pages(picture("menu")), what="menu on the pad")
    console.close()
    assert not console.pad(1).link._thread.is_alive()
    board.unplug()


def test_a_missing_port_is_a_disconnected_pad_not_an_error(tmp_path: Path) -> None:
    events = EventQueue()
    pad, screen = open_serial_pad(1, str(tmp_path / "not-plugged"), events)
    assert not pad.connected
    assert screen is not None
    screen.display(picture("x"))                        # kept for when the pad comes
    board = PadBoard(tmp_path / "not-plugged")
    wait_for(lambda: pad.connected and board.frame == to_pages(picture("x")), what="late pad")
    pad.close()
    screen.close()
    board.unplug()
