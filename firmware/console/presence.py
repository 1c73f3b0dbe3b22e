"""Who is at the table: each pad's last press and the buttons it holds, the pads unplugged,
and the match's own clock, which stands still while the match is held.

A match is held while a pad is unplugged (it waits for the pad to come back) or while a
"leave the match?" question is open (``firmware.console.leave``); sessions run on
:meth:`Presence.match_now`, wall time without the holds, so no move clock or CPU timer runs
out while nobody can play.
"""
from __future__ import annotations

from collections.abc import Iterable

from hal.buttons import Button, ButtonEvent
from hal.console import Console


class Presence:
    """The pads' presses and holds, the unplugged pads, and the match clock's holds."""

    def __init__(self, now: float) -> None:
        self.last_press = now
        """The last press on any pad (the idle timers count from it)."""
        self.pad_presses: dict[int, float] = {}
        """Each pad's last press (who is still at the table, ``firmware.console.leave``)."""
        self.held: dict[int, dict[Button, float]] = {}
        """Pad -> the buttons held down now and since when (LEFT+RIGHT held: leave the match)."""
        self.unplugged: tuple[int, ...] = ()
        self.paused_since: float | None = None
        self.paused_for = 0.0
        """Time the match stood still so far."""

    def note(self, event: ButtonEvent, now: float) -> None:
        """Keep which buttons each pad holds down (presses and releases, as the pads report
        them: GPIO, serial and simulated pads alike)."""
        held = self.held.setdefault(event.pad, {})
        if event.pressed:
            held.setdefault(event.button, now)
        else:
            held.pop(event.button, None)

    def pressed(self, pad: int, now: float) -> None:
        self.last_press = self.pad_presses[pad] = now

    def watch(self, console: Console, pads: Iterable[int]) -> None:
        """Which pads are unplugged now (through the ``Pad`` contract's ``connected``)."""
        self.unplugged = tuple(pad for pad in pads if not console.pad(pad).connected)

    @property
    def paused(self) -> bool:
        return self.paused_since is not None

    def hold(self, held: bool, now: float) -> None:
        """Hold the match clock (``held``) or let it run again from where it stood."""
        if held and self.paused_since is None:
            self.paused_since = now
        elif self.paused_since is not None and not held:
            self.paused_for += now - self.paused_since
            self.paused_since = None
            self.last_press = now

    def match_now(self, now: float) -> float:
        """The sessions' clock: wall time without the holds, standing still during one."""
        return (now if self.paused_since is None else self.paused_since) - self.paused_for
