"""hal.open_console on the real gpiozero (MockFactory) and luma (recording buses), end to end."""
from __future__ import annotations

from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from luma.core.interface.serial import i2c
from PIL import ImageDraw

from hal import BackendUnavailable, Button, Console, ConsoleClosed, ManualClock, WHISTLE, blank_frame, load_config
from hal.config import ScreenConfig
from hal.mock_bus import MockSMBus
from hal.wiring import open_console
from oled_model import OledModel

EXAMPLES = Path(__file__).resolve().parents[2] / "deploy" / "config"


@pytest.fixture
def factory():
    factory = MockFactory(pin_class=MockPWMPin)
    yield factory
    factory.reset()


def test_handheld_console_end_to_end(factory: MockFactory) -> None:
    clock = ManualClock()
    buses: dict[int, MockSMBus] = {}

    def open_bus(screen: ScreenConfig) -> i2c:
        buses[screen.address] = MockSMBus()
        return i2c(bus=buses[screen.address], address=screen.address)

    console = open_console(load_config(EXAMPLES / "handheld.toml"), clock=clock,
                           pin_factory=factory, open_bus=open_bus)
    assert isinstance(console, Console) and console.pad_count == 2
    factory.pin(21).drive_low()                       # pad 2 CENTRE
    event = console.events.get(timeout=0)
    assert (event.pad, event.button, event.pressed) == (2, Button.CENTRE, True)

    model = OledModel(address=0x3D)
    model.feed(buses[0x3D].transfers)
    buses[0x3C].clear()
    frame = blank_frame()
    ImageDraw.Draw(frame).text((0, 0), "KICK OFF", fill=1)
    console.screen(2).display(frame)
    model.feed(buses[0x3D].transfers)
    assert model.shown().tobytes() == frame.rotate(180).tobytes()   # pad B's module is mounted rotated
    assert buses[0x3C].transfers == []                                # pad 1's screen got nothing

    console.led(1).on()
    assert factory.pin(4).state == 1
    console.buzzer.play(WHISTLE)
    assert factory.pin(12).frequency == pytest.approx(2800, rel=0.01)
    console.close()
    with pytest.raises(ConsoleClosed):
        console.events.get(timeout=0)


def test_a_part_that_fails_to_open_closes_the_others(factory: MockFactory) -> None:
    def open_bus(screen: ScreenConfig) -> i2c:
        if screen.address == 0x3D:
            raise BackendUnavailable("no /dev/i2c-1")
        return i2c(bus=MockSMBus(), address=screen.address)

    config = load_config(EXAMPLES / "handheld.toml")
    with pytest.raises(BackendUnavailable):
        open_console(config, clock=ManualClock(), pin_factory=factory, open_bus=open_bus)
    again = open_console(config, clock=ManualClock(), pin_factory=factory,
                         open_bus=lambda s: i2c(bus=MockSMBus(), address=s.address))
    again.close()                                      # every pin had been released


def test_serial_pads_open_with_their_screens_on_the_pis_bus(factory: MockFactory) -> None:
    from hal.oled import OledScreen
    from hal.serial_pad import SerialPad

    def unplugged(path: str, baudrate: int) -> None:
        raise OSError(f"no {path}")

    console = open_console(load_config(EXAMPLES / "four-pads-mux.toml"), clock=ManualClock(),
                           pin_factory=factory, open_bus=lambda s: i2c(bus=MockSMBus(), address=s.address),
                           open_port=unplugged)
    assert all(isinstance(pad, SerialPad) and not pad.connected for pad in console.pads)
    assert all(isinstance(screen, OledScreen) for screen in console.screens)
    console.close()
