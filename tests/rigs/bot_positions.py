"""Matches in known positions for the bot tests."""
from __future__ import annotations

from engine.chifootmi import PLAY, Deal, Level, MatchConfig, new_match

from bot_setups import ALL_OPTIONS


def offside_match():
    """Pro+: red has the ball and plays 11 against blue's 1; blue may flag (C-PLUS-OFF)."""
    red = (11, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 0, 0, 0)
    blue = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 0, 0)
    match = new_match(MatchConfig(Level.PRO, ALL_OPTIONS), 1, Deal(red, blue, "red", "red"))
    match.apply({"red": PLAY[11], "blue": PLAY[1]})
    return match
