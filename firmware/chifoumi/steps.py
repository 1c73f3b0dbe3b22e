"""Chifoumi's own steps, beside the ones the session core runs for every game
(:class:`firmware.games.session.Step`): the who-starts throw and the game's last move."""
from __future__ import annotations

from firmware.games import session


class Step(session.Step):
    """Chifoumi's steps: every game's (``Step.CHOOSE`` is the shared one) and its own."""

    __slots__ = ()

    THROW = session.Step("throw")
    """The who-starts chifoumi: each seat throws a hand."""
    END = session.Step("end", shows_move=True)
    """The game has just ended: each board after the last move, for ``Timing.reveal``, before
    the result (the last move shows)."""
