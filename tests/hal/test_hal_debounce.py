"""Debounce and auto-repeat, driven by a ManualClock so bursts are exact, not timed."""
from __future__ import annotations

import random

import pytest

from hal import Button, ButtonEvent, ManualClock, Repeat
from hal.pad import Debouncer


class Contact:
    """A bouncing switch contact: the raw level the debouncer reads back after a lock-out."""

    def __init__(self, clock: ManualClock, repeat: Repeat | None = None, interval: float = 0.02) -> None:
        self.level = False
        self.events: list[ButtonEvent] = []
        self.debouncer = Debouncer(1, Button.CARD1, self.events.append, lambda: self.level,
                                   interval=interval, clock=clock, repeat=repeat)

    def set(self, level: bool) -> None:
        if level != self.level:
            self.level = level
            self.debouncer.edge(level)


def states(events: list[ButtonEvent]) -> list[bool]:
    return [event.pressed for event in events if not event.repeat]


def test_clean_press_and_release_are_delivered_at_once() -> None:
    clock = ManualClock()
    contact = Contact(clock)
    contact.set(True)
    assert states(contact.events) == [True]
    assert contact.events[0].timestamp == clock.now()
    clock.advance(0.1)
    contact.set(False)
    assert states(contact.events) == [True, False]


@pytest.mark.parametrize("seed", range(20))
def test_a_burst_gives_one_press_and_settles_to_the_final_level(seed: int) -> None:
    rng = random.Random(seed)
    clock = ManualClock()
    contact = Contact(clock)
    for _ in range(rng.randrange(2, 40)):      # contact bounce: 40 edges within 16 ms
        contact.set(not contact.level)
        clock.advance(rng.uniform(0, 0.0004))
    final = contact.level
    clock.advance(0.05)
    got = states(contact.events)
    assert got[0] is True
    assert got == ([True] if final else [True, False])
    assert contact.debouncer.pressed == final
    assert clock.pending == 0


def test_a_burst_longer_than_the_interval_still_ends_at_the_true_level() -> None:
    clock = ManualClock()
    contact = Contact(clock)
    for _ in range(101):                        # 101 edges over 100 ms, ends pressed
        contact.set(not contact.level)
        clock.advance(0.001)
    clock.advance(0.05)
    got = states(contact.events)
    assert got[-1] is True and contact.debouncer.pressed
    assert all(a != b for a, b in zip(got, got[1:]))
    assert len(got) <= 100 * 0.001 / 0.02 + 2


def test_release_bounce_does_not_make_a_second_press() -> None:
    clock = ManualClock()
    contact = Contact(clock)
    contact.set(True)
    clock.advance(0.2)
    for _ in range(5):                       # release chatters, ends released
        contact.set(False)
        clock.advance(0.001)
        contact.set(True)
        clock.advance(0.001)
    contact.set(False)
    clock.advance(0.1)
    assert states(contact.events) == [True, False]


def test_presses_slower_than_the_interval_all_count() -> None:
    clock = ManualClock()
    contact = Contact(clock)
    for _ in range(10):
        contact.set(True)
        clock.advance(0.03)
        contact.set(False)
        clock.advance(0.03)
    assert states(contact.events) == [True, False] * 10


def test_held_button_does_not_repeat_unless_asked() -> None:
    clock = ManualClock()
    contact = Contact(clock)
    contact.set(True)
    clock.advance(5.0)
    assert len(contact.events) == 1


def test_held_button_repeats_when_asked() -> None:
    clock = ManualClock()
    contact = Contact(clock, repeat=Repeat(frozenset({Button.CARD1}), delay=0.5, interval=0.1))
    contact.set(True)
    clock.advance(0.85)
    repeats = [event for event in contact.events if event.repeat]
    assert [round(event.timestamp - contact.events[0].timestamp, 3) for event in repeats] == [0.5, 0.6, 0.7, 0.8]
    contact.set(False)
    clock.advance(1.0)
    assert len([event for event in contact.events if event.repeat]) == 4
    assert contact.events[-1].pressed is False


def test_repeat_only_for_the_buttons_named() -> None:
    clock = ManualClock()
    contact = Contact(clock, repeat=Repeat(frozenset({Button.LEFT})))
    contact.set(True)
    clock.advance(3.0)
    assert len(contact.events) == 1


def test_closed_debouncer_delivers_nothing() -> None:
    clock = ManualClock()
    contact = Contact(clock)
    contact.set(True)
    contact.debouncer.close()
    contact.set(False)
    clock.advance(1)
    assert states(contact.events) == [True]
    assert clock.pending == 0
