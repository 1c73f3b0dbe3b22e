"""The league's SQLite file: every result once, the standings, the live scores, and what a
person running the league changed.

A result is inserted under its id (the primary key): a redelivered or resent result changes
nothing; the same id sent again with other scores is refused (:class:`Conflict`). A match counts
in the standings only when every seat is a named player (a guest or a CPU seat makes it a
friendly: it is listed under the results, nothing more). Points: 3 for a win, 1 for a draw.

The standings are kept per **period**: the whole league (no season started), a season a
person started (``pitchpad league admin season``), or a calendar month once a monthly ladder
is on. A result belongs to the period in force when it arrived. A new result updates its
period's standings in the same transaction as its insert; a person's change (a result
corrected or deleted, two spellings of a name merged, a season started) rebuilds them from the
results, in one transaction too, and is written to the audit trail with who made it.

Messages the league could not use are set aside in ``rejected`` (one row per distinct
message, with why and how often it came) for a person to read. The club's list of players
(``players``) is what the units offer on their pads. WAL mode: the page reads while a result
is written, and ``pitchpad league admin`` writes from another process while the league runs
(the running league sees the change through SQLite's ``data_version``).
"""
from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from engine.results import check, decide
from firmware.club.messages import BadMessage, Live, Result, player_name
from firmware.games.registry import game_named
from firmware.league import tally
from firmware.league.tally import month_of
from firmware.storage.roster import tidy

MONTH_RE = re.compile(r"^\d{4}-\d\d$")
"""A monthly ladder's period: its month."""
RECENT = 20
KEPT_PAYLOAD = 4096
"""How much of a set-aside message is kept (the league reads no more of one)."""
KEPT_PER_TABLE = 100
"""Distinct set-aside messages kept whole per table (at most 400 KiB of one table); past them a
table's messages are counted in one row, with the latest one's first :data:`SAMPLE` bytes."""
SAMPLE = 256
MORE = "more:"
"""The digest of a table's row of messages counted, not kept (``more:<table>``)."""
SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    id TEXT PRIMARY KEY, club TEXT NOT NULL, tbl TEXT NOT NULL, game TEXT NOT NULL,
    finished TEXT NOT NULL, received REAL NOT NULL, ranked INTEGER NOT NULL, doc TEXT NOT NULL,
    sent TEXT, deleted INTEGER NOT NULL DEFAULT 0, period TEXT NOT NULL DEFAULT '');
CREATE INDEX IF NOT EXISTS results_received ON results (received);
CREATE INDEX IF NOT EXISTS results_table ON results (tbl, received);
CREATE TABLE IF NOT EXISTS standings (
    period TEXT NOT NULL, game TEXT NOT NULL, name TEXT NOT NULL,
    played INTEGER NOT NULL DEFAULT 0, won INTEGER NOT NULL DEFAULT 0,
    drawn INTEGER NOT NULL DEFAULT 0, lost INTEGER NOT NULL DEFAULT 0,
    scored REAL NOT NULL DEFAULT 0, conceded REAL NOT NULL DEFAULT 0,
    points INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (period, game, name));
CREATE TABLE IF NOT EXISTS live (
    tbl TEXT PRIMARY KEY, club TEXT NOT NULL, doc TEXT NOT NULL, updated REAL NOT NULL);
CREATE TABLE IF NOT EXISTS rejected (
    id INTEGER PRIMARY KEY, digest TEXT UNIQUE NOT NULL, first REAL NOT NULL, last REAL NOT NULL,
    count INTEGER NOT NULL, tbl TEXT NOT NULL, topic TEXT NOT NULL, reason TEXT NOT NULL,
    payload BLOB NOT NULL, size INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS rejected_table ON rejected (tbl, last);
CREATE TABLE IF NOT EXISTS periods (
    id INTEGER PRIMARY KEY, kind TEXT NOT NULL, name TEXT NOT NULL, started REAL NOT NULL);
CREATE TABLE IF NOT EXISTS players (name TEXT PRIMARY KEY COLLATE NOCASE, added REAL NOT NULL);
CREATE TABLE IF NOT EXISTS audit (
    id INTEGER PRIMARY KEY, at REAL NOT NULL, who TEXT NOT NULL, action TEXT NOT NULL,
    detail TEXT NOT NULL);
"""


class Conflict(BadMessage):
    """A result id already recorded with other content."""


class AdminError(ValueError):
    """A person's change that cannot be made; the message says why, in one line."""


class League:
    """The store; one writer thread in the league (MQTT), readers (the page), and
    ``pitchpad league admin`` in its own process."""

    def __init__(self, path: str | Path, *, clock: Callable[[], float] = time.time) -> None:
        self.path = str(path)
        self.clock = clock
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None,
                                   timeout=10.0)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._lock = threading.RLock()
        self._migrate()
        self._db.executescript(SCHEMA)
        self.changed = threading.Condition()
        self.version = 0
        """Bumped on every change the page shows; the page's event stream follows it."""
        self.streams = 0
        """Pages following the event stream now."""
        self.listeners: list[Callable[[], None]] = []
        """Called (from the writing thread) after every change the page shows."""
        self._data_version = self._db.execute("PRAGMA data_version").fetchone()[0]

    def _migrate(self) -> None:
        """A file from before periods and corrections: add the columns; the standings are
        rebuilt from the results (they are derived)."""
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(results)")}
        if columns and "period" not in columns:
            for column in ("sent TEXT", "deleted INTEGER NOT NULL DEFAULT 0",
                           "period TEXT NOT NULL DEFAULT ''"):
                self._db.execute(f"ALTER TABLE results ADD COLUMN {column}")
            for ident, doc in self._db.execute("SELECT id, doc FROM results").fetchall():
                self._db.execute("UPDATE results SET doc = ?, sent = ? WHERE id = ?",
                                 (_json(json.loads(doc)), _json(json.loads(doc)), ident))
        standing = {row[1] for row in self._db.execute("PRAGMA table_info(standings)")}
        if standing and "period" not in standing:
            self._db.execute("DROP TABLE standings")
            self._db.executescript(SCHEMA)
            with self._write():
                self._rebuild()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _bump(self) -> None:
        with self.changed:
            self.version += 1
            self.changed.notify_all()
        for listener in list(self.listeners):
            listener()

    def _write(self) -> _Transaction:
        return _Transaction(self._db, self._lock)

    def outside_change(self) -> bool:
        """Whether another process (``pitchpad league admin``) changed the file since the last
        call; the page is then told, as for any change."""
        with self._lock:
            version = self._db.execute("PRAGMA data_version").fetchone()[0]
        if version == self._data_version:
            return False
        self._data_version = version
        self._bump()
        return True

    # ----- periods ------------------------------------------------------------------------------
    def _period_at(self, when: float) -> str:
        return tally.Periods(self._db).at(when)

    def period(self) -> dict[str, str]:
        """The period the page shows: ``{"kind": "all" | "season" | "monthly", "name": ...}``."""
        now = self.clock()
        with self._lock:
            row = self._db.execute("SELECT kind, name FROM periods WHERE started <= ? "
                                   "ORDER BY started DESC, id DESC LIMIT 1", (now,)).fetchone()
        if row is None:
            return {"kind": "all", "name": ""}
        kind, name = row
        return {"kind": kind, "name": month_of(now) if kind == "monthly" else name}

    def periods(self) -> list[str]:
        """Every period that has results, newest first."""
        with self._lock:
            rows = self._db.execute("SELECT period FROM results WHERE deleted = 0 GROUP BY period "
                                    "ORDER BY MAX(received) DESC").fetchall()
        return [row[0] for row in rows]

    # ----- writing ------------------------------------------------------------------------------
    def add_result(self, club: str, table: str, result: Result) -> bool:
        """Record a result once; True when it was new, False for a copy of one recorded.
        :class:`Conflict` when its id was recorded with other content."""
        ranked = all(p.ranked for p in result.players)
        doc = _json(result.to_json())
        with self._write() as db:
            received = self.clock()
            period = self._period_at(received)
            cursor = db.execute(
                "INSERT OR IGNORE INTO results (id, club, tbl, game, finished, received, ranked, "
                "doc, sent, period) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (result.id, club, table, result.game, result.finished, received, int(ranked),
                 doc, doc, period))
            new = cursor.rowcount == 1
            if not new:
                (sent,) = db.execute("SELECT sent FROM results WHERE id = ?", (result.id,)).fetchone()
                if sent != doc:
                    raise Conflict(f"id {result.id} was recorded with other scores or players")
            elif ranked:
                tally.count(db, period, result.game, result.to_json()["players"], +1)
        if new:
            self._bump()
        return new

    def set_live(self, club: str, table: str, live: Live | None) -> None:
        with self._lock:
            if live is None:
                self._db.execute("DELETE FROM live WHERE tbl = ?", (table,))
            else:
                self._db.execute("INSERT OR REPLACE INTO live VALUES (?, ?, ?, ?)",
                                 (table, club, _json(live.to_json()), self.clock()))
        self._bump()

    def set_aside(self, table: str, topic: str, payload: bytes, reason: str) -> bool:
        """Keep a message the league could not use, for a person to read; True the first time
        this message (this table, topic and payload) comes. Past
        :data:`KEPT_PER_TABLE` distinct messages of one table, the rest are only counted, in
        one row of that table (with the latest one's first bytes): a flood of garbage costs a
        counter, never the disk."""
        digest = hashlib.sha256(b"\0".join((table.encode(), topic.encode(), payload))).hexdigest()
        now = self.clock()
        with self._write() as db:
            seen = db.execute("UPDATE rejected SET count = count + 1, last = ? WHERE digest = ?",
                              (now, digest)).rowcount
            kept = seen or db.execute("SELECT COUNT(*) FROM rejected WHERE tbl = ? AND digest != ?",
                                      (table, MORE + table)).fetchone()[0] < KEPT_PER_TABLE
            if not kept:
                more = (f"more than {KEPT_PER_TABLE} messages the league could not use came from "
                        f"this table: the rest are counted here, not kept (the latest one's first "
                        f"bytes below); the last reason: {reason.splitlines()[0][:300]}")
                if not db.execute("UPDATE rejected SET count = count + 1, last = ?, reason = ?, "
                                  "payload = ?, size = ? WHERE digest = ?",
                                  (now, more, payload[:SAMPLE], len(payload), MORE + table)).rowcount:
                    db.execute("INSERT INTO rejected (digest, first, last, count, tbl, topic, reason, "
                               "payload, size) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)",
                               (MORE + table, now, now, table, topic, more, payload[:SAMPLE], len(payload)))
            elif not seen:
                db.execute("INSERT INTO rejected (digest, first, last, count, tbl, topic, reason, "
                           "payload, size) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)",
                           (digest, now, now, table, topic, reason[:2000], payload[:KEPT_PAYLOAD],
                            len(payload)))
        self._bump()
        return not seen

    # ----- reading ------------------------------------------------------------------------------
    def count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM results WHERE deleted = 0").fetchone()[0])

    @property
    def ignored(self) -> int:
        """Messages set aside (each distinct message once)."""
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM rejected").fetchone()[0])

    def standings(self, period: str | None = None) -> dict[str, list[dict[str, Any]]]:
        """Per game, best first: points, then wins, then goal (or point) difference, then name;
        of ``period`` (default: the one in force now)."""
        if period is None:
            period = self.period()["name"]
        with self._lock:
            rows = self._db.execute(
                "SELECT game, name, played, won, drawn, lost, scored, conceded, points "
                "FROM standings WHERE period = ? ORDER BY game, points DESC, won DESC, "
                "scored - conceded DESC, name", (period,)).fetchall()
        games: dict[str, list[dict[str, Any]]] = {}
        for game, name, played, won, drawn, lost, scored, conceded, points in rows:
            games.setdefault(game, []).append({
                "name": name, "played": played, "won": won, "drawn": drawn, "lost": lost,
                "scored": _number(scored), "conceded": _number(conceded), "points": points})
        return games

    def results(self, count: int = RECENT, offset: int = 0, *, period: str | None = None,
                game: str | None = None) -> list[dict[str, Any]]:
        """Results, newest first (``period``/``game``: only those)."""
        where, args = ["deleted = 0"], []
        if period is not None:
            where.append("period = ?")
            args.append(period)
        if game is not None:
            where.append("game = ?")
            args.append(game)
        with self._lock:
            rows = self._db.execute(
                f"SELECT tbl, doc, ranked, received, period FROM results WHERE {' AND '.join(where)} "
                "ORDER BY received DESC, rowid DESC LIMIT ? OFFSET ?", (*args, count, offset)).fetchall()
        return [{"table": table, "ranked": bool(ranked), "received": received, "period": period, **json.loads(doc)}
                for table, doc, ranked, received, period in rows]

    def recent(self, count: int = RECENT) -> list[dict[str, Any]]:
        return self.results(count)

    def result_count(self, *, period: str | None = None, game: str | None = None) -> int:
        where, args = ["deleted = 0"], []
        if period is not None:
            where.append("period = ?")
            args.append(period)
        if game is not None:
            where.append("game = ?")
            args.append(game)
        with self._lock:
            return int(self._db.execute(f"SELECT COUNT(*) FROM results WHERE {' AND '.join(where)}",
                                        args).fetchone()[0])

    def live(self) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT tbl, doc, updated FROM live ORDER BY tbl").fetchall()
        return [{"table": table, "updated": updated, **json.loads(doc)}
                for table, doc, updated in rows]

    def rejected(self, count: int = 50) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, first, last, count, tbl, topic, reason, payload, size FROM rejected "
                "ORDER BY last DESC LIMIT ?", (count,)).fetchall()
        return [{"id": ident, "first": first, "last": last, "count": times, "table": table,
                 "topic": topic, "reason": reason, "payload": bytes(payload), "size": size}
                for ident, first, last, times, table, topic, reason, payload, size in rows]

    def players(self) -> list[str]:
        """The club's list of players, as the units offer it."""
        with self._lock:
            return [row[0] for row in self._db.execute("SELECT name FROM players ORDER BY name COLLATE NOCASE")]

    def audit(self, count: int = 50) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute("SELECT at, who, action, detail FROM audit ORDER BY id DESC LIMIT ?",
                                    (count,)).fetchall()
        return [{"at": at, "who": who, "action": action, "detail": json.loads(detail)}
                for at, who, action, detail in rows]

    def snapshot(self, club: str, games: Mapping[str, str] | None = None) -> dict[str, Any]:
        """Everything the page shows, as one JSON document."""
        period = self.period()
        return {"club": club, "version": self.version, "period": period, "games": dict(games or {}),
                "standings": self.standings(period["name"]), "recent": self.recent(),
                "live": self.live(), "ignored": self.ignored}

    # ----- a person's changes (pitchpad league admin) -------------------------------------------
    def _audit(self, db: sqlite3.Connection, who: str, action: str, detail: Mapping[str, Any]) -> None:
        db.execute("INSERT INTO audit (at, who, action, detail) VALUES (?, ?, ?, ?)",
                   (self.clock(), who, action, _json(detail)))

    def _result_doc(self, db: sqlite3.Connection, ident: str) -> dict[str, Any]:
        row = db.execute("SELECT doc FROM results WHERE id = ? AND deleted = 0", (ident,)).fetchone()
        if row is None:
            raise AdminError(f"no result {ident!r} (pitchpad league admin results lists them)")
        return dict(json.loads(row[0]))

    def correct(self, ident: str, who: str, *, scores: Mapping[str, float] | None = None,
                names: Mapping[str, str] | None = None,
                shootout: Mapping[str, int] | None | bool = False) -> dict[str, Any]:
        """Change a result's scores (the outcomes follow by the game's rules), names or
        shoot-out (``None``: none; ``False``: unchanged). Returns the result as it now is."""
        with self._write() as db:
            before = self._result_doc(db, ident)
            after = json.loads(json.dumps(before))
            seats = [p["seat"] for p in after["players"]]
            for seat in {**(scores or {}), **(names or {})}:
                if seat not in seats:
                    raise AdminError(f"result {ident} has no seat {seat!r} (its seats: {', '.join(seats)})")
            for player in after["players"]:
                if names and player["seat"] in names:
                    name = names[player["seat"]]
                    if not player_name(name):
                        raise AdminError(f"{name!r}: a name is letters, digits, '-' and spaces, "
                                         "10 at most (or guest)")
                    player["name"] = name
                if scores and player["seat"] in scores:
                    player["score"] = scores[player["seat"]]
            if shootout is not False:
                after["shootout"] = shootout
            rules = game_named(after["game"]).rules.results
            outcome = decide(rules, {p["seat"]: p["score"] for p in after["players"]},
                             after.get("shootout"))
            if isinstance(outcome, str):
                raise AdminError(outcome)
            for player in after["players"]:
                player["outcome"] = outcome[player["seat"]]
            why = check(rules, [(p["seat"], p["score"], p["outcome"]) for p in after["players"]],
                        after.get("shootout"))
            people = [p["name"].casefold() for p in after["players"]
                      if p["name"] != "guest" and not p["name"].startswith("cpu:")]
            if why is None and len(set(people)) != len(people):
                why = "the same name on two seats"
            if why is not None:
                raise AdminError(why)
            ranked = int(len(people) == len(after["players"]))
            db.execute("UPDATE results SET doc = ?, ranked = ? WHERE id = ?", (_json(after), ranked, ident))
            self._audit(db, who, "correct", {"id": ident, "before": before, "after": after})
            self._rebuild()
        self._bump()
        return after

    def delete(self, ident: str, who: str) -> None:
        """Take a result out of the league (kept, marked deleted: a resend stays out); only its
        own period's table changes (no rebuild: a delete takes milliseconds however many
        results there are)."""
        with self._write() as db:
            before = self._result_doc(db, ident)
            period, ranked = db.execute("SELECT period, ranked FROM results WHERE id = ?", (ident,)).fetchone()
            db.execute("UPDATE results SET deleted = 1 WHERE id = ?", (ident,))
            if ranked:
                tally.count(db, period, before["game"], before["players"], -1)
            self._audit(db, who, "delete", {"id": ident, "before": before})
        self._bump()

    def merge(self, spelling: str, name: str, who: str) -> int:
        """Every result of ``spelling`` becomes ``name``'s (and the club's list follows);
        returns how many results changed."""
        if not player_name(name) or name == "guest" or name.startswith("cpu:"):
            raise AdminError(f"{name!r}: a name is letters, digits, '-' and spaces, 10 at most")
        if spelling == name:
            raise AdminError("the two names are the same")
        with self._write() as db:
            changed: list[str] = []
            both: list[str] = []
            for ident, doc in db.execute("SELECT id, doc FROM results WHERE deleted = 0").fetchall():
                result = json.loads(doc)
                names = [p["name"] for p in result["players"]]
                if spelling not in names:
                    continue
                if name in names:
                    both.append(ident)
                    continue
                for player in result["players"]:
                    if player["name"] == spelling:
                        player["name"] = name
                db.execute("UPDATE results SET doc = ? WHERE id = ?", (_json(result), ident))
                changed.append(ident)
            if both:
                raise AdminError(f"{spelling} and {name} played each other in {len(both)} result(s) "
                                 f"({', '.join(both[:3])}): correct or delete those first")
            if not changed and not db.execute("SELECT 1 FROM players WHERE name = ?", (spelling,)).fetchone():
                raise AdminError(f"no result and no player called {spelling!r}")
            had = db.execute("SELECT 1 FROM players WHERE name = ?", (spelling,)).fetchone()
            if had:
                db.execute("DELETE FROM players WHERE name = ?", (spelling,))
                db.execute("INSERT OR IGNORE INTO players VALUES (?, ?)", (name, self.clock()))
            self._audit(db, who, "merge", {"from": spelling, "into": name, "results": changed})
            self._rebuild()
        self._bump()
        return len(changed)

    def start_period(self, kind: str, name: str, who: str) -> dict[str, str]:
        """A new season called ``name`` (``kind`` "season"), or a monthly ladder ("monthly"),
        or back to one table for everything ("all"), from now on."""
        if kind not in ("season", "monthly", "all"):
            raise AdminError(f"{kind!r}: a season, a monthly ladder or all")
        if kind == "season" and not (0 < len(name) <= 40 and name.isprintable()):
            raise AdminError("a season needs a name of 1 to 40 characters")
        if kind == "season" and (name == "all" or MONTH_RE.match(name)):
            raise AdminError(f"{name!r} is how the league names a month or 'season all': give the "
                             "season a name of its own, e.g. 'Winter 2027'")
        with self._write() as db:
            if kind == "season":
                self._new_season_name(db, name)
            db.execute("INSERT INTO periods (kind, name, started) VALUES (?, ?, ?)",
                       (kind, name if kind == "season" else kind, self.clock()))
            self._audit(db, who, "period", {"kind": kind, "name": name})
        self._bump()
        return self.period()

    def _new_season_name(self, db: sqlite3.Connection, name: str) -> None:
        """A season's name is its standings' key (the page, ``--period``, the CSV): a name used
        before would bring that season's standings back, so it is refused."""
        row = db.execute("SELECT started FROM periods WHERE kind = 'season' AND name = ? "
                         "ORDER BY started LIMIT 1", (name,)).fetchone()
        if row is not None:
            raise AdminError(f"a season called {name!r} was started on "
                             f"{time.strftime('%Y-%m-%d', time.localtime(row[0]))} and its standings "
                             f"are kept under that name: give this one another, e.g. '{name} (2)'")

    def add_player(self, name: str, who: str) -> str:
        name = tidy(name)
        if not player_name(name) or name.casefold() == "guest":
            raise AdminError(f"{name!r}: a name is letters, digits, '-' and spaces, 10 at most "
                             "(what a pad can type)")
        with self._write() as db:
            if db.execute("SELECT 1 FROM players WHERE name = ?", (name,)).fetchone():
                raise AdminError(f"{name} is already on the club's list")
            db.execute("INSERT INTO players VALUES (?, ?)", (name, self.clock()))
            self._audit(db, who, "player add", {"name": name})
        self._bump()
        return name

    def remove_player(self, name: str, who: str) -> None:
        with self._write() as db:
            if db.execute("DELETE FROM players WHERE name = ?", (name,)).rowcount != 1:
                raise AdminError(f"{name!r} is not on the club's list")
            self._audit(db, who, "player remove", {"name": name})
        self._bump()

    def forget_rejected(self, ident: int, who: str) -> dict[str, Any]:
        with self._write() as db:
            row = db.execute("SELECT tbl, topic, reason FROM rejected WHERE id = ?", (ident,)).fetchone()
            if row is None:
                raise AdminError(f"no set-aside message {ident}")
            db.execute("DELETE FROM rejected WHERE id = ?", (ident,))
            self._audit(db, who, "forget", {"rejected": ident, "table": row[0], "topic": row[1],
                                             "reason": row[2]})
        self._bump()
        return {"table": row[0], "topic": row[1]}

    def forget_table(self, table: str, who: str) -> int:
        """Forget every message set aside from ``table`` (one audit entry); how many rows."""
        with self._write() as db:
            gone = db.execute("DELETE FROM rejected WHERE tbl = ?", (table,)).rowcount
            if not gone:
                raise AdminError(f"nothing set aside from table {table}")
            self._audit(db, who, "forget", {"table": table, "rows": gone})
        self._bump()
        return int(gone)

    # ----- what one table sent in a time window (a flood, a unit gone wrong) ------------------
    def sent_by(self, table: str, start: float, end: float) -> dict[str, Any]:
        """What ``table`` sent from ``start`` to ``end`` (the league's clock, when it arrived)
        that counts now: its results (how many, the first and last ids) and the messages set
        aside from it (rows, and how many messages they count)."""
        window = (table, start, end)
        with self._lock:
            results, first, last = self._db.execute(
                "SELECT COUNT(*), MIN(id), MAX(id) FROM results WHERE deleted = 0 AND tbl = ? "
                "AND received BETWEEN ? AND ?", window).fetchone()
            rows, messages = self._db.execute(
                "SELECT COUNT(*), COALESCE(SUM(count), 0) FROM rejected WHERE tbl = ? "
                "AND last >= ? AND first <= ?", (table, start, end)).fetchone()
        return {"results": results, "first": first, "last": last, "set_aside": rows,
                "set_aside_messages": messages}

    def purge(self, table: str, start: float, end: float, who: str) -> dict[str, Any]:
        """Take out everything ``table`` sent from ``start`` to ``end``: its results (kept,
        marked deleted, as ``delete``: a resend stays out) and the messages set aside from it,
        in one transaction, the standings rebuilt once, one audit entry. Seconds for tens of
        thousands of results."""
        with self._write() as db:
            said = self.sent_by(table, start, end)
            db.execute("UPDATE results SET deleted = 1 WHERE deleted = 0 AND tbl = ? "
                       "AND received BETWEEN ? AND ?", (table, start, end))
            db.execute("DELETE FROM rejected WHERE tbl = ? AND last >= ? AND first <= ?", (table, start, end))
            if said["results"]:
                self._rebuild()
            self._audit(db, who, "purge", {"table": table, "from": start, "to": end, **said})
        self._bump()
        return said

    def _rebuild(self) -> None:
        """Every period's standings again from the results (inside a transaction)."""
        tally.rebuild(self._db)


class _Transaction:
    """``with league._write() as db``: one IMMEDIATE transaction under the league's lock."""

    def __init__(self, db: sqlite3.Connection, lock: threading.RLock) -> None:
        self.db = db
        self.lock = lock

    def __enter__(self) -> sqlite3.Connection:
        self.lock.acquire()
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except BaseException:
            self.lock.release()
            raise
        return self.db

    def __exit__(self, kind: object, exc: object, trace: object) -> None:
        try:
            self.db.execute("COMMIT" if kind is None else "ROLLBACK")
        finally:
            self.lock.release()


def _json(doc: Any) -> str:
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _number(value: float) -> float | int:
    return int(value) if value == int(value) else value
