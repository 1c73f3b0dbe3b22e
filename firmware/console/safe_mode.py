"""Failed starts in a row, and the safe mode that ends a crash loop at boot.

The service restarts the console whenever it stops. If the console cannot start (a config
it refuses, hardware it cannot open, a crash before it has run for a minute), restarting it
every few seconds forever only keeps the screens blank. So ``pitchpad run`` keeps a count of
failed starts in the state directory (``start-failures.json``: the count and the last error
in one line), and:

- each failed start waits before exiting, longer each time (:func:`backoff`: 2, 4, 8... up to
  60 s, under systemd only), so restarts slow down instead of hammering the card;
- from the :data:`SAFE_AFTER`-th failure in a row, the console starts in **safe mode**: it
  shows the error on every pad it can open ("Start failed", the reason, "OK: retry"),
  answers systemd's watchdog, and tries a normal start again when someone presses OK or
  after :data:`RETRY_AFTER` seconds;
- a start that runs for :data:`HEALTHY_AFTER` seconds clears the count;
- ``pitchpad doctor`` reports the count and the last error.
"""
from __future__ import annotations

import json
import logging
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Callable
from typing import Any

from firmware.console.watchdog import LoopWatch
from firmware.render import Canvas
from firmware.storage import durable
from firmware.storage.json_input import read_json
from hal.buttons import Button

FILE_NAME = "start-failures.json"
SAFE_AFTER = 3
HEALTHY_AFTER = 60.0
RETRY_AFTER = 600.0
MAX_BACKOFF = 60.0
log = logging.getLogger("pitchpad.start")

WORDS = {
    "fr": {"title": "Démarrage impossible", "retry": "réessayer"},
    "en": {"title": "Start failed", "retry": "retry"},
}


@dataclass(frozen=True)
class StartFailures:
    count: int = 0
    error: str = ""


def read(state_dir: str | Path) -> StartFailures:
    """The failed starts in a row so far; none when the file is missing or unreadable."""
    try:
        obj = read_json((Path(state_dir) / FILE_NAME).read_bytes())
    except (OSError, ValueError):
        return StartFailures()
    if not isinstance(obj, dict):
        return StartFailures()
    count, error = obj.get("count"), obj.get("error")
    if not isinstance(count, int) or isinstance(count, bool) or count < 0:
        return StartFailures()
    return StartFailures(count, error if isinstance(error, str) else "")


def failed(state_dir: str | Path, error: str) -> StartFailures:
    """Count one more failed start, with its one-line reason."""
    now = StartFailures(read(state_dir).count + 1, " ".join(error.split())[:300])
    if not Path(state_dir).is_dir():                # never make a state folder just for this
        return now
    durable.replace(Path(state_dir) / FILE_NAME,
                    json.dumps({"count": now.count, "error": now.error}).encode() + b"\n")
    return now


def cleared(state_dir: str | Path) -> None:
    """A start that held: the count goes back to zero."""
    try:
        (Path(state_dir) / FILE_NAME).unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("cannot clear %s (%s)", FILE_NAME, exc.strerror)


def retrying(state_dir: str | Path) -> None:
    """Leave safe mode for one normal start: a failure brings safe mode back at once."""
    last = read(state_dir)
    durable.replace(Path(state_dir) / FILE_NAME, json.dumps(
        {"count": SAFE_AFTER - 1, "error": last.error}).encode() + b"\n")


def backoff(count: int) -> float:
    """How long the ``count``-th failed start in a row waits before it exits."""
    return min(MAX_BACKOFF, 2.0 ** max(1, count))


def in_safe_mode(failures: StartFailures) -> bool:
    return failures.count >= SAFE_AFTER


class HealthyStart:
    """Wraps the app's watchdog: once the loop has turned for :data:`HEALTHY_AFTER` seconds, the
    failed-start count is cleared (the app itself knows nothing of it)."""

    def __init__(self, watchdog: LoopWatch, state_dir: str | Path,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._watchdog = watchdog
        self._state_dir = state_dir
        self._clock = clock
        self._since = clock()
        self._done = False

    @property
    def poll(self) -> float | None:
        return self._watchdog.poll

    def ready(self) -> None:
        self._watchdog.ready()

    def stopping(self) -> None:
        self._watchdog.stopping()

    def ping(self) -> None:
        self._watchdog.ping()
        if not self._done and self._clock() - self._since >= HEALTHY_AFTER:
            self._done = True
            cleared(self._state_dir)


@dataclass(frozen=True)
class SafeModeScreen:
    """The error, on every pad: nobody has to read a log to know why the screens stay dark."""

    error: str

    def lines(self) -> list[str]:
        return textwrap.wrap(self.error, 21, max_lines=4, placeholder="…") or ["?"]

    def draw(self, c: Any, language: str) -> None:
        words = WORDS.get(language, WORDS["en"])
        c.box(0, 0, 127, 10, filled=True)
        c.centred(0, words["title"], ink=0)
        for row, line in enumerate(self.lines()):
            c.text(0, 12 + 10 * row, line)
        c.hints(centre=f"OK: {words['retry']}")


def run_safe_mode(console: Any, failures: StartFailures, state_dir: str | Path, watchdog: LoopWatch,
                  language: str = "fr", retry_after: float = RETRY_AFTER) -> None:
    """Show the error on every pad until OK is pressed or ``retry_after`` seconds pass, then
    return (the caller exits; the service starts the console normally again)."""
    log.error("safe mode after %d failed starts in a row: %s", failures.count, failures.error)
    screen = SafeModeScreen(failures.error)
    canvas = Canvas()
    screen.draw(canvas, language)
    if console is not None:
        for pad in range(1, console.pad_count + 1):
            try:
                console.screen(pad).display(canvas.image)
            except Exception as exc:  # noqa: BLE001 - a dead screen must not hide the others
                log.warning("pad %d cannot show the error (%s)", pad, exc)
    watchdog.ready()
    clock = console.clock if console is not None else None
    start = clock.now() if clock is not None else time.monotonic()
    while True:
        now = clock.now() if clock is not None else time.monotonic()
        left = start + retry_after - now
        if left <= 0:
            return
        wait = min(left, watchdog.poll or left)
        if console is None:
            time.sleep(wait)
        else:
            event = console.events.get(wait)
            if event is not None and event.pressed and event.button is Button.CENTRE:
                log.warning("OK pressed in safe mode: trying a normal start")
                return
        watchdog.ping()
