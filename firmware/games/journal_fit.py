"""Whether a journal's ``console`` settings are ones the console itself writes.

The match-script reader checks a journal's header and replays every record through the engine,
but never sees the ``console`` object (``docs/formats/journal.md``): the seat at each pad, the
names the screens show, the move clock... A flaky card can leave a journal that parses and
replays, yet holds a pad seat no game has, a name no screen can word, or a move clock below
zero. Resumed, such a match crashes the console at its first screen (and the same offer comes
back at every start), or the clock plays for everyone. The resume offer is built only after
these checks: the platform's fields here (:func:`check_platform`), each game's own through its
``ConsoleEntry.check``, which uses the helpers below. :class:`Unfit` names the field, and the
journal is set aside with that one log line, as an unreadable one is.

What is checked is what will play: a CPU difficulty this version does not know is kept (it
plays as the easiest, ``CpuPlayers.bot``), and a field an older version did not write may be
absent (its default is what that version played).
"""
from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from hal.pad import MAX_PADS


class Unfit(ValueError):
    """A console field the game's start and menu never write; the message names the field."""


def mapping(console: Mapping[str, Any], name: str) -> dict[Any, Any]:
    """``console[name]`` when it is an object ({} when absent); :class:`Unfit` otherwise."""
    value = console.get(name, {})
    if not isinstance(value, dict):
        raise Unfit(f"console.{name} is not an object ({_short(value)})")
    return value


def seat_map(console: Mapping[str, Any], name: str, seats: Collection[str],
             allowed: Collection[str] | None = None) -> dict[str, str]:
    """``console[name]`` as seat -> non-empty text, every key a seat of the match and every
    value one of ``allowed`` (any text when None)."""
    value = mapping(console, name)
    for seat, item in value.items():
        if seat not in seats:
            raise Unfit(f"console.{name} names {_short(seat)}, not a seat of this match "
                        f"({', '.join(seats)})")
        if not isinstance(item, str) or not item or (allowed is not None and item not in allowed):
            raise Unfit(f"console.{name}.{seat} is {_short(item)}, not one the console writes")
    return value


def check_names(console: Mapping[str, Any], seats: Sequence[str]) -> None:
    """``names``: what each seat's screens call its opponent, an i18n key the console writes
    (``cpu``, or a team's ``team.<seat>``): anything else has no words to show."""
    seat_map(console, "names", seats, {"cpu", *("team." + seat for seat in seats)})


def check_choice(console: Mapping[str, Any], name: str, allowed: Collection[Any]) -> None:
    """``console[name]``, when present, one of the menu's values (``true`` is not ``1``)."""
    if name not in console:
        return
    value = console[name]
    plain = isinstance(value, int | str) or (isinstance(value, float) and math.isfinite(value))
    if isinstance(value, bool) or not plain or value not in allowed:
        raise Unfit(f"console.{name} is {_short(value)}, not one of the menu's "
                    f"({', '.join(map(str, allowed))})")


def check_text(console: Mapping[str, Any], name: str) -> None:
    """``console[name]``, when present, a non-empty text (e.g. a difficulty kept for the record)."""
    value = console.get(name, "x")
    if not isinstance(value, str) or not value:
        raise Unfit(f"console.{name} is {_short(value)}, not a text")


def check_platform(console: Mapping[str, Any], seats: Sequence[str]) -> None:
    """The fields every game's journal may hold, kept by the console rather than by the game:
    ``cpus`` (seat -> difficulty; at least one seat is a person's, as the menu allows),
    ``people`` (seat -> a name chosen on the pads), ``tournament`` (a fixture's number),
    ``cpu_secret`` (text; absent in older journals), ``seated`` (the seat at each pad, "" for
    none, when the pad that started the match took a person's seat)."""
    cpus = seat_map(console, "cpus", seats)
    if seats and len(cpus) >= len(seats):
        raise Unfit("console.cpus gives every seat to a CPU: nobody plays this match")
    seat_map(console, "people", seats)
    fixture = console.get("tournament", 0)
    if isinstance(fixture, bool) or not isinstance(fixture, int) or fixture < 0:
        raise Unfit(f"console.tournament is {_short(fixture)}, not a fixture's number")
    secret = console.get("cpu_secret")
    if secret is not None and not isinstance(secret, str):
        raise Unfit(f"console.cpu_secret is {_short(secret)}, not a text")
    seated = console.get("seated", [])
    if (not isinstance(seated, list) or len(seated) > MAX_PADS
            or any(not isinstance(seat, str) or (seat and (seat not in seats or seated.count(seat) > 1))
                   for seat in seated)):
        raise Unfit(f"console.seated is {_short(seated)}, not the seat at each pad")


def check_pads(console: Mapping[str, Any], seats: Sequence[str]) -> None:
    """``pads``, when present: the seat at each pad (pad 1 first), distinct seats of the match."""
    if "pads" not in console:
        return
    pads = console["pads"]
    if not isinstance(pads, list) or len(pads) > len(seats):
        raise Unfit(f"console.pads is {_short(pads)}, not a list of this match's seats")
    for seat in pads:
        if not isinstance(seat, str) or seat not in seats or pads.count(seat) > 1:
            raise Unfit(f"console.pads holds {_short(seat)}, not a seat of this match "
                        f"({', '.join(seats)}) once")


def _short(value: Any) -> str:
    """A value for a log line: its JSON-ish text, cut short (a journal may hold anything)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
