"""The walk's corrections written into the hardware config, its comments and layout kept.

tomlkit edits the document in place (each comment, blank line and the order of keys stay as the
person wrote them); the new text is checked by the same loader the console uses before it
replaces the file, the old file is copied aside first, and the new one goes through a temp
file, fsync and a rename, so a power cut leaves the old config or the new one.
"""
from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import tomlkit

from hal import Button, parse_config


def corrected(text: str, pins: dict[tuple[int, Button], int], ports: dict[int, str]) -> str:
    """``text`` with each pad's button pins and serial ports as the walk found them."""
    document = tomlkit.parse(text)
    pads = document["pad"]
    for (pad_id, button), gpio in sorted(pins.items(), key=lambda item: (item[0][0], item[0][1].name)):
        pads[pad_id - 1]["buttons"][button.name] = gpio
    for pad_id, port in sorted(ports.items()):
        pads[pad_id - 1]["serial"]["port"] = port
    return tomlkit.dumps(document)


def write_corrected(path: Path, pins: dict[tuple[int, Button], int], ports: dict[int, str], *,
                    now: float | None = None) -> Path:
    """Write the corrections into ``path``; returns the backup's path. Raises
    :class:`~hal.ConfigError` (the corrected config would be refused: nothing is written)."""
    old = path.read_text(encoding="utf-8")
    new = corrected(old, pins, ports)
    parse_config(new, source=str(path))
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    backup = path.with_name(f"{path.name}.pitchpad-{stamp}.bak")
    shutil.copy2(path, backup)
    temp = path.with_name(f"{path.name}.pitchpad-tmp")
    with open(temp, "w", encoding="utf-8") as out:
        out.write(new)
        out.flush()
        os.fsync(out.fileno())
    shutil.copymode(path, temp)
    os.replace(temp, path)
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)
    return backup
