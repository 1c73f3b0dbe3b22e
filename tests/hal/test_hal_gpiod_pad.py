"""The gpiod (libgpiod v2) pad backend, the handheld's default (issue 14, section 1).

It runs on the real ``gpiod`` Python bindings' types (``LineSettings``, ``EdgeEvent``,
``ChipInfo``, ``LineInfo``, ``Value``; the ``gpiod`` wheel is in the ``dev`` extra) over
:mod:`hal.mock_gpiochip`: a fake chip, because no kernel GPIO chip can be had here. The
kernel's simulated chips (``gpio-sim`` via configfs, ``gpio-mockup``) would let the real
``gpiod.Chip`` run, but this machine's kernel has no modules and no configfs (checked:
``/sys/kernel/config`` and ``/lib/modules/$(uname -r)`` are absent), nor has a CI machine. The
fake's request has a real file descriptor (an eventfd), so the pad's real blocking thread runs.
What only a Pi can confirm is listed in docs/hardware.md.
"""
from __future__ import annotations

import os
import subprocess
import sys
import threading
from datetime import timedelta
from pathlib import Path

import gpiod
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from gpiod.line import Bias, Direction, Edge
from luma.core.interface.serial import i2c

from hal import BackendUnavailable, Button, ButtonEvent, ConfigError, EventQueue, ManualClock, parse_config
from hal.config import load_config
from hal.gpiod_pad import HEADER_LABELS, GpiodPad, SystemChips, find_header_chip
from hal.mock_bus import MockSMBus
from hal.mock_gpiochip import MockChip, MockChips
from hal.wiring import button_backend, open_console

ROOT = Path(__file__).resolve().parents[2]
HANDHELD = ROOT / "deploy" / "config" / "handheld.toml"
WITHOUT_GPIO = HANDHELD.read_text().split("\n[gpio]")[0]
"""handheld.toml without its [gpio] table, for tests that write their own."""
PINS = {Button.CARD1: 17, Button.CARD2: 27, Button.CARD3: 22, Button.CARD4: 5,
        Button.LEFT: 6, Button.CENTRE: 13, Button.RIGHT: 26}


def edge(falling: bool, offset: int, seqno: int = 1) -> gpiod.EdgeEvent:
    kind = gpiod.EdgeEvent.Type.FALLING_EDGE if falling else gpiod.EdgeEvent.Type.RISING_EDGE
    return gpiod.EdgeEvent(kind.value, 0, offset, seqno, seqno)


@pytest.fixture
def chips() -> MockChips:
    return MockChips(MockChip("pinctrl-bcm2835"))


def test_lines_are_inputs_with_pull_ups_and_both_edges_held_in_the_consoles_name(chips: MockChips) -> None:
    pad = GpiodPad(1, PINS, EventQueue(), chips=chips, kernel_debounce=0.002)
    chip = chips.chip
    for gpio in PINS.values():
        settings = chip.owners[gpio].settings[gpio]
        assert isinstance(settings, gpiod.LineSettings)
        assert settings.direction is Direction.INPUT
        assert settings.bias is Bias.PULL_UP
        assert settings.edge_detection is Edge.BOTH
        assert settings.debounce_period == timedelta(milliseconds=2)
        info = chip.get_line_info(gpio)
        assert info.used and info.consumer == "pitchpad pad 1" and info.bias is Bias.PULL_UP
    pad.close()
    assert not chip.owners                                 # every line given back


def test_a_press_on_the_pin_reaches_the_queue_through_the_blocking_thread(chips: MockChips) -> None:
    events = EventQueue()
    pad = GpiodPad(2, PINS, events, chips=chips, debounce=0.0)
    chips.chip.press(13)                                   # CENTRE to GND
    pressed = events.get(timeout=5)
    assert pressed is not None and (pressed.pad, pressed.button, pressed.pressed) == (2, Button.CENTRE, True)
    assert pad.is_pressed(Button.CENTRE)
    chips.chip.release(13)
    released = events.get(timeout=5)
    assert released is not None and (released.button, released.pressed) == (Button.CENTRE, False)
    pad.close()


def test_the_thread_sleeps_until_an_edge_comes(chips: MockChips) -> None:
    """No timeout in the wait: with nobody pressing, the request is never read and the kernel
    counts no wake-up of the pad's thread (lg's loop would count about 1,000 in this second)."""
    from firmware.commands.wakeups import thread_counts

    pad = GpiodPad(1, PINS, EventQueue(), chips=chips)
    request = chips.chip.owners[17]
    tid = pad._reader.thread.native_id
    threading.Event().wait(0.2)                            # let it reach select()
    before = thread_counts(os.getpid())[tid].switches
    threading.Event().wait(1.0)
    assert thread_counts(os.getpid())[tid].switches - before == 0
    assert thread_counts(os.getpid())[tid].name == "pad1-gpiod"
    assert request.reads == 0
    pad.close()


def test_edges_are_decoded_falling_is_a_press_and_a_bounce_burst_is_one_press(chips: MockChips) -> None:
    """Decoding and debounce with an injected clock (the kernel's events fed by hand)."""
    clock = ManualClock()
    events = EventQueue()
    pad = GpiodPad(1, PINS, events, chips=chips, debounce=0.02, clock=clock)
    chip = chips.chip
    chip.levels[27] = False                                # the contact closes, bounces, stays closed
    pad.edges([edge(True, 27, 1), edge(False, 27, 2), edge(True, 27, 3), edge(False, 27, 4),
               edge(True, 27, 5)])
    clock.advance(0.005)
    pad.edges([edge(False, 27, 6), edge(True, 27, 7)])
    clock.advance(0.05)
    assert events.drain() == [ButtonEvent(1, Button.CARD2, True, clock.now() - 0.055)]
    chip.levels[27] = True                                 # let go, with a bounce that ends open
    pad.edges([edge(False, 27, 8), edge(True, 27, 9)])
    clock.advance(0.05)
    assert [(e.button, e.pressed) for e in events.drain()] == [(Button.CARD2, False)]
    assert not pad.is_pressed(Button.CARD2)
    pad.edges([edge(True, 40, 10)])                        # a line that is no button: ignored
    assert events.drain() == []
    pad.close()


def test_a_burst_that_ends_released_inside_the_lock_out_gives_press_then_release(chips: MockChips) -> None:
    clock = ManualClock()
    events = EventQueue()
    pad = GpiodPad(1, PINS, events, chips=chips, debounce=0.02, clock=clock)
    pad.edges([edge(True, 5), edge(False, 5)])             # level back high (pull-up) at once
    clock.advance(0.03)                                    # the lock-out ends: the level is re-read
    assert [(e.button, e.pressed) for e in events.drain()] == [(Button.CARD4, True), (Button.CARD4, False)]
    pad.close()


def test_lines_are_found_by_name_where_the_chip_names_them() -> None:
    chip = MockChip("pinctrl-rp1")
    chip.names = [""] * 54
    chip.names[40] = "GPIO17"                              # a chip numbering its lines otherwise
    pad = GpiodPad(1, PINS, EventQueue(), chips=MockChips(chip))
    assert 40 in chip.owners and 17 not in chip.owners
    pad.close()


def test_lines_are_taken_by_offset_on_a_chip_without_line_names() -> None:
    chip = MockChip("pinctrl-bcm2711", named=False)
    pad = GpiodPad(1, PINS, EventQueue(), chips=MockChips(chip))
    assert set(chip.owners) == set(PINS.values())
    pad.close()


@pytest.mark.parametrize("label", HEADER_LABELS)
def test_the_header_chip_is_found_by_label_on_every_pi(label: str) -> None:
    soc = MockChip("gpio-brcmstb@107d508500", name="gpiochip0")   # a Pi 5's other chips come first
    aon = MockChip("gpio-brcmstb@107d517c00", name="gpiochip1")
    header = MockChip(label, name="gpiochip4")
    chips = MockChips(soc, aon, header)
    assert find_header_chip(chips) == "/dev/gpiochip2"
    pad = GpiodPad(1, PINS, EventQueue(), chips=chips)
    assert set(header.owners) == set(PINS.values()) and not soc.owners
    pad.close()


def test_a_chip_can_be_named_by_label_or_path() -> None:
    chips = MockChips(MockChip("pinctrl-bcm2835"), MockChip("my-expander"))
    assert find_header_chip(chips, "my-expander") == "/dev/gpiochip1"
    assert find_header_chip(chips, "/dev/gpiochip1") == "/dev/gpiochip1"
    with pytest.raises(BackendUnavailable, match="/dev/gpiochip7 is not a GPIO chip"):
        find_header_chip(chips, "/dev/gpiochip7")


def test_a_missing_header_chip_is_one_clear_message() -> None:
    with pytest.raises(BackendUnavailable) as refused:
        GpiodPad(1, PINS, EventQueue(), chips=MockChips(MockChip("tegra-gpio")))
    message = str(refused.value)
    assert "no GPIO chip labelled" in message and "\"tegra-gpio\"" in message
    assert "is this a Raspberry Pi?" in message and "\n" not in message
    with pytest.raises(BackendUnavailable, match="found no GPIO chip at all"):
        GpiodPad(1, PINS, EventQueue(), chips=MockChips())


def test_the_real_chip_finder_on_a_machine_without_chips(tmp_path: Path) -> None:
    """The real ``gpiod.is_gpiochip_device`` on a /dev whose gpiochip0 is an ordinary file."""
    (tmp_path / "gpiochip0").write_text("")
    with pytest.raises(BackendUnavailable, match="found no GPIO chip at all"):
        find_header_chip(SystemChips(str(tmp_path)))


def test_a_busy_line_names_the_button_the_pin_and_who_holds_it(chips: MockChips) -> None:
    chips.chip.hold(22, "gpio-keys")
    with pytest.raises(BackendUnavailable) as refused:
        GpiodPad(1, PINS, EventQueue(), chips=chips)
    assert "CARD3 (GPIO22) is in use by gpio-keys" in str(refused.value)
    assert not chips.chip.owners                           # nothing half-claimed is left behind


def test_two_consoles_cannot_share_the_buttons(chips: MockChips) -> None:
    first = GpiodPad(1, PINS, EventQueue(), chips=chips)
    with pytest.raises(BackendUnavailable, match="is in use by pitchpad pad 1"):
        GpiodPad(1, PINS, EventQueue(), chips=chips)
    first.close()
    GpiodPad(1, PINS, EventQueue(), chips=chips).close()   # free again after close


def test_without_the_gpiod_package_the_message_says_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                                                    chips: MockChips) -> None:
    monkeypatch.setitem(sys.modules, "gpiod", None)
    with pytest.raises(BackendUnavailable, match=r"pip install 'pitchpad\[pi\]'"):
        GpiodPad(1, PINS, EventQueue(), chips=chips)


def test_the_handheld_config_reads_its_buttons_with_gpiod_unless_told_otherwise() -> None:
    config = load_config(HANDHELD)
    assert config.gpio.buttons == "gpiod" and config.gpio.chip == "auto"
    assert button_backend(config) == "gpiod"
    assert button_backend(parse_config(WITHOUT_GPIO)) == "gpiod"       # the default
    text = WITHOUT_GPIO.replace('debounce_ms = 20', 'debounce_ms = 20\n[gpio]\nbuttons = "gpiozero"')
    assert button_backend(parse_config(text)) == "gpiozero"


def test_open_console_builds_gpiod_pads_on_the_header_chip() -> None:
    """Buttons on the (mock) chip; the LEDs and the buzzer stay on gpiozero's (mock) pins."""
    chips = MockChips(MockChip("pinctrl-bcm2835"))
    factory = MockFactory(pin_class=MockPWMPin)
    console = open_console(load_config(HANDHELD), clock=ManualClock(), gpio_chips=chips,
                           open_bus=lambda s: i2c(bus=MockSMBus(), address=s.address),
                           pin_factory=factory)
    try:
        assert all(isinstance(pad, GpiodPad) for pad in console.pads)
        assert len(chips.chip.owners) == 14
        assert factory.pin(4).function == "output"          # pad 1's possession LED
    finally:
        console.close()
        factory.reset()
    assert not chips.chip.owners


@pytest.mark.parametrize("line, key, message", [
    ('buttons = "lgpio"', "gpio.buttons", "must be one of gpiod, gpiozero, not 'lgpio'"),
    ('chip = "/dev/ttyS0"', "gpio.chip", "must be \"auto\", a chip label"),
    ('chip = ""', "gpio.chip", "must be \"auto\""),
    ('kernel_debounce_ms = 500', "gpio.kernel_debounce_ms", "must be within 0..50 ms, not 500"),
    ('pins = 3', "gpio.pins", "unknown key"),
])
def test_bad_gpio_settings_are_refused_with_file_line_and_key(line: str, key: str, message: str) -> None:
    text = WITHOUT_GPIO.replace("debounce_ms = 20", f"debounce_ms = 20\n[gpio]\n{line}")
    with pytest.raises(ConfigError) as refused:
        parse_config(text, source="handheld.toml")
    assert str(refused.value).startswith(f"handheld.toml:8: {key}: ")
    assert message in str(refused.value)


def test_pitchpad_run_on_a_machine_without_the_header_chip_says_so_in_one_line(tmp_path: Path) -> None:
    """This PC has no /dev/gpiochip* labelled as a Pi's: one line, no traceback."""
    result = subprocess.run([sys.executable, "-m", "firmware.cli", "run", "--config", str(HANDHELD),
                             "--state-dir", str(tmp_path)], cwd=ROOT, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 3
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.startswith("pitchpad run:")]
    assert len(lines) == 1 and "GPIO chip" in lines[0]
