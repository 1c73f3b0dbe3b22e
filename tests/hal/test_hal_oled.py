"""OledScreen on the real luma.oled drivers over a recording I2C bus, checked by decoding the
exact bytes with an independent panel model."""
from __future__ import annotations

import logging
import random

import pytest
from luma.core.interface.serial import i2c
from PIL import Image, ImageDraw

from hal import ManualClock, ScreenNotAnswering, blank_frame
from hal.mock_bus import MockSMBus
from hal.oled import OledScreen
from oled_model import OledModel


def random_frame(rng: random.Random, previous: Image.Image) -> Image.Image:
    """Full redraws, small edits, text, or the same frame again, like a match's screens."""
    kind = rng.choice(["noise", "rectangles", "pixel", "text", "same", "blank", "band", "inverse"])
    if kind == "inverse":
        return Image.frombytes("1", (128, 64), bytes(255 - b for b in previous.tobytes()))
    if kind == "noise":
        return Image.frombytes("1", (128, 64), rng.randbytes(1024))
    if kind == "same":
        return previous.copy()
    if kind == "blank":
        return blank_frame()
    frame = previous.copy()
    draw = ImageDraw.Draw(frame)
    if kind == "rectangles":
        for _ in range(rng.randrange(1, 4)):
            x, y = rng.randrange(128), rng.randrange(64)
            draw.rectangle((x, y, x + rng.randrange(40), y + rng.randrange(20)), fill=rng.randrange(2))
    elif kind == "pixel":
        frame.putpixel((rng.randrange(128), rng.randrange(64)), rng.randrange(2))
    elif kind == "text":
        draw.text((rng.randrange(100), rng.randrange(50)), str(rng.randrange(10**6)), fill=rng.randrange(2))
    else:
        y = rng.randrange(60)
        draw.rectangle((0, y, 127, y + rng.randrange(1, 5)), fill=rng.randrange(2))
    return frame


def make_screen(chip: str = "ssd1306", rotation: int = 0, clock: ManualClock | None = None,
                bus: MockSMBus | None = None) -> tuple[OledScreen, MockSMBus, OledModel]:
    bus = bus or MockSMBus()
    model = OledModel(chip, address=0x3D, seed=7)
    screen = OledScreen(1, i2c(bus=bus, address=0x3D), driver=chip, rotation=rotation, clock=clock or ManualClock())
    model.feed(bus.transfers)
    bus.clear()
    return screen, bus, model


def shows(model: OledModel, bus: MockSMBus, image: Image.Image) -> bool:
    model.feed(bus.transfers)
    bus.clear()
    shown = model.shown()
    return shown is not None and shown.tobytes() == image.convert("1").tobytes()


@pytest.mark.parametrize("chip", ["ssd1306", "sh1106"])
@pytest.mark.parametrize("seed", [1, 2])
def test_long_random_sequences_leave_exactly_the_intended_image(chip: str, seed: int) -> None:
    rng = random.Random(seed)
    screen, bus, model = make_screen(chip)
    assert shows(model, bus, blank_frame())
    frame = blank_frame()
    for _ in range(150):
        frame = random_frame(rng, frame)
        screen.display(frame)
        assert shows(model, bus, frame)


def test_rotation_180_is_shown_upright_when_the_module_is_mounted_upside_down() -> None:
    screen, bus, model = make_screen(rotation=180)
    frame = blank_frame()
    frame.putpixel((0, 0), 1)
    screen.display(frame)
    assert shows(model, bus, frame.rotate(180))


def test_an_unchanged_frame_sends_nothing() -> None:
    screen, bus, _ = make_screen()
    frame = blank_frame()
    ImageDraw.Draw(frame).text((5, 5), "GOAL", fill=1)
    screen.display(frame)
    assert bus.transfers
    bus.clear()
    screen.display(frame.copy())
    assert bus.transfers == []


def test_one_changed_pixel_sends_one_data_byte_in_a_one_column_window() -> None:
    screen, bus, model = make_screen()
    frame = blank_frame()
    frame.putpixel((77, 42), 1)
    screen.display(frame)
    assert [(t.control, t.payload) for t in bus.transfers] == [
        (0x00, bytes([0x21, 77, 77, 0x22, 5, 5])), (0x40, bytes([1 << 2]))]
    assert shows(model, bus, frame)


def test_sh1106_uses_page_addressing_with_its_column_offset() -> None:
    screen, bus, model = make_screen("sh1106")
    frame = blank_frame()
    frame.putpixel((30, 0), 1)
    frame.putpixel((31, 0), 1)
    screen.display(frame)
    assert [(t.control, t.payload) for t in bus.transfers] == [
        (0x00, bytes([0xB0, 32 & 0x0F, 0x10 | 32 >> 4])), (0x40, bytes([1, 1]))]
    assert shows(model, bus, frame)


def test_distant_changed_pages_use_separate_windows_and_near_ones_merge() -> None:
    screen, bus, model = make_screen()
    frame = blank_frame()
    draw = ImageDraw.Draw(frame)
    draw.rectangle((0, 0, 127, 3), fill=1)         # page 0, all columns
    draw.rectangle((60, 60, 61, 63), fill=1)       # page 7, two columns
    screen.display(frame)
    data = [t.payload for t in bus.transfers if t.control == 0x40]
    assert sum(map(len, data)) == 128 + 2
    assert shows(model, bus, frame)
    draw.rectangle((10, 8, 20, 23), fill=1)        # pages 1 and 2, same columns: one window
    screen.display(frame)
    commands = [t.payload for t in bus.transfers if t.control == 0x00]
    assert commands == [bytes([0x21, 10, 20, 0x22, 1, 2])]
    assert shows(model, bus, frame)


def test_an_inverted_frame_flips_the_invert_mode_instead_of_redrawing() -> None:
    screen, bus, model = make_screen()
    frame = blank_frame()
    ImageDraw.Draw(frame).text((40, 28), "GOAL!", fill=1)
    screen.display(frame)
    assert shows(model, bus, frame)
    flashed = Image.frombytes("1", (128, 64), bytes(255 - b for b in frame.tobytes()))
    screen.display(flashed)
    assert [(t.control, t.payload) for t in bus.transfers] == [(0x00, bytes([0xA7]))]
    assert shows(model, bus, flashed)
    screen.display(frame)
    assert [(t.control, t.payload) for t in bus.transfers] == [(0x00, bytes([0xA6]))]
    assert shows(model, bus, frame)


def test_contrast_and_power_reach_the_panel() -> None:
    screen, bus, model = make_screen()
    screen.contrast(0x10)
    screen.power(False)
    model.feed(bus.transfers)
    assert model.contrast == 0x10 and model.shown() is None
    screen.power(True)
    assert shows(model, bus, blank_frame())
    with pytest.raises(ValueError):
        screen.contrast(300)


# --- a loose wire ---------------------------------------------------------------------------

def test_loose_wire_is_survived_logged_once_and_redrawn_when_it_answers(caplog) -> None:
    clock = ManualClock()
    screen, bus, model = make_screen(clock=clock)
    rng = random.Random(3)
    frame = blank_frame()
    caplog.set_level(logging.WARNING, logger="hal.oled")
    bus.unplug()
    for _ in range(50):                            # a match goes on while the wire is loose
        frame = random_frame(rng, frame)
        screen.display(frame)
        clock.advance(0.1)
    assert not screen.answering
    with pytest.raises(ScreenNotAnswering):
        screen.check()
    assert len([r for r in caplog.records if "not answering" in r.getMessage()]) == 1
    model.power_cycle()                            # the module lost power with the wire
    bus.plug()
    clock.advance(10)
    assert screen.answering and screen.reconnections == 1
    assert shows(model, bus, frame)
    assert len(caplog.records) == 2 and "answering again" in caplog.records[1].getMessage()


@pytest.mark.parametrize("good_writes", [0, 1, 2, 5])
def test_a_wire_that_comes_loose_mid_frame_gives_a_full_redraw(good_writes: int) -> None:
    # 0: the window command fails (luma raises DeviceNotFoundError); later: the data (OSError).
    clock = ManualClock()
    screen, bus, model = make_screen(clock=clock)
    first = Image.frombytes("1", (128, 64), random.Random(9).randbytes(1024))
    screen.display(first)
    assert shows(model, bus, first)
    second = first.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    bus.fail_after(good_writes)
    screen.display(second)
    assert not screen.answering
    model.feed(bus.transfers)
    bus.clear()
    bus.plug()
    clock.advance(0.3)
    assert screen.answering
    assert shows(model, bus, second)


def test_back_off_grows_and_a_still_dead_bus_gets_only_a_probe() -> None:
    clock = ManualClock()
    screen, bus, _ = make_screen(clock=clock)
    bus.unplug()
    screen.display(Image.new("1", (128, 64), 1))
    bus.clear()
    clock.advance(60)
    assert 9 <= screen.retries <= 12               # 0.25, 0.5, 1, 2, 4, 8, 8, …: not every frame
    assert screen.failures == 1
    assert bus.transfers == []                     # each retry is one NOP probe, refused
    assert clock.pending == 1
    screen.close()
    assert clock.pending == 0


def test_contrast_while_down_is_applied_after_reconnecting() -> None:
    clock = ManualClock()
    screen, bus, model = make_screen(clock=clock)
    bus.unplug()
    screen.display(blank_frame())
    screen.contrast(0x22)
    screen.display(Image.new("1", (128, 64), 1))
    bus.plug()
    clock.advance(1)
    model.feed(bus.transfers)
    assert model.contrast == 0x22


def test_a_screen_missing_at_start_is_retried_not_refused() -> None:
    clock = ManualClock()
    bus = MockSMBus()
    bus.unplug()
    screen = OledScreen(2, i2c(bus=bus, address=0x3C), clock=clock)
    assert not screen.answering
    frame = blank_frame()
    ImageDraw.Draw(frame).ellipse((40, 10, 80, 50), outline=1)
    screen.display(frame)
    bus.plug()
    clock.advance(1)
    model = OledModel(address=0x3C)
    assert shows(model, bus, frame)
