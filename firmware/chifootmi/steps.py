"""Chifootmi's own step and timing, beside the ones the session core has for every game
(:class:`firmware.games.session.Step`, :class:`firmware.games.session.Timing`): the offside
flag and how long its window stays open."""
from __future__ import annotations

from dataclasses import dataclass

from engine.chifootmi.bots import OFFSIDE_WINDOW
from firmware.games import session


class Step(session.Step):
    """Chifootmi's steps: every game's (``Step.CHOOSE`` is the shared one) and its own."""

    __slots__ = ()

    FLAG = session.Step("flag", shows_move=True)
    """The offside window: the defending seat may raise its flag (CENTRE) until
    ``Timing.offside_window`` has gone by; the move just revealed stays on the screens."""


@dataclass(frozen=True)
class Timing(session.Timing):
    """The console's timings and Chifootmi's own (:meth:`firmware.games.session.Timing.of`
    makes one of the console's)."""

    too_late: float = 2.0
    """How long a flip stays that says the move clock chose for a seat ("Trop tard ! Au
    hasard"), where a flip of the choices alone stays ``flip`` (0.5 s)."""
    offside_window: float = OFFSIDE_WINDOW
    """How long the defending seat has to raise its flag (the CPU bots' reflexes are timed
    against the same window)."""
