"""The decisions a Fotboll seat makes, as small immutable values with their script form.

A ``Prepare`` holds position lists; the engine compares them as given (their order is the
order the library cards arrive in), and lists each legal one once, in formation order.
The shoot-out is the shared duel's ``Shoot``/``Dive`` (:mod:`engine.duel`; F-END-1 plays C-PEN-1).
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable
from typing import Any

from ..duel import DIVE, SHOOT, Dive, Shoot, Side, dive_from_json, shoot_from_json
from ..scripting import choice_by_key, only_keys
from .cards import FORMATIONS


@dataclass(frozen=True, slots=True)
class LineUp:
    """A formation for this half, with one removed outfield position per red card (F-SET-1,
    F-HALF-1)."""

    formation: str
    removed: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        if self.removed:
            return {"formation": self.formation, "removed": list(self.removed)}
        return {"formation": self.formation}


@dataclass(frozen=True, slots=True)
class Prepare:
    """Before attacking: refill empty positions, replace cards that survived an attack,
    substitute (F-TURN-1, F-TURN-2); applied in that order."""

    refill: tuple[str, ...] = ()
    replace: tuple[str, ...] = ()
    sub: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"prepare": {"refill": list(self.refill), "replace": list(self.replace),
                            "sub": list(self.sub)}}


@dataclass(frozen=True, slots=True)
class Attack:
    """The target of the card just drawn (F-TURN-3, F-TURN-4)."""

    target: str

    def to_json(self) -> dict[str, Any]:
        return {"attack": self.target}


@dataclass(frozen=True, slots=True)
class SendOff:
    """After a red card: the outfield position removed for the rest of the match (F-JOK-3)."""

    position: str

    def to_json(self) -> dict[str, Any]:
        return {"send_off": self.position}


@dataclass(frozen=True, slots=True)
class Keeper:
    """The outfield card that goes in goal for a discarded Joker goalkeeper (F-JOK-1)."""

    position: str

    def to_json(self) -> dict[str, Any]:
        return {"keeper": self.position}


Choice = LineUp | Prepare | Attack | SendOff | Keeper | Shoot | Dive
NOTHING = Prepare()


def _positions(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(p, str) for p in value):
        raise ValueError(f"{what} must be a list of positions")
    return tuple(value)


def _named(key: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{key} names a position, not {value!r}")
    return value


def _line_up(obj: dict[str, Any]) -> LineUp:
    only_keys(obj, ("formation", "removed"), "a formation choice")
    if not isinstance(obj["formation"], str) or obj["formation"] not in FORMATIONS:
        raise ValueError(f"formation must be one of {', '.join(FORMATIONS)}, "
                         f"not {obj['formation']!r}")
    return LineUp(obj["formation"], _positions(obj.get("removed", []), "removed"))


def _prepare(value: Any) -> Prepare:
    if not isinstance(value, dict) or set(value) - {"refill", "replace", "sub"}:
        raise ValueError("prepare holds \"refill\", \"replace\" and \"sub\" lists")
    return Prepare(*(_positions(value.get(k, []), k) for k in ("refill", "replace", "sub")))


_READERS: dict[str, Callable[[Any], Choice]] = {
    "formation": _line_up, "prepare": _prepare,
    "attack": lambda value: Attack(_named("attack", value)),
    "send_off": lambda value: SendOff(_named("send_off", value)),
    "keeper": lambda value: Keeper(_named("keeper", value)),
    "shoot": shoot_from_json, "dive": dive_from_json,
}


def choice_from_json(obj: Any) -> Choice:
    """Read a choice in the match-script encoding; raise ValueError when it is not one."""
    return choice_by_key(obj, _READERS, whole=("formation",))


__all__ = ["LineUp", "Prepare", "Attack", "SendOff", "Keeper", "Shoot", "Dive", "Side",
           "SHOOT", "DIVE", "Choice", "NOTHING", "choice_from_json"]
