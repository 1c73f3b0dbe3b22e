"""A simulated pad: presses come from a test script, a keyboard or a window, not from pins.

It keeps the same promises as a real pad (one press per press, releases only of pressed buttons,
timestamps from the console's clock), so the firmware sees identical event streams: those are
:class:`hal.pad.SoftwarePad`'s, which a phone's pad keeps too.
"""
from __future__ import annotations

from hal.pad import SoftwarePad


class SimPad(SoftwarePad):
    """A pad pressed by a script, a keyboard or a window."""
