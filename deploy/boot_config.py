#!/usr/bin/env python3
"""Set ``dtparam`` values in a Raspberry Pi boot config (config.txt) the way its firmware reads it.

    python3 deploy/boot_config.py FILE NAME=VALUE... [dtoverlay=NAME,PARAM=VALUE...]
                                                         (prints "changed" or "unchanged")

Run by deploy/install.sh (standard library only: it runs before the venv exists). What the
firmware does and a line-oriented ``sed`` did not:

- ``[pi4]``, ``[cm4]``, ``[gpio4=1]``... make the lines after them apply to some boards only,
  until the next section; ``[all]`` (or no section yet) applies to every board. A value counts
  as set only in an ``[all]`` part; new lines go under an ``[all]`` added at the end when the
  file ends inside a conditional section (else a Zero 2 W would keep I2C off);
- one ``dtparam`` line may set several values: ``dtparam=i2c_arm=on,i2c_arm_baudrate=400000``
  (our own example) is understood, and a wrong value in it is changed in place;
- ``dtparam=i2c_arm`` with no value means ``on``;
- an overlay (``dtoverlay=gpio-poweroff,gpiopin=9``, the battery handheld's power board) is
  loaded once: an ``[all]`` line loading the same overlay with other parameters is rewritten
  rather than a second one added (two would claim two pins).

Before the first change the file is copied to ``FILE.pitchpad-<time>.bak``; it is then written
whole through a temp file and a rename, so a power cut leaves the old or the new file.
"""
from __future__ import annotations

import os
import re
import shutil
import sys
import time
from pathlib import Path

SECTION = re.compile(r"^\s*\[([^\]]*)\]\s*(#.*)?$")
DTPARAM = re.compile(r"^(\s*dtparam\s*=\s*)([^#]*?)(\s*(#.*)?)$")
DTOVERLAY = re.compile(r"^(\s*dtoverlay\s*=\s*)([^#]*?)(\s*(#.*)?)$")


def apply_overlays(text: str, overlays: list[str]) -> str:
    """``text`` loading each of ``overlays`` (``NAME,PARAM=VALUE...``) for all boards, once."""
    lines = text.splitlines()
    for overlay in overlays:
        name = overlay.split(",")[0].strip()
        found = None
        for_all = True
        for index, line in enumerate(lines):
            section = SECTION.match(line)
            if section:
                for_all = section.group(1).strip().lower() == "all"
                continue
            match = DTOVERLAY.match(line)
            if for_all and match and match.group(2).split(",")[0].strip() == name:
                found = index
        if found is not None:
            prefix, body, suffix = DTOVERLAY.match(lines[found]).group(1, 2, 3)  # type: ignore[union-attr]
            if [part.strip() for part in body.split(",")] != [part.strip() for part in overlay.split(",")]:
                lines[found] = prefix + overlay + suffix
            continue
        if not for_all:
            lines.append("[all]")
        purpose = {"gpio-poweroff": "the power board", "pwm": "the buzzer's PWM"}.get(name, name)
        lines.append(f"# PitchPad (deploy/install.sh): {purpose}")
        lines.append(f"dtoverlay={overlay}")
    return "\n".join(lines) + "\n"


def _items(text: str) -> list[tuple[str, str]]:
    items = []
    for part in text.split(","):
        name, eq, value = part.strip().partition("=")
        if name:
            items.append((name.strip(), value.strip() if eq else "on"))
    return items


def apply(text: str, wanted: dict[str, str]) -> str:
    """``text`` with every ``wanted`` dtparam set for all boards."""
    lines = text.splitlines()
    found: dict[str, tuple[int, bool]] = {}
    """name -> (line index, right value) of its last setting in an [all] part."""
    for_all = True
    for index, line in enumerate(lines):
        section = SECTION.match(line)
        if section:
            for_all = section.group(1).strip().lower() == "all"
            continue
        match = DTPARAM.match(line)
        if not for_all or not match:
            continue
        for name, value in _items(match.group(2)):
            if name in wanted:
                found[name] = (index, value == wanted[name])
    for name, (index, right) in found.items():
        if right:
            continue
        prefix, body, suffix = DTPARAM.match(lines[index]).group(1, 2, 3)  # type: ignore[union-attr]
        parts = [f"{n}={wanted[n]}" if n == name else part.strip()
                 for part in body.split(",") for n, _ in _items(part)]
        lines[index] = prefix + ",".join(parts) + suffix
    missing = [name for name in wanted if name not in found]
    if missing:
        if not for_all:
            lines.append("[all]")
        lines.append("# PitchPad (deploy/install.sh): the screens' buses")
        lines += [f"dtparam={name}={wanted[name]}" for name in missing]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) < 2 or not all("=" in a for a in argv[1:]):
        print("usage: boot_config.py FILE NAME=VALUE... [dtoverlay=NAME,PARAM=VALUE...]", file=sys.stderr)
        return 2
    path = Path(argv[0])
    overlays = [a.split("=", 1)[1] for a in argv[1:] if a.startswith("dtoverlay=")]
    wanted = dict(a.split("=", 1) for a in argv[1:] if not a.startswith("dtoverlay="))
    old = path.read_text(encoding="utf-8", errors="surrogateescape") if path.exists() else ""
    new = apply_overlays(apply(old, wanted) if wanted else old, overlays) if overlays else apply(old, wanted)
    if new == old:
        print("unchanged")
        return 0
    if path.exists():
        shutil.copy2(path, path.with_name(f"{path.name}.pitchpad-{time.strftime('%Y%m%d-%H%M%S')}.bak"))
    temp = path.with_name(path.name + ".pitchpad-tmp")
    with open(temp, "w", encoding="utf-8", errors="surrogateescape") as out:
        out.write(new)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temp, path)
    print("changed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
