"""``pitchpad doctor``: what is wrong with this build, in plain words, for the person soldering it.

Checks, in order: the config loads; each bus the screens use exists and can be opened; each
screen answers at its address (and, if not, whether something answers at the other usual
one); the buttons' pins are free of the Pi's other functions (serial console, SPI, 1-Wire),
the header's GPIO chip is found by label and no other program holds a button's line;
the serial pads' ports exist; the service user is in the groups the hardware needs; the state
directory is there, and how long a durable append takes on its card (every move waits for one
before the screens show it); with club play (``club.toml`` beside the config), what the running
console last said of its link to the league (``club-status.json``: connected, or why not, and
the results waiting) and whether the broker answers now (a connection and, with TLS, the
certificate checked, without logging in); with phones (``[phones]``), whether a phone can reach
the unit (``firmware.commands.doctor_phones``); and, when the console is running, how many times a
second it wakes up (every thread; the idle target is under 5). Exit status 1 when anything is
wrong.

Everything the checks touch is injectable (``dev`` folder, boot config, the I2C probe, the
group table), so the tests run it on a fake ``/dev`` on any PC.
"""
from __future__ import annotations

import argparse
import grp
import json
import os
import pwd
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from firmware.club.config import ClubConfigError, beside
from firmware.club.config import load as load_club
from firmware.club.reach import probe as probe_broker
from firmware.commands import doctor_phones, doctor_power, doctor_walk, wakeups
from firmware.commands.finding import Finding
from firmware.console import safe_mode
from hal import BackendUnavailable, ConfigError, HardwareConfig, load_config
from hal.buzzer import PWM_SYSFS, find_pwm
from hal.gpiod_pad import Chips, SystemChips, find_header_chip, line_offset
from hal.header import ONE_WIRE_PIN, SCREEN_ADDRESSES, SPI_PINS, UART_PINS
from hal.i2c_probe import Probe, smbus_probe
from hal.oled import HEAL_EVERY, STATUS_BUSY, STATUS_OFF, read_status
from hal.wiring import open_smbus

DEFAULT_CONFIG = "/etc/pitchpad/hardware.toml"
DEFAULT_STATE = "/var/lib/pitchpad"
DEFAULT_USER = "pitchpad"
BOOT_CONFIGS = ("/boot/firmware/config.txt", "/boot/config.txt")

SLOW_SYNC_MS = 10.0
"""A durable append slower than this (the worst of :data:`SYNC_SAMPLES`) is worth a warning:
moves wait for it, and the key-to-screen budget is 30 ms with the screens' 18-26 ms of bus."""
SYNC_SAMPLES = 20



def _group_members(name: str) -> set[str] | None:
    """Members of group ``name`` (supplementary and primary), or None if there is no such group."""
    try:
        group = grp.getgrnam(name)
    except KeyError:
        return None
    members = set(group.gr_mem)
    members.update(user.pw_name for user in pwd.getpwall() if user.pw_gid == group.gr_gid)
    return members


def _user_known(name: str) -> bool:
    try:
        pwd.getpwnam(name)
        return True
    except KeyError:
        return False


@dataclass
class Doctor:
    config_path: str = DEFAULT_CONFIG
    state_dir: str = DEFAULT_STATE
    user: str = DEFAULT_USER
    dev: Path = Path("/dev")
    boot_configs: tuple[str, ...] = BOOT_CONFIGS
    probe: Probe = smbus_probe
    group_members: Callable[[str], set[str] | None] = _group_members
    user_known: Callable[[str], bool] = _user_known
    sync: Callable[[int], None] = os.fsync
    clock: Callable[[], float] = time.perf_counter
    chips: Chips | None = None
    """The GPIO chips (default: the real ones under :attr:`dev`, through gpiod)."""
    pwm_sysfs: str = PWM_SYSFS
    """Where the kernel's PWM chips are (the buzzer's)."""
    wakeup_seconds: float = 10.0
    """How long to count the running console's wake-ups (0: skip)."""
    console_pid: Callable[[], int | None] = wakeups.find_console
    count_wakeups: Callable[[int, float], wakeups.Wakeups] = wakeups.measure
    club_probe: Callable[[Any], tuple[str, str] | None] | None = None
    """Looks at the club's broker (default: ``firmware.club.reach.probe``)."""
    open_i2c: Callable[[int], Any] = open_smbus
    """Opens the battery gauge's bus (``smbus2.SMBus``)."""
    polkit_rule: str = doctor_power.POLKIT_RULE
    """PitchPad's polkit rule (the console may ask for a power-off)."""
    pkcheck: Callable[[int], tuple[bool, str]] = doctor_power.pkcheck
    """Asks polkit whether a process may power off."""
    fetch_page: Callable[[str, int], bytes | str] = doctor_phones.fetch
    """Asks for the phone page (``[phones]``) at an address and port."""
    port_free: Callable[[str | None, int], str | None] = doctor_phones.port_free
    nmcli: Callable[..., tuple[int, str]] = doctor_phones.nmcli
    """Asks NetworkManager (the unit's own Wi-Fi)."""
    phones_drop_in: str = doctor_phones.DROP_IN
    has_module: Callable[[str], bool] = doctor_phones.installed
    url_host: Callable[[Any], str] = doctor_phones.address_of
    """The host a phone code names now."""

    def check(self) -> list[Finding]:
        try:
            config = load_config(self.config_path)
        except ConfigError as exc:
            return [Finding("fail", f"the config cannot be used: {exc}"), *self._starts()]
        findings = [Finding("ok", f"config {self.config_path}: {config.profile}, "
                                  f"{len(config.pads)} pad(s)"), *self._starts()]
        findings += self._buses(config)
        findings += self._pins(config)
        findings += self._buttons(config)
        findings += self._outputs(config)
        findings += self._serial_pads(config)
        findings += doctor_power.findings(self, config)
        findings += self._groups(config)
        findings += self._state_dir()
        findings += self._club()
        findings += doctor_phones.findings(self, config)
        findings += self._wakeups()
        return findings

    # ----- club play -----------------------------------------------------------------------------
    def _club(self) -> Iterator[Finding]:
        path = beside(self.config_path)
        if not path.exists():
            return
        try:
            config = load_club(path)
        except ClubConfigError as exc:
            yield Finding("fail", f"club play is off: {exc}")
            return
        where = f"{config.broker.host}:{config.broker.port}"
        try:
            said = json.loads((Path(self.state_dir) / "club-status.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            said = None
        if isinstance(said, dict) and isinstance(said.get("state"), str):
            when = time.strftime("%H:%M", time.localtime(float(said.get("since", 0))))
            waiting = f"{said.get('pending', 0)} result(s) waiting in the outbox"
            if said["state"] in ("connected", "connecting"):
                yield Finding("ok", f"club: the console is {said['state']} to {where} as table "
                                    f"{config.table} (since {when}); {waiting}")
            else:
                yield Finding("fail", f"club: the console said at {when}: {said.get('text')}; {waiting}")
        trouble = (self.club_probe or probe_broker)(config.broker)
        if trouble is not None:
            yield Finding("fail", f"club: {trouble[1]}")
        else:
            tls = " (TLS: its certificate is the club's, for that name)" if config.broker.tls else ""
            yield Finding("ok", f"club: the broker {where} answers{tls}")

    def _starts(self) -> Iterator[Finding]:
        """Failed starts in a row (``firmware.console.safe_mode``): the service's own error, in one line."""
        failures = safe_mode.read(self.state_dir)
        if failures.count:
            mode = " (safe mode: the pads show this error)" if safe_mode.in_safe_mode(failures) else ""
            yield Finding("fail", f"the console failed to start {failures.count} time(s) in a row"
                                  f"{mode}: {failures.error}")

    # ----- buses and screens -----------------------------------------------------------------
    def _buses(self, config: HardwareConfig) -> Iterator[Finding]:
        i2c_buses = sorted({pad.screen.port for pad in config.pads
                            if pad.screen is not None and pad.screen.bus == "i2c"})
        usable: set[int] = set()
        for port in i2c_buses:
            node = self.dev / f"i2c-{port}"
            if not node.exists():
                yield Finding("fail", f"I2C bus {port} is missing ({node} does not exist): enable I2C "
                                      f"(sudo raspi-config nonint do_i2c 0, or dtparam=i2c_arm=on in "
                                      f"the boot config) and reboot; a mux channel bus needs its "
                                      f"dtoverlay=i2c-mux line")
            elif not os.access(node, os.R_OK | os.W_OK):
                yield Finding("fail", f"{node} exists but cannot be opened by this user: "
                                      f"add it to the i2c group (sudo adduser $USER i2c)")
            else:
                usable.add(port)
                yield Finding("ok", f"I2C bus {port} ({node})")
        if i2c_buses:
            yield self._bus_speed()
        for pad in config.pads:
            screen = pad.screen
            if screen is None:
                continue
            if screen.bus == "spi":
                node = self.dev / f"spidev{screen.port}.{screen.device}"
                yield (Finding("ok", f"pad {pad.pad_id} screen: {node}") if node.exists() else
                       Finding("fail", f"pad {pad.pad_id} screen: {node} does not exist: enable SPI "
                                       f"(sudo raspi-config nonint do_spi 0) and reboot"))
            elif screen.port in usable:
                answers = self._screen_answers(pad.pad_id, screen.port, screen.address or 0)
                yield answers
                if answers.level == "ok" and screen.driver == "sh1106":
                    yield self._screen_status(pad.pad_id, screen.port, screen.address or 0)

    def _screen_answers(self, pad_id: int, port: int, address: int) -> Finding:
        where = f"pad {pad_id} screen ({screen_name(port, address)})"
        try:
            if self.probe(port, address):
                return Finding("ok", f"{where} answers")
            others = [a for a in SCREEN_ADDRESSES if a != address and self.probe(port, a)]
        except OSError as exc:
            return Finding("fail", f"{where}: the bus cannot be used ({exc.strerror or exc})")
        if others:
            return Finding("fail", f"{where} does not answer, but something answers at 0x{others[0]:02X}: "
                                   f"set address = 0x{others[0]:02X} in the config or move the "
                                   f"module's address jumper")
        return Finding("fail", f"{where} does not answer: check its four wires (3V3, GND, SDA to "
                               f"GPIO2 pin 3, SCL to GPIO3 pin 5 on bus 1) and its address jumper")

    def _screen_status(self, pad_id: int, port: int, address: int) -> Finding:
        """An SH1106 on I2C is asked whether it is lit, every 4.8 s, instead of being redrawn
        whole (two redrawn whole on one bus would take 1.04 % of it): does this one answer?"""
        where = f"pad {pad_id} screen ({screen_name(port, address)})"
        status: int | None = None
        try:
            bus = self.open_i2c(port)
        except BackendUnavailable:
            bus = None
        if bus is not None:
            try:
                status = read_status(bus, address)
            except OSError:
                pass
            finally:
                bus.close()
        if status is None or status & STATUS_BUSY:
            answer = "no answer" if status is None else f"0x{status:02X}"
            return Finding("warn", f"{where} does not answer a status read ({answer}): the console "
                                   f"redraws it whole every {HEAL_EVERY} s, which for two such "
                                   f"screens on one bus is 1.04 % of it")
        state = "dark (the console is asleep or not running, or it lost power)" if status & STATUS_OFF else "lit"
        return Finding("ok", f"{where} says whether it is lit, so a power loss is seen within "
                             f"{HEAL_EVERY} s: now {state}")

    def _bus_speed(self) -> Finding:
        text = self.boot_config()
        if text is None:
            return Finding("warn", "no boot config found to check the I2C speed "
                                   "(dtparam=i2c_arm_baudrate=400000 makes screens 4x faster)")
        if "i2c_arm_baudrate=400000" in text:
            return Finding("ok", "I2C at 400 kHz in the boot config")
        return Finding("warn", "the I2C bus runs at the default 100 kHz: add "
                               "dtparam=i2c_arm_baudrate=400000 to the boot config for smooth screens")

    def boot_config(self) -> str | None:
        for path in self.boot_configs:
            try:
                return Path(path).read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
        return None

    # ----- pins, serial pads, groups, state --------------------------------------------------------
    def _pins(self, config: HardwareConfig) -> Iterator[Finding]:
        boot = self.boot_config() or ""
        taken: dict[int, str] = {}
        if "enable_uart=1" in boot:
            taken.update(UART_PINS)
        if (self.dev / "spidev0.0").exists() or "dtparam=spi=on" in boot:
            taken.update(SPI_PINS)
        if "w1-gpio" in boot and "gpiopin" not in boot:
            taken[ONE_WIRE_PIN] = "1-Wire (dtoverlay=w1-gpio)"
        clashes = 0
        for pad in config.pads:
            for button, pin in pad.buttons.items():
                if pin in taken:
                    clashes += 1
                    yield Finding("fail", f"pad {pad.pad_id} {button.name} is on GPIO{pin}, which the "
                                          f"system uses as {taken[pin]}: move the button or turn "
                                          f"that function off")
        if any(pad.buttons for pad in config.pads) and not clashes:
            yield Finding("ok", "button pins are free of the system's functions")

    def _buttons(self, config: HardwareConfig) -> Iterator[Finding]:
        """The header's chip, found by label as the console finds it, and whether another
        program holds a button's line."""
        if not any(pad.buttons for pad in config.pads):
            return
        if config.gpio.buttons == "gpiozero":
            yield Finding("warn", "the buttons are read through gpiozero: on a Pi its lgpio factory "
                                  "wakes every 0.5 ms while buttons exist (about 2,000 times a "
                                  "second, a battery's worth); set buttons = \"gpiod\" under [gpio]")
            return
        chips = self.chips or SystemChips(str(self.dev))
        try:
            path = find_header_chip(chips, config.gpio.chip)
            chip = chips.open(path)
        except (BackendUnavailable, OSError) as exc:
            yield Finding("fail", f"buttons: {exc}")
            return
        held = []
        try:
            label = chip.get_info().label
            for pad in config.pads:
                for button, gpio in pad.buttons.items():
                    info = chip.get_line_info(line_offset(chip, gpio))
                    if info.used and not (info.consumer or "").startswith("pitchpad"):
                        held.append(f"pad {pad.pad_id} {button.name} (GPIO{gpio}) is held by "
                                    f"{info.consumer or 'another program'}")
        finally:
            chip.close()
        for text in held:
            yield Finding("fail", f"{text}: stop that program or remove its dtoverlay, or move the button")
        if not held:
            yield Finding("ok", f"buttons on {path} \"{label}\" (libgpiod: the console sleeps until "
                                f"a button moves)")

    def _outputs(self, config: HardwareConfig) -> Iterator[Finding]:
        """The possession LEDs' lines free on the header's chip, the buzzer's PWM channel there."""
        leds = [(pad.pad_id, pad.led) for pad in config.pads if pad.led is not None]
        if not leds and config.buzzer_pin is None:
            return
        if config.gpio.outputs == "gpiozero":
            yield Finding("warn", "the LEDs and buzzer are driven through gpiozero: on a Pi its lgpio "
                                  "factory's tx thread wakes at least 50 times a second; set "
                                  "outputs = \"gpiod\" under [gpio]")
            return
        if leds:
            yield from self._leds(config, leds)
        if config.buzzer_pin is not None:
            yield self._pwm(config.buzzer_pin, config.gpio.pwm_chip)

    def _leds(self, config: HardwareConfig, leds: list[tuple[int, int]]) -> Iterator[Finding]:
        chips = self.chips or SystemChips(str(self.dev))
        try:
            chip = chips.open(find_header_chip(chips, config.gpio.chip))
        except (BackendUnavailable, OSError) as exc:
            said = config.gpio.buttons == "gpiod" and any(pad.buttons for pad in config.pads)
            if not said:                            # else the buttons' line said it already
                yield Finding("fail", f"LEDs: {exc}")
            return
        try:
            held = [f"pad {pad_id} LED (GPIO{gpio}) is held by {info.consumer or 'another program'}"
                    for pad_id, gpio in leds
                    for info in [chip.get_line_info(line_offset(chip, gpio))]
                    if info.used and not (info.consumer or "").startswith("pitchpad")]
        finally:
            chip.close()
        for text in held:
            yield Finding("fail", f"{text}: stop that program or remove its dtoverlay, or move the LED")
        if not held:
            yield Finding("ok", f"LEDs on GPIO{', GPIO'.join(str(gpio) for _, gpio in leds)} "
                                f"(gpiod output lines: nothing runs between two changes)")

    def _pwm(self, pin: int, chip: int | None) -> Finding:
        """The PWM chip and channel the console will sound the buzzer on, as it finds them; or
        why it will play silent (it does not stop for it)."""
        try:
            output = find_pwm(pin, chip, self.pwm_sysfs)
        except BackendUnavailable as exc:
            return Finding("fail", f"{exc}; until then the console plays silent")
        return Finding("ok", f"buzzer on GPIO{pin}: {output.block}, {Path(output.chip).name} channel "
                             f"{output.channel} (nothing polls; notes are timed only while a tune plays)")

    def _wakeups(self) -> Iterator[Finding]:
        """The running console's wake-ups per second, every thread, over a few seconds."""
        if self.wakeup_seconds <= 0:
            return
        pid = self.console_pid()
        if pid is None:
            yield Finding("warn", "the console is not running, so its idle wake-ups cannot be "
                                  "counted: start it (sudo systemctl start pitchpad), leave it "
                                  "untouched and run pitchpad doctor again")
            return
        try:
            counted = self.count_wakeups(pid, self.wakeup_seconds)
        except OSError:                             # /proc/PID went: it stopped meanwhile
            yield Finding("warn", f"the console (pid {pid}) stopped while its wake-ups were "
                                  "counted: start it again, leave it untouched and run "
                                  "pitchpad doctor again")
            return
        figure = (f"the running console (pid {pid}) woke {counted.per_second:.2f} times a second "
                  f"over {counted.seconds:.0f} s, every thread (busiest: {counted.busiest()})")
        if counted.per_second < wakeups.TARGET:
            yield Finding("ok", f"{figure}; idle target < {wakeups.TARGET:g}/s")
        else:
            yield Finding("warn", f"{figure}: more than {wakeups.TARGET:g}/s. Was it idle (nobody "
                                  f"pressing, no match being played by the CPU)? A thread near "
                                  f"2,000/s is lgpio's alert loop: buttons on gpiozero?")

    def _serial_pads(self, config: HardwareConfig) -> Iterator[Finding]:
        for pad in config.pads:
            if pad.serial_port is None:
                continue
            port = Path(pad.serial_port)
            yield (Finding("ok", f"pad {pad.pad_id} on {port}") if port.exists() else
                   Finding("fail", f"pad {pad.pad_id}: {port} does not exist: is its USB cable "
                                   f"plugged in? (ls /dev/serial/by-id gives stable names)"))

    def _groups(self, config: HardwareConfig) -> Iterator[Finding]:
        needed = ["gpio"]
        if any(p.screen is not None and p.screen.bus == "i2c" for p in config.pads):
            needed.append("i2c")
        if any(p.screen is not None and p.screen.bus == "spi" for p in config.pads):
            needed.append("spi")
        if any(p.serial_port for p in config.pads):
            needed.append("dialout")
        if not self.user_known(self.user):
            yield Finding("fail", f"there is no user {self.user} (deploy/install.sh creates it; "
                                  f"--user names another)")
            return
        missing, absent = [], []
        for name in needed:
            members = self.group_members(name)
            if members is None:
                absent.append(name)
            elif self.user not in members:
                missing.append(name)
        if absent:
            yield Finding("warn", f"this system has no group(s) {', '.join(absent)}: not Raspberry "
                                  f"Pi OS? The devices must be opened some other way")
        if missing:
            yield Finding("fail", f"the user {self.user} is not in the group(s) {', '.join(missing)}: "
                                  f"sudo usermod -aG {','.join(missing)} {self.user} "
                                  f"(deploy/install.sh does it)")
        elif not absent:
            yield Finding("ok", f"the user {self.user} is in the groups {', '.join(needed)}")

    def _state_dir(self) -> Iterator[Finding]:
        folder = Path(self.state_dir)
        if not folder.is_dir():
            yield Finding("fail", f"the state directory {folder} does not exist (deploy/install.sh "
                                  f"creates it): settings and the match journal cannot be kept")
            return
        try:
            owner = pwd.getpwuid(folder.stat().st_uid).pw_name
        except KeyError:
            owner = str(folder.stat().st_uid)
        if owner != self.user:
            yield Finding("warn", f"the state directory {folder} belongs to {owner}, not {self.user}: "
                                  f"sudo chown {self.user}: {folder}")
        else:
            yield Finding("ok", f"state directory {folder}")
        yield from self._durable_appends(folder)

    def _durable_appends(self, folder: Path) -> Iterator[Finding]:
        """Append a journal-sized record and fsync it, :data:`SYNC_SAMPLES` times, as the match
        journal does for every move (in a temporary file, removed after)."""
        times: list[float] = []
        try:
            with tempfile.NamedTemporaryFile(dir=folder, prefix=".doctor-") as probe:
                for _ in range(SYNC_SAMPLES):
                    start = self.clock()
                    os.write(probe.fileno(), b'{"blue": {"play": 3}, "red": {"play": 11}}\n')
                    self.sync(probe.fileno())
                    times.append((self.clock() - start) * 1e3)
        except OSError as exc:
            yield Finding("fail", f"the state directory {folder} cannot be written ({exc.strerror}): "
                                  f"no match journal, no settings")
            return
        figures = f"median {statistics.median(times):.1f} ms, worst {max(times):.1f} ms"
        if max(times) > SLOW_SYNC_MS:
            yield Finding("warn", f"a durable write on the state directory's card takes {figures}: "
                                  f"every move waits for one before the screens show it; a faster "
                                  f"card (A1/A2 class) or a USB SSD keeps presses under 30 ms")
        else:
            yield Finding("ok", f"durable writes on the state directory: {figures}")


def screen_name(port: int, address: int) -> str:
    return f"I2C bus {port}, address 0x{address:02X}"


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("doctor", help="check the hardware build and say what is wrong")
    parser.add_argument("--config", default=DEFAULT_CONFIG, metavar="FILE",
                        help=f"the hardware TOML file (default {DEFAULT_CONFIG})")
    parser.add_argument("--state-dir", default=DEFAULT_STATE, help=f"default {DEFAULT_STATE}")
    parser.add_argument("--user", default=DEFAULT_USER,
                        help=f"the user the service runs as (default {DEFAULT_USER})")
    parser.add_argument("--wakeups-seconds", type=float, default=10.0, metavar="S",
                        help="count the running console's wake-ups for S seconds (0: skip)")
    parser.add_argument("--walk", action="store_true",
                        help="a guided check, part by part: press each button when asked, answer "
                             "for the screens, LEDs and buzzer (stop the console first)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.walk:
        return doctor_walk.run(args.config, doctor_walk.WalkParts(boot=Doctor(args.config).boot_config() or ""))
    findings = Doctor(args.config, args.state_dir, args.user,
                      wakeup_seconds=args.wakeups_seconds).check()
    for finding in findings:
        print(finding)
    failures = sum(f.level == "fail" for f in findings)
    print("All good." if not failures else
          f"{failures} problem(s) to fix; run pitchpad doctor again afterwards.")
    return 1 if failures else 0
