"""One ``Pad`` contract for every backend (issue 17's hal side): ``connected`` is part of it,
so the firmware asks every pad the same question instead of probing with ``hasattr``."""
from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

import sim
from hal import Button, EventQueue, ManualClock, Pad
from hal.gpio_pad import GpioPad
from hal.serial_pad import open_serial_pad

PINS = {button: pin for button, pin in zip(Button, (5, 6, 13, 19, 26, 21, 20), strict=True)}


def unplugged(path: str, baudrate: int) -> None:
    raise OSError(f"no {path}")


def test_every_backend_says_whether_its_pad_is_there() -> None:
    factory = MockFactory()
    clock = ManualClock()
    gpio = GpioPad(1, PINS, EventQueue(), clock=clock, pin_factory=factory)
    simulated = sim.open_console(2, clock=clock).pad(2)
    serial, _ = open_serial_pad(3, "/dev/ttyPITCHPAD-none", EventQueue(), screen=False, clock=clock,
                                open_port=unplugged)
    try:
        for pad in (gpio, simulated, serial):
            assert isinstance(pad, Pad)
            assert isinstance(pad.connected, bool)
        assert gpio.connected and simulated.connected       # fixed pads are always there
        assert not serial.connected                          # its USB port is not plugged in
        assert not gpio.detachable and not simulated.detachable
        assert serial.detachable                             # the firmware watches this one
    finally:
        gpio.close()
        serial.close()
        factory.reset()


def test_a_backend_that_does_not_say_whether_it_is_connected_is_refused() -> None:
    class Silent(Pad):
        def is_pressed(self, button: Button) -> bool:
            return False

        def close(self) -> None:
            pass

    with pytest.raises(TypeError, match="connected"):
        Silent()  # type: ignore[abstract]
