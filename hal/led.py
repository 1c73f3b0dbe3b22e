"""The possession LED contract (one per pad) and its gpiozero ``LED`` backend."""
from __future__ import annotations

from abc import ABC, abstractmethod


class Led(ABC):
    """A pad's possession LED: lit while that player has the ball."""

    @abstractmethod
    def on(self) -> None: ...

    @abstractmethod
    def off(self) -> None: ...

    @abstractmethod
    def blink(self, on_time: float = 0.25, off_time: float = 0.25) -> None:
        """Blink in the background until :meth:`on` or :meth:`off` (e.g. "your turn to choose")."""

    @property
    @abstractmethod
    def is_lit(self) -> bool:
        """True while the LED is on or blinking."""

    @abstractmethod
    def close(self) -> None: ...


class NoLed(Led):
    """Stands in when a pad has no LED fitted; remembers its state so views stay consistent."""

    def __init__(self) -> None:
        self._lit = False

    def on(self) -> None:
        self._lit = True

    def off(self) -> None:
        self._lit = False

    def blink(self, on_time: float = 0.25, off_time: float = 0.25) -> None:
        self._lit = True

    @property
    def is_lit(self) -> bool:
        return self._lit

    def close(self) -> None:
        self._lit = False


class GpioLed(Led):
    """An LED (with its resistor) from a GPIO to GND, through gpiozero's ``LED``."""

    def __init__(self, pin: int | str, *, pin_factory: object = None) -> None:
        from gpiozero import LED

        self._device = LED(pin, pin_factory=pin_factory)
        self._blinking = False

    def on(self) -> None:
        self._blinking = False
        self._device.on()

    def off(self) -> None:
        self._blinking = False
        self._device.off()

    def blink(self, on_time: float = 0.25, off_time: float = 0.25) -> None:
        self._blinking = True
        self._device.blink(on_time=on_time, off_time=off_time, background=True)

    @property
    def is_lit(self) -> bool:
        return self._blinking or bool(self._device.is_lit)

    def close(self) -> None:
        self._device.close()
