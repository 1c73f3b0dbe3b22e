"""The stages of a Chifootmi match: what the seats to act are deciding now. The match moves
through them; a view names them (so both read them here, and neither imports the other)."""
from __future__ import annotations

PLAY_STAGE, FLAG_STAGE, SHOT_STAGE, DRAW_STAGE, OVER_STAGE = range(5)
STAGE_NAMES = ("play", "flag", "shot", "draw", "over")
