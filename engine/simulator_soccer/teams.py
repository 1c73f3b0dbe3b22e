"""Teams (S-TEAM-1 .. S-TEAM-3): 16 players in slot order, their duel ratings and dots, the
two standard teams and teams read from TOML or from a match script.

A TOML team is ``name`` and 16 ``[[player]]`` tables with ``num``, ``name``,
``duel = [D, M, T, R]`` and ``dots = "RRK"``; errors name the file, the line and the key.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from typing import Any

from ..errors import BadSetup

DOT_COLOURS = "YGRBKXS"
"""Yellow (playmaking), green (flanks), red (finishing), blue (defence), black (headers),
black-X (saves), grey (speed)."""


class TeamError(BadSetup):
    """A team that cannot play; the message names where (file, line, key) when it can."""


@dataclass(frozen=True, slots=True)
class PlayerCard:
    """One pawn: shirt number, name, duel ratings (Dribble, Marking, Tackle, Retention, each
    1-6) and dots (S-TEAM-1)."""

    num: int
    name: str
    duel: tuple[int, int, int, int]
    dots: str

    @property
    def dribble(self) -> int:
        return self.duel[0]

    @property
    def marking(self) -> int:
        return self.duel[1]

    @property
    def tackle(self) -> int:
        return self.duel[2]

    @property
    def retention(self) -> int:
        return self.duel[3]

    def count(self, colour: str) -> int:
        return self.dots.count(colour)

    @property
    def value(self) -> int:
        return len(self.dots)

    def to_json(self) -> dict[str, Any]:
        return {"num": self.num, "name": self.name, "duel": list(self.duel), "dots": self.dots}


@dataclass(frozen=True, slots=True)
class Team:
    """16 players in slot order: 1-11 start (1 in goal), 12-16 on the bench."""

    name: str
    players: tuple[PlayerCard, ...]

    @property
    def value(self) -> int:
        """All dots (S-TEAM-1: 36 tournament; over 50 the book warns)."""
        return sum(p.value for p in self.players)

    def to_json(self) -> Any:
        return "standard" if self == STANDARD else {
            "name": self.name, "player": [p.to_json() for p in self.players]}


STAND_IN = ((4, 4, 4, 4), "X")
"""S-FOUL-2's stand-in keeper card: 4-4-4-4, one X."""

_STANDARD_ROWS = (
    "1-4-3-3 XX", "3-4-4-3 BG", "3-4-4-3 BG", "2-5-5-3 BBK", "2-5-4-3 BK", "3-4-5-4 BY",
    "5-2-2-4 GGS", "4-3-3-5 YY", "4-2-2-4 RRK", "5-3-2-4 YR", "5-2-2-4 GGS", "1-4-3-3 XX",
    "2-4-4-3 BK", "3-3-3-4 YB", "4-2-2-3 GS", "4-2-2-3 RS")


def _standard() -> Team:
    players = []
    for num, row in enumerate(_STANDARD_ROWS, start=1):
        duel, dots = row.split()
        d, m, t, r = (int(v) for v in duel.split("-"))
        players.append(PlayerCard(num, f"#{num}", (d, m, t, r), dots))
    return Team("Standard", tuple(players))


STANDARD = _standard()
"""S-TEAM-3: Red = Blue, value 36."""


def team_from_json(obj: Any, where: str = "team") -> Team:
    """A team as a match script gives it: ``"standard"`` or ``{"name", "player": [16]}``."""
    if obj == "standard":
        return STANDARD
    return _check(obj, lambda key, index=None: f"{where}: " + (
        key if index is None else f"player {index + 1}: {key}"))


def _check(obj: Any, place: Any) -> Team:
    """Check a parsed team; ``place(key, index)`` says where a key is, for the message."""
    if not isinstance(obj, dict):
        raise TeamError(f"{place('team')}: a team is \"standard\" or a table with name and player")
    unknown = sorted(set(obj) - {"name", "player"})
    if unknown:
        raise TeamError(f"{place(unknown[0])}: unknown key (name, player)")
    name = obj.get("name")
    if not isinstance(name, str) or not name.strip():
        raise TeamError(f"{place('name')}: a team needs a name (a string)")
    rows = obj.get("player")
    if not isinstance(rows, list) or len(rows) != 16:
        count = len(rows) if isinstance(rows, list) else 0
        raise TeamError(f"{place('player')}: a team has 16 players, not {count} (S-TEAM-1)")
    players: list[PlayerCard] = []
    seen: set[int] = set()
    for index, row in enumerate(rows):
        if not isinstance(row, dict):
            raise TeamError(f"{place('player', index)}: a player is a table")
        extra = sorted(set(row) - {"num", "name", "duel", "dots"})
        if extra:
            raise TeamError(f"{place(extra[0], index)}: unknown key (num, name, duel, dots)")
        num = row.get("num")
        if not isinstance(num, int) or isinstance(num, bool) or not 1 <= num <= 99:
            raise TeamError(f"{place('num', index)}: a shirt number 1-99, not {num!r}")
        if num in seen:
            raise TeamError(f"{place('num', index)}: shirt {num} twice (S-TEAM-3: distinct)")
        seen.add(num)
        pname = row.get("name", f"#{num}")
        if not isinstance(pname, str):
            raise TeamError(f"{place('name', index)}: a name is a string")
        duel = row.get("duel")
        if (not isinstance(duel, list) or len(duel) != 4
                or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6
                           for v in duel)):
            raise TeamError(f"{place('duel', index)}: duel is [D, M, T, R], each 1-6, "
                            f"not {duel!r} (S-TEAM-1)")
        dots = row.get("dots", "")
        if not isinstance(dots, str) or not 1 <= len(dots) <= 5 or set(dots) - set(DOT_COLOURS):
            raise TeamError(f"{place('dots', index)}: dots are 1-5 of {DOT_COLOURS}, "
                            f"not {dots!r} (S-TEAM-1)")
        players.append(PlayerCard(num, pname, (duel[0], duel[1], duel[2], duel[3]), dots))
    return Team(name.strip(), tuple(players))


def load_team(path: str) -> Team:
    """Read a team from a TOML file; every error names the file, and the line and key."""
    try:
        with open(path, encoding="utf-8") as team_file:
            text = team_file.read()
    except OSError as exc:
        raise TeamError(f"{path}: cannot read ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise TeamError(f"{path}: not UTF-8 text") from None
    try:
        obj = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TeamError(f"{path}: not TOML ({exc})") from None
    lines = text.splitlines()

    def place(key: str, index: int | None = None) -> str:
        return f"{path}:{_line_of(lines, key, index)}: {key}"

    return _check(obj, place)


def _line_of(lines: list[str], key: str, index: int | None) -> int:
    """The 1-based line of ``key`` (in the ``index``-th ``[[player]]`` table if given)."""
    start = 0
    if index is not None:
        tables = [i for i, text in enumerate(lines) if text.strip() == "[[player]]"]
        if index < len(tables):
            start = tables[index]
            end = tables[index + 1] if index + 1 < len(tables) else len(lines)
            for i in range(start, end):
                if re.match(rf"\s*{re.escape(key)}\s*=", lines[i]):
                    return i + 1
            return start + 1
    for i, text in enumerate(lines):
        if re.match(rf"\s*{re.escape(key)}\s*=", text):
            return i + 1
    return 1
