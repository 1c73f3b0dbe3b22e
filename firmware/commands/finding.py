"""One line of ``pitchpad doctor``'s answer.

In a module of its own so that each part of the doctor (:mod:`firmware.commands.doctor`, and its
battery and power checks in :mod:`firmware.commands.doctor_power`) makes its lines without the two
modules importing each other.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    level: str
    """``ok``, ``warn`` (works, could be better) or ``fail`` (will not work)."""
    text: str

    def __str__(self) -> str:
        return f"{self.level.upper():<4}  {self.text}"
