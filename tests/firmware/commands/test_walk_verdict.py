"""The walk's verdict on what it recorded, and its writer, for the faults the chip-level test
(test_doctor_walk.py) does not stage: two buttons on one wire, a button that stays down, a
bounce the debounce absorbs, and a correction the config loader would refuse."""
from __future__ import annotations

from pathlib import Path

import pytest

from firmware.commands.walk_fix import write_corrected
from firmware.commands.walk_verdict import Press, judge
from hal import Button, ConfigError, load_config, parse_config

ROOT = Path(__file__).resolve().parents[3]
HANDHELD = ROOT / "deploy" / "config" / "handheld.toml"


def presses_as_configured() -> list[Press]:
    config = load_config(HANDHELD)
    return [Press(pad.pad_id, button, gpio, arrived=gpio, edges=2)
            for pad in config.pads for button, gpio in pad.buttons.items()]


def test_two_buttons_arriving_on_one_wire_are_named_together_and_nothing_is_corrected() -> None:
    presses = presses_as_configured()
    presses[1].arrived = 17                                       # pad 1's CARD2 comes in on CARD1's line
    verdict = judge(presses, load_config(HANDHELD))
    assert verdict.problems == ["pad 1's CARD1 and pad 1's CARD2 both arrive as GPIO17: two buttons on one wire?"]
    assert verdict.pins == {} and verdict.right == 13


def test_a_button_still_down_after_its_press_and_a_short_bounce_are_said_apart() -> None:
    presses = presses_as_configured()
    presses[0].held = True
    presses[2].edges, presses[2].bounce = 4, 0.006
    verdict = judge(presses, load_config(HANDHELD))
    assert verdict.problems == ["pad 1's CARD1 stayed pressed after the press (GPIO17): held down, or shorted to GND"]
    assert verdict.notes == ["pad 1's CARD3 bounced 6 ms (4 edges): within the 20 ms debounce, one press"]


def test_a_correction_the_loader_would_refuse_is_not_written(tmp_path: Path) -> None:
    config = tmp_path / "hardware.toml"
    config.write_text(HANDHELD.read_text())
    with pytest.raises(ConfigError, match="pad\\[0\\].led: GPIO4 is already used by pad\\[0\\].buttons.CARD1"):
        write_corrected(config, {(1, Button.CARD1): 4}, {})      # onto the LED's line
    assert config.read_text() == HANDHELD.read_text()
    assert list(tmp_path.iterdir()) == [config]                   # no backup, no temp file left


def test_a_written_correction_keeps_every_other_byte_and_the_file_mode(tmp_path: Path) -> None:
    config = tmp_path / "hardware.toml"
    config.write_text(HANDHELD.read_text())
    config.chmod(0o640)
    backup = write_corrected(config, {(2, Button.LEFT): 14, (2, Button.CENTRE): 15}, {}, now=0)
    assert backup.name == "hardware.toml.pitchpad-" + backup.name.split("-", 1)[1]
    assert backup.read_text() == HANDHELD.read_text()
    assert config.read_text() == HANDHELD.read_text().replace("LEFT = 20", "LEFT = 14").replace(
        "CENTRE = 21", "CENTRE = 15")
    assert config.stat().st_mode & 0o777 == 0o640
    assert parse_config(config.read_text()).pads[1].buttons[Button.LEFT] == 14
