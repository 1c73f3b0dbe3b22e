"""``pitchpad wiring``: the header's picture, drawn from the config the console loads.

The SVG is read back as XML (each pin's words must sit on that pin's row), the PNG as pixels
(cairosvg renders it; grey levels only: it reads in black and white)."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image

from firmware.cli import main
from firmware.commands.wiring import EXAMPLES, example_picture
from hal import Button, load_config
from hal.header import PIN_OF_GPIO

ROOT = Path(__file__).resolve().parents[3]
DOCS = ROOT / "docs" / "wiring"
HANDHELD = (EXAMPLES / "handheld.toml").read_text()
SVG = "{http://www.w3.org/2000/svg}"


def rows(svg_text: str) -> dict[float, list[str]]:
    """Every text of the picture by its baseline: one header row is one baseline."""
    found: dict[float, list[str]] = {}
    for text in ET.fromstring(svg_text).iter(f"{SVG}text"):
        found.setdefault(float(text.get("y", 0)), []).append(text.text or "")
    return found


def words_on_row_of(svg_text: str, name: str) -> list[str]:
    for texts in rows(svg_text).values():
        if name in texts:
            return texts
    raise AssertionError(f"no row shows {name}")


def draw(tmp_path: Path, text: str, *extra: str, out: str = "w.svg") -> tuple[int, str]:
    config = tmp_path / "hardware.toml"
    config.write_text(text)
    status = main(["wiring", "--config", str(config), "--out", str(tmp_path / out), *extra])
    return status, (tmp_path / out).read_text() if out.endswith(".svg") else ""


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.toml")))
def test_the_docs_picture_of_each_example_config_is_the_one_it_draws_today(example: str) -> None:
    picture = DOCS / example.replace(".toml", ".svg")
    assert picture.exists(), f"{picture} missing: run pitchpad wiring --examples docs/wiring"
    assert picture.read_text() == example_picture(EXAMPLES / example), (
        f"{picture} is stale: the config draws another picture; run pitchpad wiring --examples docs/wiring")
    assert f"wiring/{picture.name}" in (ROOT / "docs" / "build.md").read_text()


def test_every_button_led_and_the_buzzer_are_drawn_on_the_row_of_their_gpio(tmp_path: Path, capsys) -> None:
    status, svg = draw(tmp_path, HANDHELD)
    assert status == 0
    config = load_config(EXAMPLES / "handheld.toml")
    for pad in config.pads:
        for button, gpio in pad.buttons.items():
            assert f"pad {pad.pad_id} {button.name}: button → GND" in words_on_row_of(svg, f"GPIO{gpio}")
        assert f"pad {pad.pad_id} LED: 330 Ω → LED (+) → GND" in words_on_row_of(svg, f"GPIO{pad.led}")
    assert any(w.startswith("buzzer (PWM0)") for w in words_on_row_of(svg, "GPIO12"))
    assert "I2C bus 1 SDA: pad 1 screen 0x3C, pad 2 screen 0x3D" in words_on_row_of(svg, "GPIO2")
    assert "I2C bus 1 SCL: pad 1 screen 0x3C, pad 2 screen 0x3D" in words_on_row_of(svg, "GPIO3")
    said = capsys.readouterr().out
    assert f"pin {PIN_OF_GPIO[21]}  GPIO21  pad 2 CENTRE: button → GND" in said     # the docs' words: pin 40
    assert "pin  1  3V3     I2C bus 1 VCC" in said


def test_a_pin_used_twice_is_drawn_as_a_clash_with_the_loaders_refusal(tmp_path: Path, capsys) -> None:
    clashing = HANDHELD.replace("CARD2 = 24", "CARD2 = 6", 1)
    status, svg = draw(tmp_path, clashing)
    assert status == 1
    row = words_on_row_of(svg, "GPIO6")
    assert "CLASH: pad 1 LEFT: button → GND; pad 2 CARD2: button → GND" in row
    refusal = "pad[1].buttons.CARD2: GPIO6 is already used by pad[0].buttons.LEFT (line 18)"
    footer = " ".join(text for _, texts in sorted(rows(svg).items()) for text in texts)
    assert refusal in footer                                          # wrapped at spaces, joined again
    assert "refused:" in capsys.readouterr().out
    # the pin itself is boxed: a thick square around GPIO6's dot (pin 31)
    assert len(re.findall(r'<rect [^>]*stroke-width="3"/>', svg)) == 1


def test_a_button_on_the_screens_bus_is_a_clash_on_that_pin(tmp_path: Path) -> None:
    status, svg = draw(tmp_path, HANDHELD.replace("CENTRE = 13", "CENTRE = 3", 1))
    assert status == 1
    assert ("CLASH: pad 1 CENTRE: button → GND; I2C bus 1 SCL: pad 1 screen 0x3C, pad 2 screen 0x3D"
            in words_on_row_of(svg, "GPIO3"))


def test_spi_screens_are_drawn_with_their_bus_lines_and_dc_and_reset(tmp_path: Path) -> None:
    spi = HANDHELD.replace('bus = "i2c"\nport = 1\naddress = 0x3C',
                           'bus = "spi"\nport = 0\ndc_pin = 24\nreset_pin = 25', 1)
    spi = spi.replace("CARD2 = 24\nCARD3 = 25", "CARD2 = 14\nCARD3 = 15", 1)
    status, svg = draw(tmp_path, spi)
    assert status == 0, svg
    assert "pad 1 screen SPI0: SDA/DIN (MOSI)" in words_on_row_of(svg, "GPIO10")
    assert "pad 1 screen SPI0: SCK/CLK (SCLK)" in words_on_row_of(svg, "GPIO11")
    assert "pad 1 screen SPI0: CS (CE0)" in words_on_row_of(svg, "GPIO8")
    assert "pad 1 screen: D/C" in words_on_row_of(svg, "GPIO24")
    assert "pad 1 screen: RES (reset)" in words_on_row_of(svg, "GPIO25")


def test_a_second_i2c_bus_is_drawn_where_the_boot_config_puts_it_and_named_when_none_is_given(tmp_path: Path) -> None:
    text = (EXAMPLES / "four-pads-two-buses.toml").read_text()
    boot = tmp_path / "config.txt"
    boot.write_text("dtparam=i2c_arm=on\ndtoverlay=i2c-gpio,bus=3,i2c_gpio_sda=23,i2c_gpio_scl=24\n")
    status, svg = draw(tmp_path, text, "--boot-config", str(boot))
    assert status == 0
    assert "I2C bus 3 SDA: pad 3 screen 0x3C, pad 4 screen 0x3D" in words_on_row_of(svg, "GPIO23")
    boot.write_text("dtparam=i2c_arm=on\n")
    status, svg = draw(tmp_path, text, "--boot-config", str(boot))
    assert not [t for t in words_on_row_of(svg, "GPIO23") if "I2C" in t]
    assert "I2C bus 3 (pad 3 screen 0x3C, pad 4 screen 0x3D) is not on fixed header pins" in svg


def test_the_png_is_black_on_white_and_shows_the_whole_header(tmp_path: Path) -> None:
    status, svg = draw(tmp_path, HANDHELD)
    colours = set(re.findall(r'(?:fill|stroke)="([^"]+)"', svg))
    assert colours <= {"black", "white", "none"}
    status, _ = draw(tmp_path, HANDHELD, out="w.png")
    assert status == 0
    image = Image.open(tmp_path / "w.png").convert("RGB")
    assert image.width > 1000 and image.height > 700
    assert all(r == g == b for r, g, b in image.getdata())                          # greys only
    dark = sum(1 for r, _, _ in image.getdata() if r < 128)
    assert 0.02 < dark / (image.width * image.height) < 0.3


def test_a_config_it_cannot_read_is_one_line_and_no_picture(tmp_path: Path, capsys) -> None:
    config = tmp_path / "hardware.toml"
    config.write_text(HANDHELD.replace("CARD1 = 17", "CARD1 = 99", 1))
    assert main(["wiring", "--config", str(config), "--out", str(tmp_path / "w.svg")]) == 2
    said = capsys.readouterr().out.strip().splitlines()
    assert said == [f"pitchpad wiring: {config}:14: pad[0].buttons.CARD1: GPIO99 is not a Raspberry Pi "
                    f"header GPIO (0..27)"]
    assert not (tmp_path / "w.svg").exists()
    assert main(["wiring", "--config", str(EXAMPLES / "handheld.toml"), "--out", str(tmp_path / "w.gif")]) == 2
    assert "the picture is .svg or .png" in capsys.readouterr().out


def test_the_buttons_map_of_the_picture_matches_the_hal_loader() -> None:
    """The picture and the HAL read one config: every pin the loader gives a button is drawn
    for that button, in every example that has header buttons."""
    for example in EXAMPLES.glob("*.toml"):
        svg = example_picture(example)
        for pad in load_config(example).pads:
            for button in Button:
                if button in pad.buttons:
                    row = words_on_row_of(svg, f"GPIO{pad.buttons[button]}")
                    assert f"pad {pad.pad_id} {button.name}: button → GND" in row


def test_a_pin_on_a_bus_the_boot_config_makes_is_a_clash_the_loader_cannot_see(tmp_path: Path, capsys) -> None:
    """The loader knows I2C-1 and SPI0 only; a LED on the second bus's SCL (GPIO24, which
    dtoverlay=i2c-gpio takes) loads, and the picture says it will not work."""
    text = (EXAMPLES / "four-pads-two-buses.toml").read_text().replace("[[pad]]\n[pad.serial]",
                                                                      "[[pad]]\nled = 24\n[pad.serial]", 1)
    boot = tmp_path / "config.txt"
    boot.write_text("dtparam=i2c_arm=on\ndtoverlay=i2c-gpio,bus=3,i2c_gpio_sda=23,i2c_gpio_scl=24\n")
    status, svg = draw(tmp_path, text, "--boot-config", str(boot))
    assert status == 1
    assert ("CLASH: pad 1 LED: 330 Ω → LED (+) → GND; I2C bus 3 SCL: pad 3 screen 0x3C, pad 4 screen 0x3D"
            in words_on_row_of(svg, "GPIO24"))
    message = "GPIO24 is both pad 1 LED (pad[0].led) and I2C bus 3 SCL: the config loader does not know this bus"
    assert message in svg and f"clash: {message}" in capsys.readouterr().out
