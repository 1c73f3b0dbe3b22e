"""The base of every game's events: typed, immutable, cheap to make, one ``to_json``.

An event is something that happened, public to every seat, for screens to animate and for
``pitchpad replay`` to print. A game declares each kind as a subclass with its fields as
annotations and its ``name``:

>>> class Goal(Event):
...     '''A goal.'''
...     seat: str
...     red: int
...     blue: int
...     name = "goal"
>>> goal = Goal("red", 1, 0)
>>> goal.seat, goal
('red', Goal(seat='red', red=1, blue=0))
>>> goal.to_json()
{'event': 'goal', 'seat': 'red', 'red': 1, 'blue': 0}

A field may have a default (``count: int = 1``). One that is :data:`ABSENT` is left out of
the JSON line: events whose keys apply only sometimes (Simulator Soccer's ``?`` keys) say
so without a ``to_json`` of their own. A field named after a Python keyword or a method
of tuple ends in ``_`` (``in_``, ``count_``), and its key drops the ``_``.

>>> class Booked(Event):
...     '''A card; ``count`` only for a yellow.'''
...     seat: str
...     count_: int = ABSENT
...     name = "card"
>>> Booked("red").to_json(), Booked("blue", count_=2).to_json()
({'event': 'card', 'seat': 'red'}, {'event': 'card', 'seat': 'blue', 'count': 2})

Events are tuples underneath (like the NamedTuples they replace): immutable, compared by
value, and a hot path may build one with ``tuple.__new__(Goal, ("red", 1, 0))``, which skips
the Python-level constructor and costs a third of it (``bench/bench_engine.py``). Type
checkers see each subclass as a frozen dataclass (``dataclass_transform``), so a missing or
mistyped field is an error before anything runs.
"""
from __future__ import annotations

from operator import itemgetter
from typing import Any, ClassVar, dataclass_transform

__all__ = ["ABSENT", "Event"]


class _Absent:
    """The value of an optional field that does not apply: left out of ``to_json``."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "ABSENT"

    def __reduce__(self) -> str:
        return "ABSENT"


ABSENT: Any = _Absent()
"""A field left out of the event's JSON line (typed ``Any``: it may default any field)."""


def _own_fields(namespace: dict[str, Any]) -> tuple[str, ...]:
    """The annotated names of a class body that are fields (not ``ClassVar``)."""
    notes = namespace.get("__annotations__", {})
    return tuple(key for key, note in notes.items()
                 if not (isinstance(note, str) and note.startswith(("ClassVar", "typing.ClassVar"))))


@dataclass_transform(frozen_default=True)
class _EventType(type):
    """Makes an :class:`Event` subclass's annotated fields into tuple positions: a read-only
    property each and a ``__new__`` taking them in order."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any],
                **kwargs: Any) -> _EventType:
        fields: tuple[str, ...] = ()
        defaults: dict[str, Any] = {}
        for base in bases:
            fields += getattr(base, "fields", ())
            defaults.update(getattr(base, "_defaults", {}))
        own = _own_fields(namespace)
        for field in own:
            if field in namespace:
                defaults[field] = namespace.pop(field)
        fields += own
        namespace.setdefault("__slots__", ())
        for index, field in enumerate(fields):
            namespace[field] = property(itemgetter(index), doc=f"Field {index} of the event.")
        namespace["fields"] = fields
        namespace["keys"] = tuple(f[:-1] if f.endswith("_") else f for f in fields)
        namespace["_defaults"] = defaults
        namespace["__match_args__"] = fields
        if fields:
            scope: dict[str, Any] = {"_new": tuple.__new__}
            params = []
            for field in fields:
                if field in defaults:
                    scope[f"_default_{field}"] = defaults[field]
                    params.append(f"{field}=_default_{field}")
                elif params and "=" in params[-1]:
                    raise TypeError(f"{name}: field {field!r} without a default follows one with a default")
                else:
                    params.append(field)
            args = ", ".join(fields)
            exec(f"def __new__(cls, {', '.join(params)}):\n    return _new(cls, ({args},))\n", scope)
            namespace["__new__"] = scope["__new__"]
        return super().__new__(mcs, name, bases, namespace, **kwargs)


class Event(tuple[Any, ...], metaclass=_EventType):
    """What every event is: its ``name`` (the replay's ``"event"``), its ``fields`` in
    order, and :meth:`to_json`, the line ``pitchpad replay`` prints."""

    __slots__ = ()
    name: ClassVar[str] = "event"
    fields: ClassVar[tuple[str, ...]] = ()
    keys: ClassVar[tuple[str, ...]] = ()
    """The fields' JSON keys (a keyword's trailing ``_`` dropped)."""

    def to_json(self) -> dict[str, Any]:
        """``{"event": name, key: value, ...}``, :data:`ABSENT` fields left out; a game whose
        values are not JSON (cards) overrides :meth:`json_value`."""
        line: dict[str, Any] = {"event": self.name}
        convert = self.json_value
        for key, value in zip(self.keys, self):
            if value is not ABSENT:
                line[key] = convert(value)
        return line

    @staticmethod
    def json_value(value: Any) -> Any:
        """A field's value as the replay prints it."""
        return value

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    def __repr__(self) -> str:
        shown = ", ".join(f"{field}={value!r}" for field, value in zip(self.fields, self))
        return f"{type(self).__name__}({shown})"
