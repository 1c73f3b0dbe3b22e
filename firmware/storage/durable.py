"""Durable writes to the state card, with one policy for when the card refuses them.

Settings, the results history and the match journal all write through here:

- :func:`replace` writes a whole file through a temp file, ``fsync`` and a rename (then an
  ``fsync`` of the folder), so a power cut leaves the old file or the new one, never half;
- :func:`append` adds one record at the end of a file and ``fsync``\\ s it. A power cut during an
  earlier append can leave a torn last line: the new record starts on a fresh line, so it is
  never glued to the torn bytes (a reader skips the torn line, keeps the new one);

When the card refuses a write (full, read-only, a folder where the temp file goes...), the
console keeps going with what it has in memory: the failure is logged once per file (and once
more when the file can be written again), and :func:`failing` tells the screens to show the
"SD!" tag while any file of the state folder is behind. Writers get ``False`` back and decide
what must not be thrown away until a write succeeds (the journal of an unrecorded result).
"""
from __future__ import annotations

import errno
import logging
import os
import time
from pathlib import Path

log = logging.getLogger("pitchpad.card")
_failing: dict[Path, str] = {}
"""Files whose last write failed, and why: the "SD!" tag shows while this holds one."""


def failing(folder: str | Path | None = None) -> bool:
    """True while a write to a file in ``folder`` (any folder when None) is behind."""
    if folder is None:
        return bool(_failing)
    where = Path(folder).absolute()
    return any(path.parent == where for path in _failing)


def _failed(path: Path, what: str, exc: OSError) -> None:
    key = path.absolute()
    if key not in _failing:
        log.warning("cannot %s %s (%s): the console goes on with what it has in memory",
                    what, path, exc.strerror or exc)
    _failing[key] = what


def _succeeded(path: Path) -> None:
    if _failing.pop(path.absolute(), None) is not None:
        log.warning("%s can be written again", path)


def fsync_folder(folder: Path) -> None:
    directory = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


def write_all(fd: int, data: bytes) -> int:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
    return len(data)


def replace(path: str | Path, data: bytes, *, mode: int = 0o644) -> bool:
    """Write ``path`` whole, atomically and durably; False (logged once) when the card refuses."""
    path = Path(path)
    temp = path.with_name(path.name + ".tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
        try:
            write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
        fsync_folder(path.parent)
    except OSError as exc:
        try:
            os.unlink(temp)
        except OSError:
            pass
        _failed(path, "write", exc)
        return False
    _succeeded(path)
    return True


def append(path: str | Path, record: bytes, *, mode: int = 0o644) -> bool:
    """Append one newline-terminated ``record`` durably, on a line of its own even after a torn
    last line; False (logged once) when the card refuses."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, mode)
        try:
            size = os.fstat(fd).st_size
            if size and os.pread(fd, 1, size - 1) != b"\n":
                record = b"\n" + record         # the torn tail stays a bad line of its own
            write_all(fd, record)
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError as exc:
        _failed(path, "append to", exc)
        return False
    _succeeded(path)
    return True


def note_failure(path: str | Path, what: str) -> None:
    """Mark a failed write made (and logged) elsewhere, an open journal's append: the "SD!" tag
    shows until :func:`note_success`."""
    _failing[Path(path).absolute()] = what


def note_success(path: str | Path) -> None:
    _succeeded(Path(path))


def stamp() -> str:
    """The time in a set-aside file's name (``YYYYmmdd-HHMMSS``, local)."""
    return time.strftime("%Y%m%d-%H%M%S")


def rename_aside(path: str | Path, kind: str) -> Path:
    """Rename ``path`` to ``NAME.<kind>-<time>``, or ``…-2``, ``…-3`` where that name is taken,
    and return the new path; raises ``OSError``. Never over another file: a Pi with no clock chip
    boots at the same restored time every time, so two set aside "at" one second are usual, and
    the first must not be lost. A hard link makes the new name (it fails on a name taken, where a
    rename would replace it), then the old name goes; a file system without hard links is renamed
    after a look."""
    path = Path(path)
    base = f"{path.name}.{kind}-{stamp()}"
    for count in range(1, 10_000):
        aside = path.with_name(base if count == 1 else f"{base}-{count}")
        try:
            os.link(path, aside)
        except FileExistsError:
            continue
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.EOPNOTSUPP, errno.EMLINK, errno.EXDEV):
                raise
            if os.path.lexists(aside):
                continue
            os.rename(path, aside)
            return aside
        os.unlink(path)
        fsync_folder(path.parent)
        return aside
    raise FileExistsError(errno.EEXIST, "no free name to set it aside", str(path))


def move_aside(path: str | Path, why: str, logger: logging.Logger = log) -> Path | None:
    """Rename a state file that cannot be used to ``NAME.corrupt-<time>`` (:func:`rename_aside`:
    never over an earlier one), with one log line, so the console starts without it and the
    bytes are kept for a look; never raises."""
    path = Path(path)
    try:
        aside = rename_aside(path, "corrupt")
    except OSError as exc:
        logger.error("%s: %s, and it cannot be moved aside (%s); starting without it",
                     path, why, exc.strerror)
        return None
    logger.error("%s: %s; moved aside to %s, starting without it", path, why, aside.name)
    return aside
