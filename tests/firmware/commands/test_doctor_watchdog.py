"""``pitchpad doctor`` on a fake /dev, and the sd_notify watchdog on a real datagram socket."""
from __future__ import annotations

import socket
import subprocess
import sys
import threading
from pathlib import Path

from firmware.commands.doctor import Doctor
from firmware.commands.wakeups import Wakeups
from hal.mock_gpiochip import MockChip, MockChips
from firmware.console.watchdog import Watchdog
from tests.hal.test_hal_gpiod_outputs import fake_pi5_pwm

ROOT = Path(__file__).resolve().parents[3]
HANDHELD = ROOT / "deploy" / "config" / "handheld.toml"
GROUPS = {"gpio": {"pitchpad"}, "i2c": {"pitchpad"}, "spi": set(), "dialout": set()}


def doctor(tmp_path: Path, answering=(0x3C, 0x3D), config: Path = HANDHELD, groups=GROUPS,
           boot: str = "dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\n") -> Doctor:
    dev = tmp_path / "dev"
    dev.mkdir(exist_ok=True)
    for name in ("i2c-1", "gpiochip0"):
        (dev / name).touch()
    state = tmp_path / "state"
    state.mkdir(exist_ok=True)
    boot_file = tmp_path / "config.txt"
    boot_file.write_text(boot)
    (tmp_path / "pwm" / "pwmchip0").mkdir(parents=True, exist_ok=True)    # dtoverlay=pwm's chip
    rule = tmp_path / "50-pitchpad-poweroff.rules"                         # install.sh's polkit rule
    rule.write_text((ROOT / "deploy" / "polkit" / rule.name).read_text())
    return Doctor(str(config), str(state), "pitchpad", dev=dev, boot_configs=(str(boot_file),),
                  probe=lambda bus, address: address in answering,
                  group_members=groups.get, user_known=lambda name: True,
                  chips=MockChips(MockChip("pinctrl-bcm2835")), console_pid=lambda: None,
                  pwm_sysfs=str(tmp_path / "pwm"), polkit_rule=str(rule))


def texts(findings, level):
    return [f.text for f in findings if f.level == level]


def test_the_state_cards_durable_writes_are_timed_and_a_slow_card_is_named(tmp_path):
    # real appends and fsyncs, timed by a clock that sees each take 1 ms: the verdict must not
    # depend on how busy this machine's disk is (a loaded VM's fsync passes 10 ms)
    fast_ticks = iter(range(0, 10_000, 1))
    good_doctor = doctor(tmp_path)
    good_doctor.clock = lambda: next(fast_ticks) / 1000
    good = good_doctor.check()
    assert any(t.startswith("durable writes on the state directory: median 1.0 ms")
               for t in texts(good, "ok"))
    assert list((tmp_path / "state").iterdir()) == []          # the probe file is gone

    ticks = iter(range(0, 10_000, 30))                          # every fsync takes 30 ms
    slow = doctor(tmp_path)
    slow.clock = lambda: next(ticks) / 1000
    warnings = texts(slow.check(), "warn")
    assert any("durable write on the state directory's card takes median 30.0 ms" in t
               and "every move waits" in t for t in warnings)


def test_an_unwritable_state_directory_fails(tmp_path):
    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    broken = doctor(tmp_path)
    broken.sync = full
    assert any("cannot be written (No space left on device)" in t for t in texts(broken.check(), "fail"))


def test_a_good_build_has_nothing_to_fix(tmp_path):
    findings = doctor(tmp_path).check()
    assert texts(findings, "fail") == []
    assert any("pad 2 screen (I2C bus 1, address 0x3D) answers" in t for t in texts(findings, "ok"))


def test_a_screen_at_the_other_address_is_named(tmp_path):
    fails = texts(doctor(tmp_path, answering=(0x3C,)).check(), "fail")
    assert len(fails) == 1
    assert "pad 2 screen (I2C bus 1, address 0x3D) does not answer, but something answers at 0x3C" in fails[0]


def test_a_silent_screen_says_check_the_wires(tmp_path):
    fails = texts(doctor(tmp_path, answering=()).check(), "fail")
    assert len(fails) == 2 and all("check its four wires" in f for f in fails)


def test_a_missing_bus_says_how_to_enable_it(tmp_path):
    d = doctor(tmp_path)
    (d.dev / "i2c-1").unlink()
    fails = texts(d.check(), "fail")
    assert len(fails) == 1 and "raspi-config nonint do_i2c 0" in fails[0]


def test_a_slow_bus_and_a_button_on_the_serial_console_pins(tmp_path):
    config = tmp_path / "uart.toml"
    config.write_text(HANDHELD.read_text().replace("CARD1 = 17", "CARD1 = 14"))
    findings = doctor(tmp_path, config=config, boot="dtparam=i2c_arm=on\nenable_uart=1\n").check()
    assert any("100 kHz" in w for w in texts(findings, "warn"))
    assert texts(findings, "fail") == [
        "pad 1 CARD1 is on GPIO14, which the system uses as UART TXD: move the button or turn "
        "that function off"]


def test_groups_missing_and_a_bad_config(tmp_path):
    findings = doctor(tmp_path, groups={**GROUPS, "i2c": set()}).check()
    assert any("not in the group(s) i2c" in f for f in texts(findings, "fail"))
    bad = tmp_path / "bad.toml"
    bad.write_text(HANDHELD.read_text().replace("CARD2 = 24", "CARD2 = 6"))
    findings = doctor(tmp_path, config=bad).check()
    assert len(findings) == 1 and "GPIO6 is already used by pad[0].buttons.LEFT" in findings[0].text


def test_the_command_exits_non_zero_and_speaks_plainly(tmp_path):
    # its own state dir: /var/lib/pitchpad may hold another run's start failures (safe mode)
    done = subprocess.run([sys.executable, "-m", "firmware.cli", "doctor", "--config",
                           str(tmp_path / "none.toml"), "--state-dir", str(tmp_path),
                           "--wakeups-seconds", "0"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 1
    assert done.stdout.startswith("FAIL  the config cannot be used:") and "problem(s) to fix" in done.stdout


# ----- sd_notify --------------------------------------------------------------------------------
def listen(tmp_path: Path) -> tuple[socket.socket, str]:
    path = str(tmp_path / "notify")
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(path)
    server.settimeout(5)
    return server, path


def test_ready_then_watchdog_pings_rate_limited(tmp_path):
    server, path = listen(tmp_path)
    now = [0.0]
    watchdog = Watchdog(path, 20.0, clock=lambda: now[0])
    watchdog.ready()
    assert server.recv(64) == b"READY=1" and server.recv(64) == b"WATCHDOG=1"
    watchdog.ping()                     # too soon: nothing sent
    now[0] = 6.0
    watchdog.ping()
    assert server.recv(64) == b"WATCHDOG=1"
    server.setblocking(False)
    try:
        assert server.recv(64) is None
    except BlockingIOError:
        pass
    watchdog.close()
    server.close()


def test_environment_parsing_and_silence_outside_systemd():
    assert Watchdog.from_environment({}).interval is None
    assert Watchdog.from_environment({}).notify("READY=1") is False
    w = Watchdog.from_environment({"NOTIFY_SOCKET": "@abstract", "WATCHDOG_USEC": "20000000",
                                   "WATCHDOG_PID": "1"})
    assert w.interval is None, "a watchdog meant for another process is not ours"
    w = Watchdog.from_environment({"NOTIFY_SOCKET": "/run/n", "WATCHDOG_USEC": "20000000"})
    assert w.interval == 20.0 and w.poll == 10.0


def test_the_app_loop_pings_while_it_turns_and_stops_when_closed(tmp_path):
    """The real App.run loop on the headless simulator, with a 0.2 s watchdog period."""
    import sim
    from firmware.console.app import App

    server, path = listen(tmp_path)
    console = sim.open_console(2)
    app = App(console, state_dir=tmp_path / "state", watchdog=Watchdog(path, 0.2))
    thread = threading.Thread(target=app.run)
    thread.start()
    messages = [server.recv(64) for _ in range(6)]
    console.close()
    thread.join(5)
    assert not thread.is_alive()
    assert messages[0] == b"READY=1" and messages[1:].count(b"WATCHDOG=1") == 5
    assert server.recv(64) == b"STOPPING=1"
    server.close()


def test_the_doctor_asks_hal_for_its_i2c_probe_and_pin_tables():
    """The hardware facts live in hal (layering: firmware asks, hal knows)."""
    import firmware.commands.doctor as doctor_module
    from hal import header, i2c_probe

    assert Doctor().probe is i2c_probe.smbus_probe
    for name in ("SCREEN_ADDRESSES", "UART_PINS", "SPI_PINS", "ONE_WIRE_PIN"):
        assert getattr(doctor_module, name) is getattr(header, name)
    assert "def smbus_probe" not in Path(doctor_module.__file__).read_text()


def test_the_header_chip_is_found_by_label_and_a_held_button_line_is_named(tmp_path):
    d = doctor(tmp_path)
    findings = d.check()
    assert any(t.startswith('buttons on /dev/gpiochip0 "pinctrl-bcm2835"') for t in texts(findings, "ok"))
    d.chips.chip.hold(21, "gpio-shutdown")                      # dtoverlay=gpio-shutdown,gpio_pin=21
    assert texts(d.check(), "fail") == [
        "pad 2 CENTRE (GPIO21) is held by gpio-shutdown: stop that program or remove its "
        "dtoverlay, or move the button"]
    d.chips = MockChips(MockChip("tegra-gpio"))                 # not a Pi
    fails = texts(d.check(), "fail")
    assert len(fails) == 1 and "no GPIO chip labelled" in fails[0] and "is this a Raspberry Pi?" in fails[0]


def test_buttons_on_gpiozero_are_a_warning_about_the_battery(tmp_path):
    config = tmp_path / "gpiozero.toml"
    config.write_text(HANDHELD.read_text().replace('buttons = "gpiod"', 'buttons = "gpiozero"'))
    warnings = texts(doctor(tmp_path, config=config).check(), "warn")
    assert any("wakes every 0.5 ms" in w and 'buttons = "gpiod"' in w for w in warnings)


def test_the_running_consoles_wake_ups_are_counted_and_judged(tmp_path):
    d = doctor(tmp_path)
    asked = []

    def counted(pid, seconds):
        asked.append((pid, seconds))
        return Wakeups(seconds, [(pid, "console", 0.3), (pid + 1, "pad1-gpiod", 0.0)])

    d.console_pid, d.count_wakeups = (lambda: 4242), counted
    oks = texts(d.check(), "ok")
    assert asked == [(4242, 10.0)]
    assert any("the running console (pid 4242) woke 0.30 times a second over 10 s" in t for t in oks)
    d.count_wakeups = lambda pid, seconds: Wakeups(seconds, [(pid, "lg-alert", 1650.0)])
    assert any("1650.00 times a second" in w and "lgpio's alert loop" in w for w in texts(d.check(), "warn"))
    d.console_pid = lambda: None
    assert any("the console is not running" in w for w in texts(d.check(), "warn"))


def test_wake_ups_are_read_from_proc_for_every_thread_of_a_real_process():
    """A child with a thread that polls every 10 ms and one that blocks: the poller is seen."""
    from firmware.commands.wakeups import find_console, measure

    code = ("import threading, time, sys\n"
            "threading.Thread(target=lambda: [time.sleep(0.01) for _ in iter(int, 1)], daemon=True).start()\n"
            "threading.Thread(target=sys.stdin.read, daemon=True).start()\n"
            "print('ready', flush=True); time.sleep(60)\n")
    child = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "ready"
        counted = measure(child.pid, 1.0)
        rates = sorted(rate for _, _, rate in counted.threads)
        assert len(rates) == 3
        assert rates[0] < 2 and rates[1] < 2                   # the sleeping main and the reader
        assert 20 < rates[2] < 120                              # the 10 ms poller: ~100/s
        assert find_console() is None or find_console() != child.pid
    finally:
        child.kill()
        child.wait()


def test_a_console_that_stops_while_its_wake_ups_are_counted_is_a_warning_not_a_crash(tmp_path):
    """A fresh-clone run of the suite crashed in ``pitchpad doctor`` with ``FileNotFoundError:
    /proc/PID/task`` when the console it was counting (another on the machine) exited."""
    def gone(pid: int, seconds: float):
        raise FileNotFoundError(2, "No such file or directory", f"/proc/{pid}/task")
    checked = doctor(tmp_path)
    checked.console_pid, checked.count_wakeups = (lambda: 4242), gone
    assert any("the console (pid 4242) stopped while its wake-ups were counted" in t
               for t in texts(checked.check(), "warn"))


def test_the_leds_lines_and_the_buzzers_pwm_channel_are_checked(tmp_path):
    good = doctor(tmp_path)
    oks = texts(good.check(), "ok")
    assert any(t.startswith("LEDs on GPIO4, GPIO18 (gpiod output lines") for t in oks)
    assert any(t.startswith("buzzer on GPIO12: the kernel's PWM, pwmchip0 channel 0") for t in oks)
    held = doctor(tmp_path)
    assert held.chips is not None
    held.chips.chip.hold(18, "gpio-leds")
    (tmp_path / "pwm" / "pwmchip0").rmdir()
    fails = texts(held.check(), "fail")
    assert ("pad 2 LED (GPIO18) is held by gpio-leds: stop that program or remove its dtoverlay, "
            "or move the LED") in fails
    assert any(t.startswith("buzzer on GPIO12: no PWM chip") and "dtoverlay=pwm,pin=12,func=4" in t
               for t in fails)


def test_on_a_pi_5_doctor_names_the_rp1s_pwm_and_channel_the_buzzer_sounds_on(tmp_path):
    """GPIO18 is PWM0_CHAN2 on the RP1 (channel 0 on a Pi 1 to 4); its chip is pwmchip2 on this
    kernel, the fan's PWM1 having taken pwmchip0; a missing overlay leaves the console silent."""
    config = tmp_path / "pi5.toml"
    config.write_text(HANDHELD.read_text().replace("pin = 12", "pin = 18").replace("led = 18", "led = 12"))
    d = doctor(tmp_path, config=config)
    d.pwm_sysfs = str(fake_pi5_pwm(tmp_path / "sys"))
    assert any(t.startswith("buzzer on GPIO18: the RP1's PWM0 (a Pi 5), pwmchip2 channel 2")
               for t in texts(d.check(), "ok"))
    d.pwm_sysfs = str(tmp_path / "no-pwm")
    assert any(t.startswith("buzzer on GPIO18: no PWM chip") and "dtoverlay=pwm,pin=18,func=2" in t
               and t.endswith("until then the console plays silent") for t in texts(d.check(), "fail"))


def test_leds_and_buzzer_on_gpiozero_are_a_warning(tmp_path):
    config = tmp_path / "gpiozero.toml"
    config.write_text(HANDHELD.read_text().replace('outputs = "gpiod"', 'outputs = "gpiozero"'))
    warnings = texts(doctor(tmp_path, config=config).check(), "warn")
    assert any("lgpio factory's tx thread wakes at least 50 times a second" in t for t in warnings)


def test_the_buzzers_pwm_is_checked_even_where_no_gpio_chip_is_found(tmp_path):
    """Not a Pi (no header chip): the buttons' line says so once, and the buzzer's line still
    comes (before, the LEDs' missing chip ended the outputs' checks)."""
    d = doctor(tmp_path)
    d.chips = MockChips(MockChip("tegra-gpio"))
    (tmp_path / "pwm" / "pwmchip0").rmdir()
    fails = texts(d.check(), "fail")
    assert sum("no GPIO chip labelled" in t for t in fails) == 1
    assert any(t.startswith("buzzer on GPIO12: no PWM chip") for t in fails)
