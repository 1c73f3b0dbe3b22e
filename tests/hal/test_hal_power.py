"""Power inputs and sleep at the HAL (issue 30): the power button and a power board's request on
the header (libgpiod v2's real types over ``hal.mock_gpiochip``, a stand-in for the kernel's
chip because none can be loaded here; and gpiozero's ``MockFactory``), and the console's sleep:
panels switched off by their controller (luma.oled's real driver, checked on the independent
panel model), LEDs off, and everything back as it was."""
from __future__ import annotations

import time
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from luma.core.interface.serial import i2c
from PIL import ImageDraw

from hal import ConfigError, EventQueue, ManualClock, blank_frame, parse_config
from hal.config import PowerConfig
from hal.mock_bus import MockSMBus
from hal.mock_gpiochip import MockChip, MockChips
from hal.oled import HEAL_EVERY
from hal.power import BUTTON, REQUEST, GpiodPowerInput, GpiozeroPowerInput, NoPowerInput
from hal.wiring import open_console
from oled_model import OledModel

EXAMPLES = Path(__file__).resolve().parents[2] / "deploy" / "config"
POWER = "\n[power]\nbutton = 7\nrequest = 8\nrequest_level = \"low\"\npoweroff_pin = 9\n"


def handheld_text(extra: str = POWER) -> str:
    return (EXAMPLES / "handheld.toml").read_text() + extra


def wait_for(power: object, count: int = 1, seconds: float = 2.0) -> list:
    """The changes the input's thread delivers (it runs on its own, as on the Pi)."""
    got: list = []
    deadline = time.monotonic() + seconds
    while len(got) < count and time.monotonic() < deadline:
        got += power.take()                                          # type: ignore[attr-defined]
        time.sleep(0.005)
    return got


def test_the_event_queue_can_be_nudged_awake_without_an_event() -> None:
    events = EventQueue()
    events.nudge()
    started = time.monotonic()
    assert events.get(timeout=5.0) is None and time.monotonic() - started < 1.0
    events.nudge()
    assert events.drain() == []


def test_the_power_button_and_a_board_request_on_gpiod() -> None:
    chips = MockChips(MockChip("pinctrl-bcm2835"))
    events = EventQueue()
    clock = ManualClock()
    power = GpiodPowerInput(PowerConfig(button=7, request=8), events, chips=chips, clock=clock)
    try:
        assert power.has_button and power.has_request
        chips.chip.press(7)                                          # the button to GND
        changes = wait_for(power)
        assert [(c.what, c.active) for c in changes] == [(BUTTON, True)]
        assert power.active(BUTTON) and events.get(timeout=1.0) is None   # the loop was nudged
        clock.advance(2.5)                                           # held, past the debounce
        chips.chip.release(7)
        assert [(c.what, c.active) for c in wait_for(power)] == [(BUTTON, False)]
        chips.chip.press(8)                                          # the board pulls its line low
        assert [(c.what, c.active) for c in wait_for(power)] == [(REQUEST, True)]
    finally:
        power.close()
    assert chips.chip.owners == {}                                  # the lines are given back


def test_an_active_high_request_on_the_gpiozero_backend() -> None:
    factory = MockFactory(pin_class=MockPWMPin)
    try:
        events = EventQueue()
        power = GpiozeroPowerInput(PowerConfig(button=7, request=8, request_level="high"), events,
                                   pin_factory=factory, clock=ManualClock())
        factory.pin(8).drive_high()
        factory.pin(7).drive_low()
        assert [(c.what, c.active) for c in power.take()] == [(REQUEST, True), (BUTTON, True)]
        power.close()
    finally:
        factory.reset()


class Handheld:
    """The handheld on mock pins and one recording bus, with its panels' models."""

    def __init__(self, extra: str = POWER) -> None:
        self.clock = ManualClock()
        self.factory = MockFactory(pin_class=MockPWMPin)
        self.bus = MockSMBus()
        self.console = open_console(parse_config(handheld_text(extra)), clock=self.clock,
                                    pin_factory=self.factory,
                                    open_bus=lambda screen: i2c(bus=self.bus, address=screen.address))
        self.panels = {1: OledModel(address=0x3C), 2: OledModel(address=0x3D)}

    def sync(self) -> int:
        sent = self.bus.wire_bytes()
        for panel in self.panels.values():
            panel.feed(self.bus.transfers)
        self.bus.clear()
        return sent

    def close(self) -> None:
        self.console.close()
        self.factory.reset()


@pytest.fixture
def handheld():
    rig = Handheld()
    yield rig
    rig.close()


def picture(text: str):
    frame = blank_frame()
    ImageDraw.Draw(frame).text((4, 20), text, fill=1)
    return frame


def test_sleep_switches_the_panels_off_and_the_leds_and_sends_nothing_more(handheld: Handheld) -> None:
    console = handheld.console
    console.screen(1).display(picture("MENU"))
    console.screen(2).display(picture("MENU"))
    console.led(1).on()
    handheld.sync()
    console.sleep()
    sent = handheld.sync()
    assert all(panel.shown() is None for panel in handheld.panels.values())   # dark: display off
    assert handheld.panels[1].ram != OledModel(address=0x3C).ram             # the picture kept
    assert sent <= 2 * 3                                                       # 0xAE to each: 3 bytes
    assert handheld.factory.pin(4).state == 0 and not console.led(1).is_lit
    assert console.asleep
    handheld.clock.advance(10 * 60)                                            # ten minutes asleep
    assert handheld.sync() == 0                                                # no heal, nothing
    console.wake()
    handheld.sync()
    assert handheld.panels[1].shown().tobytes() == picture("MENU").tobytes()
    assert handheld.panels[2].shown() is not None
    assert handheld.factory.pin(4).state == 1 and handheld.factory.pin(18).state == 0
    handheld.clock.advance(HEAL_EVERY * 3)
    assert handheld.sync() > 0                                                 # heals again awake


def test_a_panel_that_lost_power_while_asleep_is_back_after_the_wake(handheld: Handheld) -> None:
    console = handheld.console
    console.screen(1).display(picture("PLAY"))
    console.sleep()
    handheld.sync()
    handheld.panels[1].lose_power()
    console.wake()
    handheld.clock.advance(HEAL_EVERY * 2)
    handheld.sync()
    assert handheld.panels[1].shown().tobytes() == picture("PLAY").tobytes()


def test_the_power_inputs_come_with_the_console_from_its_config(handheld: Handheld) -> None:
    handheld.factory.pin(7).drive_low()
    assert [(c.what, c.active) for c in handheld.console.power.take()] == [(BUTTON, True)]
    plain = Handheld(extra="")
    try:
        assert isinstance(plain.console.power, NoPowerInput) and not plain.console.power.has_button
    finally:
        plain.close()


def test_the_config_keeps_power_pins_apart_and_off_the_screens_bus() -> None:
    with pytest.raises(ConfigError, match=r"power.button: GPIO17 is already used by pad\[0\].buttons.CARD1"):
        parse_config(handheld_text("\n[power]\nbutton = 17\n"), source="handheld.toml")
    with pytest.raises(ConfigError, match=r"power.button: GPIO3 is I2C1 SCL, taken by the screens' bus "
                                          r"\(GPIO3 is the pin that wakes a halted Pi"):
        parse_config(handheld_text("\n[power]\nbutton = 3\n"), source="handheld.toml")
    with pytest.raises(ConfigError, match=r"power.request_level: must be one of low, high, not 'up'"):
        parse_config(handheld_text("\n[power]\nrequest = 8\nrequest_level = \"up\"\n"))
    config = parse_config(handheld_text())
    assert config.power == PowerConfig(button=7, request=8, request_level="low", poweroff_pin=9)
