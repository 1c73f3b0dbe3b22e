"""Shared set-ups for the bot tests: every level and option of Chifootmi."""
from __future__ import annotations

from engine.chifootmi import Level, MatchConfig, Options

ALL_OPTIONS = Options(offside=True, one_two=True, counter_attack=True)
CONFIGS = {
    "beginner": MatchConfig(Level.BEGINNER),
    "amateur": MatchConfig(Level.AMATEUR),
    "pro": MatchConfig(Level.PRO),
    "pro_plus": MatchConfig(Level.PRO, ALL_OPTIONS),
    "beginner_house_rules": MatchConfig(Level.BEGINNER, ALL_OPTIONS),
    "amateur_house_rules": MatchConfig(Level.AMATEUR, ALL_OPTIONS),
}
