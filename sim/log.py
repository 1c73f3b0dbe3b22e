"""Where the console's log goes while a simulator draws in the terminal or in a window.

With no logging set up, Python writes a warning to stderr: in the terminal simulator that text
lands wherever the cursor last stood, over the pads' screens, and a line that reaches the bottom
row scrolls the whole picture up. While ``pitchpad sim`` runs on a terminal or a window, every
record goes instead to :data:`LOG_FILE` in the state directory, and the last one to the
simulator's own status line (:meth:`sim.console.SimConsole.show_log`), below the screens.
"""
from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from logging.handlers import RotatingFileHandler
from pathlib import Path

from sim.console import SimConsole

LOG_FILE = "sim.log"
"""The simulator's log, in the state directory (one older file kept beside it)."""
LOG_BYTES = 1_000_000
"""The log file's size before it is rotated."""


class StatusLog(logging.Handler):
    """Hands the first line of each record to the console's status line, with where the whole
    log is kept."""

    def __init__(self, console: SimConsole, kept: str) -> None:
        super().__init__(logging.INFO)
        self.console = console
        self.kept = kept

    def emit(self, record: logging.LogRecord) -> None:
        try:
            lines = record.getMessage().splitlines() or [""]
            self.console.show_log(f"{record.levelname.capitalize()}: {lines[0]}  ({self.kept})")
        except Exception:  # noqa: BLE001 - logging's own rule: a handler never raises
            self.handleError(record)


@contextmanager
def logging_to(console: SimConsole, folder: str | Path) -> Iterator[Path | None]:
    """While inside: the log (INFO and up, Python's warnings too) goes to ``folder``'s
    :data:`LOG_FILE` and its last line to ``console``'s status line, none of it to stderr.
    Yields the file's path, None when it cannot be written (the status line says why)."""
    root = logging.getLogger()
    path = Path(folder) / LOG_FILE
    saved: Path | None = path
    handlers: list[logging.Handler] = []
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        kept_in = RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=1, encoding="utf-8")
        kept_in.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        handlers.append(kept_in)
        kept = f"all in {path}"
    except OSError as exc:
        saved, kept = None, f"no log file: {folder}: {exc.strerror or exc}"
    handlers.append(StatusLog(console, kept))
    level = root.level
    for handler in handlers:
        root.addHandler(handler)
    root.setLevel(logging.INFO)
    logging.captureWarnings(True)
    try:
        yield saved
    finally:
        logging.captureWarnings(False)
        root.setLevel(level)
        for handler in handlers:
            root.removeHandler(handler)
            handler.close()
