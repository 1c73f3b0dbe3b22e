"""``pitchpad doctor --walk`` on a handheld wired unlike its config, through the real libgpiod.

The walk runs in a child process whose ``/dev/gpiochip0`` is the GPIO uAPI stand-in
(``bench/gpio_uapi``: no kernel gpio-sim exists here); this test is the person at the table,
pressing the buttons where they are really soldered (presses driven at the stand-in chip),
answering in the terminal or on a pad. The screens are luma's real ssd1306 driver over the
recording bus, read back by an independent panel model (``tests/rigs/oled_model.py``); the
buzzer writes plain files standing in for ``/sys/class/pwm``.
"""
from __future__ import annotations

import queue
import re
import shutil
import time
import tomllib
from pathlib import Path

import pytest
from PIL import Image

from firmware.commands import walk_screens
from hal import Button, load_config
from uapi_rig import ROOT, Chip, Kernel, UapiChild, fake_pwm

WALK = """
import os, sys
from pathlib import Path
from luma.core.interface.serial import i2c
from hal.gpiod_pad import SystemChips
from hal.mock_bus import MockSMBus
from oled_model import OledModel
from firmware.commands import doctor_walk

config, pwm, shots = sys.argv[1:4]
bus = MockSMBus()
panels = {1: OledModel("ssd1306", 0x3C), 2: OledModel("ssd1306", 0x3D)}
for panel in panels.values():
    bus.attach(panel.address, panel)

def say(line):
    for pad, panel in panels.items():
        if line.startswith(f"pad {pad}'s screen (") or line.startswith(f"pad {pad}: press CARD3"):
            name = "pattern" if "screen" in line else "press-card3"
            panel.shown().save(Path(shots) / f"pad{pad}-{name}.png")
    print(line, flush=True)

parts = doctor_walk.WalkParts(chips=SystemChips(os.environ["GPIO_UAPI_DEV"]),
                              open_bus=lambda screen: i2c(bus=bus, address=screen.address),
                              pwm_sysfs=pwm, boot="dtparam=i2c_arm=on\\n", stdin=sys.stdin, say=say,
                              wait=2.0, hold=1.0, console_pid=lambda: None)
print("status", doctor_walk.run(config, parts), flush=True)
"""

# Where each button is really soldered (None: its wire is off). The config says otherwise for
# pad 1's CARD3 and CARD4 (swapped), pad 1's RIGHT (no wire), pad 2's CARD1 (shorted to GND)
# and pad 2's CENTRE (on GPIO21; the config below says GPIO20).
SOLDERED = {
    1: {Button.CARD1: 17, Button.CARD2: 27, Button.CARD3: 5, Button.CARD4: 22, Button.LEFT: 6,
        Button.CENTRE: 13, Button.RIGHT: None},
    2: {Button.CARD1: 23, Button.CARD2: 24, Button.CARD3: 25, Button.CARD4: 16, Button.LEFT: 8,
        Button.CENTRE: 21, Button.RIGHT: 19},
}
STUCK = 23


def config_text() -> str:
    text = (ROOT / "deploy/config/handheld.toml").read_text()
    return text.replace("LEFT = 20", "LEFT = 8").replace("CENTRE = 21", "CENTRE = 20")


def tap(chip: Chip, gpio: int) -> None:
    chip.drive(gpio, False)
    time.sleep(0.1)                     # a person's press: held a tenth of a second
    chip.drive(gpio, True)


def bouncing_tap(chip: Chip, gpio: int) -> None:
    """A worn switch: it chatters for about 32 ms before it stays closed."""
    for level in (False, True, False, True, False):
        chip.drive(gpio, level)
        time.sleep(0.008)
    time.sleep(0.1)
    chip.drive(gpio, True)


def rest(child: UapiChild) -> list[str]:
    lines = []
    while True:
        line = child.lines.get(timeout=30)
        if line == "<ended>":
            return lines
        lines.append(line)


@pytest.fixture
def kernel():
    with Kernel(Chip("pinctrl-bcm2835")) as stand_in:
        yield stand_in


def test_the_walk_finds_each_wiring_fault_and_writes_the_pins_it_found_keeping_the_comments(
        kernel, tmp_path: Path) -> None:
    chip = kernel.chips[0]
    config = tmp_path / "hardware.toml"
    config.write_text(config_text())
    shots = tmp_path / "shots"
    shots.mkdir()
    pwm = fake_pwm(tmp_path / "pwm")
    chip.drive(STUCK, False)                                     # a solder bridge to GND
    child = UapiChild(kernel, WALK, str(config), str(pwm), str(shots))
    said = []
    for pad in (1, 2):
        for button in Button:
            said.append(child.expect(f"pad {pad}: press {button.name}"))
            wire = SOLDERED[pad][button]
            if (pad, button) == (1, Button.CARD2):
                bouncing_tap(chip, 27)
            elif wire is not None and wire != STUCK:
                tap(chip, wire)
            said.append(child.expect("  "))
    assert said[:2] == ["pad 1: press CARD1 (the config: GPIO17 (pin 11))", "  GPIO17 arrived: right"]
    assert said[-4:-2] == ["pad 2: press CENTRE (the config: GPIO20 (pin 38))",
                           "  GPIO21 arrived: NOT the config's"]
    assert said[13] == "  nothing arrived"                      # pad 1's RIGHT, after the wait
    bounce = re.fullmatch(r"  GPIO27 arrived: right, 5 edges over (\d+) ms", said[3])
    assert bounce and int(bounce.group(1)) > 20                 # over the config's 20 ms debounce

    child.expect("pad 1's screen (ssd1306 on I2C bus 1 at 0x3C)")
    child.say("y")
    child.expect("pad 2's screen (ssd1306 on I2C bus 1 at 0x3D)")
    tap(chip, 13)                                                # pad 1's CENTRE: yes
    child.expect("pad 1's LED (GPIO4 (pin 7)) should be lit now")
    assert chip.level(4) is True and chip.level(18) is False
    child.say("y")
    child.expect("pad 2's LED (GPIO18 (pin 12)) should be lit now")
    assert chip.level(18) is True and chip.level(4) is False
    tap(chip, 8)                                                 # pad 2's LEFT: no, it stays dark
    child.expect("the buzzer (GPIO12 (pin 32)) whistles three times")
    assert (pwm / "pwmchip0" / "pwm0" / "period").read_text() == str(round(1e9 / 2800))
    child.say("y")
    report = []
    while not (line := child.expect("")).startswith("Write this into"):
        report.append(line)
    child.say("y")
    after = rest(child)
    assert child.finish() == 0
    assert after[-1] == "status 1" and after[0].startswith("Written; the old config is ")

    text = "\n".join(report)
    assert "FAIL  buttons: 9 of 14 arrive where the config says" in text
    assert "you pressed pad 2's CENTRE: GPIO21 arrived, the config says GPIO20" in text
    assert ("pad 1's CARD3 and pad 1's CARD4 are swapped: CARD3 arrives on GPIO5, CARD4 on GPIO22 "
            "(the config has them the other way round)") in text
    assert "pad 1's RIGHT: nothing arrived (the config says GPIO26): check its wires to GPIO26 (pin 37)" in text
    assert "pad 2's CARD1 (GPIO23) read pressed before anything was asked: a short to GND" in text
    assert (f"pad 1's CARD2 bounces: 5 edges over {bounce.group(1)} ms, longer than debounce_ms = 20, so the "
            f"console would count two presses: a new switch, or debounce_ms = ") in text
    assert "OK    pad 1's screen: right" in text and "OK    pad 2's screen: right" in text
    assert "OK    pad 1's LED: right" in text and "FAIL  pad 2's LED: not right" in text
    assert "OK    the buzzer: right" in text
    assert "  pad 2 CENTRE: GPIO20 -> GPIO21" in text and "  pad 1 CARD3: GPIO22 -> GPIO5" in text

    written = config.read_text()
    pads = tomllib.loads(written)["pad"]
    assert (pads[0]["buttons"]["CARD3"], pads[0]["buttons"]["CARD4"], pads[1]["buttons"]["CENTRE"]) == (5, 22, 21)
    assert written.replace("CARD3 = 5", "CARD3 = 22", 1).replace("CARD4 = 22", "CARD4 = 5", 1) \
        .replace("CENTRE = 21", "CENTRE = 20") == config_text()         # every comment and line kept
    backups = list(tmp_path.glob("hardware.toml.pitchpad-*.bak"))
    assert len(backups) == 1 and backups[0].read_text() == config_text()
    load_config(config)
    assert chip.requested() == []                                # every line given back

    looked = Path("/tmp/pitchpad-walk-screens")
    if looked.is_dir():                       # a person looking at them: copy them out
        for shot in shots.iterdir():
            shutil.copy(shot, looked / shot.name)
    # What the panels showed, as a person sees them: pad 2's module is mounted upside down
    # (rotation = 180), so its panel shows the pattern turned, which is upright on the table.
    for pad, turn in ((1, 0), (2, 180)):
        shown = Image.open(shots / f"pad{pad}-pattern.png").convert("1").rotate(turn)
        wanted = walk_screens.test_pattern(pad, f"I2C1 0x3{'C' if pad == 1 else 'D'}", question=True)
        assert shown.tobytes() == wanted.tobytes()
    prompt = Image.open(shots / "pad1-press-card3.png").convert("1")
    assert prompt.tobytes() == walk_screens.ask_button(1, Button.CARD3, "3/14").tobytes()


def test_a_running_console_is_named_and_nothing_is_opened(tmp_path: Path) -> None:
    from firmware.commands import doctor_walk

    said: queue.SimpleQueue[str] = queue.SimpleQueue()
    parts = doctor_walk.WalkParts(say=said.put, console_pid=lambda: 4242)
    assert doctor_walk.run(str(ROOT / "deploy/config/handheld.toml"), parts) == 2
    assert said.get_nowait() == ("the console is running (pid 4242) and holds the pads: stop it first "
                                 "(sudo systemctl stop pitchpad), then start it again after the walk")
