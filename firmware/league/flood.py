"""A table that sends more than a table can: said in the league's log, per table, at most once
a minute, with what to do about it.

A real table finishes a match every few minutes; :data:`RESULTS_PER_MINUTE` results within a
minute from one table is a unit gone wrong or its password in other hands, even when each
result is well formed (each still counts: the league cannot tell which are real). Messages the
league sets aside are each said in one line, :data:`LINES_PER_MINUTE` a minute per table, then
counted. Either way, once a table floods, the log says so at once, then once a minute what
came from it since, until a minute passes with nothing from it: the club owner reads how much
came and the command that takes it all out (``pitchpad league admin purge``, ``admin rejected
--forget-table``). A timer runs only while a flood goes on: quiet tables cost nothing.
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("pitchpad.league")
RESULTS_PER_MINUTE = 20
"""More results than this from one table within a minute is a flood (a match takes minutes)."""
LINES_PER_MINUTE = 10
"""Log lines about set-aside messages per table and minute; beyond, they are only counted."""


@dataclass
class _Table:
    """One table's minute: since when, what came, and what the log has not said yet."""

    start: float
    wall: float
    results: int = 0
    set_aside: int = 0
    flooding: bool = False
    unsaid: dict[str, int] = field(default_factory=lambda: {"results": 0, "set_aside": 0})
    total: dict[str, int] = field(default_factory=lambda: {"results": 0, "set_aside": 0})


class FloodWatch:
    """Counts what each table sends and says a flood; :meth:`result` and :meth:`set_aside`
    from the MQTT thread, the minute's report from a timer thread."""

    def __init__(self, *, minute: float = 60.0, clock: Callable[[], float] = time.monotonic,
                 wall: Callable[[], float] = time.time,
                 timer: Callable[[float, Callable[[], None]], Any] | None = None) -> None:
        self.minute = minute
        self.clock = clock
        self.wall = wall
        self.timer = timer or _daemon_timer
        self._tables: dict[str, _Table] = {}
        self._lock = threading.Lock()

    def _table(self, table: str) -> _Table:
        now = self.clock()
        state = self._tables.get(table)
        if state is None or not state.flooding and now - state.start >= self.minute:
            state = self._tables[table] = _Table(now, self.wall())
        return state

    def result(self, table: str) -> None:
        """A result from ``table`` was recorded."""
        with self._lock:
            state = self._table(table)
            state.results += 1
            self._note(table, state, "results")

    def set_aside(self, table: str) -> bool:
        """A message from ``table`` was set aside: whether to log its own line."""
        with self._lock:
            state = self._table(table)
            state.set_aside += 1
            if state.set_aside <= LINES_PER_MINUTE:
                return True
            self._note(table, state, "set_aside")
            return False

    def _note(self, table: str, state: _Table, kind: str) -> None:
        if state.flooding:
            state.unsaid[kind] += 1
            state.total[kind] += 1
            return
        if kind == "results" and state.results <= RESULTS_PER_MINUTE:
            return
        state.flooding = True
        state.total = {"results": state.results, "set_aside": max(0, state.set_aside - LINES_PER_MINUTE)}
        seconds = max(1, round(self.clock() - state.start))
        if kind == "results":
            log.warning("league: table %s sent %d results in %d s, more than a table plays (a match "
                        "takes minutes): a unit gone wrong, or its password in other hands? They "
                        "count; to take out everything it sent: %s", table, state.results, seconds,
                        self._remedy(table, state))
        else:
            log.warning("league: table %s keeps sending messages the league cannot use; the next "
                        "ones are set aside without a line each, counted once a minute here "
                        "(forget them all: pitchpad league admin rejected --forget-table %s)", table, table)
        self.timer(self.minute, lambda: self._report(table))

    def _remedy(self, table: str, state: _Table) -> str:
        since = time.strftime("%Y-%m-%d %H:%M", time.localtime(state.wall))
        return f"pitchpad league admin purge {table} --from '{since}'"

    def _report(self, table: str) -> None:
        """A minute after the flood was said: what came since, and again a minute later while
        it goes on; a quiet minute ends it."""
        with self._lock:
            state = self._tables.get(table)
            if state is None:
                return
            results, set_aside = state.unsaid["results"], state.unsaid["set_aside"]
            if not results and not set_aside:
                del self._tables[table]
                return
            state.unsaid = {"results": 0, "set_aside": 0}
            total = state.total
            since = time.strftime("%H:%M", time.localtime(state.wall))
        log.warning("league: table %s goes on: %d more result(s) and %d more message(s) set aside "
                    "in the last minute (%d and %d since %s); %s; pitchpad league admin rejected "
                    "--forget-table %s", table, results, set_aside, total["results"], total["set_aside"],
                    since, self._remedy(table, state), table)
        self.timer(self.minute, lambda: self._report(table))


def _daemon_timer(seconds: float, then: Callable[[], None]) -> threading.Timer:
    timer = threading.Timer(seconds, then)
    timer.daemon = True
    timer.start()
    return timer
