"""The buzzer contract and its gpiozero ``TonalBuzzer`` backend.

Tunes play in the background: :meth:`Buzzer.play` returns at once, so a goal jingle never holds
up the screens. Notes are stepped by the injectable clock's timers, not a sleeping thread, so
tests step through a tune with :class:`~hal.clock.ManualClock`.
"""
from __future__ import annotations

import threading
from abc import ABC, abstractmethod
from typing import Callable

from hal.clock import Clock, SystemClock, Timer
from hal.tunes import HIGHEST_HZ, LOWEST_HZ, Tune


class Buzzer(ABC):
    """The console's one piezo buzzer."""

    @abstractmethod
    def play(self, tune: Tune) -> None:
        """Start ``tune`` in the background, cutting off any tune still playing."""

    @abstractmethod
    def stop(self) -> None:
        """Silence now."""

    @abstractmethod
    def close(self) -> None:
        """Silence and release the pin."""


class NoBuzzer(Buzzer):
    """Stands in when no buzzer is fitted, so the firmware never checks for one."""

    def play(self, tune: Tune) -> None:
        pass

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


class TunePlayer:
    """Steps through a tune's notes with clock timers, calling ``sound(frequency or None)``."""

    def __init__(self, sound: Callable[[float | None], None], clock: Clock) -> None:
        self._sound = sound
        self._clock = clock
        self._lock = threading.RLock()
        self._timer: Timer | None = None
        self._generation = 0

    def play(self, tune: Tune) -> None:
        with self._lock:
            self._cancel()
            self._generation += 1
            self._step(tune, 0, self._generation)

    def stop(self) -> None:
        with self._lock:
            self._cancel()
            self._generation += 1
            self._sound(None)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _step(self, tune: Tune, index: int, generation: int) -> None:
        with self._lock:
            if generation != self._generation:
                return
            if index == len(tune.notes):
                self._timer = None
                self._sound(None)
                return
            note = tune.notes[index]
            self._sound(note.frequency)
            self._timer = self._clock.call_later(
                note.seconds, lambda: self._step(tune, index + 1, generation))


class GpioBuzzer(Buzzer):
    """A piezo on a PWM-capable GPIO, driven by gpiozero's ``TonalBuzzer``.

    The buzzer's range is set to A5 +/- 2 octaves (220..3520 Hz) so a referee's whistle fits.
    """

    def __init__(self, pin: int | str, *, clock: Clock | None = None, pin_factory: object = None) -> None:
        from gpiozero import TonalBuzzer
        from gpiozero.tones import Tone

        self._tone = Tone
        self._device = TonalBuzzer(pin, mid_tone=Tone("A5"), octaves=2, pin_factory=pin_factory)
        assert self._device.min_tone.frequency <= LOWEST_HZ + 1e-6
        assert self._device.max_tone.frequency >= HIGHEST_HZ - 1e-6
        self._player = TunePlayer(self._sound, clock or SystemClock())

    def _sound(self, frequency: float | None) -> None:
        if frequency is None:
            self._device.stop()
        else:
            self._device.play(self._tone.from_frequency(frequency))

    @property
    def frequency(self) -> float | None:
        """The frequency sounding now, or ``None`` when silent."""
        tone = self._device.tone
        return None if tone is None else float(tone.frequency)

    def play(self, tune: Tune) -> None:
        self._player.play(tune)

    def stop(self) -> None:
        self._player.stop()

    def close(self) -> None:
        self._player.stop()
        self._device.close()
