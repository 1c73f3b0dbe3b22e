"""The hardware config: which pins, screens and buses this console has, read from TOML.

A bad config is refused with a :class:`~hal.errors.ConfigError` naming the file, line and key
(``tomllib`` gives no positions, so :class:`_KeyLines` finds them in the text), never with a
traceback from gpiozero or luma halfway through start-up.

Layout (see ``deploy/config/*.toml``)::

    profile = "handheld"          # or "tabletop"
    debounce_ms = 20
    [gpio]                        # optional: how buttons on the header are read
    buttons = "gpiod"             # kernel edge events (default); or "gpiozero"
    chip = "auto"                 # the header's chip by label; or a label, or "/dev/gpiochipN"
    kernel_debounce_ms = 0        # the kernel's own debounce (delays every press by it); 0 = off
    outputs = "gpiod"             # LEDs as gpiod lines, buzzer on the kernel's PWM; or "gpiozero"
    [buzzer]
    pin = 12
    pwm_chip = 0                  # optional: /sys/class/pwm/pwmchipN; found by what it is if left out
    [[pad]]                       # one table per pad, 1 to 4, in pad order
    led = 16                      # optional
    [pad.buttons]
    CARD1 = 5 ...                 # all seven buttons, BCM GPIO numbers
    [pad.screen]                  # the pad's screen on the Pi's bus
    driver = "ssd1306"            # or "sh1106"
    bus = "i2c"                   # or "spi"
    port = 1                      # I2C bus number (/dev/i2c-N), or SPI port
    address = 0x3C                # I2C only
    rotation = 0                  # 0 or 180
    [gauge]                       # optional: a battery gauge (docs/hardware.md, "On a battery")
    chip = "max17048"
    port = 1                      # its I2C bus, usually the screens'
    address = 0x36
    [power]                       # optional: power inputs on the header
    button = 7                    # a power button to GND: held, powers off; a short press sleeps
    request = 8                   # a power board's "shut down now" output
    request_level = "low"         # the level that asks ("low" or "high")
    poweroff_pin = 9              # driven high by the kernel once halted (dtoverlay=gpio-poweroff)
    [phones]                      # optional: phones may join as pads (docs/phones.md)
    port = 8733                   # the page and the links, on this TCP port
    listen = "lan"                # "lan" (every address), "localhost", or an address
    spectators = 8                # phones that may watch at once
    [phones.hotspot]              # optional: the unit makes its own Wi-Fi (NetworkManager)
    ssid = "PitchPad"
    password = "..."              # WPA2: 8 to 63 characters
    interface = "wlan0"           # the Wi-Fi interface that makes it
    address = "10.42.0.1"         # the unit's address on it

A Raspberry Pi header has 26 free GPIOs beside I2C-1, so at most three pads' buttons fit on it.
Pads may instead be boards on USB serial (``[pad.serial] port = "/dev/serial/by-id/..."``, the
tabletop profile): with a ``[pad.screen]`` their screen stays on the Pi's bus, without one the
board drives its own (docs/serial-protocol.md).
"""
from __future__ import annotations

import ipaddress
import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Mapping

from hal.buttons import Button
from hal.errors import ConfigError
from hal.header import GPIO_RANGE, I2C_PINS, SPI_PINS
from hal.pad import MAX_PADS
from hal.phones import Hotspot

PROFILES = ("handheld", "tabletop")
DRIVERS = ("ssd1306", "sh1106")
BUSES = ("i2c", "spi")
ROTATIONS = (0, 180)
I2C_PORTS = range(0, 256)
"""/dev/i2c-N: bus 1 on the header, more from a mux (one kernel bus per channel)."""
SPI_PORTS = range(0, 7)
"""/dev/spidevN.x: SPI0..SPI6 (the Pi 4 and 5 have up to seven controllers)."""
BUTTON_BACKENDS = ("gpiod", "gpiozero")
GAUGES = ("max17048",)
LEVELS = ("low", "high")
CHIP_PATH = re.compile(r"/dev/gpiochip\d+")


@dataclass(frozen=True)
class ScreenConfig:
    driver: str
    bus: str
    port: int
    address: int | None = None
    device: int = 0
    dc_pin: int | None = None
    reset_pin: int | None = None
    rotation: int = 0

    def describe(self) -> str:
        if self.bus == "i2c":
            return f"{self.driver} on I2C bus {self.port} at 0x{self.address or 0:02X}"
        return f"{self.driver} on SPI {self.port}.{self.device}"


@dataclass(frozen=True)
class PadConfig:
    """One pad: its buttons on GPIOs (``buttons``) or on a USB serial port (``serial_port``)."""

    pad_id: int
    buttons: Mapping[Button, int]
    screen: ScreenConfig | None
    led: int | None = None
    serial_port: str | None = None


@dataclass(frozen=True)
class GpioConfig:
    """How buttons wired to the header are read (``[gpio]``).

    ``buttons``: ``"gpiod"`` (libgpiod v2: a thread blocked on kernel edge events, no wake-up
    while nobody presses; the default) or ``"gpiozero"`` (its pin factory: lgpio on a Pi, whose
    alert thread wakes every 0.5 ms). ``chip``: ``"auto"`` finds the header's chip by its label
    on any Pi; a label or a ``/dev/gpiochipN`` path names another. ``kernel_debounce``: seconds
    of the kernel's own debounce on top of ours (0: off; it delays every press by its length).
    ``outputs``: ``"gpiod"`` (the LEDs as output lines, the buzzer on the kernel's PWM through
    sysfs: nothing polls; the default) or ``"gpiozero"`` (``LED`` and ``TonalBuzzer`` on its pin
    factory: lgpio's tx thread wakes at least 50 times a second). ``pwm_chip``: the buzzer's
    ``/sys/class/pwm/pwmchipN`` (``[buzzer] pwm_chip``); None: the header's PWM, found by what it
    is (``hal.buzzer.find_pwm``: its number changes between a Pi 5's kernels).
    """

    buttons: str = "gpiod"
    chip: str = "auto"
    kernel_debounce: float = 0.0
    outputs: str = "gpiod"
    pwm_chip: int | None = None


@dataclass(frozen=True)
class GaugeConfig:
    """A battery gauge (``[gauge]``) on an I2C bus."""

    chip: str = "max17048"
    port: int = 1
    address: int = 0x36

    def describe(self) -> str:
        return f"{self.chip.upper()} on I2C bus {self.port} at 0x{self.address:02X}"


@dataclass(frozen=True)
class PowerConfig:
    """Power inputs on the header (``[power]``), each optional: ``button`` (to GND; held, it
    powers off), ``request`` (a power board's shutdown request, active at ``request_level``)
    and ``poweroff_pin`` (not read by the console: deploy/install.sh hands it to the kernel's
    gpio-poweroff overlay, which drives it high once the system has halted)."""

    button: int | None = None
    request: int | None = None
    request_level: str = "low"
    poweroff_pin: int | None = None

    @property
    def any(self) -> bool:
        return self.button is not None or self.request is not None


@dataclass(frozen=True)
class PhonesConfig:
    """Phones as pads (``[phones]``): the port of their page and links, where to listen
    (``"lan"``: every address; ``"localhost"``: this machine only; or one address), how many
    may watch at once, and the unit's own Wi-Fi when it makes one."""

    port: int = 8733
    listen: str = "lan"
    spectators: int = 8
    hotspot: Hotspot | None = None


PHONE_PORTS = range(1024, 65536)
"""A port the console's user may listen on (below 1024 needs root)."""
SPECTATORS = range(0, 33)
INTERFACE = re.compile(r"[A-Za-z0-9_.\-]{1,15}")
"""A Linux network interface's name (``wlan0``): at most 15 characters, no space nor slash."""


@dataclass(frozen=True)
class HardwareConfig:
    profile: str
    pads: tuple[PadConfig, ...]
    buzzer_pin: int | None = None
    debounce: float = 0.02
    source: str | None = None
    gpio: GpioConfig = GpioConfig()
    gauge: GaugeConfig | None = None
    power: PowerConfig = PowerConfig()
    phones: PhonesConfig | None = None
    """Phones may join as pads (``[phones]``); None: no phones, and nothing listens."""


class _KeyLines:
    """Line numbers of the keys and table headers in a TOML text, by dotted path.

    Understands what our configs use: ``[table]``, ``[[array]]``, ``[array.sub]`` (which belongs
    to the array's last entry, as in TOML) and ``key = value`` lines.
    """

    _HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-]+)\s*\]\]?")
    _KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*=")

    def __init__(self, text: str) -> None:
        self.lines: dict[str, int] = {}
        counts: dict[str, int] = {}
        table = ""
        for number, line in enumerate(text.splitlines(), start=1):
            header = self._HEADER.match(line)
            if header:
                brackets, name = header.groups()
                root, _, rest = name.partition(".")
                if brackets == "[[":
                    counts[name] = counts.get(name, 0) + 1
                    table = f"{name}[{counts[name] - 1}]"
                elif root in counts:
                    table = f"{root}[{counts[root] - 1}]" + (f".{rest}" if rest else "")
                else:
                    table = name
                self.lines.setdefault(table, number)
                continue
            key = self._KEY.match(line)
            if key:
                self.lines.setdefault(f"{table}.{key.group(1)}" if table else key.group(1), number)

    def find(self, key: str) -> int | None:
        """The line of ``key``, else of the nearest enclosing table that exists (``pad[4]``
        falls back to ``pad``, and ``pad`` to its first ``[[pad]]``)."""
        while key:
            for candidate in (key, key + "[0]"):
                if candidate in self.lines:
                    return self.lines[candidate]
            bare = re.sub(r"\[\d+\]$", "", key)
            key = bare if bare != key else key.rpartition(".")[0]
        return None


def deepest_line(text: str) -> int:
    """The line where the arrays and inline tables of a TOML ``text`` nest deepest (the first
    such line), outside strings and comments: where ``tomllib`` gave up on a document nested
    too deeply, which its ``RecursionError`` does not say. Every other refusal of a config
    names its line (docs/hardware.md), this one too."""
    depth = deepest = 0
    line = where = 1
    index, size = 0, len(text)
    while index < size:
        char = text[index]
        if char == "#":                              # a comment: up to the end of its line
            end = text.find("\n", index)
            index = size if end < 0 else end
            continue
        if char in "\"'":
            end = _string_end(text, index)
            line += text.count("\n", index, end)
            index = end
            continue
        if char == "\n":
            line += 1
        elif char in "[{":
            depth += 1
            if depth > deepest:
                deepest, where = depth, line
        elif char in "]}":
            depth = max(0, depth - 1)
        index += 1
    return where


def _string_end(text: str, start: int) -> int:
    """Just past the TOML string opening at ``start`` (basic or literal, one line or many);
    an unterminated one ends with its line (or the text, for a multi-line one)."""
    quote = text[start] * 3 if text.startswith(text[start] * 3, start) else text[start]
    index = start + len(quote)
    while index < len(text):
        if text[index] == "\\" and quote[0] == '"':
            index += 2
        elif text.startswith(quote, index):
            return index + len(quote)
        elif text[index] == "\n" and len(quote) == 1:
            return index
        else:
            index += 1
    return len(text)


class _Reader:
    """Reads typed values out of the parsed TOML, raising ConfigError with key and line."""

    def __init__(self, text: str, source: str | None) -> None:
        self.source = source
        self.lines = _KeyLines(text)
        try:
            self.document = tomllib.loads(text)
        except RecursionError:
            raise ConfigError("not valid TOML: nested too deeply", path=source,
                              line=deepest_line(text)) from None
        except tomllib.TOMLDecodeError as error:
            match = re.search(r"line (\d+)", str(error))
            raise ConfigError(f"not valid TOML: {error}", path=source,
                              line=int(match.group(1)) if match else None) from None

    def fail(self, key: str, message: str) -> ConfigError:
        return ConfigError(message, key=key, line=self.lines.find(key), path=self.source)

    def get(self, table: Mapping[str, Any], prefix: str, name: str, kind: type | tuple[type, ...],
            *, required: bool = True, default: Any = None) -> Any:
        key = f"{prefix}.{name}" if prefix else name
        if name not in table:
            if required:
                raise self.fail(key, "missing key")
            return default
        value = table[name]
        if isinstance(value, bool) or not isinstance(value, kind):
            wanted = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            raise self.fail(key, f"must be {_article(wanted)}, not {value!r}")
        return value

    def choice(self, table: Mapping[str, Any], prefix: str, name: str, choices: tuple[Any, ...],
               **options: Any) -> Any:
        value = self.get(table, prefix, name, type(choices[0]), **options)
        if value is not None and value not in choices:
            key = f"{prefix}.{name}" if prefix else name
            raise self.fail(key, f"must be one of {', '.join(map(str, choices))}, not {value!r}")
        return value

    def only(self, table: Mapping[str, Any], prefix: str, known: set[str]) -> None:
        for name in table:
            if name not in known:
                key = f"{prefix}.{name}" if prefix else name
                raise self.fail(key, f"unknown key (known here: {', '.join(sorted(known))})")


def _article(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


@dataclass(frozen=True)
class PinConflict:
    """A GPIO given two uses, which the loader refuses: ``key`` claimed it second, ``other`` is
    the first key or the bus that holds the pin; ``message`` is the refusal as the loader words it."""

    gpio: int
    key: str
    other: str
    message: str


class _PinLedger:
    """Remembers which key claimed each GPIO so a pin used twice names both keys. Given a
    ``conflicts`` list (:func:`read_wiring`) it lists each clash there instead of refusing it."""

    def __init__(self, reader: _Reader, conflicts: list[PinConflict] | None = None) -> None:
        self.reader = reader
        self.owners: dict[int, str] = {}
        self.conflicts = conflicts

    def claim(self, pin: int, key: str) -> int:
        if pin not in GPIO_RANGE:
            raise self.reader.fail(key, f"GPIO{pin} is not a Raspberry Pi header GPIO (0..27)")
        if pin in self.owners:
            other = self.owners[pin]
            line = self.reader.lines.find(other)
            where = f" (line {line})" if line else ""
            self.refuse(pin, key, other, f"GPIO{pin} is already used by {other}{where}")
            return pin
        self.owners[pin] = key
        return pin

    def refuse(self, pin: int, key: str, other: str, message: str) -> None:
        error = self.reader.fail(key, message)
        if self.conflicts is None:
            raise error
        self.conflicts.append(PinConflict(pin, key, other, str(error)))


def load_config(path: str | Path) -> HardwareConfig:
    """Read and check a hardware config file."""
    return parse_config(read_config_text(path), source=str(path))


def read_wiring(path: str | Path) -> tuple[HardwareConfig, tuple[PinConflict, ...]]:
    """The config as :func:`load_config` reads it, except that a pin used twice or on a
    screens' bus is listed rather than refused, so ``pitchpad wiring`` can draw the clash.
    Every other mistake is refused as by :func:`load_config`."""
    conflicts: list[PinConflict] = []
    config = _parse(read_config_text(path), str(path), conflicts)
    return config, tuple(conflicts)


def read_config_text(path: str | Path) -> str:
    """A config file's text, or a :class:`ConfigError` saying why it cannot be read."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise ConfigError(f"cannot read config: {error.strerror}", path=str(path)) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise ConfigError(f"not UTF-8 text (byte 0x{raw[error.start]:02X}): save the file as "
                          f"UTF-8", path=str(path), line=line) from None
    return text


def parse_config(text: str, source: str | None = None) -> HardwareConfig:
    """Check a hardware config given as TOML text (``source`` names it in messages)."""
    return _parse(text, source, None)


def _parse(text: str, source: str | None, conflicts: list[PinConflict] | None) -> HardwareConfig:
    reader = _Reader(text, source)
    document = reader.document
    reader.only(document, "", {"profile", "debounce_ms", "gpio", "buzzer", "pad", "gauge", "power", "phones"})
    profile = reader.choice(document, "", "profile", PROFILES)
    debounce_ms = reader.get(document, "", "debounce_ms", (int, float), required=False, default=20)
    if not 0 <= debounce_ms <= 200:
        raise reader.fail("debounce_ms", f"must be within 0..200 ms, not {debounce_ms}")
    pins = _PinLedger(reader, conflicts)
    pad_tables = reader.get(document, "", "pad", list)
    if not 1 <= len(pad_tables) <= MAX_PADS:
        raise reader.fail("pad", f"a console has 1 to {MAX_PADS} [[pad]] tables, not {len(pad_tables)}")
    pads = tuple(_read_pad(reader, pins, table, index) for index, table in enumerate(pad_tables))
    _check_screens_apart(reader, pads)
    _check_serial_ports_apart(reader, pads)
    buzzer_pin = None
    pwm_chip = None
    if "buzzer" in document:
        buzzer = reader.get(document, "", "buzzer", dict)
        reader.only(buzzer, "buzzer", {"pin", "pwm_chip"})
        buzzer_pin = pins.claim(reader.get(buzzer, "buzzer", "pin", int), "buzzer.pin")
        pwm_chip = reader.get(buzzer, "buzzer", "pwm_chip", int, required=False)
        if pwm_chip is not None and not 0 <= pwm_chip <= 63:
            raise reader.fail("buzzer.pwm_chip", f"must be within 0..63 (/sys/class/pwm/pwmchipN), not {pwm_chip}")
    power = _read_power(reader, pins, document)
    gauge = _read_gauge(reader, document, pads)
    _check_bus_pins(reader, pins, pads, gauge)
    gpio = _read_gpio(reader, document)
    if pwm_chip is not None:
        gpio = replace(gpio, pwm_chip=pwm_chip)
    return HardwareConfig(profile, pads, buzzer_pin, debounce_ms / 1000, source, gpio, gauge, power,
                          _read_phones(reader, document))


def _read_phones(reader: _Reader, document: Mapping[str, Any]) -> PhonesConfig | None:
    if "phones" not in document:
        return None
    table = reader.get(document, "", "phones", dict)
    reader.only(table, "phones", {"port", "listen", "spectators", "hotspot"})
    port = reader.get(table, "phones", "port", int, required=False, default=8733)
    if port not in PHONE_PORTS:
        raise reader.fail("phones.port", f"must be within {PHONE_PORTS.start}..{PHONE_PORTS.stop - 1}, not {port}")
    listen = reader.get(table, "phones", "listen", str, required=False, default="lan")
    if listen not in ("lan", "localhost"):
        try:
            ipaddress.ip_address(listen)
        except ValueError:
            raise reader.fail("phones.listen", f"must be \"lan\", \"localhost\" or an IP address of "
                                               f"this unit, not {listen!r}") from None
    spectators = reader.get(table, "phones", "spectators", int, required=False, default=8)
    if spectators not in SPECTATORS:
        raise reader.fail("phones.spectators", f"must be within {SPECTATORS.start}..{SPECTATORS.stop - 1}, "
                                               f"not {spectators}")
    hotspot = None
    if "hotspot" in table:
        wifi = reader.get(table, "phones", "hotspot", dict)
        reader.only(wifi, "phones.hotspot", {"ssid", "password", "interface", "address"})
        ssid = reader.get(wifi, "phones.hotspot", "ssid", str)
        if not 1 <= len(ssid.encode("utf-8")) <= 32:
            raise reader.fail("phones.hotspot.ssid", f"a Wi-Fi name is 1 to 32 bytes, not {len(ssid.encode())}")
        password = reader.get(wifi, "phones.hotspot", "password", str)
        if not 8 <= len(password) <= 63 or not password.isascii() or not password.isprintable():
            raise reader.fail("phones.hotspot.password", "a WPA2 password is 8 to 63 printable ASCII "
                                                         "characters")
        interface = reader.get(wifi, "phones.hotspot", "interface", str, required=False, default="wlan0")
        if not INTERFACE.fullmatch(interface):
            raise reader.fail("phones.hotspot.interface", f"not a network interface's name: {interface!r}")
        address = reader.get(wifi, "phones.hotspot", "address", str, required=False, default="10.42.0.1")
        try:
            private = ipaddress.IPv4Address(address).is_private
        except ValueError:
            private = False
        if not private:
            raise reader.fail("phones.hotspot.address", f"must be a private IPv4 address such as 10.42.0.1, "
                                                        f"not {address!r}")
        hotspot = Hotspot(ssid, password, interface, address)
    return PhonesConfig(port, listen, spectators, hotspot)


def _read_gauge(reader: _Reader, document: Mapping[str, Any], pads: tuple[PadConfig, ...]) -> GaugeConfig | None:
    if "gauge" not in document:
        return None
    table = reader.get(document, "", "gauge", dict)
    reader.only(table, "gauge", {"chip", "port", "address"})
    chip = reader.choice(table, "gauge", "chip", GAUGES, required=False, default="max17048")
    port = reader.get(table, "gauge", "port", int, required=False, default=1)
    if port not in I2C_PORTS:
        raise reader.fail("gauge.port", f"I2C port must be within {I2C_PORTS.start}..{I2C_PORTS.stop - 1}, not {port}")
    address = reader.get(table, "gauge", "address", int, required=False, default=0x36)
    if not 0x03 <= address <= 0x77:
        raise reader.fail("gauge.address", f"0x{address:02X} is not a 7-bit I2C device address")
    for pad in pads:
        screen = pad.screen
        if screen is not None and screen.bus == "i2c" and (screen.port, screen.address) == (port, address):
            key = f"pad[{pad.pad_id - 1}].screen.address"
            raise reader.fail("gauge.address", f"0x{address:02X} on I2C bus {port} is already used by "
                                               f"{key} (line {reader.lines.find(key)})")
    return GaugeConfig(chip, port, address)


def _read_power(reader: _Reader, pins: _PinLedger, document: Mapping[str, Any]) -> PowerConfig:
    if "power" not in document:
        return PowerConfig()
    table = reader.get(document, "", "power", dict)
    reader.only(table, "power", {"button", "request", "request_level", "poweroff_pin"})
    chosen: dict[str, int | None] = {}
    for name in ("button", "request", "poweroff_pin"):
        pin = reader.get(table, "power", name, int, required=False)
        chosen[name] = None if pin is None else pins.claim(pin, f"power.{name}")
    level = reader.choice(table, "power", "request_level", LEVELS, required=False, default="low")
    return PowerConfig(chosen["button"], chosen["request"], level, chosen["poweroff_pin"])


def _read_gpio(reader: _Reader, document: Mapping[str, Any]) -> GpioConfig:
    if "gpio" not in document:
        return GpioConfig()
    table = reader.get(document, "", "gpio", dict)
    reader.only(table, "gpio", {"buttons", "chip", "kernel_debounce_ms", "outputs"})
    buttons = reader.choice(table, "gpio", "buttons", BUTTON_BACKENDS, required=False, default="gpiod")
    outputs = reader.choice(table, "gpio", "outputs", BUTTON_BACKENDS, required=False, default="gpiod")
    chip = reader.get(table, "gpio", "chip", str, required=False, default="auto")
    if not chip.strip() or (chip.startswith("/") and not CHIP_PATH.fullmatch(chip)):
        raise reader.fail("gpio.chip", f"must be \"auto\", a chip label such as \"pinctrl-rp1\", "
                                       f"or a path /dev/gpiochipN, not {chip!r}")
    kernel_ms = reader.get(table, "gpio", "kernel_debounce_ms", (int, float), required=False, default=0)
    if not 0 <= kernel_ms <= 50:
        raise reader.fail("gpio.kernel_debounce_ms", f"must be within 0..50 ms, not {kernel_ms}")
    return GpioConfig(buttons, chip, kernel_ms / 1000, outputs)


def _read_pad(reader: _Reader, pins: _PinLedger, table: Any, index: int) -> PadConfig:
    prefix = f"pad[{index}]"
    if not isinstance(table, dict):
        raise reader.fail(prefix, "each [[pad]] must be a table")
    reader.only(table, prefix, {"buttons", "serial", "screen", "led"})
    if "serial" in table:
        if "buttons" in table:
            raise reader.fail(f"{prefix}.serial", "a pad has [pad.buttons] or [pad.serial], not both")
        serial = reader.get(table, prefix, "serial", dict)
        reader.only(serial, f"{prefix}.serial", {"port"})
        port = reader.get(serial, f"{prefix}.serial", "port", str)
        led = reader.get(table, prefix, "led", int, required=False)
        if led is not None:
            pins.claim(led, f"{prefix}.led")
        # Without [pad.screen] the screen is the pad board's own, driven over the serial link.
        screen_table = reader.get(table, prefix, "screen", dict, required=False)
        screen = (None if screen_table is None
                  else _read_screen(reader, pins, screen_table, f"{prefix}.screen"))
        return PadConfig(index + 1, {}, screen, led, serial_port=port)
    buttons_table = reader.get(table, prefix, "buttons", dict)
    buttons: dict[Button, int] = {}
    for name in buttons_table:
        key = f"{prefix}.buttons.{name}"
        try:
            button = Button.named(name)
        except KeyError as error:
            raise reader.fail(key, str(error.args[0])) from None
        buttons[button] = pins.claim(reader.get(buttons_table, f"{prefix}.buttons", name, int), key)
    missing = [button.name for button in Button if button not in buttons]
    if missing:
        raise reader.fail(f"{prefix}.buttons.{missing[0]}", f"missing key (every pad needs {', '.join(missing)})")
    led = reader.get(table, prefix, "led", int, required=False)
    if led is not None:
        pins.claim(led, f"{prefix}.led")
    screen = _read_screen(reader, pins, reader.get(table, prefix, "screen", dict), f"{prefix}.screen")
    return PadConfig(index + 1, buttons, screen, led)


def _read_screen(reader: _Reader, pins: _PinLedger, table: Mapping[str, Any], prefix: str) -> ScreenConfig:
    reader.only(table, prefix, {"driver", "bus", "port", "address", "device", "dc_pin", "reset_pin", "rotation"})
    driver = reader.choice(table, prefix, "driver", DRIVERS)
    bus = reader.choice(table, prefix, "bus", BUSES)
    port = reader.get(table, prefix, "port", int)
    ports = I2C_PORTS if bus == "i2c" else SPI_PORTS
    if port not in ports:
        raise reader.fail(f"{prefix}.port", f"{bus.upper()} port must be within "
                                            f"{ports.start}..{ports.stop - 1}, not {port}")
    rotation = reader.choice(table, prefix, "rotation", ROTATIONS, required=False, default=0)
    if bus == "i2c":
        reader.only(table, prefix, {"driver", "bus", "port", "address", "rotation"})
        address = reader.get(table, prefix, "address", int)
        if not 0x03 <= address <= 0x77:
            raise reader.fail(f"{prefix}.address", f"0x{address:02X} is not a 7-bit I2C device address")
        return ScreenConfig(driver, bus, port, address=address, rotation=rotation)
    reader.only(table, prefix, {"driver", "bus", "port", "device", "dc_pin", "reset_pin", "rotation"})
    device = reader.choice(table, prefix, "device", (0, 1), required=False, default=0)
    dc_pin = pins.claim(reader.get(table, prefix, "dc_pin", int), f"{prefix}.dc_pin")
    reset_pin = pins.claim(reader.get(table, prefix, "reset_pin", int), f"{prefix}.reset_pin")
    return ScreenConfig(driver, bus, port, device=device, dc_pin=dc_pin, reset_pin=reset_pin, rotation=rotation)


def _check_screens_apart(reader: _Reader, pads: tuple[PadConfig, ...]) -> None:
    seen: dict[tuple[Any, ...], str] = {}
    for pad in pads:
        screen = pad.screen
        if screen is None:
            continue
        spot = (screen.bus, screen.port, screen.address if screen.bus == "i2c" else screen.device)
        key = f"pad[{pad.pad_id - 1}].screen.{'address' if screen.bus == 'i2c' else 'device'}"
        if spot in seen:
            other = seen[spot]
            raise reader.fail(key, f"{screen.describe()} is already used by {other} "
                                   f"(line {reader.lines.find(other)}); give each screen its own "
                                   f"address, bus or mux channel")
        seen[spot] = key


def _check_serial_ports_apart(reader: _Reader, pads: tuple[PadConfig, ...]) -> None:
    seen: dict[str, str] = {}
    for pad in pads:
        if pad.serial_port is None:
            continue
        key = f"pad[{pad.pad_id - 1}].serial.port"
        if pad.serial_port in seen:
            raise reader.fail(key, f"{pad.serial_port} is already used by {seen[pad.serial_port]} "
                                   f"(line {reader.lines.find(seen[pad.serial_port])})")
        seen[pad.serial_port] = key


def _check_bus_pins(reader: _Reader, pins: _PinLedger, pads: tuple[PadConfig, ...],
                    gauge: GaugeConfig | None) -> None:
    """A pin on GPIO2/3 while I2C-1 carries the screens or the battery gauge (or on SPI-0's pins
    with SPI screens) would read the bus clock as presses, or drive the bus it shares; refuse it
    here rather than debug it on the table."""
    users: dict[tuple[str, int], str] = {}
    if gauge is not None:
        users[("i2c", gauge.port)] = "the battery gauge's bus"
    for pad in pads:
        if pad.screen is not None:
            users[(pad.screen.bus, pad.screen.port)] = "the screens' bus"
    reserved: dict[int, str] = {}
    if ("i2c", 1) in users:
        reserved.update({pin: f"{name}, taken by {users['i2c', 1]}" for pin, name in I2C_PINS.items()})
    if ("spi", 0) in users:
        reserved.update({pin: f"{name}, taken by {users['spi', 0]}" for pin, name in SPI_PINS.items()})
    for pin, key in pins.owners.items():
        if pin in reserved:
            wake = (" (GPIO3 is the pin that wakes a halted Pi: docs/hardware.md, \"Power\", says how "
                    "to free it)" if pin == 3 and key.startswith("power.") else "")
            pins.refuse(pin, key, {**I2C_PINS, **SPI_PINS}[pin], f"GPIO{pin} is {reserved[pin]}{wake}")
