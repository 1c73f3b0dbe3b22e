"""The handheld console as the Pi builds it, with mock pins and one recording I2C bus.

``hal.wiring.open_console`` opens the shipped ``deploy/config/handheld.toml`` with gpiozero's
``MockFactory`` for the buttons, buzzer and LEDs and a single :class:`TimedBus` for both
screens (0x3C and 0x3D share I2C bus 1, as on the Pi, so their bus time adds up). Everything
between a pin edge and the bytes on the bus is the shipped code: gpiozero callbacks, our
debounce, the event queue, the firmware app and session, Pillow rendering, ``OledScreen``'s
partial updates and luma.oled's ``ssd1306`` driver with luma's ``i2c`` interface.

Bus time is computed, not slept: each transfer is its address and control byte plus payload,
9 clocks per byte (8 bits and an ACK) and about 2 more for start and stop, at 400 kHz.

The screens are opened exactly as ``hal.wiring.open_serial`` opens them on the Pi,
``i2c(port=1, address=...)``, with ``smbus2.SMBus`` standing for the kernel bus: so luma takes
its own Pi path (data in one ``i2c_rdwr`` message of up to 4 KB built with the real
``smbus2.i2c_msg``, commands as SMBus block writes), not the 32-byte blocks it falls back to
when handed a bus object.
"""
from __future__ import annotations

import time
from pathlib import Path

import smbus2
from gpiozero.pins.mock import MockFactory, MockPWMPin
from luma.core.interface.serial import i2c

from hal import Button, Clock, Console, HardwareConfig, load_config
from hal.config import ScreenConfig
from hal.mock_bus import MockSMBus
from hal.wiring import open_console

ROOT = Path(__file__).resolve().parents[1]
HANDHELD = ROOT / "deploy" / "config" / "handheld.toml"
BUS_HZ = 400_000


def bus_seconds(wire_bytes: int, transfers: int) -> float:
    """Time on a 400 kHz I2C bus: 9 clocks a byte, about 2 for start and stop."""
    return (9 * wire_bytes + 2 * transfers) / BUS_HZ


class TimedBus(MockSMBus):
    """A :class:`MockSMBus` that also notes when each write finished (``time.perf_counter``)."""

    def __init__(self) -> None:
        super().__init__()
        self.stamps: list[float] = []

    def write_i2c_block_data(self, address: int, register: int, values: list[int]) -> None:
        super().write_i2c_block_data(address, register, values)
        self.stamps.append(time.perf_counter())

    def i2c_rdwr(self, *messages: object) -> None:
        super().i2c_rdwr(*messages)
        self.stamps.append(time.perf_counter())

    def since(self, mark: int) -> tuple[int, int, float | None]:
        """Wire bytes, transfers and the last write's time after the first ``mark`` transfers."""
        later = self.transfers[mark:]
        last = self.stamps[-1] if later else None
        return sum(t.wire_bytes for t in later), len(later), last


class Handheld:
    """The handheld console on mock pins and one timed bus; :meth:`pin_edge` presses buttons.

    ``buttons="gpiozero"`` (the default here: its mock pins call back in the caller's thread,
    which the byte-exact tests rely on) or ``"gpiod"``: the Pi's default backend, its real
    blocking thread over :class:`hal.mock_gpiochip.MockChip`, the LEDs and buzzer on mock pins.

    In a process run under the GPIO uAPI stand-in (``bench/gpio_uapi``: ``GPIO_UAPI_DEV`` set),
    ``"pi"`` is the Pi's default path whole, on the real libgpiod: buttons and LEDs as line
    requests, the buzzer on the kernel's PWM (``PITCHPAD_PWM_SYSFS``, a folder standing in for
    /sys/class/pwm); ``"lgpio"`` the same buttons with the LEDs and buzzer on gpiozero's lgpio
    factory (lgpio, built from its sdist, over the same stand-in). The stand-in's owner drives
    the buttons then (:meth:`pin_edge` is not for these).
    """

    def __init__(self, clock: Clock, config: HardwareConfig | None = None,
                 buttons: str = "gpiozero") -> None:
        import os

        self.config = config or load_config(HANDHELD)
        self.factory = MockFactory(pin_class=MockPWMPin)
        self.bus = TimedBus()
        self.chips = None
        factory: object = self.factory
        pwm_sysfs = os.environ.get("PITCHPAD_PWM_SYSFS", "/sys/class/pwm")
        if buttons == "gpiod":
            from hal.mock_gpiochip import MockChip, MockChips

            self.chips = MockChips(MockChip("pinctrl-bcm2835"))
        elif buttons in ("pi", "lgpio"):
            from hal.gpiod_pad import SystemChips

            self.chips = SystemChips(os.environ["GPIO_UAPI_DEV"])
            factory = None
            if buttons == "lgpio":
                from gpiozero.pins.lgpio import LGPIOFactory

                factory = LGPIOFactory(chip=0)

        def open_bus(screen: ScreenConfig) -> i2c:
            # smbus2.SMBus swapped by hand, not with unittest.mock: that imports asyncio,
            # 6 MB the console's peak-RSS figure must not carry.
            original = smbus2.SMBus
            smbus2.SMBus = lambda port: self.bus
            try:
                return i2c(port=screen.port, address=screen.address)
            finally:
                smbus2.SMBus = original

        self.console: Console = open_console(self.config, clock=clock, pin_factory=factory,
                                             open_bus=open_bus, gpio_chips=self.chips,  # type: ignore[arg-type]
                                             pwm_sysfs=pwm_sysfs, open_i2c=lambda port: self.bus)

    def pin_edge(self, pad: int, button: Button, pressed: bool) -> None:
        """Drive the button's GPIO low (pressed, the switch closes to GND) or high."""
        gpio = self.config.pads[pad - 1].buttons[button]
        if self.chips is not None:
            self.chips.chip.press(gpio) if pressed else self.chips.chip.release(gpio)
            return
        pin = self.factory.pin(gpio)
        pin.drive_low() if pressed else pin.drive_high()

    def close(self) -> None:
        self.console.close()
        self.factory.reset()
