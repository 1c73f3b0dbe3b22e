"""What every game's match state shares: copying, comparing and showing itself.

A game's match class keeps its state in ``__slots__`` (small ints and per-seat lists, cheap
to copy for CPU search) and names in ``copied`` the slots that hold containers it changes in
place; :meth:`Match.clone` copies those one level deep (a list of per-seat lists, dicts or
sets gets new inner containers) and shares everything else, which is immutable. Slots whose
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

from typing import Any, ClassVar, Self, cast

__all__ = ["Match"]


def _copy(value: Any) -> Any:
    """A container one level deep: new inner lists, dicts and sets; the rest shared."""
    if value is None:
        return None
    if isinstance(value, list):
        return [item.copy() if isinstance(item, (list, dict, set)) else item for item in value]
    return value.copy()


def _slots(cls: type) -> tuple[str, ...]:
    """The state's slots: a game's match class declares them all itself."""
    return cast("tuple[str, ...]", cls.__dict__["__slots__"])


class Match:
    """The base of ``ChifootmiMatch``, ``FotbollMatch``, ``ChifoumiMatch``…"""

    __slots__ = ()
    copied: ClassVar[tuple[str, ...]] = ()
    """Slots holding containers that ``apply`` changes in place (copied by :meth:`clone`)."""

    def clone(self) -> Self:
        """An independent copy: applying decisions to it leaves this match as it is."""
        cls = type(self)
        twin = object.__new__(cls)
        for name in _slots(cls):
            setattr(twin, name, getattr(self, name))
        for name in cls.copied:
            setattr(twin, name, _copy(getattr(self, name)))
        return twin

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name)
                   for name in _slots(type(self)) if not name.startswith("_"))

    __hash__ = None  # type: ignore[assignment]

    def describe(self) -> str:
        """A few words on where the match stands, for :func:`repr`."""
        return ""

    def __repr__(self) -> str:
        words = self.describe()
        return f"<{type(self).__name__} {words}>" if words else f"<{type(self).__name__}>"
