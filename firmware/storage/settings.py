"""The menu's choices, kept across restarts in one small JSON file in the state directory.

Written atomically (``firmware.storage.durable``: temp file, fsync, rename, fsync of the folder) so a
power cut leaves either the old file or the new one, never half of one; an unreadable file is
moved aside with one log line and the defaults are used, because a café unit must boot
whatever happened to its SD card.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import Field, asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, ClassVar, Protocol, TypeVar

from firmware.storage import durable
from firmware.storage.durable import move_aside
from firmware.storage.json_input import read_json

FILE_NAME = "settings.json"
LANGUAGES = ("fr", "en")


class Dataclass(Protocol):
    """Any dataclass (what :func:`known_fields` reads a game's settings class as)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]


T = TypeVar("T", bound=Dataclass)


def known_fields(cls: type[T], obj: Any, renames: Mapping[str, str] | None = None) -> T:
    """A settings dataclass from a JSON object: known keys with values of the right type are
    taken, anything else is dropped (``renames``: a field's key in old flat files)."""
    defaults = cls()
    if not isinstance(obj, dict):
        return defaults
    kept = {}
    for each in fields(cls):
        old = (renames or {}).get(each.name)
        key = old if old is not None and old in obj else each.name
        value = obj.get(key)
        if type(value) is type(getattr(defaults, each.name)):
            kept[each.name] = value
    return replace(defaults, **kept)


@dataclass(frozen=True)
class Settings:
    """The console's settings (the game picked, sound, language) and each game's own.

    A game's settings (its entry's dataclass) are kept as read (``games``: game name -> its
    JSON object) until the game asks for them (:meth:`of`), so this module needs no list of
    games; an old flat file (every game's fields side by side) gives each game the whole file.
    """

    game: str = ""
    """The game picked in the menu (its name; "" before any is: the menu's first game)."""
    sound: bool = True
    language: str = "fr"
    games: Mapping[str, Any] = field(default_factory=dict)
    """Game name -> its settings (a dataclass once changed, else the JSON object read)."""
    kids: bool = False
    """Kids' mode (each game's ``ConsoleEntry.kids`` settings, big reveals)."""
    locked: bool = False
    """The menu changes only the game and who plays (``Row.unlocked``; the button code or
    ``--lock-settings``)."""
    sleep: int = 5
    """Minutes without a press before a console that can power off sleeps (its panels off);
    0: never."""

    def of(self, name: str, parse: Any) -> Any:
        """Game ``name``'s settings, ``parse`` (its ``from_json``) turning what was read into
        them."""
        kept = self.games.get(name, self.games.get("*"))
        return kept if kept is not None and not isinstance(kept, dict) else parse(kept)

    def for_match(self, name: str, parse: Any, kids: Mapping[str, Any] | None = None) -> Any:
        """Game ``name``'s settings as a match is played with them: in kids' mode, with what
        the game's kids' mode fixes (``kids``: its entry's ``kids``) over them (what was chosen
        before is kept for when kids' mode is off again)."""
        chosen = self.of(name, parse)
        if not self.kids or not kids:
            return chosen
        return replace(chosen, **kids)

    def with_game(self, name: str, settings: Any) -> Settings:
        return replace(self, games={**self.games, name: settings})

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "sound": self.sound, "language": self.language,
                "kids": self.kids, "locked": self.locked, "sleep": self.sleep,
                "games": {name: kept if isinstance(kept, dict) else asdict(kept)
                          for name, kept in self.games.items()}}

    @classmethod
    def from_json(cls, obj: Any) -> Settings:
        """Known keys with values of the right type are taken; anything else is dropped."""
        if not isinstance(obj, dict):
            return cls()
        console = known_fields(_Console, obj)
        if console.language not in LANGUAGES:
            console = replace(console, language="fr")
        games = obj.get("games")
        if not isinstance(games, dict):        # an old flat file: every game reads it whole
            games = {"*": obj}
        return cls(console.game, console.sound, console.language,
                   {str(name): kept for name, kept in games.items() if isinstance(kept, dict)},
                   console.kids, console.locked, max(0, console.sleep))

    @classmethod
    def flat(cls, **values: Any) -> Settings:
        """Settings as an old flat file has them (``Settings.flat(game="fotboll",
        players="two")``): every game takes the fields it knows."""
        return cls.from_json(values)


@dataclass(frozen=True)
class _Console:
    game: str = ""
    sound: bool = True
    language: str = "fr"
    kids: bool = False
    locked: bool = False
    sleep: int = 5


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
