from __future__ import annotations

import threading

import pytest

from hal import Button, ButtonEvent, ConsoleClosed, EventQueue, PitchPadHardwareError


def test_get_returns_none_after_timeout_and_events_in_order() -> None:
    events = EventQueue()
    assert events.get(timeout=0) is None
    first = ButtonEvent(1, Button.CARD1, True, 1.0)
    second = ButtonEvent(2, Button.LEFT, True, 1.1)
    events.put(first)
    events.put(second)
    assert events.get(timeout=0) == first
    assert events.drain() == [second]


def test_close_wakes_a_blocked_reader() -> None:
    events = EventQueue()
    raised: list[BaseException] = []

    def reader() -> None:
        try:
            events.get()
        except ConsoleClosed as error:
            raised.append(error)

    thread = threading.Thread(target=reader)
    thread.start()
    events.close()
    thread.join(timeout=5)
    assert not thread.is_alive()
    assert isinstance(raised[0], PitchPadHardwareError)
    with pytest.raises(ConsoleClosed):
        events.get(timeout=0)


def test_button_event_is_a_frozen_value() -> None:
    event = ButtonEvent(1, Button.CENTRE, False, 2.5)
    with pytest.raises(AttributeError):
        event.pressed = True  # type: ignore[misc]
    assert event == ButtonEvent(1, Button.CENTRE, False, 2.5)
    assert str(event) == "pad1 CENTRE release @2.500"


def test_button_named_lists_the_valid_names() -> None:
    assert Button.named("CARD3") is Button.CARD3
    with pytest.raises(KeyError, match="CARD1, CARD2"):
        Button.named("CARD5")
