"""The unit's durable outbox: results waiting for the league's receipt.

One small file in the state directory, JSON lines, append only::

    {"put": {...a result message...}}     a finished match to send
    {"done": "<id>"}                      the league has it (its receipt came back)

Each record is appended with one write and made durable (``fsync``) before the call returns, so
a result is in the outbox before the console shows the result sheet, and a power cut at any
moment loses nothing: a torn last line (the cut during a write) is skipped when reading, and
the next record starts on a fresh line. Once nothing is pending the file is emptied (rewritten
atomically), so the card sees a few hundred bytes per match.

A result leaves the outbox only on the league's receipt, not on the broker's PUBACK: a broker
killed before it wrote a message to disk, or a league that was off all evening, costs a resend,
never a result. Resends are harmless: the league counts a result id once.
"""
from __future__ import annotations

import json
import logging
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from firmware.storage import durable

FILE_NAME = "club-outbox.jsonl"
COMPACT_AFTER = 16 * 1024
"""Rewrite the file with only what is pending once it grows past this many bytes."""
log = logging.getLogger("pitchpad.club")


def _line(obj: Any) -> bytes:
    return (json.dumps(obj, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")


class Outbox:
    """Pending results by id, oldest first; thread-safe (the console adds, the sender clears)."""

    def __init__(self, state_dir: str | Path) -> None:
        self.path = Path(state_dir) / FILE_NAME
        self._lock = threading.Lock()
        self._pending: dict[str, dict[str, Any]] = {}
        self._size = 0
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            log.warning("cannot make the state directory %s (%s)", self.path.parent, exc.strerror)
        self._load()

    def _load(self) -> None:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return
        except OSError as exc:
            log.warning("cannot read the club outbox %s (%s)", self.path, exc.strerror)
            return
        self._size = len(raw)
        skipped = 0
        for line in raw.splitlines():
            try:
                record = json.loads(line)
            except ValueError:
                skipped += 1                    # a torn line (power cut during a write)
                continue
            if not isinstance(record, dict):
                skipped += 1
            elif isinstance(record.get("put"), dict) and isinstance(record["put"].get("id"), str):
                self._pending.setdefault(record["put"]["id"], record["put"])
            elif isinstance(record.get("done"), str):
                self._pending.pop(record["done"], None)
        if skipped:
            log.warning("the club outbox had %d unreadable line(s) (a write cut short); skipped",
                        skipped)
        if not self._pending and self._size:
            self._compact()

    def pending(self) -> list[dict[str, Any]]:
        with self._lock:
            return list(self._pending.values())

    def __len__(self) -> int:
        with self._lock:
            return len(self._pending)

    def __contains__(self, ident: object) -> bool:
        with self._lock:
            return ident in self._pending

    def add(self, message: Mapping[str, Any]) -> bool:
        """Keep a result until the league has it; durable on return (False: the card refused,
        the result is still sent from memory)."""
        ident = message["id"]
        with self._lock:
            if ident in self._pending:
                return True
            self._pending[ident] = dict(message)
            return self._append({"put": dict(message)})

    def done(self, ident: str) -> bool:
        """The league has ``ident``: forget it. False when it was not pending (a second receipt)."""
        with self._lock:
            if self._pending.pop(ident, None) is None:
                return False
            if not self._pending or self._size > COMPACT_AFTER:
                self._compact()
            else:
                self._append({"done": ident})
            return True

    def _append(self, record: Any) -> bool:
        line = _line(record)
        ok = durable.append(self.path, line)
        if ok:
            self._size += len(line)
        return ok

    def _compact(self) -> None:
        body = b"".join(_line({"put": doc}) for doc in self._pending.values())
        if durable.replace(self.path, body):
            self._size = len(body)
