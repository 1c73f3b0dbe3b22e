"""A game's options as one dataclass, from which the commands build their flags.

Each game declares its match options once (:class:`GameOptions`, in its firmware folder): a
frozen dataclass whose fields become ``pitchpad match`` and ``pitchpad sim`` flags
(``level`` -> ``--level``, ``half_steps`` -> ``--half-steps``; a ``tuple[str, ...]`` field is a
flag given once per value, ``--option fast --option short``). Its :meth:`GameOptions.setup`
is the match script's set-up the options mean (checked by the game's own ``parse_script``), and
:meth:`GameOptions.settings` the console settings a headless ``pitchpad sim`` plays them with.

Several games may share a flag (``--option``): the flag takes the values of all of them and
each game checks its own, so a value only another game knows is refused by the game played,
with its own list (``unknown option 'short' (fast)``). A flag of another game is refused by
name (``tag has no --level``).

>>> from dataclasses import dataclass, field
>>> @dataclass(frozen=True)
... class Tag(GameOptions):
...     rounds: int | None = option(None, "rounds to play (3 unless given)", choices=(1, 3, 5))
...     option: tuple[str, ...] = option((), "a rule option", choices=("fast",))
>>> [(flag.flag, flag.choices, flag.many) for flag in Tag.flags()]
[('--rounds', (1, 3, 5), False), ('--option', ('fast',), True)]
>>> Tag.from_values({"rounds": 5, "option": None})
Tag(rounds=5, option=())
"""
from __future__ import annotations

import argparse
import dataclasses
import types
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, get_type_hints

from engine.protocol import JSONObject


def option(default: Any, help: str, *, choices: Sequence[Any] | None = None) -> Any:
    """A field of a :class:`GameOptions`: its default, its help line, the values it takes."""
    return dataclasses.field(default=default, metadata={"help": help, "choices": tuple(choices or ())})


@dataclasses.dataclass(frozen=True)
class Flag:
    """One command-line flag a game's options give."""

    name: str
    """The field's name; the flag is ``--`` and the name with ``-`` for ``_``."""
    help: str
    choices: tuple[Any, ...]
    many: bool
    """Given once per value (a ``tuple`` field)."""
    kind: type

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


@dataclasses.dataclass(frozen=True)
class GameOptions:
    """The base of a game's options; a subclass adds its fields with :func:`option`."""

    game: ClassVar[str] = ""
    """The game these options are for (set by the subclass)."""

    @classmethod
    def flags(cls) -> tuple[Flag, ...]:
        hints = get_type_hints(cls)
        found = []
        for field in dataclasses.fields(cls):
            hint = hints[field.name]
            if isinstance(hint, types.UnionType):           # ``int | None``: None is "not given"
                hint = next(arg for arg in hint.__args__ if arg is not type(None))
            many = getattr(hint, "__origin__", None) is tuple
            kind = hint.__args__[0] if many else hint
            found.append(Flag(field.name, field.metadata.get("help", ""), field.metadata.get("choices", ()),
                              many, kind))
        return tuple(found)

    @classmethod
    def from_values(cls, values: Mapping[str, Any]) -> GameOptions:
        """The options from parsed flag values (None: not given, the default)."""
        given = {name: tuple(value) if isinstance(value, list) else value
                 for name, value in values.items() if value is not None}
        return cls(**given)

    def setup(self) -> JSONObject:
        """The match script's set-up these options mean (all but ``game``, ``seed``, ``turns``)."""
        raise NotImplementedError

    def settings(self, settings: Any) -> Any:
        """The game's console settings (its entry's dataclass) with these options, for a
        headless ``pitchpad sim``; by default unchanged. ``ValueError`` (said in one line) for
        an option the console's settings cannot hold."""
        return settings


def add_flags(parser: argparse.ArgumentParser, options: Iterable[type[GameOptions]]) -> None:
    """Every game's option flags on ``parser``, merged by name (their choices joined); each
    flag's value is None unless given."""
    merged: dict[str, list[tuple[str, Flag]]] = {}
    for cls in options:
        for flag in cls.flags():
            merged.setdefault(flag.name, []).append((cls.game, flag))
    for name, uses in merged.items():
        first = uses[0][1]
        if any(flag.many != first.many or flag.kind is not first.kind for _, flag in uses):
            raise TypeError(f"games disagree on the kind of --{name}: {[game for game, _ in uses]}")
        choices = tuple(dict.fromkeys(value for _, flag in uses for value in flag.choices))
        games = ", ".join(game for game, _ in uses)
        helps = "; ".join(dict.fromkeys(f"{flag.help}" for _, flag in uses))
        parser.add_argument(first.flag, dest=name, type=first.kind, default=None,
                            action="append" if first.many else "store",
                            choices=choices or None, help=f"{helps} ({games})")


def options_of(cls: type[GameOptions], args: argparse.Namespace,
               every: Iterable[type[GameOptions]]) -> GameOptions:
    """Game ``cls``'s options from parsed flags; ``ValueError`` naming a flag of another game."""
    own = {flag.name for flag in cls.flags()}
    for other in every:
        for flag in other.flags():
            if flag.name not in own and getattr(args, flag.name, None) is not None:
                raise ValueError(f"{cls.game} has no {flag.flag}")
    return cls.from_values({name: getattr(args, name, None) for name in own})
