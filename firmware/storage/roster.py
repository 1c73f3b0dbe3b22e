"""The unit's players: a short list of names, typed with the pad buttons, kept on the card.

``roster.json`` in the state directory (``{"names": ["Ana", "Ben"]}``), rewritten whole and
atomically (temp file, fsync, rename) on each change: a handful of writes per evening. A
file that cannot be read is an empty roster (one log line), never a failed start.

Names are 1 to :data:`MAX_LENGTH` characters of :data:`ALPHABET` (what the pads can type and
the screens draw), written as words: ``ana marie`` is kept as ``Ana Marie``.
"""
from __future__ import annotations

import json
import logging
from pathlib import Path

from firmware.storage import durable

FILE_NAME = "roster.json"
MAX_NAMES = 16
MAX_LENGTH = 10
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÉÈÇ"
ALPHABET = LETTERS + "0123456789- "
"""What ◀ ▶ cycle through while typing a name; a space or a '-' starts a new word."""
log = logging.getLogger("pitchpad.roster")


def tidy(raw: str) -> str:
    """A typed name as it is kept: words capitalised, spaces trimmed."""
    out, start = [], True
    for char in raw.strip():
        out.append(char.upper() if start else char.lower())
        start = char in " -"
    return "".join(out)


TYPABLE = frozenset(ALPHABET + ALPHABET.lower())
"""Each character a name may hold: what the pads type, in either case. Never ``ch.upper() in
ALPHABET``: "ﬆ".upper() is "ST", a piece of the alphabet, and "ı".upper() is "I"."""


def valid(name: str) -> bool:
    return (0 < len(name) <= MAX_LENGTH and name == name.strip()
            and all(ch in TYPABLE for ch in name) and name.lower() not in ("guest", "invité"))


def load(state_dir: str | Path) -> list[str]:
    path = Path(state_dir) / FILE_NAME
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as exc:
        log.warning("cannot read the players' names in %s (%s); starting with none", path, exc)
        return []
    names = doc.get("names") if isinstance(doc, dict) else None
    if not isinstance(names, list):
        return []
    kept: list[str] = []
    for name in names:
        if isinstance(name, str) and valid(name) and name not in kept:
            kept.append(name)
    return kept[:MAX_NAMES]


def save(state_dir: str | Path, names: list[str]) -> bool:
    """Write the roster whole; False (logged) when the card refuses."""
    body = json.dumps({"names": names}, ensure_ascii=False).encode("utf-8")
    return durable.replace(Path(state_dir) / FILE_NAME, body)
