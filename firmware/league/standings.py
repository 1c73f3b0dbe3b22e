"""The league's SQLite file: every result once, the standings per game, the live scores.

A result is inserted under its id (the primary key): a redelivered or resent result changes
nothing. The standings are updated in the same transaction as the insert, so they always agree
with the results. A match counts in the standings only when every seat is a named player (a
guest or a CPU seat makes it a friendly: it is listed under the recent results, nothing more).
Points: 3 for a win, 1 for a draw. WAL mode: the page reads while a result is written.
"""
from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from firmware.club.messages import Live, Result

POINTS = {"win": 3, "draw": 1, "loss": 0}
RECENT = 20
SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    id TEXT PRIMARY KEY, club TEXT NOT NULL, tbl TEXT NOT NULL, game TEXT NOT NULL,
    finished TEXT NOT NULL, received REAL NOT NULL, ranked INTEGER NOT NULL, doc TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS results_received ON results (received);
CREATE TABLE IF NOT EXISTS standings (
    game TEXT NOT NULL, name TEXT NOT NULL, played INTEGER NOT NULL DEFAULT 0,
    won INTEGER NOT NULL DEFAULT 0, drawn INTEGER NOT NULL DEFAULT 0,
    lost INTEGER NOT NULL DEFAULT 0, scored REAL NOT NULL DEFAULT 0,
    conceded REAL NOT NULL DEFAULT 0, points INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game, name));
CREATE TABLE IF NOT EXISTS live (
    tbl TEXT PRIMARY KEY, club TEXT NOT NULL, doc TEXT NOT NULL, updated REAL NOT NULL);
"""


class League:
    """The standings store; one writer (the MQTT thread), any number of readers (the page)."""

    def __init__(self, path: str | Path, *, clock: Callable[[], float] = time.time) -> None:
        self.path = str(path)
        self.clock = clock
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.executescript(SCHEMA)
        self._lock = threading.Lock()
        self.changed = threading.Condition()
        self.version = 0
        """Bumped on every change the page shows; the page's event stream waits on it."""
        self.ignored = 0
        self.streams = 0
        """Pages following the event stream now."""

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _bump(self) -> None:
        with self.changed:
            self.version += 1
            self.changed.notify_all()

    # ----- writing ------------------------------------------------------------------------------
    def add_result(self, club: str, table: str, result: Result) -> bool:
        """Record a result once; True when it was new."""
        ranked = all(p.ranked for p in result.players)
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                cursor = db.execute(
                    "INSERT OR IGNORE INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (result.id, club, table, result.game, result.finished, self.clock(),
                     int(ranked), json.dumps(result.to_json(), ensure_ascii=False)))
                new = cursor.rowcount == 1
                if new and ranked:
                    for player in result.players:
                        others = [p.score for p in result.players if p is not player]
                        outcome = player.outcome or "draw"
                        db.execute(
                            "INSERT INTO standings (game, name) VALUES (?, ?) "
                            "ON CONFLICT (game, name) DO NOTHING", (result.game, player.name))
                        db.execute(
                            "UPDATE standings SET played = played + 1, won = won + ?, "
                            "drawn = drawn + ?, lost = lost + ?, scored = scored + ?, "
                            "conceded = conceded + ?, points = points + ? "
                            "WHERE game = ? AND name = ?",
                            (outcome == "win", outcome == "draw", outcome == "loss",
                             player.score, max(others), POINTS[outcome], result.game, player.name))
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
        if new:
            self._bump()
        return new

    def set_live(self, club: str, table: str, live: Live | None) -> None:
        with self._lock:
            if live is None:
                self._db.execute("DELETE FROM live WHERE tbl = ?", (table,))
            else:
                self._db.execute("INSERT OR REPLACE INTO live VALUES (?, ?, ?, ?)",
                                 (table, club, json.dumps(live.to_json(), ensure_ascii=False),
                                  self.clock()))
        self._bump()

    def note_ignored(self) -> None:
        self.ignored += 1
        self._bump()

    # ----- reading ------------------------------------------------------------------------------
    def count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM results").fetchone()[0])

    def standings(self) -> dict[str, list[dict[str, Any]]]:
        """Per game, best first: points, then wins, then goal (or point) difference, then name."""
        with self._lock:
            rows = self._db.execute(
                "SELECT game, name, played, won, drawn, lost, scored, conceded, points "
                "FROM standings ORDER BY game, points DESC, won DESC, "
                "scored - conceded DESC, name").fetchall()
        games: dict[str, list[dict[str, Any]]] = {}
        for game, name, played, won, drawn, lost, scored, conceded, points in rows:
            games.setdefault(game, []).append({
                "name": name, "played": played, "won": won, "drawn": drawn, "lost": lost,
                "scored": _number(scored), "conceded": _number(conceded), "points": points})
        return games

    def recent(self, count: int = RECENT) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT tbl, doc, ranked FROM results ORDER BY received DESC, rowid DESC LIMIT ?",
                (count,)).fetchall()
        return [{"table": table, "ranked": bool(ranked), **json.loads(doc)}
                for table, doc, ranked in rows]

    def live(self) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT tbl, doc, updated FROM live ORDER BY tbl").fetchall()
        return [{"table": table, "updated": updated, **json.loads(doc)}
                for table, doc, updated in rows]

    def snapshot(self, club: str) -> dict[str, Any]:
        """Everything the page shows, as one JSON document."""
        return {"club": club, "version": self.version, "standings": self.standings(),
                "recent": self.recent(), "live": self.live(), "ignored": self.ignored}


def _number(value: float) -> float | int:
    return int(value) if value == int(value) else value
