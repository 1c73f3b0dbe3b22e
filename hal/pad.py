"""The pad contract, and the debounce logic every real pad backend shares.

A pad turns raw button levels into :class:`~hal.buttons.ButtonEvent` s on the console's one
queue. Debounce lives here rather than in gpiozero because gpiozero's mock pins ignore
``bounce_time`` (so it could not be tested) and because serial pads need the same rules.
"""
from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Callable, ClassVar

from hal.buttons import Button, ButtonEvent
from hal.clock import Clock, SystemClock, Timer
from hal.events import EventQueue

MAX_PADS = 4
"""A console has 1 to this many pads (each with its screen and LED)."""

DEFAULT_DEBOUNCE = 0.02


@dataclass(frozen=True)
class Repeat:
    """Auto-repeat for held buttons: first repeat after ``delay``, then every ``interval``.

    Off by default: in a secret-move game a held card button must not count twice.
    """

    buttons: frozenset[Button] = field(default_factory=frozenset)
    delay: float = 0.5
    interval: float = 0.15


class Pad(ABC):
    """One player's pad: 7 buttons delivering events to the console's queue."""

    pad_id: int
    detachable: ClassVar[bool] = True
    """Whether the pad can go away while the console runs (a USB serial pad can; buttons on the
    Pi's header and simulated pads cannot). The firmware watches :attr:`connected` only when a
    pad is detachable, so a console of fixed pads never wakes up to look."""

    @property
    @abstractmethod
    def connected(self) -> bool:
        """Whether the pad is there and answering now (always True for a fixed pad)."""

    @abstractmethod
    def is_pressed(self, button: Button) -> bool:
        """The debounced state of ``button`` now."""

    @abstractmethod
    def close(self) -> None:
        """Release the pins or port; no events are delivered afterwards."""


class SoftwarePad(Pad):
    """A pad whose presses come from software (a simulator's keys, a phone's touches) rather
    than from contacts: no bounce to filter, but a real pad's promises all the same (one press
    per press, releases only of held buttons, time stamps from the console's clock), so the
    firmware sees the same event streams."""

    detachable = False

    def __init__(self, pad_id: int, events: EventQueue, clock: Clock) -> None:
        self.pad_id = pad_id
        self._events = events
        self._clock = clock
        self._held: set[Button] = set()
        self._lock = threading.Lock()
        self._closed = False

    def press(self, button: Button) -> None:
        """Press ``button``; pressing a button already held does nothing, as on a real pad."""
        self._change(button, True)

    def release(self, button: Button) -> None:
        self._change(button, False)

    def tap(self, button: Button) -> None:
        """Press and release at once (a keyboard key, which has no release event)."""
        self.press(button)
        self.release(button)

    def release_all(self) -> None:
        """Release every held button (its hands went away: a ◀+▶ hold must not stick)."""
        with self._lock:
            held = [button for button in Button if button in self._held]
        for button in held:
            self.release(button)

    @property
    def connected(self) -> bool:
        return True

    def is_pressed(self, button: Button) -> bool:
        return button in self._held

    def close(self) -> None:
        self._closed = True

    def _change(self, button: Button, pressed: bool) -> None:
        if not isinstance(button, Button):
            raise TypeError(f"expected a Button, not {button!r}")
        with self._lock:
            if self._closed or (button in self._held) == pressed:
                return
            (self._held.add if pressed else self._held.discard)(button)
            self._events.put(ButtonEvent(self.pad_id, button, pressed, self._clock.now()))


class Debouncer:
    """Debounces one button: accept an edge at once, then ignore bounces for ``interval``.

    Leading-edge acceptance keeps the press latency at zero. When the lock-out ends, the raw
    level is read again (``read_level``) and a change that happened inside the lock-out is
    delivered then, so a burst can never leave a button stuck pressed. A burst of any length
    inside one interval therefore gives at most one press and one release.
    """

    def __init__(self, pad: int, button: Button, deliver: Callable[[ButtonEvent], None],
                 read_level: Callable[[], bool], *, interval: float = DEFAULT_DEBOUNCE,
                 clock: Clock | None = None, repeat: Repeat | None = None) -> None:
        self.pad = pad
        self.button = button
        self._deliver = deliver
        self._read_level = read_level
        self._interval = interval
        self._clock = clock or SystemClock()
        self._repeats = repeat is not None and button in repeat.buttons
        self._repeat = repeat
        self._pressed = False
        self._accepted_at = float("-inf")
        self._settle: Timer | None = None
        self._repeat_timer: Timer | None = None
        self._lock = threading.RLock()
        self._closed = False

    @property
    def pressed(self) -> bool:
        return self._pressed

    def edge(self, pressed: bool) -> None:
        """Feed a raw level change (from a pin callback or a serial frame)."""
        with self._lock:
            if self._closed:
                return
            now = self._clock.now()
            if now - self._accepted_at >= self._interval:
                if pressed != self._pressed:
                    self._accept(pressed, now)
            elif self._settle is None:
                self._settle = self._clock.call_later(
                    self._accepted_at + self._interval - now, self._settled)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            for timer in (self._settle, self._repeat_timer):
                if timer is not None:
                    timer.cancel()
            self._settle = self._repeat_timer = None

    def _accept(self, pressed: bool, now: float) -> None:
        self._pressed = pressed
        self._accepted_at = now
        if self._settle is not None:
            self._settle.cancel()
        self._settle = self._clock.call_later(self._interval, self._settled)
        self._deliver(ButtonEvent(self.pad, self.button, pressed, now))
        if self._repeat_timer is not None:
            self._repeat_timer.cancel()
            self._repeat_timer = None
        if pressed and self._repeats:
            assert self._repeat is not None
            self._repeat_timer = self._clock.call_later(self._repeat.delay, self._repeated)

    def _settled(self) -> None:
        with self._lock:
            self._settle = None
            if self._closed:
                return
            level = self._read_level()
            if level != self._pressed:
                self._accept(level, self._clock.now())

    def _repeated(self) -> None:
        with self._lock:
            if self._closed or not self._pressed:
                return
            assert self._repeat is not None
            self._deliver(ButtonEvent(self.pad, self.button, True, self._clock.now(), repeat=True))
            self._repeat_timer = self._clock.call_later(self._repeat.interval, self._repeated)
