"""The results history: one JSON line per finished match, and the menu's stats from it.

One append per match (about 150 bytes). The file is kept bounded: when it grows past
:data:`MAX_BYTES` it is rewritten with its last :data:`KEEP` lines, atomically (temp file,
fsync, rename, fsync of the folder), so a café unit's card sees a rewrite every few hundred
matches at most. Unreadable lines are skipped: stats are a nicety, never a reason to fail.
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

FILE_NAME = "results.jsonl"
KEEP = 500
MAX_BYTES = 128 * 1024
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
    """The names chosen on the pads (``firmware.roster``), by seat; guests are absent."""

    def to_json(self) -> dict[str, Any]:
        doc = {"date": self.date, "game": self.game, "level": self.level,
               "score": dict(self.score), "shootout": None if self.shootout is None else dict(self.shootout),
               "winner": self.winner, "players": dict(self.players), "match": self.match}
        if self.people:
            doc["people"] = dict(self.people)
        return doc


@dataclass(frozen=True)
class Stats:
    played: int = 0
    wins: Mapping[str, int] = field(default_factory=dict)
    """Wins per seat in matches between people (any game; the stats page shows red/blue)."""
    vs_cpu: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    """Per CPU difficulty: (matches the person won, matches the CPU won)."""


def record(state_dir: str | Path, result: Result) -> None:
    """Append one result; never raises (a full card must not stop the console)."""
    folder = Path(state_dir)
    path = folder / FILE_NAME
    line = (json.dumps(result.to_json(), separators=(",", ":"), ensure_ascii=False) + "\n").encode()
    try:
        if result.match and _last_match(path) == result.match:
            return
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, line)
            os.fsync(fd)
            size = os.fstat(fd).st_size
        finally:
            os.close(fd)
        if size > MAX_BYTES:
            _trim(folder, path)
    except OSError as exc:
        log.warning("cannot record the result in %s (%s)", path, exc.strerror or exc)


def _last_match(path: Path) -> str | None:
    try:
        with open(path, "rb") as results:
            results.seek(max(0, os.fstat(results.fileno()).st_size - 1024))
            tail = results.read().splitlines()
        return json.loads(tail[-1]).get("match") if tail else None
    except FileNotFoundError:
        return None
    except (ValueError, AttributeError):
        return None


def _trim(folder: Path, path: Path) -> None:
    kept = path.read_bytes().splitlines(keepends=True)[-KEEP:]
    temp = folder / (FILE_NAME + ".tmp")
    with open(temp, "wb") as out:
        out.writelines(kept)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temp, path)
    directory = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def read(state_dir: str | Path) -> list[dict[str, Any]]:
    """Every readable result line, oldest first."""
    try:
        raw = (Path(state_dir) / FILE_NAME).read_bytes()
    except OSError:
        return []
    results = []
    for line in raw.splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict):
            results.append(obj)
    return results


def stats(state_dir: str | Path) -> Stats:
    """Matches played, wins per seat (two players) and per CPU difficulty (vs CPU)."""
    results = read(state_dir)
    wins: Counter[str] = Counter()
    vs_cpu: dict[str, tuple[int, int]] = {}
    for result in results:
        players = result.get("players")
        winner = result.get("winner")
        if not isinstance(players, dict) or not isinstance(winner, str) or winner not in players:
            continue
        cpus = {seat: who for seat, who in players.items() if str(who).startswith("cpu:")}
        if not cpus:
            wins[winner] += 1
        elif len(cpus) == 1:
            difficulty = next(iter(cpus.values()))[4:]
            person, cpu = vs_cpu.get(difficulty, (0, 0))
            vs_cpu[difficulty] = (person, cpu + 1) if winner in cpus else (person + 1, cpu)
    return Stats(len(results), dict(wins), vs_cpu)
