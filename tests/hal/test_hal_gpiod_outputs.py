"""The Pi's default GPIO path on the real libgpiod: buttons, possession LEDs and SPI screens'
D/C and RESET as line requests, in a child process whose ``/dev/gpiochipN`` calls reach the
GPIO uAPI stand-in (``bench/gpio_uapi``: an LD_PRELOAD shim answering the uAPI v2 ioctls, since
no kernel gpio-sim exists on the development VM or CI). The buzzer's sysfs PWM is a folder of
plain files standing in for ``/sys/class/pwm``: no kernel PWM can run here either."""
from __future__ import annotations

import logging
import tomllib
from pathlib import Path

import pytest
from luma.core.interface.serial import i2c

from hal import ManualClock, load_config
from hal.buzzer import PwmBuzzer, find_pwm
from hal.errors import BackendUnavailable
from hal.mock_bus import MockSMBus
from hal.mock_gpiochip import MockChip, MockChips
from hal.tunes import Note, Tune
from hal.wiring import open_console
from uapi_rig import ROOT, Chip, Kernel, UapiChild, fake_pwm


CONSOLE = """
import os, sys, threading
from hal import Button, load_config
from hal.gpiod_pad import SystemChips
from hal.mock_bus import MockSMBus
from hal.wiring import open_console
from luma.core.interface.serial import i2c

config = load_config("deploy/config/handheld.toml")
bus = MockSMBus()
console = open_console(config, gpio_chips=SystemChips(os.environ["GPIO_UAPI_DEV"]), pwm_sysfs=sys.argv[1],
                       open_bus=lambda screen: i2c(bus=bus, address=screen.address))
print("ready", type(console.led(1)).__name__, type(console.buzzer).__name__, flush=True)
event = console.events.get(timeout=20)
print("event", event.pad, event.button.name, event.pressed, flush=True)
console.led(1).on()
print("led on", flush=True)
sys.stdin.readline()
console.led(1).off()
console.close()
print("closed", flush=True)
"""


@pytest.fixture
def kernel():
    with Kernel(Chip("pinctrl-bcm2835")) as stand_in:
        yield stand_in


def test_buttons_and_leds_on_the_real_gpiod_hold_lines_only_while_the_console_runs(kernel, tmp_path: Path) -> None:
    config = tomllib.loads((ROOT / "deploy/config/handheld.toml").read_text())
    led1 = config["pad"][0]["led"]
    card1 = config["pad"][0]["buttons"]["CARD1"]
    child = UapiChild(kernel, CONSOLE, str(fake_pwm(tmp_path)))
    assert child.expect("ready").split()[1:] == ["GpiodLed", "PwmBuzzer"]
    chip = kernel.chips[0]
    assert chip.lines[card1].consumer == "pitchpad pad 1" and chip.lines[led1].consumer == "pitchpad pad 1 LED"
    assert chip.level(led1) is False
    chip.drive(card1, False)                                   # CARD1 to GND
    assert child.expect("event") == "event 1 CARD1 True"
    child.expect("led on")
    assert chip.level(led1) is True
    child.say("close")
    child.expect("closed")
    assert child.finish() == 0
    assert chip.requested() == []                              # every line given back
    assert [level for _, level in chip.lines[led1].changes] == [False, True, False]


def test_an_led_line_another_program_holds_stops_the_console_with_one_line(kernel, tmp_path: Path) -> None:
    kernel.chips[0].hold(4, "gpio-leds")
    script = ("import os, sys\nfrom hal import load_config, BackendUnavailable\n"
              "from hal.gpiod_pad import SystemChips\nfrom hal.mock_bus import MockSMBus\n"
              "from hal.wiring import open_console\nfrom luma.core.interface.serial import i2c\n"
              "try:\n    open_console(load_config('deploy/config/handheld.toml'), "
              "gpio_chips=SystemChips(os.environ['GPIO_UAPI_DEV']), pwm_sysfs=sys.argv[1], "
              "open_bus=lambda s: i2c(bus=MockSMBus(), address=s.address))\n"
              "except BackendUnavailable as error:\n    print('refused', error, flush=True)\n")
    child = UapiChild(kernel, script, str(fake_pwm(tmp_path)))
    line = child.expect("refused")
    assert "pad 1 LED" in line and "GPIO4 is in use by gpio-leds" in line
    assert child.finish() == 0
    assert kernel.chips[0].requested() == []                   # the buttons opened first, closed again


SPI = """
import os, sys
from PIL import Image
import random
from hal import ManualClock
from hal.config import ScreenConfig
from hal.gpiod_pad import SystemChips
from hal.mock_bus import Transfer
from hal.oled import OledScreen
from hal.wiring import open_serial
from oled_model import OledModel

class RecordingSpiDev:
    "spidev's calls luma makes; D/C read back from the kernel's line, as the panel sees it"
    def __init__(self):
        self.transfers, self.max_speed_hz, self.gpio = [], 0, None
    def open(self, port, device):
        self.port = (port, device)
    def writebytes(self, values):
        control = 0x40 if self.gpio.input(24) else 0x00
        self.transfers.append(Transfer(0x3C, control, bytes(values)))
    def close(self):
        self.closed = True

device = RecordingSpiDev()
screen_config = ScreenConfig("ssd1306", "spi", 0, device=0, dc_pin=24, reset_pin=25)
serial = open_serial(screen_config, gpio_chips=SystemChips(os.environ["GPIO_UAPI_DEV"]), spi_device=device)
device.gpio = serial.gpio
print("opened", device.port, device.max_speed_hz, flush=True)
sys.stdin.readline()
screen = OledScreen(1, serial, driver="ssd1306", clock=ManualClock())
model = OledModel(address=0x3C)
rng = random.Random(4)
frame = Image.new("1", (128, 64))
same = 0
for _ in range(20):
    frame = frame.copy()
    for _ in range(rng.randrange(1, 30)):
        frame.putpixel((rng.randrange(128), rng.randrange(64)), rng.randrange(2))
    screen.display(frame)
    model.feed(device.transfers)
    device.transfers.clear()
    same += model.shown().tobytes() == frame.tobytes()
print("frames", same, flush=True)
screen.close()
print("closed", getattr(device, "closed", False), flush=True)
"""


def test_an_spi_screen_on_luma_real_spi_code_drives_dc_and_reset_as_gpiod_lines(kernel) -> None:
    """luma's own ``spi`` (reset pulse, D/C before each command and data block) with
    ``gpio=LumaGpio``: no RPi.GPIO, which fails on a Pi 5 and has no wheel."""
    child = UapiChild(kernel, SPI)
    assert child.expect("opened") == "opened (0, 0) 8000000"
    child.say("go")
    assert child.expect("frames") == "frames 20"
    assert child.expect("closed") == "closed True"
    assert child.finish() == 0
    chip = kernel.chips[0]
    assert [level for _, level in chip.lines[25].changes] == [False, True]          # RESET pulsed once
    assert {level for _, level in chip.lines[24].changes} == {False, True}          # D/C both ways
    assert chip.lines[24].consumer == "" and chip.requested() == []                  # released


def test_the_buzzer_plays_a_tune_on_the_kernels_pwm_and_nothing_runs_between_tunes(tmp_path: Path) -> None:
    sysfs = fake_pwm(tmp_path)
    clock = ManualClock()
    buzzer = PwmBuzzer(12, clock=clock, sysfs=str(sysfs))
    channel = sysfs / "pwmchip0" / "pwm0"
    buzzer.play(Tune("test", (Note(440.0, 0.1), Note(880.0, 0.2))))
    assert (channel / "period").read_text() == str(round(1e9 / 440))
    assert (channel / "duty_cycle").read_text() == str(round(1e9 / 440) // 2)
    assert (channel / "enable").read_text() == "1" and buzzer.frequency == 440.0
    clock.advance(0.1)
    assert (channel / "period").read_text() == str(round(1e9 / 880)) and clock.pending == 1
    clock.advance(0.2)
    assert (channel / "enable").read_text() == "0" and buzzer.frequency is None
    assert clock.pending == 0                                   # no timer once the tune is over
    buzzer.close()


def test_a_buzzer_without_the_pwm_overlay_says_which_line_to_add(tmp_path: Path) -> None:
    with pytest.raises(BackendUnavailable, match=r"add dtoverlay=pwm,pin=12,func=4 to the boot config"):
        PwmBuzzer(12, clock=ManualClock(), sysfs=str(tmp_path))
    with pytest.raises(BackendUnavailable, match="GPIO12, 13, 18 and 19 only"):
        PwmBuzzer(5, clock=ManualClock(), sysfs=str(fake_pwm(tmp_path)))


def test_the_pi_extra_brings_gpiod_only() -> None:
    """RPi.GPIO (no wheel, fails on a Pi 5) and lgpio (a 50/s thread; swig to build) are no
    longer what every install compiles: lgpio is its own extra, for configs that choose gpiozero."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert [requirement.split(">")[0] for requirement in extras["pi"]] == ["gpiod"]
    assert not any("RPi.GPIO" in requirement for requirement in sum(extras.values(), []))
    assert [requirement.split(">")[0] for requirement in extras["lgpio"]] == ["lgpio"]


def test_gpioinfo_tells_an_spi_screens_dc_line_from_its_reset_line(kernel) -> None:
    """The kernel keeps 31 characters of a consumer name: both lines once read "pitchpad pad
    screen ssd1306 on " in ``gpioinfo``. Each now says which screen and which line, whole."""
    child = UapiChild(kernel, SPI)
    child.expect("opened")
    chip = kernel.chips[0]
    assert (chip.lines[24].consumer, chip.lines[25].consumer) == ("pitchpad screen SPI0.0 D/C",
                                                                  "pitchpad screen SPI0.0 RESET")
    child.say("go")
    child.expect("closed")
    assert child.finish() == 0


def fake_pi5_pwm(folder: Path) -> Path:
    """``/sys/class/pwm`` on a Pi 5 with ``dtoverlay=pwm-2chan`` (the RP1 datasheet's function
    table, as Raspberry Pi's pinctrl carries it: GPIO18 is PWM0_CHAN2): the fan's PWM1 probed
    first as pwmchip0, the header's PWM0 as pwmchip2, each chip's node in the device tree."""
    for number, node in ((0, "pwm@9c000"), (2, "pwm@98000")):
        dt = folder / "devicetree" / "rp1" / node
        dt.mkdir(parents=True)
        (dt / "compatible").write_bytes(b"raspberrypi,rp1-pwm\0")
        chip = folder / "pwm" / f"pwmchip{number}"
        (chip / "device").mkdir(parents=True)
        (chip / "device" / "of_node").symlink_to(dt)
        (chip / "export").write_text("")
        for channel in range(4):
            (chip / f"pwm{channel}").mkdir()
            for name in ("period", "duty_cycle", "enable"):
                (chip / f"pwm{channel}" / name).write_text("0")
    return folder / "pwm"


def test_on_a_pi_5_gpio18_sounds_on_the_rp1s_pwm0_channel_2_not_the_fans(tmp_path: Path) -> None:
    sysfs = fake_pi5_pwm(tmp_path)
    before = {path: path.read_text() for path in sysfs.rglob("period")}
    buzzer = PwmBuzzer(18, clock=ManualClock(), sysfs=str(sysfs))
    buzzer.play(Tune("test", (Note(440.0, 0.1),)))
    changed = [path.relative_to(sysfs).as_posix() for path in before if path.read_text() != before[path]]
    assert changed == ["pwmchip2/pwm2/period"]
    buzzer.close()
    assert find_pwm(19, sysfs=str(sysfs)).channel == 3 and find_pwm(12, sysfs=str(sysfs)).channel == 0
    with pytest.raises(BackendUnavailable, match=r"pwmchip0 is the Pi 5's fan PWM, on no header pin"):
        PwmBuzzer(18, chip=0, clock=ManualClock(), sysfs=str(sysfs))


def test_a_console_whose_boot_config_lost_its_pwm_line_plays_on_silent_and_says_it_once(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    config = load_config(ROOT / "deploy/config/handheld.toml")
    bus = MockSMBus()
    with caplog.at_level(logging.WARNING):
        console = open_console(config, gpio_chips=MockChips(MockChip("pinctrl-bcm2835")),
                               pwm_sysfs=str(tmp_path), clock=ManualClock(),
                               open_bus=lambda screen: i2c(bus=bus, address=screen.address))
    try:
        assert console.buzzer.trouble is not None and "dtoverlay=pwm,pin=12,func=4" in console.buzzer.trouble
        console.buzzer.play(Tune("test", (Note(440.0, 0.1),)))             # silent, no error
        said = [record.getMessage() for record in caplog.records if "buzzer" in record.getMessage()]
        assert said == [f"{console.buzzer.trouble}; the console plays on, silent"]
    finally:
        console.close()
