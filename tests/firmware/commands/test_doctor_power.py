"""``pitchpad doctor`` on a battery handheld (issue 30): the gauge read through the real smbus2
messages on a recording bus answered by the MAX17048 model, the power lines on the gpiod
stand-in chip, the gpio-poweroff line of the boot config, and whether the console may power
off (the polkit rule; polkit asked about the running console through an injected pkcheck)."""
from __future__ import annotations

from pathlib import Path

from hal.mock_bus import MockSMBus
from max17048_model import Max17048Model
from tests.hal.test_hal_gauge import GAUGE, spi_screens_text

from .test_doctor_watchdog import HANDHELD, doctor, texts

BATTERY = HANDHELD.read_text() + """
[gauge]
chip = "max17048"
port = 1
address = 0x36

[power]
button = 7
request = 8
poweroff_pin = 9
"""
BOOT = "dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\ndtoverlay=gpio-poweroff,gpiopin=9\n"


def battery_doctor(tmp_path: Path, model: Max17048Model | None = None, boot: str = BOOT):
    config = tmp_path / "battery.toml"
    config.write_text(BATTERY)
    d = doctor(tmp_path, config=config, boot=boot)
    bus = MockSMBus()
    if model is not None:
        bus.attach(0x36, model)
    d.open_i2c = lambda port: bus
    return d


def test_a_battery_handheld_in_good_order(tmp_path: Path) -> None:
    d = battery_doctor(tmp_path, Max17048Model(volts=3.85, percent=73.2, rate=-6.0))
    findings = d.check()
    ok = texts(findings, "ok")
    assert "battery gauge (MAX17048 on I2C bus 1 at 0x36): 73 %, 3.85 V, on battery" in ok
    assert "power button on GPIO7 is free for the console (released now)" in ok
    assert "power board's request on GPIO8 is free for the console (released now)" in ok
    assert any(t.startswith("the power board's cut-off on GPIO9: the kernel drives it high") for t in ok)
    assert any(t.startswith("the power-off rule is installed") for t in ok)
    assert texts(findings, "fail") == []


def test_a_gauge_that_does_not_answer_and_a_cell_about_to_drop(tmp_path: Path) -> None:
    fails = texts(battery_doctor(tmp_path).check(), "fail")
    assert fails == ["battery gauge (MAX17048 on I2C bus 1 at 0x36) does not answer: check its SDA, "
                     "SCL, 3V3 and GND wires and that the board's gauge is at 0x36 (i2cdetect -y 1)"]
    model = Max17048Model(volts=3.9, percent=20.0)
    d = battery_doctor(tmp_path, model)
    d.check()                                                        # arms the voltage alert
    model.cell(volts=3.2, percent=6.0, rate=-15.0)
    warns = texts(d.check(), "warn")
    assert any(t.startswith("battery gauge (MAX17048 on I2C bus 1 at 0x36): 6 %, 3.20 V, on battery: "
                            "under 3.30 V, the cell is about to drop") for t in warns)


def test_power_lines_held_by_the_console_or_by_an_overlay(tmp_path: Path) -> None:
    d = battery_doctor(tmp_path, Max17048Model())
    d.chips.chip.hold(7, "pitchpad power")
    d.chips.chip.hold(8, "gpio-shutdown")
    findings = d.check()
    assert "power button on GPIO7: the running console listens to it" in texts(findings, "ok")
    assert texts(findings, "fail") == [
        "power board's request on GPIO8 is held by gpio-shutdown (a gpio-shutdown or gpio-key overlay?): "
        "remove it, the console reads this pin itself"]


def test_the_cut_off_pin_missing_from_the_boot_config(tmp_path: Path) -> None:
    d = battery_doctor(tmp_path, Max17048Model(), boot="dtparam=i2c_arm=on\ndtparam=i2c_arm_baudrate=400000\n")
    assert texts(d.check(), "fail") == [
        "the power board's cut-off pin GPIO9 is not in the boot config: add dtoverlay=gpio-poweroff,gpiopin=9 "
        "(deploy/install.sh does) and reboot, else the board keeps the halted Pi powered and the cell drains"]


def test_whether_the_console_may_power_off(tmp_path: Path) -> None:
    d = doctor(tmp_path)
    d.polkit_rule = str(tmp_path / "missing.rules")
    assert any(t.startswith("the console cannot power the system off: ") and t.endswith(
        "missing.rules is missing (deploy/install.sh installs it)") for t in texts(d.check(), "fail"))
    d = doctor(tmp_path)
    d.console_pid = lambda: 4242
    d.wakeup_seconds = 0
    d.pkcheck = lambda pid: (True, "")
    assert "polkit lets the running console (pid 4242) power the system off" in texts(d.check(), "ok")
    d.pkcheck = lambda pid: (False, "Not authorized.")
    assert any(t.startswith("polkit refuses the running console (pid 4242) the power-off (Not authorized.)")
               for t in texts(d.check(), "fail"))


def test_doctor_names_a_pin_on_the_gauges_bus_with_the_screens_on_spi(tmp_path: Path) -> None:
    config = tmp_path / "spi.toml"
    config.write_text(spi_screens_text(GAUGE + "\n[power]\nbutton = 3\n"))
    fails = texts(doctor(tmp_path, config=config).check(), "fail")
    assert any(t.startswith("the config cannot be used: ") and "pad[0].screen.dc_pin: GPIO2 is I2C1 SDA, "
               "taken by the battery gauge's bus" in t for t in fails), fails


def test_a_gauge_reading_what_no_cell_gives_is_named_not_taken_for_a_reading(tmp_path: Path) -> None:
    model = Max17048Model()
    model.registers.update({0x02: 0, 0x04: 0})                     # VCELL and SOC read 0x0000
    fails = texts(battery_doctor(tmp_path, model).check(), "fail")
    assert any("answers, but with 0.00 V and 0 %, which no cell gives" in t for t in fails), fails
