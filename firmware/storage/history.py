"""The results history: one JSON line per finished match (an abandoned one too, marked
``"abandoned": true``), and the menu's stats from it.

One append per match (about 150 bytes). The file is kept bounded: when it grows past
:data:`MAX_BYTES` it is rewritten with its last :data:`KEEP` lines, atomically
(``firmware.storage.durable``), so a café unit's card sees a rewrite every few hundred
matches at most. Each append starts on a fresh line, so a line torn by a power cut never
swallows the next result; unreadable lines are skipped: stats are a nicety, never a reason
to fail.
"""
from __future__ import annotations

import json
import logging
import os
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from firmware.storage import durable
from firmware.storage.json_input import read_json

FILE_NAME = "results.jsonl"
KEEP = 500
MAX_BYTES = 128 * 1024
RECENT_BYTES = 16 * 1024
log = logging.getLogger("pitchpad.history")


@dataclass(frozen=True)
class Result:
    """One finished match."""

    date: str
    game: str
    level: str
    score: Mapping[str, Any]
    """Per seat, as the game's summary gives it: goals (``score``) or ``points``."""
    winner: str | None
    """The summary's winner: a seat, or a game's own word (a team, ``draw``, ``shared``)."""
    players: Mapping[str, str]
    """Who sat where: ``"human"`` or ``"cpu:<difficulty>"``."""
    shootout: Mapping[str, int] | None = None
    match: str = ""
    """The match's identity (start time and seed), so a result is never counted twice."""
    people: Mapping[str, str] | None = None
    """The names chosen on the pads (``firmware.storage.roster``), by seat; guests are absent."""
    abandoned: bool = False
    """The match ended without a result (left from the pads, or nobody played it): ``score``
    is where it stood, ``winner`` None. Written as ``"abandoned": true`` (absent otherwise)."""

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"date": self.date, "game": self.game, "level": self.level,
               "score": dict(self.score), "shootout": None if self.shootout is None else dict(self.shootout),
               "winner": self.winner, "players": dict(self.players), "match": self.match}
        if self.people:
            doc["people"] = dict(self.people)
        if self.abandoned:
            doc["abandoned"] = True
        return doc


DRAWS = ("draw", "shared")
"""Winners that are no one's win: a draw (Chifoumi 4 players), a tie at the top (3 players)."""
ABANDONED = "abandoned"
"""A match nobody finished (left from the pads, or no press for ten minutes): its results line
says ``"abandoned": true`` (or has ``abandoned`` as its winner); it is nobody's win."""


@dataclass(frozen=True)
class GameStats:
    """One game's figures on this console."""

    game: str
    played: int = 0
    wins: Mapping[str, int] = field(default_factory=dict)
    """Matches between people only: wins per winning seat (or team, ``white+black``)."""
    vs_cpu: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    """Per CPU difficulty: (matches a person won, matches the CPUs won)."""
    draws: int = 0
    abandoned: int = 0


@dataclass(frozen=True)
class Stats:
    """The results history's figures, per game (in the order the games first appear)."""

    played: int = 0
    games: Mapping[str, GameStats] = field(default_factory=dict)

    @property
    def wins(self) -> dict[str, int]:
        """Wins per seat between people, every game pooled."""
        pooled: Counter[str] = Counter()
        for each in self.games.values():
            pooled.update(each.wins)
        return dict(pooled)

    @property
    def vs_cpu(self) -> dict[str, tuple[int, int]]:
        """(person, CPU) wins per CPU difficulty, every game pooled."""
        pooled: dict[str, tuple[int, int]] = {}
        for each in self.games.values():
            for difficulty, (person, cpu) in each.vs_cpu.items():
                before = pooled.get(difficulty, (0, 0))
                pooled[difficulty] = (before[0] + person, before[1] + cpu)
        return pooled


def record(state_dir: str | Path, result: Result) -> bool:
    """Append one result durably; never raises (a full card must not stop the console).

    False when the card refused it (logged once, "SD!" shown): the caller keeps the match's
    journal so the result can be recorded later. A result already in the file (same
    ``match``) is not written twice: a power cut after the append but before the journal
    was removed records it again at the next boot.
    """
    folder = Path(state_dir)
    path = folder / FILE_NAME
    line = (json.dumps(result.to_json(), separators=(",", ":"), ensure_ascii=False) + "\n").encode()
    if result.match and result.match in _recent_matches(path):
        return True
    if not durable.append(path, line):
        return False
    try:
        if path.stat().st_size > MAX_BYTES:
            _trim(path)
    except OSError as exc:
        log.warning("cannot trim %s (%s)", path, exc.strerror)
    return True


def _recent_matches(path: Path) -> set[str]:
    """The ``match`` of every readable line among the last few KiB (the last dozens of results)."""
    try:
        with open(path, "rb") as results:
            results.seek(max(0, os.fstat(results.fileno()).st_size - RECENT_BYTES))
            tail = results.read()
    except OSError:
        return set()
    return {str(obj.get("match")) for obj in _records(tail) if obj.get("match")}


def _trim(path: Path) -> None:
    kept = path.read_bytes().splitlines(keepends=True)[-KEEP:]
    durable.replace(path, b"".join(line if line.endswith(b"\n") else line + b"\n" for line in kept))


def _records(raw: bytes) -> list[dict[str, Any]]:
    """Every line of ``raw`` that is a JSON object; a torn or garbled line is skipped."""
    results = []
    for line in raw.split(b"\n"):
        try:
            obj = read_json(line)
        except ValueError:
            continue
        if isinstance(obj, dict):
            results.append(obj)
    return results


def read(state_dir: str | Path) -> list[dict[str, Any]]:
    """Every readable result line, oldest first; unreadable lines are skipped."""
    try:
        raw = (Path(state_dir) / FILE_NAME).read_bytes()
    except OSError:
        return []
    return _records(raw)


def stats(state_dir: str | Path) -> Stats:
    """Matches played, and per game: wins between people, wins per CPU difficulty, draws and
    abandoned matches (a line with fields it cannot read still counts as played)."""
    results = read(state_dir)
    games: dict[str, _Tally] = {}
    for result in results:
        game = result.get("game")
        tally = games.setdefault(game if isinstance(game, str) else "?", _Tally())
        tally.add(result)
    return Stats(len(results), {name: tally.stats(name) for name, tally in games.items()})


@dataclass
class _Tally:
    played: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    vs_cpu: dict[str, tuple[int, int]] = field(default_factory=dict)
    draws: int = 0
    abandoned: int = 0

    def add(self, result: Mapping[str, Any]) -> None:
        self.played += 1
        winner = result.get("winner")
        if result.get("abandoned") is True or winner == ABANDONED:
            self.abandoned += 1
            return
        if winner is None or winner in DRAWS:
            self.draws += 1
            return
        players = result.get("players")
        if not isinstance(players, dict) or not isinstance(winner, str):
            return
        winners = winner.split("+")
        if not set(winners) <= set(players):
            return
        cpus = {seat: str(who)[4:] for seat, who in players.items() if str(who).startswith("cpu:")}
        if not cpus:
            self.wins[winner] += 1
        elif len(cpus) < len(players):          # people against the CPU (all at one difficulty)
            difficulty = sorted(set(cpus.values()))[0]
            person, cpu = self.vs_cpu.get(difficulty, (0, 0))
            self.vs_cpu[difficulty] = ((person, cpu + 1) if set(winners) <= set(cpus)
                                       else (person + 1, cpu))

    def stats(self, game: str) -> GameStats:
        return GameStats(game, self.played, dict(self.wins), dict(self.vs_cpu), self.draws,
                         self.abandoned)
