from __future__ import annotations

import threading

import pytest
from PIL import ImageDraw

import sim
from hal import Button, ButtonEvent, Console, ConsoleClosed, GOAL, ManualClock, blank_frame, parse_config


def test_scripted_presses_reach_the_queue_with_clock_times() -> None:
    clock = ManualClock(start=10.0)
    console = sim.open_console(2, clock=clock)
    assert isinstance(console, Console)
    console.press(1, Button.CARD2)
    console.press(1, Button.CARD2)          # already held: nothing
    clock.advance(0.25)
    console.release(1, Button.CARD2)
    console.tap(2, Button.LEFT)
    assert console.events.drain() == [
        ButtonEvent(1, Button.CARD2, True, 10.0),
        ButtonEvent(1, Button.CARD2, False, 10.25),
        ButtonEvent(2, Button.LEFT, True, 10.25),
        ButtonEvent(2, Button.LEFT, False, 10.25),
    ]


def test_firmware_can_block_on_the_queue_with_a_timeout() -> None:
    console = sim.open_console(1)
    assert console.events.get(timeout=0.01) is None
    got: list[ButtonEvent | None] = []
    reader = threading.Thread(target=lambda: got.append(console.events.get(timeout=10)))
    reader.start()
    console.tap(1, Button.CENTRE)
    reader.join(timeout=10)
    assert got and got[0] is not None and got[0].button is Button.CENTRE
    console.close()
    with pytest.raises(ConsoleClosed):
        console.events.get(timeout=1)


def test_every_distinct_frame_is_captured_and_saved(tmp_path) -> None:
    console = sim.open_console(2)
    frame = blank_frame()
    ImageDraw.Draw(frame).rectangle((10, 10, 20, 20), fill=1)
    console.screen(2).display(frame)
    console.screen(2).display(frame.copy())     # unchanged: not a new frame
    console.screen(2).display(blank_frame())
    assert [f.getbbox() for f in console.frames(2)] == [(10, 10, 21, 21), None]
    assert console.frames(1) == []
    paths = console.save_frames(tmp_path, scale=2)
    assert [p.name for p in paths] == ["pad2-0000.png", "pad2-0001.png"]
    from PIL import Image
    assert Image.open(paths[0]).size == (256, 128)


def test_outputs_are_recorded() -> None:
    console = sim.open_console(3)
    console.buzzer.play(GOAL)
    console.led(3).blink()
    console.screen(1).contrast(10)
    console.screen(1).power(False)
    assert console.buzzer.played == [GOAL]
    assert console.leds[2].is_lit and console.leds[2].blinking
    assert console.screens[0].level == 10 and not console.screens[0].is_on


def test_pad_count_comes_from_a_config_or_a_number() -> None:
    config = parse_config(HANDHELD_MIN)
    assert sim.open_console(config).pad_count == 1
    with pytest.raises(ValueError, match="1 to 4 pads"):
        sim.open_console(5)
    with pytest.raises(ValueError, match="unknown simulator backend"):
        sim.open_console(2, backend="vr")
    with pytest.raises(IndexError, match="pads 1..2"):
        sim.open_console(2).screen(3)


HANDHELD_MIN = """
profile = "handheld"
[[pad]]
[pad.buttons]
CARD1 = 5
CARD2 = 6
CARD3 = 13
CARD4 = 19
LEFT = 26
CENTRE = 21
RIGHT = 20
[pad.screen]
driver = "ssd1306"
bus = "i2c"
port = 1
address = 0x3C
"""
