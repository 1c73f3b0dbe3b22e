"""Button names and the event a button press becomes.

These value types are the whole input vocabulary between the pads and the firmware: the
firmware never sees a pin number, a key code or a serial frame.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass


class Button(enum.Enum):
    """The seven buttons of a pad: four card slots and three directions (shot / dive / menu)."""

    CARD1 = "CARD1"
    CARD2 = "CARD2"
    CARD3 = "CARD3"
    CARD4 = "CARD4"
    LEFT = "LEFT"
    CENTRE = "CENTRE"
    RIGHT = "RIGHT"

    @classmethod
    def named(cls, name: str) -> Button:
        """Look a button up by its name (``"CARD1"``); ``KeyError`` names the valid ones."""
        try:
            return cls[name]
        except KeyError:
            raise KeyError(f"unknown button {name!r}; buttons are "
                           f"{', '.join(b.name for b in cls)}") from None


CARDS: tuple[Button, ...] = (Button.CARD1, Button.CARD2, Button.CARD3, Button.CARD4)
DIRECTIONS: tuple[Button, ...] = (Button.LEFT, Button.CENTRE, Button.RIGHT)


@dataclass(frozen=True)
class ButtonEvent:
    """One debounced press or release.

    ``pad`` is the pad's id (1..4, as printed on the case), ``timestamp`` is
    ``time.monotonic()`` seconds (or the injected clock's) when the change was accepted, and
    ``repeat`` marks a synthetic press from auto-repeat of a held button (off unless asked for).
    """

    pad: int
    button: Button
    pressed: bool
    timestamp: float
    repeat: bool = False

    def __str__(self) -> str:
        action = "repeat" if self.repeat else ("press" if self.pressed else "release")
        return f"pad{self.pad} {self.button.name} {action} @{self.timestamp:.3f}"
