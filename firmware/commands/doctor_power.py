"""``pitchpad doctor``'s battery and power checks (the handheld on a battery, docs/hardware.md):

- the gauge the config names is read (charge, voltage, charging, the chip's low-voltage alert),
  or said not to answer with what to check;
- the power button and a power board's request line: held by the running console, or free and
  read now (a request already raised would power the console off as soon as it starts);
- the power board's cut-off pin (``poweroff_pin``) is handed to the kernel's gpio-poweroff in
  the boot config;
- the console may ask for a power-off: PitchPad's polkit rule is installed, and with the console
  running, polkit itself is asked (``pkcheck``) whether that process may power off.
"""
from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

from firmware.commands.finding import Finding
from hal import BackendUnavailable, HardwareConfig
from hal.gauge import LOW_VOLTS, Max17048
from hal.gpiod_pad import Chips, SystemChips, find_header_chip, line_offset

POLKIT_RULE = "/etc/polkit-1/rules.d/50-pitchpad-poweroff.rules"
POWER_OFF_ACTION = "org.freedesktop.login1.power-off"


def pkcheck(pid: int) -> tuple[bool, str]:
    """Whether polkit lets process ``pid`` power the system off (Debian's ``pkcheck``)."""
    try:
        done = subprocess.run(["pkcheck", "--action-id", POWER_OFF_ACTION, "--process", str(pid)],
                              capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired) as error:
        return False, f"pkcheck could not run ({error})"
    told = (done.stderr or done.stdout).strip().splitlines()
    return done.returncode == 0, told[-1] if told else f"pkcheck exit status {done.returncode}"


class Doctor(Protocol):
    """What these checks use of :class:`firmware.commands.doctor.Doctor`: where the hardware is
    and how to ask it (each replaced in the tests)."""

    @property
    def dev(self) -> Path: ...
    @property
    def chips(self) -> Chips | None: ...
    @property
    def open_i2c(self) -> Callable[[int], Any]: ...
    @property
    def polkit_rule(self) -> str: ...
    @property
    def console_pid(self) -> Callable[[], int | None]: ...
    @property
    def pkcheck(self) -> Callable[[int], tuple[bool, str]]: ...

    def boot_config(self) -> str | None: ...


def findings(doctor: Doctor, config: HardwareConfig) -> Iterator[Finding]:
    yield from _gauge(doctor, config, Finding)
    yield from _power_lines(doctor, config, Finding)
    yield from _cut_off(doctor, config, Finding)
    yield from _may_power_off(doctor, Finding)


def _gauge(doctor: Doctor, config: HardwareConfig, finding: Callable[[str, str], Finding]) -> Iterator[Finding]:
    gauge_config = config.gauge
    if gauge_config is None:
        return
    where = f"battery gauge ({gauge_config.describe()})"
    try:
        bus = doctor.open_i2c(gauge_config.port)
    except BackendUnavailable as error:
        yield finding("fail", f"{where}: {error}")
        return
    gauge = Max17048(bus, address=gauge_config.address, port=gauge_config.port)
    try:
        charge = gauge.read()
    finally:
        gauge.close()
    if charge is None and gauge.rejected is not None:
        volts, percent = gauge.rejected
        yield finding("fail", f"{where} answers, but with {volts:.2f} V and {percent:.0f} %, which no cell "
                              f"gives (the console ignores such readings): is the cell wired to the "
                              f"gauge's cell input, and is 0x{gauge_config.address:02X} the gauge "
                              f"(i2cdetect -y {gauge_config.port})?")
        return
    if charge is None:
        yield finding("fail", f"{where} does not answer: check its SDA, SCL, 3V3 and GND wires and that "
                              f"the board's gauge is at 0x{gauge_config.address:02X} "
                              f"(i2cdetect -y {gauge_config.port})")
        return
    state = "charging" if charge.charging else "on battery"
    text = f"{where}: {charge.shown_percent} %, {charge.volts:.2f} V, {state}"
    if charge.about_to_drop:
        yield finding("warn", f"{text}: under {LOW_VOLTS:.2f} V, the cell is about to drop; the console "
                              f"powers off safely when it sees this: charge it")
    else:
        yield finding("ok", text)


def _power_lines(doctor: Doctor, config: HardwareConfig,
                 finding: Callable[[str, str], Finding]) -> Iterator[Finding]:
    power = config.power
    wanted = [(name, pin) for name, pin in (("power button", power.button), ("power board's request", power.request))
              if pin is not None]
    if not wanted:
        return
    chips = doctor.chips or SystemChips(str(doctor.dev))
    try:
        path = find_header_chip(chips, config.gpio.chip)
        chip = chips.open(path)
    except (BackendUnavailable, OSError) as exc:
        yield finding("fail", f"power inputs: {exc}")
        return
    try:
        for name, pin in wanted:
            info = chip.get_line_info(line_offset(chip, pin))
            consumer = info.consumer or ""
            if info.used and consumer.startswith("pitchpad"):
                yield finding("ok", f"{name} on GPIO{pin}: the running console listens to it")
            elif info.used:
                yield finding("fail", f"{name} on GPIO{pin} is held by {consumer or 'another program'} "
                                      f"(a gpio-shutdown or gpio-key overlay?): remove it, the console reads "
                                      f"this pin itself")
            else:
                level = _read_level(chip, line_offset(chip, pin))
                active = level is not None and (level == 0 if name == "power button" or
                                                power.request_level == "low" else level == 1)
                if name == "power board's request" and active:
                    yield finding("warn", f"{name} on GPIO{pin} asks for a shutdown now (the console would "
                                          f"power off as soon as it starts): is the board's switch off?")
                else:
                    state = "unknown" if level is None else ("pressed" if active else "released")
                    yield finding("ok", f"{name} on GPIO{pin} is free for the console ({state} now)")
    finally:
        chip.close()


def _read_level(chip: Any, offset: int) -> int | None:
    """The line's level through a short request with the pull-up the console uses."""
    try:
        import gpiod
        from gpiod.line import Bias, Direction, Value
    except ImportError:
        return None
    try:
        request = chip.request_lines({offset: gpiod.LineSettings(direction=Direction.INPUT, bias=Bias.PULL_UP)},
                                     consumer="pitchpad doctor")
    except OSError:
        return None
    try:
        return 1 if request.get_value(offset) == Value.ACTIVE else 0
    finally:
        request.release()


def _cut_off(doctor: Doctor, config: HardwareConfig,
             finding: Callable[[str, str], Finding]) -> Iterator[Finding]:
    pin = config.power.poweroff_pin
    if pin is None:
        return
    boot = doctor.boot_config() or ""
    lines = [line.split("#")[0].strip() for line in boot.splitlines()]
    wanted = f"dtoverlay=gpio-poweroff,gpiopin={pin}"
    if any(line.replace(" ", "").startswith(wanted) for line in lines):
        yield finding("ok", f"the power board's cut-off on GPIO{pin}: the kernel drives it high once halted "
                            f"(gpio-poweroff)")
    else:
        yield finding("fail", f"the power board's cut-off pin GPIO{pin} is not in the boot config: add "
                              f"{wanted} (deploy/install.sh does) and reboot, else the board keeps the "
                              f"halted Pi powered and the cell drains")


def _may_power_off(doctor: Doctor, finding: Callable[[str, str], Finding]) -> Iterator[Finding]:
    if not Path(doctor.polkit_rule).exists():
        yield finding("fail", f"the console cannot power the system off: {doctor.polkit_rule} is missing "
                              f"(deploy/install.sh installs it)")
        return
    pid = doctor.console_pid()
    if pid is None:
        yield finding("ok", f"the power-off rule is installed ({doctor.polkit_rule}); start the console to "
                            f"have polkit asked for it")
        return
    allowed, told = doctor.pkcheck(pid)
    if allowed:
        yield finding("ok", f"polkit lets the running console (pid {pid}) power the system off")
    else:
        yield finding("fail", f"polkit refuses the running console (pid {pid}) the power-off ({told}): is "
                              f"polkitd running (systemctl status polkit) and the service's user pitchpad?")
