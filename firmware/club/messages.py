"""What a unit tells the club's broker, and how the league reads it back.

Topics (one club per broker; a region's broker bridges several clubs under the same names)::

    pitchpad/<club>/<table>/result   a finished match, QoS 1, never retained
    pitchpad/<club>/<table>/live     the score of the match on now, QoS 1, retained;
                                     an empty retained payload: nothing on now
    pitchpad/<club>/<table>/ack      the league's receipt for a result (its ``id``), QoS 1

Each table's credentials may write only its own ``result`` and ``live`` and read only its own
``ack`` (``deploy/club/``), so the league trusts the topic, never the payload, for who sent it.

A result's ``id`` is the club, the table and the match's identity (start time and seed): the
same match published twice, by a retry or a redelivery, is one row in the league.

Names are checked here, on both sides: a club or table name is 1-32 of ``a-z 0-9 - _`` (so it
can never hold ``/``, ``+`` or ``#``); a player's name is ``guest``, ``cpu:<difficulty>`` or a
name a pad can type (letters, digits, '-' and spaces: never markup). A message is at most
:data:`MAX_PAYLOAD` bytes and :data:`MAX_DEPTH` levels deep, checked before it is parsed.
"""
from __future__ import annotations

import json
import re
from datetime import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from firmware.storage.roster import valid

ROOT = "pitchpad"
VERSION = 1
NAME_RE = re.compile(r"^[a-z0-9_-]{1,32}$")
GUEST = "guest"
"""The name of a seat nobody chose a name for; a guest's matches count in no standings."""
OUTCOMES = ("win", "draw", "loss")
MAX_PLAYER_NAME = 12
KINDS = ("result", "live", "ack")


class BadMessage(ValueError):
    """A message the league cannot use: it is set aside, logged in one line and acknowledged.
    ``ident``: the result's id, when it could be read (the table gets its receipt all the same:
    sending it again would not change the answer)."""

    ident: str | None = None


def check_name(what: str, name: str) -> str:
    if not isinstance(name, str) or not NAME_RE.match(name):
        raise ValueError(f"{what} {name!r}: use 1 to 32 of a-z, 0-9, '-' and '_'")
    return name


def topic(club: str, table: str, kind: str) -> str:
    assert kind in KINDS
    return f"{ROOT}/{check_name('club', club)}/{check_name('table', table)}/{kind}"


def players_topic(club: str) -> str:
    """Where the league publishes the club's list of players (retained), which the units offer
    on their pads: ``{"v": 1, "names": [...]}``."""
    return f"{ROOT}/{check_name('club', club)}/players"


def parse_topic(name: str) -> tuple[str, str, str]:
    """``(club, table, kind)`` of a topic, or :class:`BadMessage`."""
    parts = name.split("/")
    if len(parts) != 4 or parts[0] != ROOT or parts[3] not in KINDS:
        raise BadMessage(f"not a PitchPad topic: {name!r}")
    try:
        return check_name("club", parts[1]), check_name("table", parts[2]), parts[3]
    except ValueError as exc:
        raise BadMessage(str(exc)) from None


@dataclass(frozen=True)
class Player:
    """One seat of a match as the league shows it."""

    seat: str
    name: str
    """A name chosen on the unit, ``guest``, or ``cpu:<difficulty>`` (counts in no standings)."""
    score: float
    outcome: str | None = None
    """``win``, ``draw`` or ``loss`` once the match is over."""

    @property
    def ranked(self) -> bool:
        return self.name != GUEST and not self.name.startswith("cpu:")

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"seat": self.seat, "name": self.name, "score": self.score}
        if self.outcome is not None:
            doc["outcome"] = self.outcome
        return doc


@dataclass(frozen=True)
class Result:
    """A finished match, as published under ``.../result``."""

    id: str
    game: str
    level: str
    finished: str
    """Local ISO time the match ended (the unit's clock: shown, never trusted for order)."""
    players: tuple[Player, ...]
    shootout: Mapping[str, int] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"v": VERSION, "id": self.id, "game": self.game, "level": self.level,
                "finished": self.finished, "players": [p.to_json() for p in self.players],
                "shootout": None if self.shootout is None else dict(self.shootout)}

    def payload(self) -> bytes:
        return _dump(self.to_json())


@dataclass(frozen=True)
class Live:
    """The match on now at a table (``.../live``, retained)."""

    game: str
    players: tuple[Player, ...]
    started: str

    def to_json(self) -> dict[str, Any]:
        return {"v": VERSION, "game": self.game, "started": self.started,
                "players": [p.to_json() for p in self.players]}

    def payload(self) -> bytes:
        return _dump(self.to_json())


def _dump(doc: Mapping[str, Any]) -> bytes:
    return json.dumps(doc, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def shootout_score(result: Mapping[str, Any]) -> str:
    """A result's shoot-out (``"5-4"``) in the order of its players, as the unit reads it out;
    "" when there was none. Never in the shoot-out's own key order: the league keeps its
    documents with sorted keys (blue before red)."""
    shootout = result.get("shootout")
    if not shootout:
        return ""
    return "-".join(str(shootout.get(player["seat"], 0)) for player in result["players"])


def outcomes(seats: Sequence[str], winner: str | None) -> dict[str, str]:
    """Each seat's outcome from a game summary's ``winner``: a seat; a team of seats joined by
    ``+`` (Chifoumi for four); ``draw``, ``shared`` (a tie at the top) or None: a draw."""
    winners = set(winner.split("+")) if winner else set()
    if not winners & set(seats):
        return {seat: "draw" for seat in seats}
    return {seat: "win" if seat in winners else "loss" for seat in seats}


# ----- reading (the league) -------------------------------------------------------------------
MAX_PAYLOAD = 4096
"""The longest result or live message the league parses (a real one is a few hundred bytes);
anything longer is refused before it is parsed. The broker's own limit is above it
(``max_packet_size`` in ``deploy/club/setup-broker.sh``)."""
MAX_DEPTH = 4
"""The deepest nesting a message has (the document, its players, a player): deeper is refused
before it is parsed, so no payload can make the parser recurse."""
LEVEL_RE = re.compile(r"^[a-z0-9+_-]{0,24}$")
TIME_RE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?$")


def local_time(text: str) -> datetime | None:
    """The local time ``YYYY-MM-DDTHH:MM[:SS]`` says, or None when it is not one (the form,
    and a real date and time: no month 13, no 99:99)."""
    if not TIME_RE.match(text):
        return None
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None
CPU_RE = re.compile(r"^cpu:[a-z0-9_-]{1,12}$")


def nesting(payload: bytes, deepest: int) -> int:
    """How deep ``payload``'s JSON nests, counted without parsing it, up to ``deepest + 1``
    (a bracket inside a string does not count)."""
    depth = worst = 0
    in_string = escaped = False
    for byte in payload:
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:                    # backslash
                escaped = True
            elif byte == 0x22:                    # closing quote
                in_string = False
        elif byte == 0x22:
            in_string = True
        elif byte in (0x5B, 0x7B):                # [ {
            depth += 1
            if depth > worst:
                worst = depth
                if worst > deepest:
                    return worst
        elif byte in (0x5D, 0x7D):
            depth -= 1
    return worst


def _obj(payload: bytes) -> dict[str, Any]:
    if len(payload) > MAX_PAYLOAD:
        raise BadMessage(f"{len(payload)} bytes: longer than the {MAX_PAYLOAD} a message may have")
    if nesting(payload, MAX_DEPTH) > MAX_DEPTH:
        raise BadMessage(f"nested deeper than the {MAX_DEPTH} levels a message has")
    try:
        doc = json.loads(payload.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise BadMessage(f"not JSON ({exc})") from None
    if not isinstance(doc, dict):
        raise BadMessage("not a JSON object")
    if doc.get("v") != VERSION:
        raise BadMessage(f"unknown version {doc.get('v')!r}")
    return doc


def _text(doc: Mapping[str, Any], key: str, longest: int = 64) -> str:
    value = doc.get(key)
    if not isinstance(value, str) or not value or len(value) > longest or not value.isprintable():
        raise BadMessage(f"{key}: {value!r} is not a short text")
    return value


def player_name(name: str) -> bool:
    """A name a seat may have: ``guest``, ``cpu:<difficulty>``, or a name a pad can type and
    a screen can draw (``firmware.storage.roster``: letters, digits, '-' and spaces)."""
    return name == GUEST or bool(CPU_RE.match(name)) or valid(name)


def _players(doc: Mapping[str, Any], over: bool) -> tuple[Player, ...]:
    raw = doc.get("players")
    if not isinstance(raw, list) or not 2 <= len(raw) <= 4:
        raise BadMessage("players: 2 to 4 seats expected")
    players = []
    for item in raw:
        if not isinstance(item, dict):
            raise BadMessage("players: each seat is an object")
        seat = _text(item, "seat", 16)
        if not NAME_RE.match(seat):
            raise BadMessage(f"players: seat {seat!r} is not a seat's name")
        name = _text(item, "name", MAX_PLAYER_NAME)
        if not player_name(name):
            raise BadMessage(f"players: {seat}: the name {name!r} is not one a pad can type")
        score = item.get("score")
        if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0 <= score < 1000:
            raise BadMessage(f"players: {seat}: score {score!r}")
        outcome = item.get("outcome")
        if over and outcome not in OUTCOMES:
            raise BadMessage(f"players: {seat}: outcome {outcome!r}")
        players.append(Player(seat, name, score, outcome if over else None))
    if len({p.seat for p in players}) != len(players):
        raise BadMessage("players: a seat twice")
    people = [p.name.casefold() for p in players if p.ranked]
    if len(set(people)) != len(people):
        raise BadMessage("players: the same name on two seats")
    return tuple(players)


def read_result(payload: bytes, club: str, table: str) -> Result:
    """A result message, checked; its id must be of the club and table it was published under.
    Whether its game is one the league knows, and its outcomes follow that game's rules, is
    :mod:`firmware.league.rules`'s to say."""
    doc = _obj(payload)
    ident = _text(doc, "id", 160)
    if not ident.startswith(f"{club}/{table}/"):
        raise BadMessage(f"id {ident!r} is not of {club}/{table}")
    try:
        return _result(doc, ident)
    except BadMessage as exc:
        exc.ident = ident
        raise


def _result(doc: Mapping[str, Any], ident: str) -> Result:
    shootout = doc.get("shootout")
    if shootout is not None and not (isinstance(shootout, dict) and 2 <= len(shootout) <= 4 and all(
            isinstance(k, str) and NAME_RE.match(k) and isinstance(v, int) and not isinstance(v, bool)
            and 0 <= v < 1000 for k, v in shootout.items())):
        raise BadMessage("shootout: not a score")
    level = doc.get("level", "")
    if not isinstance(level, str) or not LEVEL_RE.match(level):
        raise BadMessage(f"level: {level!r} is not a level")
    finished = _text(doc, "finished", 40)
    if local_time(finished) is None:
        raise BadMessage(f"finished: {finished!r} is not a local time (YYYY-MM-DDTHH:MM:SS)")
    game = _text(doc, "game", 32)
    if not NAME_RE.match(game):
        raise BadMessage(f"game: {game!r} is not a game's name")
    return Result(ident, game, level, finished, _players(doc, over=True), shootout)


def read_live(payload: bytes) -> Live:
    doc = _obj(payload)
    game = _text(doc, "game", 32)
    if not NAME_RE.match(game):
        raise BadMessage(f"game: {game!r} is not a game's name")
    started = doc.get("started", "")
    if not isinstance(started, str) or started and local_time(started) is None:
        raise BadMessage(f"started: {started!r} is not a local time")
    return Live(game, _players(doc, over=False), started)


def read_ack(payload: bytes) -> str:
    if len(payload) > MAX_PAYLOAD or nesting(payload, MAX_DEPTH) > MAX_DEPTH:
        raise BadMessage("not an ack")
    try:
        doc = json.loads(payload.decode("utf-8"))
        ident = doc["id"]
    except (UnicodeDecodeError, ValueError, TypeError, KeyError, RecursionError):
        raise BadMessage("not an ack") from None
    if not isinstance(ident, str):
        raise BadMessage("not an ack")
    return ident


def ack_payload(ident: str) -> bytes:
    return _dump({"v": VERSION, "id": ident})
