"""What every page of the league shows, made once per change and shared by every stream.

Apart from :mod:`firmware.league.server` (the MQTT side and the HTTP server) so that the
pages' handlers (:mod:`firmware.league.web`) import it without importing the server.
"""
from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from firmware.league.rules import games

log = logging.getLogger("pitchpad.league")
HEARTBEAT = 15.0
PUSH_EVERY = 0.25
"""The shortest time between two states pushed to one page: a burst of results is one update
of the page every quarter second, a result on its own goes at once."""
MAX_STREAMS = 400


class Changes:
    """The state the pages show, made once per change and shared by every stream (the loop's
    thread only; :meth:`notify` may be called from any thread)."""

    def __init__(self, league: Any, club: str, loop: Any) -> None:
        self.league = league
        self.club = club
        self.loop = loop
        self.games = games()
        self.event = asyncio.Event()
        self._state: tuple[int, bytes] | None = None

    def notify(self) -> None:
        self.loop.add_callback(self._wake)

    def _wake(self) -> None:
        self.event.set()
        self.event = asyncio.Event()

    def state(self) -> tuple[int, bytes]:
        version = self.league.version
        if self._state is None or self._state[0] != version:
            doc = self.league.snapshot(self.club, self.games)
            self._state = (version, json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode())
        return self._state
