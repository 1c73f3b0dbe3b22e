"""Buzzer and possession LEDs on the real gpiozero with MockFactory (PWM mock pins)."""
from __future__ import annotations

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from hal import GOAL, SAVE, TUNES, WHISTLE, ManualClock, Note, Tune
from hal.buzzer import GpioBuzzer
from hal.led import GpioLed


@pytest.fixture
def factory():
    # As GPIOZERO_MOCK_PIN_CLASS=mockpwmpin would: TonalBuzzer needs PWM.
    factory = MockFactory(pin_class=MockPWMPin)
    yield factory
    factory.reset()


def heard(buzzer: GpioBuzzer, clock: ManualClock, tune: Tune, step: float = 0.01) -> list[float | None]:
    """The distinct frequencies sounding while the tune plays, sampled every ``step`` s."""
    buzzer.play(tune)
    sounds: list[float | None] = []
    for _ in range(int(tune.seconds / step) + 5):
        frequency = buzzer.frequency
        rounded = None if frequency is None else round(frequency)
        if not sounds or sounds[-1] != rounded:
            sounds.append(rounded)
        clock.advance(step)
    return sounds


def test_tunes_play_their_notes_in_order_then_fall_silent(factory: MockFactory) -> None:
    clock = ManualClock()
    buzzer = GpioBuzzer(12, clock=clock, pin_factory=factory)
    assert heard(buzzer, clock, GOAL) == [523, 659, 784, 1046, None]
    assert heard(buzzer, clock, WHISTLE) == [2800, None, 2800, None, 2800, None]
    assert factory.pin(12).frequency is None          # PWM stopped, not left at 50 %
    buzzer.close()


def test_a_new_tune_cuts_off_the_one_playing(factory: MockFactory) -> None:
    clock = ManualClock()
    buzzer = GpioBuzzer(12, clock=clock, pin_factory=factory)
    buzzer.play(WHISTLE)
    clock.advance(0.05)
    buzzer.play(SAVE)
    assert round(buzzer.frequency) == 880
    clock.advance(0.11)
    assert round(buzzer.frequency) == 440
    clock.advance(1.0)
    assert buzzer.frequency is None and clock.pending == 0
    buzzer.play(GOAL)
    buzzer.stop()
    assert buzzer.frequency is None
    buzzer.close()


def test_the_pin_drives_a_square_wave_at_the_note(factory: MockFactory) -> None:
    clock = ManualClock()
    buzzer = GpioBuzzer(13, clock=clock, pin_factory=factory)
    buzzer.play(SAVE)
    pin = factory.pin(13)
    assert pin.frequency == pytest.approx(880) and pin.state == pytest.approx(0.5)
    buzzer.close()


def test_every_tune_fits_the_buzzer_range(factory: MockFactory) -> None:
    clock = ManualClock()
    buzzer = GpioBuzzer(12, clock=clock, pin_factory=factory)
    for tune in TUNES.values():
        buzzer.play(tune)
        clock.advance(tune.seconds + 0.1)
    buzzer.close()
    with pytest.raises(ValueError, match="outside"):
        Tune("dog whistle", (Note(20000.0, 0.1),))


def test_possession_led_on_off_blink(factory: MockFactory) -> None:
    led = GpioLed(16, pin_factory=factory)
    pin = factory.pin(16)
    led.on()
    assert pin.state and led.is_lit
    led.off()
    assert not pin.state and not led.is_lit
    led.blink(on_time=0.01, off_time=0.01)
    assert led.is_lit
    led.off()
    assert not pin.state and not led.is_lit
    led.close()
