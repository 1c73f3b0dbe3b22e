"""What a config wires to each pin of the Pi's 40-pin header, in the docs' words.

One reading of a :class:`~hal.config.HardwareConfig` for ``pitchpad wiring`` (the picture) and
``pitchpad doctor --walk`` (which lines are free to watch): each button by pad and name, the
screens' bus lines and supply, the LEDs with their resistor, the buzzer, the power board's pins
and the gauge. Buses other than the header's own I2C-1 (I2C-0, a second bus from
``dtoverlay=i2c-gpio``, a multiplexer's channels) are on the pins the boot config gives them,
so :class:`BootConfig` reads those lines; without one the picture says where to look.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from hal.buzzer import PWM_CHANNELS
from hal.config import HardwareConfig, PadConfig, PinConflict, ScreenConfig
from hal.header import HEADER, I2C_PINS, ID_EEPROM_PINS, ONE_WIRE_PIN, PIN_OF_GPIO, SPI_PINS, UART_PINS

SPI_BUS_PINS = {
    0: {"MOSI": 10, "SCLK": 11, "CE0": 8, "CE1": 7},
    1: {"MOSI": 20, "SCLK": 21, "CE0": 18, "CE1": 17, "CE2": 16},
}
"""The header pins of SPI0 (``dtparam=spi=on``) and SPI1 (``dtoverlay=spi1-3cs``); a panel
has no MISO. The Pi 4 and 5's SPI3..6 are on pins their overlays name."""
I2C0_PINS = {0: "I2C0 SDA", 1: "I2C0 SCL"}
"""Bus 0 (``dtparam=i2c_vc=on``) on GPIO0/1, the HAT EEPROM's pins."""
LED_RESISTOR = "330 Ω"
BUZZER_PARTS = "1 kΩ → NPN base; piezo 5V → collector; emitter → GND"
_OVERLAY = re.compile(r"^\s*dtoverlay\s*=\s*([^#\s]+)", re.MULTILINE)
_PARAM = re.compile(r"(?:^\s*dtparam\s*=\s*|,)(i2c_arm|i2c_vc|spi)(?:=(\w+))?", re.MULTILINE)
_UART = re.compile(r"^\s*enable_uart\s*=\s*1", re.MULTILINE)


@dataclass(frozen=True)
class I2cBusPins:
    """Where an I2C bus meets the header: its SDA and SCL GPIOs, and what makes it."""

    sda: int
    scl: int
    made_by: str


@dataclass(frozen=True)
class BootConfig:
    """The buses a boot config (``config.txt``) adds: ``dtoverlay=i2c-gpio`` buses by number,
    whether a ``dtoverlay=i2c-mux`` puts further buses behind I2C-1, and which of the header's
    functions it turns on (:meth:`system_pins`)."""

    i2c_gpio: dict[int, I2cBusPins] = field(default_factory=dict)
    mux: str | None = None
    functions: frozenset[str] = frozenset()
    """``i2c_arm``, ``i2c_vc``, ``spi``, ``uart``, ``w1`` when the boot config turns them on."""

    @classmethod
    def parse(cls, text: str) -> BootConfig:
        buses: dict[int, I2cBusPins] = {}
        mux = None
        functions = {name for name, value in _PARAM.findall(text) if value in ("", "on")}
        functions |= {"uart"} if _UART.search(text) else set()
        for overlay in _OVERLAY.findall(text):
            name, *params = overlay.split(",")
            values = dict(param.partition("=")[::2] for param in params)
            if name == "i2c-gpio":
                number = int(values.get("bus", "3") or 3)      # unnumbered: "probably 3" (the overlay's README)
                sda, scl = int(values.get("i2c_gpio_sda", "23")), int(values.get("i2c_gpio_scl", "24"))
                buses[number] = I2cBusPins(sda, scl, f"dtoverlay={overlay}")
            elif name == "i2c-mux":
                chip = next((p for p in params if "=" not in p), "mux")
                mux = f"{chip.upper()} at {values.get('addr', '0x70')}"
            elif name == "w1-gpio" and "gpiopin" not in values:
                functions.add("w1")
        return cls(buses, mux, frozenset(functions))

    def system_pins(self) -> dict[int, str]:
        """GPIO -> the system function holding it: what a walk must not take as an input
        (requesting a bus pin as a GPIO would switch it out of its bus function)."""
        taken = dict(ID_EEPROM_PINS)
        if "i2c_arm" in self.functions:
            taken.update(I2C_PINS)
        if "spi" in self.functions:
            taken.update(SPI_PINS)
        if "uart" in self.functions:
            taken.update(UART_PINS)
        if "w1" in self.functions:
            taken[ONE_WIRE_PIN] = "1-Wire (dtoverlay=w1-gpio)"
        for port, bus in self.i2c_gpio.items():
            taken.update({bus.sda: f"I2C bus {port} SDA", bus.scl: f"I2C bus {port} SCL"})
        return taken

    def i2c_bus(self, port: int) -> I2cBusPins | None:
        """The header pins of I2C bus ``port``; None when behind a mux or unknown."""
        if port == 1:
            return I2cBusPins(2, 3, "dtparam=i2c_arm=on")
        if port == 0:
            return I2cBusPins(0, 1, "dtparam=i2c_vc=on")
        return self.i2c_gpio.get(port)


@dataclass(frozen=True)
class Use:
    """One thing wired to a header pin: ``part`` ("pad 1 CARD1", "pad 2 screen") and how
    (``signal``: "SDA", "button to GND"...), ``key`` the config key that puts it there."""

    part: str
    signal: str = ""
    key: str | None = None

    def words(self) -> str:
        return f"{self.part}: {self.signal}" if self.signal else self.part


@dataclass
class Pinout:
    """Header pin number -> what is wired to it; ``notes`` for what is off the header (USB
    pad boards, buses the boot config places); ``clashes`` for pins given two uses."""

    pins: dict[int, list[Use]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    clashes: list[PinConflict] = field(default_factory=list)
    unseen: dict[int, str] = field(default_factory=dict)
    """GPIO -> why two uses clash where the config loader cannot see it: a config pin on a bus
    the boot config makes (``dtoverlay=i2c-gpio``) or on SPI1's lines."""

    def add(self, gpio: int, use: Use) -> None:
        self.pins.setdefault(PIN_OF_GPIO[gpio], []).append(use)

    def supply(self, kind: str, part: str, near: list[int]) -> None:
        """Wire ``part`` to a ``kind`` pin ("GND", "3V3", "5V"): the one nearest its signal pins
        on the same row, so the wires in the picture stay short."""
        choices = [pin for pin, what in HEADER.items() if what == kind]
        middle = sum(near) / len(near) if near else 1
        row = int(sum(pin % 2 for pin in near) * 2 >= len(near)) if near else 1
        best = min(choices, key=lambda pin: (pin % 2 != row, abs(pin - middle)))
        uses = self.pins.setdefault(best, [])
        if not any(use.part == part for use in uses):
            uses.append(Use(part))

    def clashing_pins(self) -> set[int]:
        return {PIN_OF_GPIO[gpio] for gpio in [clash.gpio for clash in self.clashes] + list(self.unseen)}

    def gpios_used(self) -> set[int]:
        return {what for pin, what in HEADER.items() if isinstance(what, int) and pin in self.pins}


def pinout(config: HardwareConfig, clashes: tuple[PinConflict, ...] = (),
           boot: BootConfig | None = None) -> Pinout:
    """Everything ``config`` wires to the header (``clashes``: from :func:`hal.config.read_wiring`)."""
    boot = boot or BootConfig()
    out = Pinout(clashes=list(clashes))
    for pad in config.pads:
        _pad(out, pad)
    _screens_and_gauge(out, config, boot)
    if config.buzzer_pin is not None:
        channel = PWM_CHANNELS.get(config.buzzer_pin)
        pwm = f" (PWM{channel})" if channel is not None else ""
        out.add(config.buzzer_pin, Use(f"buzzer{pwm}", BUZZER_PARTS, "buzzer.pin"))
        out.supply("5V", "buzzer's piezo", [PIN_OF_GPIO[config.buzzer_pin]])
        out.supply("GND", "buzzer's transistor", [PIN_OF_GPIO[config.buzzer_pin]])
    _power(out, config)
    _unseen_clashes(out)
    return out


def _unseen_clashes(out: Pinout) -> None:
    """A GPIO with a config key and another use the loader did not refuse. Lines a bus shares
    (two SPI screens' MOSI) have no key, so they never clash."""
    refused = {clash.gpio for clash in out.clashes}
    for pin, uses in out.pins.items():
        gpio = HEADER[pin]
        keyed = [use for use in uses if use.key]
        if isinstance(gpio, int) and len(uses) > 1 and keyed and gpio not in refused:
            others = [use.part for use in uses if use is not keyed[0]]
            out.unseen[gpio] = (f"GPIO{gpio} is both {keyed[0].part} ({keyed[0].key}) and {' and '.join(others)}: "
                                f"the config loader does not know this bus; move one")


def _pad(out: Pinout, pad: PadConfig) -> None:
    prefix = f"pad[{pad.pad_id - 1}]"
    near = []
    for button, gpio in pad.buttons.items():
        out.add(gpio, Use(f"pad {pad.pad_id} {button.name}", "button → GND", f"{prefix}.buttons.{button.name}"))
        near.append(PIN_OF_GPIO[gpio])
    if pad.buttons:
        out.supply("GND", f"pad {pad.pad_id} buttons", near)
    if pad.serial_port is not None:
        screen = "its buttons" if pad.screen is not None else "its buttons and its own screen"
        out.notes.append(f"pad {pad.pad_id}: a pad board on USB, {pad.serial_port}: {screen}")
    if pad.led is not None:
        out.add(pad.led, Use(f"pad {pad.pad_id} LED", f"{LED_RESISTOR} → LED (+) → GND", f"{prefix}.led"))
        out.supply("GND", f"pad {pad.pad_id} LED", [PIN_OF_GPIO[pad.led]])


def _screens_and_gauge(out: Pinout, config: HardwareConfig, boot: BootConfig) -> None:
    """Each I2C bus once (SDA, SCL, 3V3, GND) naming every device on it; SPI screens their lines."""
    i2c: dict[int, list[str]] = {}
    for pad in config.pads:
        screen = pad.screen
        if screen is None:
            continue
        if screen.bus == "i2c":
            i2c.setdefault(screen.port, []).append(f"pad {pad.pad_id} screen 0x{screen.address or 0:02X}")
        else:
            _spi_screen(out, pad.pad_id, screen)
    if config.gauge is not None:
        i2c.setdefault(config.gauge.port, []).append(f"gauge {config.gauge.chip.upper()} 0x{config.gauge.address:02X}")
    behind_mux: dict[int, list[str]] = {}
    for port, devices in sorted(i2c.items()):
        pins = boot.i2c_bus(port)
        if pins is None and boot.mux is not None:
            behind_mux[port] = devices
            continue
        if pins is None:
            out.notes.append(f"I2C bus {port} ({', '.join(devices)}) is not on fixed header pins: a "
                             f"multiplexer's channel or a dtoverlay=i2c-gpio bus; its pins are in the "
                             f"boot config (pitchpad wiring --boot-config FILE draws them)")
            continue
        _i2c_bus(out, port, pins, ", ".join(devices))
    if behind_mux:
        channels = "; ".join(f"bus {port}: {', '.join(devices)}" for port, devices in behind_mux.items())
        out.notes.append(f"the {boot.mux} multiplexer sits on I2C bus 1 (SDA, SCL, 3V3, GND); behind "
                         f"it, one kernel bus per channel: {channels}")
        if 1 not in i2c:
            _i2c_bus(out, 1, I2cBusPins(2, 3, "dtparam=i2c_arm=on"), f"{boot.mux} multiplexer")


def _i2c_bus(out: Pinout, port: int, pins: I2cBusPins, devices: str) -> None:
    out.add(pins.sda, Use(f"I2C bus {port} SDA", devices))
    out.add(pins.scl, Use(f"I2C bus {port} SCL", devices))
    near = [PIN_OF_GPIO[pins.sda], PIN_OF_GPIO[pins.scl]]
    out.supply("3V3", f"I2C bus {port} VCC", near)
    out.supply("GND", f"I2C bus {port} GND", near)
    if port not in (0, 1):
        out.notes.append(f"I2C bus {port} is {pins.made_by} (in the boot config)")


def _spi_screen(out: Pinout, pad_id: int, screen: ScreenConfig) -> None:
    prefix = f"pad[{pad_id - 1}].screen"
    part = f"pad {pad_id} screen"
    lines = SPI_BUS_PINS.get(screen.port)
    near = []
    if lines is None:
        out.notes.append(f"{part} is on SPI{screen.port}: its MOSI, SCLK and CE pins are the ones "
                         f"its dtoverlay=spi{screen.port}-… line names")
    else:
        select = f"CE{screen.device}"
        for name in ("MOSI", "SCLK", select):
            signal = {"MOSI": "SDA/DIN (MOSI)", "SCLK": "SCK/CLK (SCLK)"}.get(name, f"CS ({name})")
            out.add(lines[name], Use(f"{part} SPI{screen.port}", signal))
            near.append(PIN_OF_GPIO[lines[name]])
    if screen.dc_pin is not None:
        out.add(screen.dc_pin, Use(part, "D/C", f"{prefix}.dc_pin"))
        near.append(PIN_OF_GPIO[screen.dc_pin])
    if screen.reset_pin is not None:
        out.add(screen.reset_pin, Use(part, "RES (reset)", f"{prefix}.reset_pin"))
        near.append(PIN_OF_GPIO[screen.reset_pin])
    out.supply("3V3", f"{part} VCC", near)
    out.supply("GND", f"{part} GND", near)


def _power(out: Pinout, config: HardwareConfig) -> None:
    power = config.power
    if power.button is not None:
        out.add(power.button, Use("power button", "diode (anode) → button → GND", "power.button"))
        out.supply("GND", "power button", [PIN_OF_GPIO[power.button]])
    if power.request is not None:
        out.add(power.request, Use("power board's shutdown request", f"active {power.request_level}",
                                   "power.request"))
    if power.poweroff_pin is not None:
        out.add(power.poweroff_pin, Use("power board's OFF input", "high once halted (gpio-poweroff)",
                                        "power.poweroff_pin"))
        out.supply("5V", "5V in from the power board (VOUT)", [2])
        out.supply("GND", "power board's GND", [6])
