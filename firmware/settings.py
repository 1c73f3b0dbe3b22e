"""The menu's choices, kept across restarts in one small JSON file in the state directory.

Written atomically (``firmware.durable``: temp file, fsync, rename, fsync of the folder) so a
power cut leaves either the old file or the new one, never half of one; an unreadable file is
moved aside with one log line and the defaults are used, because a café unit must boot
whatever happened to its SD card.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from engine.chifootmi import Level, MatchConfig, Options
from firmware import durable
from firmware.durable import move_aside
from firmware.json_input import read_json

FILE_NAME = "settings.json"
LEVELS = ("beginner", "amateur", "pro", "pro_plus")
PLAYERS = ("cpu", "two")
MOVE_CLOCKS = (0, 20, 10)


@dataclass(frozen=True)
class Settings:
    game: str = "chifootmi"
    players: str = "cpu"
    difficulty: str = "easy"
    level: str = "beginner"
    offside: bool = True
    one_two: bool = True
    counter_attack: bool = True
    move_clock: int = 0
    chifoumi_players: int = 2
    chifoumi_humans: int = 1
    placement: bool = False
    closed_stacks: bool = False
    jokers: bool = False
    tiebreak: bool = True
    sound: bool = True
    language: str = "fr"

    def match_config(self) -> MatchConfig:
        """The engine config: Pro+ is Pro with the options switched on in the menu."""
        if self.level == "pro_plus":
            return MatchConfig(Level.PRO, Options(self.offside, self.one_two, self.counter_attack))
        return MatchConfig(Level(self.level))

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, obj: Any) -> Settings:
        """Known keys with values of the right type are taken; anything else is dropped."""
        if not isinstance(obj, dict):
            return cls()
        defaults = cls()
        kept = {}
        for field in fields(cls):
            value = obj.get(field.name)
            if type(value) is type(getattr(defaults, field.name)):
                kept[field.name] = value
        settings = replace(defaults, **kept)
        if (settings.level not in LEVELS or settings.players not in PLAYERS
                or settings.move_clock not in MOVE_CLOCKS or settings.language not in ("fr", "en")):
            return defaults
        return settings


def load(state_dir: str | Path) -> Settings:
    """The saved settings, or the defaults; never raises (a bad file is moved aside, logged)."""
    path = Path(state_dir) / FILE_NAME
    try:
        raw = path.read_bytes()
    except OSError:
        return Settings()
    try:
        return Settings.from_json(read_json(raw))
    except ValueError as exc:
        move_aside(path, f"unreadable settings ({exc})")
        return Settings()


def save(state_dir: str | Path, settings: Settings) -> bool:
    """Write the settings durably; never raises: on a card that refuses, False (logged once,
    "SD!" shown) and the console goes on with the settings in memory."""
    body = json.dumps(settings.to_json(), indent=1).encode("utf-8")
    return durable.replace(Path(state_dir) / FILE_NAME, body)
