"""The phones' keys, kept in the console's state folder: a restart (a power cut, an update)
does not take their pads away. Each phone comes back by itself with the keys its page kept, and
its pad waits for it (away) until then; a match resumed after the cut finds its phones' seats.

For each phone that holds a pad: the pad, the phone's public key and the unit's secret key for
that phone. Whoever reads the file could pose as the unit to those phones, so it is the
service's alone (0600, in its 0750 state folder). It is written whole (a temporary file, fsync,
rename, fsync of the folder) and only when who holds which pad changed. A damaged file is one
log line: the phones scan a code again.
"""
from __future__ import annotations

import json
import logging
import os
import tempfile
from pathlib import Path

log = logging.getLogger("pitchpad.phones")

NAME = "phones.json"
Kept = list[tuple[int, bytes, bytes]]


def read(folder: Path) -> Kept:
    """The phones kept in ``folder`` (none when there is no file, or a damaged one)."""
    path = folder / NAME
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))
        kept = [(int(entry["pad"]), bytes.fromhex(entry["phone"]), bytes.fromhex(entry["unit"]))
                for entry in entries]
    except FileNotFoundError:
        return []
    except (OSError, ValueError, TypeError, KeyError, RecursionError) as error:
        log.warning("%s cannot be read (%s): the phones that held pads scan a code again", path, error)
        return []
    return [(pad, phone, unit) for pad, phone, unit in kept if len(phone) == 32 and len(unit) == 32]


def write(folder: Path, kept: Kept) -> None:
    """Keep ``kept`` in ``folder`` durably; a folder that refuses is one log line (the phones
    then scan again after a restart: nothing else is lost)."""
    text = json.dumps([{"pad": pad, "phone": phone.hex(), "unit": unit.hex()} for pad, phone, unit in kept])
    try:
        folder.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(prefix=".phones-", dir=folder)
        try:
            with os.fdopen(descriptor, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, folder / NAME)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        directory = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)
    except OSError as error:
        log.warning("the phones' keys cannot be kept in %s (%s): after a restart they scan again", folder, error)
