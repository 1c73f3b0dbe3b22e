"""Hardware config: the shipped examples load; bad configs are refused naming key and line."""
from __future__ import annotations

from pathlib import Path

import pytest

from hal import Button, ConfigError, PitchPadHardwareError, load_config, parse_config

EXAMPLES = Path(__file__).resolve().parents[2] / "deploy" / "config"
HANDHELD = (EXAMPLES / "handheld.toml").read_text()


@pytest.mark.parametrize("name", ["handheld.toml", "four-pads-mux.toml", "four-pads-two-buses.toml"])
def test_shipped_examples_load(name: str) -> None:
    config = load_config(EXAMPLES / name)
    assert 2 <= len(config.pads) <= 4
    assert [pad.pad_id for pad in config.pads] == list(range(1, len(config.pads) + 1))


def test_handheld_reads_pins_screens_and_buzzer() -> None:
    config = parse_config(HANDHELD)
    first, second = config.pads
    assert config.profile == "handheld" and config.buzzer_pin == 12 and config.debounce == 0.02
    assert first.buttons[Button.CARD1] == 17 and second.buttons[Button.RIGHT] == 19
    assert (first.screen.address, second.screen.address) == (0x3C, 0x3D)
    assert second.screen.rotation == 180 and first.led == 4


def refused(text: str) -> ConfigError:
    with pytest.raises(ConfigError) as caught:
        parse_config(text, source="hw.toml")
    assert isinstance(caught.value, (ValueError, PitchPadHardwareError))
    return caught.value


def line_of(text: str, needle: str, occurrence: int = 1) -> int:
    lines = [n for n, line in enumerate(text.splitlines(), start=1) if needle in line]
    return lines[occurrence - 1]


def test_a_pin_used_twice_names_both_keys_and_lines() -> None:
    text = HANDHELD.replace("CARD2 = 24", "CARD2 = 6")
    error = refused(text)
    assert error.key == "pad[1].buttons.CARD2"
    assert error.line == line_of(text, "CARD2 = 6")
    assert f"GPIO6 is already used by pad[0].buttons.LEFT (line {line_of(text, 'LEFT = 6')})" in str(error)
    assert str(error).startswith(f"hw.toml:{error.line}: pad[1].buttons.CARD2: ")


def test_two_screens_at_one_address_are_refused() -> None:
    text = HANDHELD.replace("address = 0x3D", "address = 0x3C")
    error = refused(text)
    assert error.key == "pad[1].screen.address"
    assert error.line == line_of(text, "address = 0x3C", 2)
    assert "already used by pad[0].screen.address" in str(error)


def test_an_unknown_button_is_refused_with_the_valid_names() -> None:
    text = HANDHELD.replace("CENTRE = 13", "CENTER = 13")
    error = refused(text)
    assert error.key == "pad[0].buttons.CENTER" and error.line == line_of(text, "CENTER = 13")
    assert "CARD1, CARD2, CARD3, CARD4, LEFT, CENTRE, RIGHT" in str(error)


def test_a_missing_key_points_at_its_table() -> None:
    text = HANDHELD.replace('driver = "ssd1306"\nbus = "i2c"\nport = 1\naddress = 0x3D',
                            'driver = "ssd1306"\nbus = "i2c"\nport = 1')
    error = refused(text)
    assert error.key == "pad[1].screen.address" and "missing key" in str(error)
    assert error.line == line_of(text, "[pad.screen]", 2)


def test_a_missing_button_names_it() -> None:
    text = HANDHELD.replace("RIGHT = 26\n", "")
    error = refused(text)
    assert error.key == "pad[0].buttons.RIGHT" and error.line == line_of(text, "[pad.buttons]")


@pytest.mark.parametrize("change, key, words", [
    (('profile = "handheld"', 'profile = "arcade"'), "profile", "must be one of handheld, tabletop"),
    (("pin = 12 ", 'pin = "12" '), "buzzer.pin", "must be an int"),
    (("CARD1 = 17", "CARD1 = 2"), "pad[0].buttons.CARD1", "GPIO2 is I2C1 SDA"),
    (("CARD1 = 17", "CARD1 = 40"), "pad[0].buttons.CARD1", "not a Raspberry Pi header GPIO"),
    (('driver = "ssd1306"', 'driver = "st7735"'), "pad[0].screen.driver", "must be one of ssd1306, sh1106"),
    (("rotation = 0\n", "rotation = 90\n"), "pad[0].screen.rotation", "must be one of 0, 180"),
    (("debounce_ms = 20", "debounce_ms = 20\nbrightness = 3"), "brightness", "unknown key"),
    (("address = 0x3C", "address = 0x80"), "pad[0].screen.address", "not a 7-bit I2C device address"),
])
def test_wrong_values_are_refused_by_key_and_line(change: tuple[str, str], key: str, words: str) -> None:
    assert change[0] in HANDHELD
    text = HANDHELD.replace(change[0], change[1], 1)
    error = refused(text)
    assert error.key == key and words in str(error)
    assert error.line == line_of(text, change[1].splitlines()[-1].strip())


def test_bad_toml_names_the_line() -> None:
    error = refused(HANDHELD.replace("CARD3 = 22", "CARD3 = = 22"))
    assert error.line == line_of(HANDHELD, "CARD3 = 22") and "not valid TOML" in str(error)


def test_five_pads_are_refused() -> None:
    error = refused(HANDHELD + "\n[[pad]]\n" * 3)
    assert error.key == "pad" and "1 to 4" in str(error)


def test_unreadable_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read config"):
        load_config(tmp_path / "missing.toml")


def test_serial_pads_may_bring_their_own_screen() -> None:
    config = load_config(Path(__file__).parents[2] / "deploy" / "config" / "tabletop.toml")
    assert [pad.screen for pad in config.pads] == [None, None]
    assert all(pad.serial_port.startswith("/dev/serial/by-id/") for pad in config.pads)


DEEP = [
    ("x = " + "[" * 100_000, "x = "),                               # arrays, one line
    ("x = " + "{a = " * 5_000, "x = "),                             # inline tables, one line
    ("x = [\n" + "[\n" * 3_000 + "1", "[", 3_001),                  # arrays over many lines
    ('s = "' + "[" * 150_000 + '"\n# {{{{{{{{\nx = ' + "[" * 100_000, "x = "),  # not in strings
]


@pytest.mark.parametrize("tail,needle,occurrence", [(*d, 1) if len(d) == 2 else d for d in DEEP],
                         ids=["arrays", "inline-tables", "many-lines", "brackets-in-strings"])
def test_a_config_nested_too_deeply_is_one_line_naming_the_line(tail, needle, occurrence) -> None:
    """Issue 33, item 4: tomllib says no line for a document nested too deeply; the refusal
    names the line where the nesting is deepest, as every other refusal names its line."""
    text = HANDHELD + "[extra]\n" + tail
    error = refused(text)
    assert "nested too deeply" in str(error) and "\n" not in str(error)
    assert HANDHELD.endswith("\n")
    assert error.line == len(HANDHELD.splitlines()) + 1 + line_of(tail, needle, occurrence)
    assert str(error).startswith(f"hw.toml:{error.line}: ")


def test_read_wiring_lists_each_pin_clash_in_the_loaders_own_words_and_keeps_reading(tmp_path: Path) -> None:
    """``pitchpad wiring`` draws a refused config: each clash is listed (the pin, both uses,
    the refusal as load_config words it) and the rest of the config is still read."""
    from hal.config import read_wiring

    text = HANDHELD.replace("CARD2 = 27", "CARD2 = 6", 1).replace("CENTRE = 13", "CENTRE = 3", 1)
    path = tmp_path / "hw.toml"
    path.write_text(text)
    with pytest.raises(ConfigError) as caught:
        load_config(path)
    config, clashes = read_wiring(path)
    assert [(c.gpio, c.key, c.other) for c in clashes] == [
        (6, "pad[0].buttons.LEFT", "pad[0].buttons.CARD2"), (3, "pad[0].buttons.CENTRE", "I2C1 SCL")]
    assert clashes[0].message == str(caught.value)
    assert "GPIO3 is I2C1 SCL, taken by the screens' bus" in clashes[1].message
    assert config.pads[1].buttons[Button.RIGHT] == 19 and config.buzzer_pin == 12
