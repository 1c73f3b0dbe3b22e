"""The decisions of a Simulator Soccer seat, as small immutable values with the match
script's JSON form (``docs/formats/match-script.md``, "Simulator Soccer").

Whether a choice is legal now is the match's business; :func:`choice_from_json` only checks
its shape.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..duel import THREE_WAY
from .geometry import Cell

FORMATIONS = ("4-4-2", "4-3-3", "3-5-2")
SIDES: tuple[str, ...] = tuple(side.value for side in THREE_WAY)
"""A shot's aim and a dive, shooter's view: engine/duel.py's three sides."""
KICKS = ("pass", "lob", "dribble", "throw", "cross", "shot", "hold", "end")

Entry = tuple[int, Cell]
"""One player of a move or placement list: shirt number and the cell he goes to."""


def _cell_json(cell: Cell) -> list[int]:
    return [cell[0], cell[1]]


def _entries_json(entries: tuple[Entry, ...]) -> list[Any]:
    return [[num, _cell_json(cell)] for num, cell in entries]


@dataclass(frozen=True, slots=True)
class Formation:
    """S-KO-1: the secret template of a half."""

    name: str

    def to_json(self) -> dict[str, Any]:
        return {"formation": self.name}


@dataclass(frozen=True, slots=True)
class Place:
    """One S-RST-2 step: placements in order, substitutions (``out``, ``in``) first."""

    entries: tuple[Entry, ...] = ()
    subs: tuple[tuple[int, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"place": _entries_json(self.entries)}
        if self.subs:
            obj["subs"] = [list(s) for s in self.subs]
        return obj


@dataclass(frozen=True, slots=True)
class Kick:
    """Phase 1: ``pass lob dribble throw`` with a target, or ``cross shot hold end``
    (S-K-1). A heading player's ``lob`` is a header pass (S-CRS-2)."""

    kind: str
    to: Cell | None = None

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"kick": self.kind}
        if self.to is not None:
            obj["to"] = _cell_json(self.to)
        return obj


@dataclass(frozen=True, slots=True)
class Cross:
    """The announced cross's target and height (S-CRS-1)."""

    to: Cell
    high: bool

    def to_json(self) -> dict[str, Any]:
        return {"cross": {"to": _cell_json(self.to), "high": self.high}}


@dataclass(frozen=True, slots=True)
class Defend:
    """The defender's answer to an announced shot (keeper's preparation, S-SHOT-1) or to a
    direct cross or shot (interception, S-INT-1)."""

    keeper: Cell | None = None
    intercept: Entry | None = None

    def to_json(self) -> dict[str, Any]:
        return {"defend": {
            "keeper": None if self.keeper is None else _cell_json(self.keeper),
            "intercept": None if self.intercept is None else
            [self.intercept[0], _cell_json(self.intercept[1])]}}


@dataclass(frozen=True, slots=True)
class Shoot:
    """The shooter's secret aim and height (S-SHOT-2)."""

    aim: str
    high: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"shoot": self.aim, "high": self.high}


@dataclass(frozen=True, slots=True)
class Round:
    """A direct shooter rounds the keeper into ``to`` (S-SHOT-2)."""

    to: Cell

    def to_json(self) -> dict[str, Any]:
        return {"round": _cell_json(self.to)}


@dataclass(frozen=True, slots=True)
class Dive:
    """The keeper's secret dive, in the shooter's view (S-SHOT-2)."""

    side: str

    def to_json(self) -> dict[str, Any]:
        return {"dive": self.side}


@dataclass(frozen=True, slots=True)
class Challenge:
    """Phase 3's first mover entering the carrier's cell (S-P3-2), maybe tackling (S-P3-3);
    ``player`` None declines."""

    player: int | None = None
    to: Cell | None = None
    tackle: bool = False

    def to_json(self) -> dict[str, Any]:
        if self.player is None or self.to is None:
            return {"challenge": None}
        return {"challenge": {"player": self.player, "to": _cell_json(self.to),
                              "tackle": self.tackle}}


@dataclass(frozen=True, slots=True)
class Move:
    """A move list of Phase 2 or 3 (S-P2-1, S-P3-1) or of a throw-in (S-RST-1, with
    ``thrower``); ``push`` is S-PRO-QUICK's pushed teammate's cell."""

    entries: tuple[Entry, ...] = ()
    thrower: int | None = None
    subs: tuple[tuple[int, int], ...] = ()
    push: Cell | None = None

    def to_json(self) -> dict[str, Any]:
        obj: dict[str, Any] = {"move": _entries_json(self.entries)}
        if self.thrower is not None:
            obj["thrower"] = self.thrower
        if self.subs:
            obj["subs"] = [list(s) for s in self.subs]
        if self.push is not None:
            obj["push"] = _cell_json(self.push)
        return obj


@dataclass(frozen=True, slots=True)
class Remove:
    """The field player who leaves for a sent-off keeper's stand-in (S-FOUL-2)."""

    player: int

    def to_json(self) -> dict[str, Any]:
        return {"remove": self.player}


@dataclass(frozen=True, slots=True)
class Kicker:
    """The next shoot-out kicker (S-END-1)."""

    player: int

    def to_json(self) -> dict[str, Any]:
        return {"kicker": self.player}


@dataclass(frozen=True, slots=True)
class Headers:
    """S-PRO-HEADER: K-dot players stepping 1 cell into the area once a cross is announced."""

    entries: tuple[Entry, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"headers": _entries_json(self.entries)}


Choice = (Formation | Place | Kick | Cross | Defend | Shoot | Round | Dive | Challenge | Move
          | Remove | Kicker | Headers)

END = Kick("end")
HOLD = Kick("hold")
NO_CHALLENGE = Challenge()


def _int(value: Any, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{what} is a shirt number, not {value!r}")
    return value


def _cell(value: Any, what: str = "a cell") -> Cell:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise ValueError(f"{what} is [x, y], not {value!r}")
    return value[0], value[1]


def _entries(value: Any, what: str) -> tuple[Entry, ...]:
    if not isinstance(value, list):
        raise ValueError(f"{what} is a list of [shirt, [x, y]], not {value!r}")
    out = []
    for item in value:
        if not isinstance(item, list) or len(item) != 2:
            raise ValueError(f"{what}: each entry is [shirt, [x, y]], not {item!r}")
        out.append((_int(item[0], "a player"), _cell(item[1])))
    return tuple(out)


def _subs(value: Any) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, list) or not all(
            isinstance(s, list) and len(s) == 2 for s in value):
        raise ValueError(f"subs is a list of [out, in], not {value!r}")
    return tuple((_int(s[0], "out"), _int(s[1], "in")) for s in value)


def _bool(value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} is true or false, not {value!r}")
    return value


def _keys(obj: dict[str, Any], allowed: set[str], what: str) -> None:
    extra = sorted(set(obj) - allowed)
    if extra:
        raise ValueError(f"unknown key {extra[0]!r} in {what}")


def _formation(obj: dict[str, Any]) -> Choice:
    _keys(obj, {"formation"}, "a formation")
    if obj["formation"] not in FORMATIONS:
        raise ValueError(f"formation is one of {', '.join(FORMATIONS)}, not "
                         f"{obj['formation']!r} (S-KO-1)")
    return Formation(obj["formation"])


def _place(obj: dict[str, Any]) -> Choice:
    _keys(obj, {"place", "subs"}, "a placement")
    return Place(_entries(obj["place"], "place"), _subs(obj.get("subs", [])))


def _kick(obj: dict[str, Any]) -> Choice:
    _keys(obj, {"kick", "to"}, "a kick")
    kind = obj["kick"]
    if kind not in KICKS:
        raise ValueError(f"kick is one of {', '.join(KICKS)}, not {kind!r}")
    if kind in ("pass", "lob", "dribble", "throw"):
        if "to" not in obj:
            raise ValueError(f"a {kind} needs \"to\": [x, y]")
        return Kick(kind, _cell(obj["to"], "to"))
    if "to" in obj:
        raise ValueError(f"a {kind} has no \"to\"")
    return Kick(kind)


def _cross(obj: dict[str, Any]) -> Choice:
    _keys(obj, {"cross"}, "a cross")
    body = obj["cross"]
    if not isinstance(body, dict) or set(body) != {"to", "high"}:
        raise ValueError("a cross is {\"cross\": {\"to\": [x, y], \"high\": bool}}")
    return Cross(_cell(body["to"], "to"), _bool(body["high"], "high"))


def _defend(obj: dict[str, Any]) -> Choice:
    _keys(obj, {"defend"}, "a defence")
    body = obj["defend"]
    if body is None:
        return Defend()
    if not isinstance(body, dict):
        raise ValueError("defend is {\"keeper\": [x, y] or null, \"intercept\": [n, [x, y]] "
                         "or null}")
    _keys(body, {"keeper", "intercept"}, "defend")
    keeper = body.get("keeper")
    intercept = body.get("intercept")
    if intercept is not None:
        if not isinstance(intercept, list) or len(intercept) != 2:
            raise ValueError(f"intercept is [shirt, [x, y]], not {intercept!r}")
        intercept = (_int(intercept[0], "interceptor"), _cell(intercept[1]))
    return Defend(None if keeper is None else _cell(keeper, "keeper"), intercept)


def _shoot(obj: dict[str, Any]) -> Choice:
    _keys(obj, {"shoot", "high"}, "a shot")
    if obj["shoot"] not in SIDES:
        raise ValueError(f"shoot is left, centre or right, not {obj['shoot']!r}")
    return Shoot(obj["shoot"], _bool(obj.get("high", False), "high"))


def _round(obj: dict[str, Any]) -> Choice:
    _keys(obj, {"round"}, "a round")
    return Round(_cell(obj["round"], "round"))


def _dive(obj: dict[str, Any]) -> Choice:
    _keys(obj, {"dive"}, "a dive")
    if obj["dive"] not in SIDES:
        raise ValueError(f"dive is left, centre or right, not {obj['dive']!r}")
    return Dive(obj["dive"])


def _challenge(obj: dict[str, Any]) -> Choice:
    _keys(obj, {"challenge"}, "a challenge")
    body = obj["challenge"]
    if body is None:
        return NO_CHALLENGE
    if not isinstance(body, dict) or set(body) - {"player", "to", "tackle"} or \
            not {"player", "to"} <= set(body):
        raise ValueError("challenge is null or {\"player\", \"to\", \"tackle\"}")
    return Challenge(_int(body["player"], "player"), _cell(body["to"], "to"),
                     _bool(body.get("tackle", False), "tackle"))


def _move(obj: dict[str, Any]) -> Choice:
    _keys(obj, {"move", "thrower", "subs", "push"}, "a move list")
    thrower = obj.get("thrower")
    return Move(_entries(obj["move"], "move"),
                None if thrower is None else _int(thrower, "thrower"),
                _subs(obj.get("subs", [])),
                None if obj.get("push") is None else _cell(obj["push"], "push"))


def _remove(obj: dict[str, Any]) -> Choice:
    _keys(obj, {"remove"}, "a removal")
    return Remove(_int(obj["remove"], "remove"))


def _kicker(obj: dict[str, Any]) -> Choice:
    _keys(obj, {"kicker"}, "a kicker")
    return Kicker(_int(obj["kicker"], "kicker"))


def _headers(obj: dict[str, Any]) -> Choice:
    _keys(obj, {"headers"}, "headers")
    return Headers(_entries(obj["headers"], "headers"))


READERS: dict[str, Callable[[dict[str, Any]], Choice]] = {
    "formation": _formation, "place": _place, "kick": _kick, "cross": _cross,
    "defend": _defend, "shoot": _shoot, "round": _round, "dive": _dive,
    "challenge": _challenge, "move": _move, "remove": _remove, "kicker": _kicker,
    "headers": _headers,
}
"""Each choice's reader, by the key that names it, in the order the keys are looked for."""


def choice_from_json(obj: Any) -> Choice:
    """Read one decision in the match-script encoding; ValueError when it is not one."""
    if not isinstance(obj, dict) or not obj:
        raise ValueError(f"a choice is an object, not {obj!r}")
    for key, read in READERS.items():
        if key in obj:
            return read(obj)
    raise ValueError(f"unknown choice {sorted(obj)[0]!r}")
