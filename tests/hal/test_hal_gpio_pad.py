"""GpioPad on the real gpiozero with MockFactory: pin.drive_low() is a press."""
from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory

from hal import Button, ButtonEvent, EventQueue, ManualClock, Repeat
from hal.gpio_pad import GpioPad

PINS = {Button.CARD1: 5, Button.CARD2: 6, Button.CARD3: 13, Button.CARD4: 19,
        Button.LEFT: 26, Button.CENTRE: 21, Button.RIGHT: 20}


@pytest.fixture
def factory():
    factory = MockFactory()
    yield factory
    factory.reset()


def make_pad(factory: MockFactory, clock: ManualClock, repeat: Repeat | None = None) -> tuple[GpioPad, EventQueue]:
    events = EventQueue()
    return GpioPad(2, PINS, events, debounce=0.02, repeat=repeat, clock=clock, pin_factory=factory), events


def test_pins_are_inputs_with_pull_ups(factory: MockFactory) -> None:
    pad, _ = make_pad(factory, ManualClock())
    for pin in PINS.values():
        assert factory.pin(pin).function == "input"
        assert factory.pin(pin).pull == "up"
    pad.close()


def test_drive_low_is_a_press_with_pad_and_button(factory: MockFactory) -> None:
    clock = ManualClock()
    pad, events = make_pad(factory, clock)
    factory.pin(26).drive_low()
    clock.advance(0.1)
    factory.pin(26).drive_high()
    assert events.drain() == [ButtonEvent(2, Button.LEFT, True, clock.now() - 0.1),
                              ButtonEvent(2, Button.LEFT, False, clock.now())]
    pad.close()


def test_fast_bursts_on_real_gpiozero_pins_debounce(factory: MockFactory) -> None:
    clock = ManualClock()
    pad, events = make_pad(factory, clock)
    pin = factory.pin(5)
    for _ in range(10):                       # 20 edges in 10 ms, ending released
        pin.drive_low()
        clock.advance(0.0005)
        pin.drive_high()
        clock.advance(0.0005)
    assert [e.pressed for e in events.drain()] == [True]
    clock.advance(0.05)
    assert [e.pressed for e in events.drain()] == [False]
    assert not pad.is_pressed(Button.CARD1)
    for _ in range(10):                       # chatter ending pressed
        pin.drive_low()
        clock.advance(0.0005)
        pin.drive_high()
        clock.advance(0.0005)
    pin.drive_low()
    clock.advance(0.05)
    assert [e.pressed for e in events.drain()] == [True]
    assert pad.is_pressed(Button.CARD1)
    pad.close()


def test_two_buttons_at_once_both_count(factory: MockFactory) -> None:
    clock = ManualClock()
    pad, events = make_pad(factory, clock)
    factory.pin(13).drive_low()
    factory.pin(20).drive_low()
    assert [(e.button, e.pressed) for e in events.drain()] == [(Button.CARD3, True), (Button.RIGHT, True)]
    pad.close()


def test_held_button_repeats_only_when_asked(factory: MockFactory) -> None:
    clock = ManualClock()
    pad, events = make_pad(factory, clock, Repeat(frozenset({Button.RIGHT}), delay=0.4, interval=0.2))
    factory.pin(20).drive_low()
    factory.pin(5).drive_low()
    clock.advance(1.0)
    got = events.drain()
    assert [(e.button, e.repeat) for e in got] == [(Button.RIGHT, False), (Button.CARD1, False),
                                                   (Button.RIGHT, True), (Button.RIGHT, True), (Button.RIGHT, True)]
    pad.close()


def test_close_releases_the_pins(factory: MockFactory) -> None:
    clock = ManualClock()
    pad, events = make_pad(factory, clock)
    pad.close()
    again = GpioPad(3, PINS, events, clock=clock, pin_factory=factory)   # pins free again
    again.close()
    assert clock.pending == 0
