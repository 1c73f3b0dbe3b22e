"""The standings' arithmetic: a result counted in (or out of) its period's table, and every
period's tables made again from the results in one pass.

A row of the standings is (period, game, name): played, won, drawn, lost, scored, conceded
(the best score of the others: a goal difference with two seats, a gap to the best with more)
and points (3 a win, 1 a draw). Every function here runs inside the caller's transaction.
"""
from __future__ import annotations

import bisect
import json
import sqlite3
import time
from collections.abc import Iterable, Mapping
from typing import Any

POINTS = {"win": 3, "draw": 1, "loss": 0}
COLUMNS = ("played", "won", "drawn", "lost", "scored", "conceded", "points")


def month_of(when: float) -> str:
    return time.strftime("%Y-%m", time.localtime(when))


def lines(players: Iterable[Mapping[str, Any]]) -> list[tuple[str, tuple[float, ...]]]:
    """What a result adds to each of its players' rows: (name, the columns' increments)."""
    players = list(players)
    out: list[tuple[str, tuple[float, ...]]] = []
    for player in players:
        outcome = player.get("outcome") or "draw"
        best_other = max(p["score"] for p in players if p is not player)
        out.append((player["name"], (1, int(outcome == "win"), int(outcome == "draw"),
                                     int(outcome == "loss"), player["score"], best_other,
                                     POINTS[outcome])))
    return out


def count(db: sqlite3.Connection, period: str, game: str, players: Iterable[Mapping[str, Any]],
          sign: int) -> None:
    """One result in (``sign`` +1) or out (-1) of its period's table; a row left with nothing
    played goes."""
    for name, adds in lines(players):
        db.execute("INSERT INTO standings (period, game, name) VALUES (?, ?, ?) "
                   "ON CONFLICT (period, game, name) DO NOTHING", (period, game, name))
        db.execute("UPDATE standings SET " + ", ".join(f"{c} = {c} + ?" for c in COLUMNS)
                   + " WHERE period = ? AND game = ? AND name = ?",
                   (*(sign * value for value in adds), period, game, name))
    if sign < 0:
        db.execute("DELETE FROM standings WHERE period = ? AND game = ? AND played <= 0", (period, game))


class Periods:
    """Which period a result received at a time belongs to, from the ``periods`` table read
    once (the last period started at or before it; none: the whole league, "")."""

    def __init__(self, db: sqlite3.Connection) -> None:
        rows = db.execute("SELECT started, kind, name FROM periods ORDER BY started, id").fetchall()
        self.starts = [row[0] for row in rows]
        self.rows = rows

    def at(self, when: float) -> str:
        index = bisect.bisect_right(self.starts, when) - 1
        if index < 0:
            return ""
        _, kind, name = self.rows[index]
        return month_of(when) if kind == "monthly" else str(name)


def rebuild(db: sqlite3.Connection) -> None:
    """Every period's standings again from the results that count, in one pass (16,000
    results: a fraction of a second), each result's period set again as it goes."""
    periods = Periods(db)
    table: dict[tuple[str, str, str], list[float]] = {}
    moved: list[tuple[str, str]] = []
    for ident, received, doc, ranked, period in db.execute(
            "SELECT id, received, doc, ranked, period FROM results WHERE deleted = 0"):
        now = periods.at(received)
        if now != period:
            moved.append((now, ident))
        if ranked:
            result = json.loads(doc)
            for name, adds in lines(result["players"]):
                row = table.setdefault((now, result["game"], name), [0] * len(COLUMNS))
                for index, value in enumerate(adds):
                    row[index] += value
    db.executemany("UPDATE results SET period = ? WHERE id = ?", moved)
    db.execute("DELETE FROM standings")
    db.executemany(f"INSERT INTO standings (period, game, name, {', '.join(COLUMNS)}) "
                   f"VALUES (?, ?, ?, {', '.join('?' * len(COLUMNS))})",
                   [(*key, *values) for key, values in table.items()])
