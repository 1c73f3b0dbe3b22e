"""Builds a real :class:`~hal.console.Console` from a checked :class:`~hal.config.HardwareConfig`.

This is the only place that turns config into gpiod, gpiozero and luma objects, so the rest of
the HAL stays testable with injected factories, chips and buses.
"""
from __future__ import annotations

import contextlib
import errno
import logging
from typing import TYPE_CHECKING, Any, Callable, Iterator

from hal.buzzer import PWM_SYSFS, Buzzer, GpioBuzzer, NoBuzzer, PwmBuzzer, SilentBuzzer
from hal.clock import Clock, SystemClock
from hal.config import GaugeConfig, HardwareConfig, PadConfig, PhonesConfig, ScreenConfig
from hal.console import Console
from hal.errors import BackendUnavailable
from hal.events import EventQueue
from hal.gauge import Gauge, Max17048, NoGauge
from hal.gpio_pad import GpioPad
from hal.gpiod_out import GpiodLed, LumaGpio
from hal.gpiod_pad import Chips, GpiodPad
from hal.led import GpioLed, Led, NoLed
from hal.oled import OledScreen, SerialInterface
from hal.pad import Pad, Repeat
from hal.phones import NoPhones, Phones
from hal.power import GpiodPowerInput, GpiozeroPowerInput, NoPowerInput, PowerInput
from hal.screen import Screen
from hal.serial_pad import PortOpener, open_port, open_serial_pad

if TYPE_CHECKING:
    from hal.phone.server import ServedPhones

log = logging.getLogger(__name__)
SerialFactory = Callable[[ScreenConfig], SerialInterface]
HeaderPads = Callable[[PadConfig, EventQueue], Pad]
"""Makes the pad of a ``[pad.buttons]`` table instead of the configured backend: ``pitchpad
doctor --walk`` reads those lines itself (raw, with every free line beside them)."""
SMBusFactory = Callable[[int], Any]
"""Opens I2C bus N for a chip we read ourselves (the gauge): ``smbus2.SMBus`` on a Pi."""


def open_smbus(port: int) -> Any:
    """``smbus2.SMBus(port)``, or :class:`BackendUnavailable` saying what to enable."""
    from smbus2 import SMBus

    try:
        return SMBus(port)
    except OSError as error:
        if error.errno in (errno.EACCES, errno.EPERM):
            raise BackendUnavailable(f"/dev/i2c-{port}: permission denied: add the user to the i2c group") from None
        raise BackendUnavailable(f"/dev/i2c-{port}: {error.strerror or error}; enable I2C with "
                                 f"dtparam=i2c_arm=on in /boot/firmware/config.txt") from None


def open_gauge(gauge: GaugeConfig | None, screens: list[tuple[ScreenConfig | None, Screen]],
               open_bus: SMBusFactory = open_smbus) -> Gauge:
    """The battery gauge the config names (none: :class:`NoGauge`). Its reads wait for every
    screen on its bus (``Screen.quiet``), so they never land inside a frame."""
    if gauge is None:
        return NoGauge()
    same_bus = [screen for config, screen in screens
                if config is not None and config.bus == "i2c" and config.port == gauge.port]

    @contextlib.contextmanager
    def quiet() -> Iterator[None]:
        with contextlib.ExitStack() as stack:
            for screen in same_bus:
                stack.enter_context(screen.quiet())
            yield

    return Max17048(open_bus(gauge.port), address=gauge.address, port=gauge.port, quiet=quiet)


class _SpiWithLines:
    """luma's ``spi`` with its D/C and RESET lines on gpiod (:class:`~hal.gpiod_out.LumaGpio`):
    luma releases GPIO it did not open itself never, so the lines go with the interface."""

    def __init__(self, serial: SerialInterface, gpio: LumaGpio) -> None:
        self._serial = serial
        self.gpio = gpio

    def command(self, *cmd: int) -> None:
        self._serial.command(*cmd)

    def data(self, data: object) -> None:
        self._serial.data(data)

    def cleanup(self) -> None:
        try:
            self._serial.cleanup()
        finally:
            self.gpio.cleanup()


def open_serial(screen: ScreenConfig, *, gpio_chips: Chips | None = None, chip: str = "auto",
                spi_device: object = None) -> SerialInterface:
    """Open the luma serial interface a screen config names (``/dev/i2c-N``, or ``/dev/spidevN.M``
    with its D/C and RESET as gpiod output lines on the header's chip: RPi.GPIO, luma's own
    choice, fails on a Pi 5). ``gpio_chips`` and ``spi_device`` (a spidev stand-in) are for tests."""
    from luma.core.error import DeviceNotFoundError, DevicePermissionError, UnsupportedPlatform
    from luma.core.interface.serial import i2c, spi

    gpio: LumaGpio | None = None
    try:
        if screen.bus == "i2c":
            return i2c(port=screen.port, address=screen.address)
        gpio = LumaGpio(f"screen SPI{screen.port}.{screen.device}", chips=gpio_chips, chip=chip,
                        roles={screen.dc_pin: "D/C", screen.reset_pin: "RESET"})
        serial = spi(spi=spi_device, gpio=gpio, port=screen.port, device=screen.device,
                     gpio_DC=screen.dc_pin, gpio_RST=screen.reset_pin, bus_speed_hz=8_000_000)
        return _SpiWithLines(serial, gpio)
    except BackendUnavailable:
        if gpio is not None:
            gpio.cleanup()
        raise
    except DeviceNotFoundError as error:
        if gpio is not None:
            gpio.cleanup()
        hint = ("enable it with dtparam=i2c_arm=on in /boot/firmware/config.txt" if screen.bus == "i2c"
                else "enable it with dtparam=spi=on in /boot/firmware/config.txt")
        raise BackendUnavailable(f"{screen.describe()}: bus not found ({error}); {hint}") from None
    except DevicePermissionError as error:
        if gpio is not None:
            gpio.cleanup()
        raise BackendUnavailable(f"{screen.describe()}: {error}; add the user to the i2c/spi group") from None
    except (UnsupportedPlatform, ImportError) as error:
        if gpio is not None:
            gpio.cleanup()
        raise BackendUnavailable(f"{screen.describe()}: {error}") from None
    except OSError as error:
        if gpio is not None:
            gpio.cleanup()
        if error.errno in (errno.ENOENT, errno.ENODEV):
            raise BackendUnavailable(f"{screen.describe()}: {error}") from None
        raise


def open_pwm_buzzer(config: HardwareConfig, clock: Clock, sysfs: str = PWM_SYSFS) -> Buzzer:
    """The buzzer on the kernel's PWM; if that cannot be had (a boot config that lost its
    overlay line), a :class:`SilentBuzzer` saying why, logged once here: a console plays on
    without sound rather than stop for it (the menu and ``pitchpad doctor`` say it too)."""
    assert config.buzzer_pin is not None
    try:
        return PwmBuzzer(config.buzzer_pin, chip=config.gpio.pwm_chip, clock=clock, sysfs=sysfs)
    except BackendUnavailable as error:
        log.warning("%s; the console plays on, silent", error)
        return SilentBuzzer(str(error))


def open_served_phones(config: PhonesConfig, first_pad: int, events: EventQueue, clock: Clock) -> ServedPhones:
    """Serve phones (``[phones]``) as the pads after a console's own, or
    :class:`BackendUnavailable` in one line: the ``phones`` extra missing, the port taken."""
    try:
        from hal.phone.server import open_phones
    except ImportError as error:
        raise BackendUnavailable(f"[phones] needs the phones extra ({error.name or error} is missing): "
                                 f"pip install 'pitchpad[phones]' (deploy/install.sh does when the "
                                 f"config has [phones])") from None
    return open_phones(config, first_pad, events, clock)


def _add_phones(config: PhonesConfig | None, pads: list[Pad], screens: list[Screen], leds: list[Led],
                events: EventQueue, clock: Clock) -> Phones:
    """The phones of a ``[phones]`` table, their pads, screens and LEDs added after the console's.
    Phones that cannot be served (the port taken, the extra missing) are one log line and the
    console plays on without them, as with a silent buzzer: the pads at the table still work;
    ``pitchpad doctor`` says what to do."""
    if config is None:
        return NoPhones()
    try:
        phones = open_served_phones(config, len(pads) + 1, events, clock)
    except BackendUnavailable as trouble:
        log.error("%s; the console plays on without phones", trouble)
        return NoPhones()
    pads += phones.phone_pads.values()
    screens += phones.phone_screens.values()
    leds += phones.phone_leds.values()
    return phones


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


def output_backend(config: HardwareConfig, pin_factory: object = None, gpio_chips: Chips | None = None) -> str:
    """Which backend drives the LEDs and the buzzer: a gpiozero pin factory given (tests:
    ``MockFactory``) drives them; else chips given (the benches' GPIO uAPI stand-in) mean gpiod;
    else the config's ``[gpio] outputs`` (gpiod unless told)."""
    if pin_factory is not None:
        return "gpiozero"
    if gpio_chips is not None:
        return "gpiod"
    return config.gpio.outputs


def open_console(config: HardwareConfig, *, repeat: Repeat | None = None, clock: Clock | None = None,
                 pin_factory: object = None, open_bus: SerialFactory = open_serial,
                 open_port: PortOpener = open_port, gpio_chips: Chips | None = None,
                 pwm_sysfs: str = PWM_SYSFS, open_i2c: SMBusFactory = open_smbus,
                 header_pads: HeaderPads | None = None) -> Console:
    """Open every part the config names; if one cannot be opened, close the ones already open.

    ``open_bus`` is injectable so tests run the real luma drivers on a recording bus (and
    ``open_i2c`` the battery gauge on the same one),
    ``open_port`` so they run serial pads on a pty, and ``gpio_chips`` so the gpiod buttons run
    on :class:`hal.mock_gpiochip.MockChips` (the LEDs too), ``pwm_sysfs`` so the buzzer writes a
    stand-in of ``/sys/class/pwm``. A serial pad without a ``[pad.screen]`` has its screen on the
    pad board, driven over the same port. With ``[phones]``, phones may join as the pads after
    the config's (:func:`open_served_phones`). See :data:`HeaderPads`, :func:`button_backend`."""
    buttons = button_backend(config, pin_factory, gpio_chips)
    outputs = output_backend(config, pin_factory, gpio_chips)
    clock = clock or SystemClock()
    events = EventQueue()
    opened: list[Pad | Screen | Led | Buzzer | Gauge | PowerInput | Phones] = []
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
            elif header_pads is not None:
                pads.append(header_pads(pad, events))
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
            if pad.led is None:
                leds.append(NoLed())
            elif outputs == "gpiod":
                leds.append(GpiodLed(pad.led, pad.pad_id, chips=gpio_chips, chip=config.gpio.chip, clock=clock))
            else:
                leds.append(GpioLed(pad.led, pin_factory=pin_factory))
            opened.append(leds[-1])
        buzzer: Buzzer = NoBuzzer()
        if config.buzzer_pin is not None and outputs == "gpiod":
            buzzer = open_pwm_buzzer(config, clock, pwm_sysfs)
        elif config.buzzer_pin is not None:
            buzzer = GpioBuzzer(config.buzzer_pin, clock=clock, pin_factory=pin_factory)
        opened.append(buzzer)
        gauge = open_gauge(config.gauge, [(pad.screen, screen) for pad, screen in zip(config.pads, screens)],
                           open_i2c)
        opened.append(gauge)
        power: PowerInput = NoPowerInput()
        if config.power.any:
            power = (GpiodPowerInput(config.power, events, chips=gpio_chips, chip=config.gpio.chip,
                                     debounce=config.debounce, clock=clock) if buttons == "gpiod" else
                     GpiozeroPowerInput(config.power, events, pin_factory=pin_factory,
                                        debounce=config.debounce, clock=clock))
        opened.append(power)
        phones = _add_phones(config.phones, pads, screens, leds, events, clock)
        opened.append(phones)
    except BaseException:
        for part in reversed(opened):
            part.close()
        raise
    return Console(pads, screens, leds, buzzer, events, clock, gauge=gauge, power=power, phones=phones)
