"""QR codes on a 128x64 panel: a phone's camera joins the console from a pad's screen.

A 0.96-inch panel is about 22 mm wide, so a code must be small in modules and at least 2 pixels
a module to scan: version 3 (29x29 modules, 58 px) at most. A join URL fits it because it is
written in upper case and cut into segments: ``HTTP://HOST:PORT/`` and the key after the ``#``
in alphanumeric mode (5.5 bits a character), the ``#`` alone in byte mode (alphanumeric mode
has no ``#``). The code is drawn dark on a lit square (a lit pixel is the light colour a camera
sees), with the quiet zone the panel leaves around it.

segno (the ``phones`` extra) makes the code; a console without phones never imports it.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from firmware.render import HEIGHT, Canvas

MAX_VERSION = 3
MODULE_PX = 2
ALPHANUMERIC = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")


class TooLong(ValueError):
    """The text needs a code bigger than a panel can show (version 3, 2 px a module)."""


def segments(content: str) -> list[tuple[str, str]]:
    """``content`` cut into runs of one mode each: alphanumeric where every character allows
    it, byte mode for the rest (the URL's ``#``, a Wi-Fi name's lower case)."""
    runs: list[tuple[str, str]] = []
    for char in content:
        mode = "alphanumeric" if char in ALPHANUMERIC else "byte"
        if runs and runs[-1][1] == mode:
            runs[-1] = (runs[-1][0] + char, mode)
        else:
            runs.append((char, mode))
    return _merged(runs)


def _merged(runs: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Short alphanumeric runs between byte runs cost more as their own segment (a mode and a
    count each) than as bytes: fold them into the bytes around them."""
    merged: list[tuple[str, str]] = []
    for text, mode in runs:
        if mode == "alphanumeric" and len(text) < 8 and merged and merged[-1][1] == "byte":
            mode = "byte"
        if merged and merged[-1][1] == mode:
            merged[-1] = (merged[-1][0] + text, mode)
        else:
            merged.append((text, mode))
    return merged


@lru_cache(maxsize=8)
def matrix(content: str) -> tuple[tuple[bool, ...], ...]:
    """The modules of ``content``'s code (True: dark), the smallest version that holds it with
    error correction M (L when M does not fit), or :class:`TooLong`."""
    import segno  # the phones extra: only a console with phones draws a code
    from segno import consts

    modes = {"alphanumeric": consts.MODE_ALPHANUMERIC, "byte": consts.MODE_BYTE}
    # An iterable of (text, mode) is segno's manual segmentation (its maintainer, heuer/segno
    # issue 76); its type hints name only str, int and bytes.
    parts: Any = [(text, modes[mode]) for text, mode in segments(content)]
    for error in ("m", "l"):
        try:
            code = segno.make_qr(parts, error=error, boost_error=False)
        except segno.DataOverflowError:
            continue
        if isinstance(code.version, int) and code.version <= MAX_VERSION:
            return tuple(tuple(bool(module) for module in row) for row in code.matrix)
    raise TooLong(f"{len(content)} characters need a QR code over version {MAX_VERSION}")


def draw_code(c: Canvas, content: str, x: int = 0) -> int:
    """Draw ``content``'s code in a lit square ``HEIGHT`` px wide at ``x`` (the panel's whole
    height: the quiet zone is what is left around the modules); returns the square's width."""
    modules = matrix(content)
    side = len(modules) * MODULE_PX
    margin = (HEIGHT - side) // 2
    c.box(x, 0, x + HEIGHT - 1, HEIGHT - 1, filled=True)
    for row, line in enumerate(modules):
        for column, dark in enumerate(line):
            if dark:
                left, top = x + margin + column * MODULE_PX, margin + row * MODULE_PX
                c.draw.rectangle([left, top, left + MODULE_PX - 1, top + MODULE_PX - 1], fill=0)
    return HEIGHT
