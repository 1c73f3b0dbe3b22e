"""What every game's match state shares: copying, comparing and showing itself.

A game's match class keeps its state in ``__slots__`` (small ints and per-seat lists, cheap
to copy for CPU search; a base class of it may declare some) and names in ``copied`` the
slots that hold containers it changes in place; :meth:`Match.clone` copies those one level
deep (a list of per-seat lists, dicts or sets gets new inner containers; any other part, its
own ``copy()``) and shares everything else, which is immutable. Slots whose
name starts with ``_`` are caches: equality ignores them.

>>> class Tally(Match):
...     __slots__ = ("score", "round")
...     copied = ("score",)
...     def __init__(self) -> None:
...         self.score, self.round = [0, 0], 1
...     def describe(self) -> str:
...         return f"round {self.round}"
>>> first = Tally()
>>> second = first.clone()
>>> second.score[0] += 1
>>> first.score, first == second, first == first.clone(), first
([0, 0], False, True, <Tally round 1>)
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Self, cast

__all__ = ["Match"]


def _copy(value: Any) -> Any:
    """A container one level deep: new inner lists, dicts and sets; the rest shared."""
    if value is None:
        return None
    if isinstance(value, list):
        return [item.copy() if isinstance(item, (list, dict, set)) else item for item in value]
    return value.copy()


_SLOTS: dict[type, tuple[str, ...]] = {}


def _slots(cls: type) -> tuple[str, ...]:
    """The state's slots: those its class declares, and its bases' (a game may keep its state
    in a base class its rule modules import, and add the protocol in a subclass)."""
    slots = _SLOTS.get(cls)
    if slots is None:
        slots = _SLOTS[cls] = tuple(
            name for klass in reversed(cls.__mro__)
            for name in cast("tuple[str, ...]", klass.__dict__.get("__slots__", ())))
    return slots


_ASSIGNERS: dict[type, Callable[[Any, Any], None]] = {}


def _assigner(cls: type) -> Callable[[Any, Any], None]:
    """``assign(twin, state)``: every slot of ``twin`` set to ``state``'s value, written out
    slot by slot once per class (``twin.half = state.half`` …, as dataclasses writes its
    ``__init__``): a CPU search copies states by the thousand, and a loop of getattr/setattr
    calls costs fourteen times as much."""
    assign = _ASSIGNERS.get(cls)
    if assign is None:
        body = "".join(f"    twin.{name} = state.{name}\n" for name in _slots(cls)) or "    pass\n"
        scope: dict[str, Any] = {}
        exec(f"def assign(twin, state):\n{body}", scope)  # noqa: S102 - slot names only
        assign = _ASSIGNERS[cls] = scope["assign"]
    return assign


class Match:
    """The base of ``ChifootmiMatch``, ``FotbollMatch``, ``ChifoumiMatch``…"""

    __slots__ = ()
    copied: ClassVar[tuple[str, ...]] = ()
    """Slots holding containers that ``apply`` changes in place (copied by :meth:`clone`)."""

    def clone(self) -> Self:
        """An independent copy: applying decisions to it leaves this match as it is."""
        cls = type(self)
        twin = object.__new__(cls)
        _assigner(cls)(twin, self)
        for name in cls.copied:
            setattr(twin, name, _copy(getattr(self, name)))
        return twin

    def snapshot(self) -> Self:
        """A copy sharing every part with this match: for a game whose ``apply`` plays on a
        clone and keeps it with :meth:`adopt`, so the parts a snapshot holds never change
        again (a view of the match at this moment, at no cost)."""
        twin = object.__new__(type(self))
        _assigner(type(self))(twin, self)
        return twin

    def adopt(self, twin: Self) -> None:
        """Become ``twin`` (a clone decisions were applied to), taking its parts as they are:
        an ``apply`` that keeps its clone only when every part of the decision was legal."""
        _assigner(type(self))(self, twin)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name)
                   for name in _slots(type(self)) if not name.startswith("_"))

    __hash__ = None  # type: ignore[assignment]  # unhashable, like a list: mypy refuses the idiom (python/mypy#4266)

    def describe(self) -> str:
        """A few words on where the match stands, for :func:`repr`."""
        return ""

    def legal_choices(self, seat: str) -> Sequence[Any]:
        raise NotImplementedError

    def is_legal(self, seat: str, choice: Any) -> bool:
        """Whether ``apply`` would take ``choice`` from ``seat`` now: by default, whether it is
        listed; a game with other forms of the same decision answers for them too."""
        return choice in self.legal_choices(seat)

    def __repr__(self) -> str:
        words = self.describe()
        return f"<{type(self).__name__} {words}>" if words else f"<{type(self).__name__}>"
