"""A damaged line and a pad pulled out mid-match: no ghost press, no lost press, no crash."""
from __future__ import annotations

import random
import time
from pathlib import Path

from PIL import ImageDraw

from hal import Button, EventQueue, blank_frame
from hal.screen import to_pages
from hal.serial_pad import open_serial_pad
from serial_rig import BUTTONS, PATIENT, Faults, PadBoard, wait_for


def scoreboard(n: int):
    image = blank_frame()
    draw = ImageDraw.Draw(image)
    draw.text((4 + n % 90, 4), f"round {n}", fill=1)
    draw.rectangle([0, 20 + n % 30, 127, 30 + n % 30], fill=1)
    return image


def mash(board: PadBoard, rng: random.Random, changes: int) -> None:
    """Random presses and releases, several buttons held at once at times."""
    for _ in range(changes):
        button = rng.choice(BUTTONS)
        if board.levels[BUTTONS.index(button)]:
            board.release(button)
        else:
            board.press(button)
    for button in BUTTONS:
        board.release(button)


def tapped(board: PadBoard, events: EventQueue, button: Button) -> list[tuple[Button, bool]]:
    """Tap ``button`` on the board and wait for the console's ack: the presses and releases
    that arrived."""
    board.tap(button)
    wait_for(lambda: not board.loop.changes, what="acked")
    return [(e.button, e.pressed) for e in events.drain()]


def test_every_buttons_final_state_arrives_when_fast_taps_outrun_a_damaged_line(tmp_path: Path) -> None:
    """5 % of bytes damaged and taps faster than such a line carries: the pad's queue fills up.
    A tap may then be merged away (docs/serial-protocol.md says what is guaranteed), but never a
    button's last state: LEFT, pressed between taps and held, is held on the console at the end,
    CARD1 released, and every button's events alternate (before, the oldest change was dropped:
    LEFT's press, so the console never knew it was held)."""
    faults = Faults(29, byte_error=0.05)
    path = tmp_path / "pad1"
    board = PadBoard(path, faults=faults, debounce_ms=2)
    events = EventQueue()
    pad, _ = open_serial_pad(1, str(path), events, screen=False, link_timeout=PATIENT)
    wait_for(lambda: pad.connected, what="hello through the noise")
    for _ in range(40):
        board.tap(Button.CARD1)
    board.press(Button.LEFT)
    for _ in range(120):
        board.tap(Button.CARD1)
    board.press(Button.CARD2)
    board.release(Button.CARD2)
    wait_for(lambda: not board.loop.changes, timeout=90, what="every change acked")
    got = [(event.button, event.pressed) for event in events.drain()]
    assert pad.is_pressed(Button.LEFT) and (Button.LEFT, True) in got
    for button in BUTTONS:
        states = [pressed for pressed_button, pressed in got if pressed_button == button]
        assert all(a != b for a, b in zip(states, states[1:])), button
    assert not pad.is_pressed(Button.CARD1) and not pad.is_pressed(Button.CARD2)
    assert got[-2:] == [(Button.CARD2, True), (Button.CARD2, False)]
    assert board.loop.merged > 0                          # the queue did overflow
    assert pad.connected
    pad.close()
    board.unplug()


def test_one_percent_corruption_truncation_and_garbage_lose_and_invent_nothing(tmp_path: Path) -> None:
    faults = Faults(2024, byte_error=0.01, truncate=0.02, garbage=0.02)
    path = tmp_path / "pad1"
    board = PadBoard(path, faults=faults)
    events = EventQueue()
    pad, screen = open_serial_pad(1, str(path), events, link_timeout=PATIENT)
    assert screen is not None
    wait_for(lambda: pad.connected, what="hello through the noise")
    rng = random.Random(5)
    for n in range(12):
        screen.display(scoreboard(n))
        mash(board, rng, 8)
    wait_for(lambda: not board.loop.changes, timeout=30, what="every change acked")
    got = [(event.button, event.pressed) for event in events.drain()]
    assert got == board.accepted                        # nothing lost, doubled or invented
    assert len(got) >= 60
    wait_for(lambda: board.frame == to_pages(scoreboard(11)), timeout=30, what="last frame through the noise")
    assert faults.damaged > 20 and pad.link.dropped > 0 and board.loop.decoder.dropped > 0
    assert pad.link.resends > 0
    assert pad.link._thread.is_alive()
    pad.close()
    screen.close()
    board.unplug()


def test_a_pad_unplugged_and_replugged_mid_match(tmp_path: Path) -> None:
    path = tmp_path / "by-id" / "usb-PitchPad_pad2-if00"
    board = PadBoard(path, pad_id=2)
    events = EventQueue()
    seen: list[tuple[int, bool]] = []
    pad, screen = open_serial_pad(2, str(path), events)
    assert screen is not None
    wait_for(lambda: pad.connected, what="hello")
    pad.on_connection(lambda pad_id, connected: seen.append((pad_id, connected)))
    screen.display(scoreboard(3))
    board.tap(Button.CARD1)
    board.press(Button.CENTRE)                          # held while the cable is pulled
    wait_for(lambda: pad.is_pressed(Button.CENTRE), what="CENTRE held")
    board.unplug()
    wait_for(lambda: seen == [(2, False)], what="disconnection reported")
    assert not pad.connected
    assert not pad.is_pressed(Button.CENTRE)
    screen.display(scoreboard(4))                       # the firmware draws on while it is away
    before = [(e.button, e.pressed) for e in events.drain()]
    assert before == [(Button.CARD1, True), (Button.CARD1, False), (Button.CENTRE, True),
                      (Button.CENTRE, False)]           # a release, never a press, is made up

    plugged = time.monotonic()
    board = PadBoard(path, pad_id=2)                    # a fresh boot: new nonce, sequence from 1
    wait_for(lambda: pad.connected and board.frame == to_pages(scoreboard(4)), what="back and redrawn")
    print(f"replugged pad back and redrawn in {1000 * (time.monotonic() - plugged):.0f} ms")
    wait_for(lambda: seen == [(2, False), (2, True)], what="reconnection reported")
    assert pad.link.reconnections == 1
    assert tapped(board, events, Button.CARD4) == [(Button.CARD4, True), (Button.CARD4, False)]
    pad.close()
    screen.close()
    board.unplug()


def test_a_silent_pad_is_disconnected_and_comes_back_redrawn(tmp_path: Path) -> None:
    path = tmp_path / "pad1"
    board = PadBoard(path)
    events = EventQueue()
    pad, screen = open_serial_pad(1, str(path), events, link_timeout=0.5)
    assert screen is not None
    wait_for(lambda: pad.connected, what="hello")
    screen.display(scoreboard(1))
    wait_for(lambda: board.frame == to_pages(scoreboard(1)), what="frame")
    board.paused.set()                                  # the pad hangs, the port stays
    wait_for(lambda: not pad.connected, what="heartbeat loss")
    screen.display(scoreboard(2))
    board.paused.clear()
    wait_for(lambda: pad.connected and board.frame == to_pages(scoreboard(2)), what="recovery")
    assert tapped(board, events, Button.LEFT) == [(Button.LEFT, True), (Button.LEFT, False)]
    pad.close()
    screen.close()
    board.unplug()


def test_five_percent_damaged_bytes_slow_the_link_but_never_disconnect_it(tmp_path: Path) -> None:
    """Frames still get through at 5 %, only small ones: BUTTON batches and screen messages
    shrink until they do, and damaged bytes still count as a sign of life."""
    faults = Faults(77, byte_error=0.05)
    faults.enabled = False
    path = tmp_path / "pad1"
    board = PadBoard(path, faults=faults)
    events = EventQueue()
    pad, screen = open_serial_pad(1, str(path), events)        # the 1 s heartbeat timeout
    assert screen is not None
    wait_for(lambda: pad.connected and board.loop.host_seen, what="hello")
    lost: list[bool] = []
    pad.on_connection(lambda _, connected: lost.append(connected))
    faults.enabled = True
    image = blank_frame()
    ImageDraw.Draw(image).rectangle([0, 8, 127, 15], fill=1)     # a whole page: 128 bytes to send
    ImageDraw.Draw(image).text((50, 28), "2-1", fill=1)
    screen.display(image)
    mash(board, random.Random(9), 24)                            # changes queue up: batches form
    wait_for(lambda: not board.loop.changes, timeout=60, what="every change acked")
    wait_for(lambda: board.frame == to_pages(image), timeout=60, what="the picture through the noise")
    assert lost == []
    assert faults.damaged > 50 and pad.link.shrinks > 0 and board.loop.decoder.dropped > 0
    assert [(event.button, event.pressed) for event in events.drain()] == board.accepted
    pad.close()
    screen.close()
    board.unplug()
