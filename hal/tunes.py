"""Short buzzer tunes as values: a name and a sequence of (frequency, seconds) notes.

Kept free of gpiozero so the simulators and the firmware can name tunes without a pin library.
A frequency of ``None`` is a rest.
"""
from __future__ import annotations

from dataclasses import dataclass

LOWEST_HZ = 220.0
HIGHEST_HZ = 3520.0


@dataclass(frozen=True)
class Note:
    frequency: float | None
    seconds: float


@dataclass(frozen=True)
class Tune:
    """A named tune; frequencies stay within what :class:`hal.buzzer.GpioBuzzer` can play."""

    name: str
    notes: tuple[Note, ...]

    def __post_init__(self) -> None:
        for note in self.notes:
            if note.frequency is not None and not LOWEST_HZ <= note.frequency <= HIGHEST_HZ:
                raise ValueError(f"tune {self.name}: {note.frequency} Hz is outside "
                                 f"{LOWEST_HZ:g}..{HIGHEST_HZ:g} Hz")
            if note.seconds <= 0:
                raise ValueError(f"tune {self.name}: note lengths must be positive")

    @property
    def seconds(self) -> float:
        return sum(note.seconds for note in self.notes)


def _tune(name: str, *notes: tuple[float | None, float]) -> Tune:
    return Tune(name, tuple(Note(frequency, seconds) for frequency, seconds in notes))


#: The referee's whistle: two short high blasts and a long one (kick-off, half time).
WHISTLE = _tune("whistle", (2800.0, 0.12), (None, 0.06), (2800.0, 0.12), (None, 0.06), (2800.0, 0.45))
#: A goal: a rising arpeggio C5 E5 G5 C6.
GOAL = _tune("goal", (523.25, 0.1), (659.25, 0.1), (783.99, 0.1), (1046.5, 0.35))
#: A save: a falling pair, the ball stopped.
SAVE = _tune("save", (880.0, 0.1), (440.0, 0.25))

TUNES: dict[str, Tune] = {tune.name: tune for tune in (WHISTLE, GOAL, SAVE)}
