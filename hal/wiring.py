"""Builds a real :class:`~hal.console.Console` from a checked :class:`~hal.config.HardwareConfig`.

This is the only place that turns config into gpiozero and luma objects, so the rest of the HAL
stays testable with injected factories and buses.
"""
from __future__ import annotations

import errno
from typing import Callable

from hal.buzzer import Buzzer, GpioBuzzer, NoBuzzer
from hal.clock import Clock, SystemClock
from hal.config import HardwareConfig, ScreenConfig
from hal.console import Console
from hal.errors import BackendUnavailable
from hal.events import EventQueue
from hal.gpio_pad import GpioPad
from hal.gpiod_pad import Chips, GpiodPad
from hal.led import GpioLed, Led, NoLed
from hal.oled import OledScreen, SerialInterface
from hal.pad import Pad, Repeat
from hal.screen import Screen
from hal.serial_pad import PortOpener, open_port, open_serial_pad

SerialFactory = Callable[[ScreenConfig], SerialInterface]


def open_serial(screen: ScreenConfig) -> SerialInterface:
    """Open the luma serial interface a screen config names (``/dev/i2c-N`` or ``/dev/spidevN.M``)."""
    from luma.core.error import DeviceNotFoundError, DevicePermissionError, UnsupportedPlatform
    from luma.core.interface.serial import i2c, spi

    try:
        if screen.bus == "i2c":
            return i2c(port=screen.port, address=screen.address)
        return spi(port=screen.port, device=screen.device, gpio_DC=screen.dc_pin,
                   gpio_RST=screen.reset_pin, bus_speed_hz=8_000_000)
    except DeviceNotFoundError as error:
        hint = ("enable it with dtparam=i2c_arm=on in /boot/firmware/config.txt" if screen.bus == "i2c"
                else "enable it with dtparam=spi=on in /boot/firmware/config.txt")
        raise BackendUnavailable(f"{screen.describe()}: bus not found ({error}); {hint}") from None
    except DevicePermissionError as error:
        raise BackendUnavailable(f"{screen.describe()}: {error}; add the user to the i2c/spi group") from None
    except (UnsupportedPlatform, ImportError) as error:
        raise BackendUnavailable(f"{screen.describe()}: {error}") from None
    except OSError as error:
        if error.errno in (errno.ENOENT, errno.ENODEV):
            raise BackendUnavailable(f"{screen.describe()}: {error}") from None
        raise


def button_backend(config: HardwareConfig, pin_factory: object = None,
                   gpio_chips: Chips | None = None) -> str:
    """Which backend reads buttons on the header: ``gpio_chips`` given (tests, benches: a mock
    chip) means gpiod; a gpiozero ``pin_factory`` given (tests: ``MockFactory``) stands for the
    whole header, buttons included; otherwise the config's ``[gpio] buttons`` (gpiod unless
    told)."""
    if gpio_chips is not None:
        return "gpiod"
    if pin_factory is not None:
        return "gpiozero"
    return config.gpio.buttons


def open_console(config: HardwareConfig, *, repeat: Repeat | None = None, clock: Clock | None = None,
                 pin_factory: object = None, open_bus: SerialFactory = open_serial,
                 open_port: PortOpener = open_port, gpio_chips: Chips | None = None) -> Console:
    """Open every part the config names; if one cannot be opened, close the ones already open.

    ``open_bus`` is injectable so tests run the real luma drivers on a recording bus,
    ``open_port`` so they run serial pads on a pty, and ``gpio_chips`` so the gpiod buttons run
    on :class:`hal.mock_gpiochip.MockChips`. A serial pad without a ``[pad.screen]`` has its
    screen on the pad board, driven over the same port. See :func:`button_backend`.
    """
    buttons = button_backend(config, pin_factory, gpio_chips)
    clock = clock or SystemClock()
    events = EventQueue()
    opened: list[Pad | Screen | Led | Buzzer] = []
    try:
        pads: list[Pad] = []
        screens: list[Screen] = []
        leds: list[Led] = []
        for pad in config.pads:
            serial_screen = None
            if pad.serial_port is not None:
                serial_pad, serial_screen = open_serial_pad(
                    pad.pad_id, pad.serial_port, events, screen=pad.screen is None, clock=clock,
                    open_port=open_port)
                pads.append(serial_pad)
            elif buttons == "gpiod":
                pads.append(GpiodPad(pad.pad_id, pad.buttons, events, chips=gpio_chips,
                                     chip=config.gpio.chip, debounce=config.debounce,
                                     kernel_debounce=config.gpio.kernel_debounce, repeat=repeat,
                                     clock=clock))
            else:
                pads.append(GpioPad(pad.pad_id, pad.buttons, events, debounce=config.debounce,
                                    repeat=repeat, clock=clock, pin_factory=pin_factory))
            opened.append(pads[-1])
            if pad.screen is None:
                assert serial_screen is not None
                screens.append(serial_screen)
            else:
                screens.append(OledScreen(pad.pad_id, open_bus(pad.screen), driver=pad.screen.driver,
                                          rotation=pad.screen.rotation, clock=clock,
                                          name=f"pad {pad.pad_id} screen ({pad.screen.describe()})"))
            opened.append(screens[-1])
            leds.append(GpioLed(pad.led, pin_factory=pin_factory) if pad.led is not None else NoLed())
            opened.append(leds[-1])
        buzzer: Buzzer = (GpioBuzzer(config.buzzer_pin, clock=clock, pin_factory=pin_factory)
                          if config.buzzer_pin is not None else NoBuzzer())
    except BaseException:
        for part in reversed(opened):
            part.close()
        raise
    return Console(pads, screens, leds, buzzer, events, clock)
