"""SH1106 panels that say whether they are lit (issue 29, item 7), on luma.oled's real sh1106
driver and luma's real ``i2c`` over the recording bus, with the independent panel model of
``oled_model.py`` attached to the bus so that it answers status reads as the datasheet says.

A panel that lost power between two transfers comes back dark and nothing fails; an SSD1306
can only be healed blindly every 4.8 s (a whole frame), which for two SH1106 on one bus would be
1.04 % of it. An SH1106 on I2C answers a 1-byte status read whose ON/OFF bit a power-up resets,
so it is asked instead (4 bytes) and healed only when it says it is dark.

The two "clones" below (a chip at the SH1106's address answering a constant byte) are
hand-written: no real part of that kind runs on a PC, and the datasheet model answers correctly.
"""
from __future__ import annotations

import logging
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from luma.core.interface.serial import i2c, spi
from PIL import Image

from hal import ManualClock, parse_config
from hal.mock_bus import MockSMBus
from hal.oled import HEAL_EVERY, HEAL_QUIET, OledScreen, i2c_status_read
from hal.wiring import open_console
from oled_model import OledModel
from oled_rig import BUS_BYTES_PER_SECOND, drawing, managed_i2c


class LivePanel:
    """An SH1106 model attached to the bus: it follows every write as it happens and answers
    the status reads, so nothing feeds it afterwards."""

    def __init__(self, bus: MockSMBus | None = None, address: int = 0x3C,
                 clock: ManualClock | None = None, serial: object | None = None) -> None:
        self.clock = clock or ManualClock()
        self.bus = bus or MockSMBus()
        self.model = OledModel("sh1106", address=address, seed=address)
        self.bus.attach(address, self.model)
        self.screen = OledScreen(address - 0x3B, serial or i2c(bus=self.bus, address=address),  # type: ignore[arg-type]
                                 driver="sh1106", clock=self.clock)

    def shows(self, image: Image.Image) -> bool:
        shown = self.model.shown()
        return shown is not None and shown.tobytes() == image.tobytes()


class ConstantStatus:
    """A clone at the panel's address: takes the writes into the real model, but answers every
    read with the same byte (0x00: "lit" even when dark; 0xFF: "busy and off" always)."""

    def __init__(self, model: OledModel, answer: int) -> None:
        self.model = model
        self.answer = answer

    def write(self, data: bytes) -> None:
        self.model.write(data)

    def read(self, count: int) -> bytes:
        return bytes([self.answer] * count)


def test_the_status_read_finds_luma_i2cs_bus_and_address_and_spi_has_none(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """luma's i2c has no read; the read goes through the smbus luma opened itself (the Pi's
    path) or was given, at its address. If a luma release renamed them this fails."""
    bus = MockSMBus()
    model = OledModel("sh1106", address=0x3D)
    bus.attach(0x3D, model)
    for serial in (managed_i2c(monkeypatch, bus, 0x3D), i2c(bus=bus, address=0x3D)):
        read = i2c_status_read(serial)
        assert read is not None
        assert read() & 0x40                                     # a fresh panel is off
        model.on = True
        assert read() & 0xC0 == 0
        model.on = False
    written, answered = bus.transfers[-2:]
    assert (written.address, written.control, written.payload, written.read) == (0x3D, 0x00, b"", False)
    assert answered.read and answered.wire_bytes + written.wire_bytes == 4

    class RecordingSpi:
        def open(self, port: int, device: int) -> None: ...
        def writebytes(self, data: list[int]) -> None: ...
        def close(self) -> None: ...
        mode = 0
        max_speed_hz = 0

    class Pins:
        OUT = HIGH = LOW = 0
        def setup(self, *args: object, **kwargs: object) -> None: ...
        def output(self, *args: object) -> None: ...
        def cleanup(self, *args: object) -> None: ...

    assert i2c_status_read(spi(spi=RecordingSpi(), gpio=Pins(), gpio_DC=24, gpio_RST=25)) is None


@pytest.mark.parametrize("lost_after", [0.05, 1.3, 2.9, 4.1, 4.75])
def test_an_sh1106_that_lost_power_unseen_is_lit_again_within_5_seconds(
        lost_after: float, caplog: pytest.LogCaptureFixture) -> None:
    """Whenever the power goes relative to the looks: dark under 5 s, then healed once."""
    panel = LivePanel()
    frame = drawing(3)
    panel.screen.display(frame)
    panel.clock.advance(2 * HEAL_EVERY)
    assert panel.screen.looks >= 1 and panel.screen.heals == 0  # lit and saying so: no heal
    looks = panel.screen.looks
    while panel.screen.looks == looks:                          # to just after a look
        panel.clock.advance(0.01)
    panel.clock.advance(lost_after)
    panel.model.lose_power()
    dark = 0.0
    with caplog.at_level(logging.WARNING, logger="hal.oled"):
        while not panel.shows(frame):
            panel.clock.advance(0.05)
            dark += 0.05
            assert dark < 5.0, f"still dark {dark:.2f} s after the power went"
    assert panel.screen.heals == 1 and panel.screen.failures == 0
    assert "pad 1 screen (sh1106) had gone dark (it lost power); redrawn" in caplog.text


def test_two_sh1106_on_one_bus_stay_lit_for_under_1_percent_of_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The handheld with SH1106 panels: two still screens on bus 1, bytes as luma sends them on
    the Pi. Healing blindly would take 1.04 % (test_hal_oled_heal.py); asking takes 4 bytes a
    look, and one panel that loses power costs one heal."""
    clock = ManualClock()
    bus = MockSMBus()
    panels = [LivePanel(bus, address, clock, managed_i2c(monkeypatch, bus, address)) for address in (0x3C, 0x3D)]
    for number, panel in enumerate(panels):
        panel.screen.display(drawing(number))
    clock.advance(3 * HEAL_EVERY)
    bus.clear()
    clock.advance(50 * HEAL_EVERY)
    assert sum(panel.screen.looks for panel in panels) >= 100
    assert sum(panel.screen.heals for panel in panels) == 0
    shared = bus.wire_bytes() / (50 * HEAL_EVERY) / BUS_BYTES_PER_SECOND
    assert bus.wire_bytes() == 100 * 4 and shared < 0.0001, f"the looks take {shared:.4%} of the bus"
    assert clock.pending == 2                                   # one timer each, due together
    due = sorted(when for when, _, timer, _ in clock._due if not timer.cancelled)
    assert due[0] == due[1]

    panels[1].model.lose_power()
    bus.clear()
    clock.advance(50 * HEAL_EVERY)
    assert panels[1].shows(drawing(1)) and panels[0].shows(drawing(0))
    assert (panels[0].screen.heals, panels[1].screen.heals) == (0, 1)
    with_one_heal = bus.wire_bytes() / (50 * HEAL_EVERY) / BUS_BYTES_PER_SECOND
    assert with_one_heal < 0.00015                              # 0.014 %: docs/hardware.md


def test_the_first_connection_learns_the_status_once_and_no_look_ever_blinks_the_panel() -> None:
    """The status is read once with the panel switched off and once lit, when the screen is first
    reached (the console starting): the only time a connection switches a lit panel off. After
    that, fed write by write, the panel never goes dark through looks, reconnections or heals."""
    clock = ManualClock()
    bus = MockSMBus()
    model = OledModel("sh1106", address=0x3C, seed=5)
    bus.attach(0x3C, model)
    seen: list[bool] = []

    class Watching:
        def write(self, data: bytes) -> None:
            model.write(data)
            seen.append(model.shown() is not None)

        def read(self, count: int) -> bytes:
            return model.read(count)

    bus.attach(0x3C, Watching())
    screen = OledScreen(1, i2c(bus=bus, address=0x3C), driver="sh1106", clock=clock)
    frame = drawing(8)
    screen.display(frame)
    assert sum(1 for before, after in zip(seen, seen[1:]) if before and not after) == 0
    reads = [t.payload[0] for t in bus.transfers if t.read]
    assert [byte & 0x40 for byte in reads] == [0x40, 0x00]      # asked dark, then lit
    seen.clear()
    clock.advance(5 * HEAL_EVERY)
    screen.refresh()                                            # a screensaver step: a heal
    bus.unplug()
    clock.advance(HEAL_EVERY + HEAL_QUIET)                      # a look fails: the retries
    bus.plug()
    clock.advance(10.0)
    assert screen.answering and screen.reconnections == 1
    assert all(seen[seen.index(True):])
    assert len([t for t in bus.transfers if t.read]) == 2 + screen.looks


@pytest.mark.parametrize("answer", [0x00, 0xFF])
def test_a_clone_whose_status_makes_no_sense_is_redrawn_whole_every_period(
        answer: int, caplog: pytest.LogCaptureFixture) -> None:
    """0x00 would say "lit" after a power loss too: trusting it would leave the panel dark for
    good. It is caught when the panel is first reached (the switched-off read must say off)."""
    bus = MockSMBus()
    model = OledModel("sh1106", address=0x3C, seed=2)
    bus.attach(0x3C, ConstantStatus(model, answer))
    clock = ManualClock()
    with caplog.at_level(logging.INFO, logger="hal.oled"):
        screen = OledScreen(1, i2c(bus=bus, address=0x3C), driver="sh1106", clock=clock)
    assert "does not report whether it is lit: it is redrawn whole every 4.8 s" in caplog.text
    frame = drawing(4)
    screen.display(frame)
    clock.advance(HEAL_EVERY + HEAL_QUIET)
    model.lose_power()
    clock.advance(HEAL_EVERY)
    shown = model.shown()
    assert shown is not None and shown.tobytes() == frame.tobytes()
    assert screen.looks == 0 and screen.heals >= 2
    assert len([t for t in bus.transfers if t.read]) == 2       # asked only when first reached


def test_a_status_read_that_fails_is_a_screen_not_answering_and_it_is_redrawn_when_back() -> None:
    panel = LivePanel()
    panel.screen.display(drawing(6))
    panel.clock.advance(HEAL_EVERY + HEAL_QUIET)
    assert panel.screen.looks >= 1
    panel.bus.unplug()
    panel.clock.advance(HEAL_EVERY)
    assert not panel.screen.answering
    panel.model.lose_power()                                    # the whole module blinked out
    panel.bus.plug()
    panel.clock.advance(10.0)
    assert panel.screen.answering and panel.shows(drawing(6))


def test_a_screen_switched_off_is_not_asked_and_a_panel_first_reached_while_off_is_asked_once_lit() -> None:
    """Asleep, the panels are off on purpose: no look (no wake-up, no bus). A panel reached for
    the first time while the console sleeps is asked when it is next lit."""
    bus = MockSMBus()
    bus.unplug()
    panel = LivePanel(bus)
    panel.screen.power(False)
    bus.plug()
    panel.clock.advance(20.0)
    assert panel.screen.answering and panel.model.shown() is None
    assert not [t for t in bus.transfers if t.read]
    panel.screen.power(True)
    panel.screen.display(drawing(9))
    panel.clock.advance(2 * HEAL_EVERY + HEAL_QUIET)
    assert panel.screen.looks >= 1 and panel.shows(drawing(9))
    panel.screen.power(False)
    looks = panel.screen.looks
    panel.clock.advance(10 * HEAL_EVERY)
    assert panel.screen.looks == looks and panel.clock.pending == 0


def test_an_ssd1306_is_never_read() -> None:
    """Its datasheet gives no read on I2C (the model refuses one): it heals every period."""
    bus = MockSMBus()
    model = OledModel("ssd1306", address=0x3C)
    bus.attach(0x3C, model)
    clock = ManualClock()
    screen = OledScreen(1, i2c(bus=bus, address=0x3C), driver="ssd1306", clock=clock)
    screen.display(drawing(1))
    clock.advance(3 * HEAL_EVERY)
    assert screen.heals >= 2 and screen.looks == 0
    assert not [t for t in bus.transfers if t.read]


def test_an_sh1106_that_lost_power_while_the_console_slept_is_redrawn_when_it_wakes() -> None:
    """Asleep, the panels are off on purpose and nobody looks. One loses power meanwhile: its
    RAM is garbage. Told only display-on at the wake, it would show that garbage and answer
    "lit" to every look after; every panel is redrawn whole when the console wakes instead."""
    text = (Path(__file__).resolve().parents[2] / "deploy" / "config" / "handheld.toml").read_text()
    bus, clock, factory = MockSMBus(), ManualClock(), MockFactory(pin_class=MockPWMPin)
    models = {address: OledModel("sh1106", address=address, seed=address) for address in (0x3C, 0x3D)}
    for address, model in models.items():
        bus.attach(address, model)
    console = open_console(parse_config(text.replace('"ssd1306"', '"sh1106"')), clock=clock,
                           pin_factory=factory, open_bus=lambda screen: i2c(bus=bus, address=screen.address))
    try:
        for pad in (1, 2):
            console.screen(pad).display(drawing(pad))
        clock.advance(2 * HEAL_EVERY)
        console.sleep()
        models[0x3C].lose_power()
        clock.advance(600.0)
        console.wake()
        for address, picture in ((0x3C, drawing(1)), (0x3D, drawing(2).rotate(180))):   # pad 2 faces pad 1
            shown = models[address].shown()
            assert shown is not None and shown.tobytes() == picture.tobytes()
        clock.advance(10 * HEAL_EVERY)
        assert models[0x3C].shown().tobytes() == drawing(1).tobytes()           # and stays so
    finally:
        console.close()
        factory.reset()
