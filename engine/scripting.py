"""What every game's match script shares (``docs/formats/match-script.md``).

A script is a set-up plus the joint decisions in order; each game reads its own set-up and
choices, and all of them read the document, its seed, options and turns, a choice object and
a turn the same way and report errors alike, so ``pitchpad replay`` and the journal treat
every game alike (one copy of each check, here).

>>> doc = script_document({"game": "tag", "seed": 3, "options": {"fast": True}}, "tag", {"options"})
>>> script_seed(doc), script_options(doc, ("fast", "slow")), script_turns(doc)
(3, {'fast': True}, [])
>>> script_document({"game": "tag", "colour": 1}, "tag", ())
Traceback (most recent call last):
...
engine.scripting.ScriptError: document: unknown key 'colour'
>>> readers = {"say": str.upper, "wave": lambda hand: f"wave {hand}"}
>>> choice_by_key({"say": "hi"}, readers)
'HI'
>>> choice_by_key({"jump": 1}, readers)
Traceback (most recent call last):
...
ValueError: unknown choice 'jump' (say or wave)
>>> choice_by_key({"play": 3}, {"bid": int})
Traceback (most recent call last):
...
ValueError: unknown choice 'play' (bid)
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from .protocol import Choice

C = TypeVar("C", bound=Choice)
T = TypeVar("T")


class ScriptError(ValueError):
    """A match script that cannot be played; ``turn`` is the 0-based turn index or None."""

    def __init__(self, reason: str, turn: int | None = None) -> None:
        where = "document" if turn is None else f"turn {turn}"
        super().__init__(f"{where}: {reason}")
        self.turn = turn
        self.reason = reason


def parse_joint(obj: Any, index: int, seats: Sequence[str],
                read_choice: Callable[[Any], C]) -> dict[str, C]:
    """One turn of a script: the decision of each seat that decides, keyed by seat."""
    if not isinstance(obj, dict) or not obj:
        raise ScriptError("a turn is an object of choices keyed by seat", index)
    joint: dict[str, C] = {}
    for seat, choice in obj.items():
        if seat not in seats:
            raise ScriptError(f"unknown seat {seat!r} ({', '.join(seats)})", index)
        try:
            joint[seat] = read_choice(choice)
        except ValueError as exc:
            raise ScriptError(f"{seat}: {exc}", index) from None
    return joint


def joint_to_json(joint: Mapping[str, Choice]) -> dict[str, Any]:
    """A joint decision as a script turn, seats in alphabetical order."""
    return {seat: joint[seat].to_json() for seat in sorted(joint)}


def expect(ok: bool, reason: str, turn: int | None = None) -> None:
    """A script check: :class:`ScriptError` with ``reason`` unless ``ok``."""
    if not ok:
        raise ScriptError(reason, turn)


def script_document(doc: Any, game: str, keys: Collection[str]) -> dict[str, Any]:
    """The script object: a JSON object naming ``game`` whose keys are ``game``, ``seed``,
    ``turns`` and the game's set-up ``keys``."""
    if not isinstance(doc, dict):
        raise ScriptError("a match script is a JSON object")
    unknown = sorted(set(doc) - {"game", "seed", "turns", *keys})
    expect(not unknown, f"unknown key {unknown[0]!r}" if unknown else "")
    expect(doc.get("game") == game, f"game must be \"{game}\", not {doc.get('game')!r}")
    return doc


def script_seed(doc: Mapping[str, Any]) -> int:
    """The match seed (0 when left out)."""
    seed = doc.get("seed", 0)
    expect(isinstance(seed, int) and not isinstance(seed, bool), "seed must be an integer")
    return int(seed)


def script_turns(doc: Mapping[str, Any]) -> list[Any]:
    """The turns as the document has them (each read as it is played)."""
    turns = doc.get("turns", [])
    expect(isinstance(turns, list), "turns must be a list")
    return list(turns)


def script_options(doc: Mapping[str, Any], names: Sequence[str]) -> dict[str, bool]:
    """The ``options`` object: each one of ``names``, true or false (all left out: {})."""
    options = doc.get("options", {})
    expect(isinstance(options, dict), "options must be an object")
    for name, value in options.items():
        expect(name in names, f"unknown option {name!r} ({', '.join(names)})")
        expect(isinstance(value, bool), f"option {name} must be true or false")
    return dict(options)


class _Startable(Protocol):
    def start(self) -> Any: ...


S = TypeVar("S", bound=_Startable)


def started(script: S) -> S:
    """``script`` once its match starts: a set-up the rules refuse is a :class:`ScriptError`."""
    try:
        script.start()
    except ValueError as exc:
        raise ScriptError(str(exc)) from None
    return script


def choice_by_key(obj: Any, readers: Mapping[str, Callable[[Any], T]],
                  whole: Collection[str] = ()) -> T:
    """A choice in the match-script encoding: a non-empty object whose first key known to
    ``readers`` (in their order) says which choice it is. The reader of a key in ``whole``
    reads the whole object (a choice of several keys, which checks its own); any other key
    stands alone and its reader gets its value. ``ValueError`` when it is not a choice."""
    if not isinstance(obj, dict) or not obj:
        raise ValueError(f"a choice is an object, not {obj!r}")
    for key, reader in readers.items():
        if key not in obj:
            continue
        if key in whole:
            return reader(obj)
        if len(obj) != 1:
            raise ValueError(f"unknown key {sorted(set(obj) - {key})[0]!r} with {key!r}")
        return reader(obj[key])
    raise ValueError(f"unknown choice {sorted(obj)[0]!r} ({either(list(readers))})")


def either(names: Sequence[str]) -> str:
    """``names`` as one alternative: "play", "play or bid", "shoot, dive or draw".

    >>> either(["bid"]), either(["say", "wave"]), either(["a", "b", "c"])
    ('bid', 'say or wave', 'a, b or c')
    """
    return names[-1] if len(names) < 2 else f"{', '.join(names[:-1])} or {names[-1]}"


def only_keys(obj: Mapping[str, Any], allowed: Collection[str], what: str) -> None:
    """A choice object of several keys holds no other key than ``allowed``."""
    extra = sorted(set(obj) - set(allowed))
    if extra:
        raise ValueError(f"unknown key {extra[0]!r} in {what}")
