"""The header's wiring as an SVG picture, written as text (deterministic: a test compares the
docs' pictures byte for byte with what the config makes today).

Black on white only, so it prints and photocopies: a used GPIO is a filled dot, a free one a
ring, pin 1 the square pad as on the board; a pin the config gives two uses is boxed, crossed
and its words say CLASH. Odd pins (the inner row) are labelled on the left, even pins (the
board's edge) on the right, as the header looks with the Pi turned so that the header runs
down its right-hand edge, pin 1 at the top.
"""
from __future__ import annotations

import textwrap
from xml.sax.saxutils import escape

from hal.header import HEADER
from hal.pinout import Pinout

FONT = "DejaVu Sans Mono, Menlo, Consolas, monospace"
SIZE = 12
CHAR = 0.64 * SIZE
"""Room for one character of a monospaced font at :data:`SIZE`: DejaVu Sans Mono advances 0.602 em,
and a renderer scaling the picture up rounds each advance up to a whole pixel (cairo at 1.5x:
11 px for 10.8)."""
FOOTER_CHARS = 120
"""Notes are wrapped to this many characters."""
ROW = 24
PIN_R = 7
MARGIN = 20
TOP = 96
NUMBER_GAP = PIN_R + 8
"""From a pin's centre to its number's near edge (outside the header's outline)."""
NAME_GAP = NUMBER_GAP + 2 * 6 + 8
"""From a pin's centre to its name ("GPIO17"), past the number (two 10 px digits)."""
LABEL_GAP = NAME_GAP + 6 * CHAR + 8
"""From a pin's centre to the leader line, past the longest name."""
LEADER = 22


def _text(x: float, y: float, words: str, *, anchor: str = "start", size: int = SIZE,
          bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}"{weight}>'
            f"{escape(words)}</text>")


def _label(pin: int, pinout: Pinout) -> str:
    uses = pinout.pins.get(pin, [])
    what = HEADER[pin]
    if isinstance(what, str):
        return ", ".join(use.part for use in uses)
    return "; ".join(use.words() for use in uses)


def _pin_mark(x: float, y: float, pin: int, used: bool, clash: bool) -> list[str]:
    fill = "black" if used else "white"
    shape = (f'<rect x="{x - PIN_R:.1f}" y="{y - PIN_R:.1f}" width="{2 * PIN_R}" height="{2 * PIN_R}" '
             f'fill="{fill}" stroke="black" stroke-width="1.5"/>' if pin == 1 else
             f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{PIN_R}" fill="{fill}" stroke="black" stroke-width="1.5"/>')
    marks = [shape]
    if clash:
        size = PIN_R + 4
        marks.append(f'<rect x="{x - size:.1f}" y="{y - size:.1f}" width="{2 * size}" height="{2 * size}" '
                     f'fill="none" stroke="black" stroke-width="3"/>')
    return marks


def svg(pinout: Pinout, title: str, subtitle: str) -> str:
    """The picture of ``pinout``: the 40 pins, each used pin's words, then the notes and the
    config loader's refusals."""
    labels = {pin: _label(pin, pinout) for pin in HEADER}
    clashing = pinout.clashing_pins()
    for pin in clashing:
        labels[pin] = f"CLASH: {labels[pin]}"
    left = max([len(labels[pin]) for pin in HEADER if pin % 2] + [20]) * CHAR
    right = max([len(labels[pin]) for pin in HEADER if not pin % 2] + [20]) * CHAR
    odd_x = MARGIN + left + 4 + LEADER + LABEL_GAP
    even_x = odd_x + 2 * ROW
    footer = _footer(pinout)
    width = even_x + LABEL_GAP + LEADER + 4 + right + MARGIN
    width = max(width, MARGIN * 2 + max(len(line) + 2 for line, _, _ in footer + [(title, True, False)]) * CHAR)
    height = TOP + 20 * ROW + 24 + len(footer) * 18 + MARGIN
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
             f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="{FONT}">',
             f'<rect width="{width:.0f}" height="{height:.0f}" fill="white"/>',
             _text(MARGIN, 32, title, size=16, bold=True), _text(MARGIN, 54, subtitle),
             _text(MARGIN, 74, "● a GPIO this config uses   ○ a free GPIO   ■ pin 1 (the square pad)   "
                               "▣ CLASH: a pin given two uses (the console would not work)")]
    header_top = TOP - ROW / 2 - 4
    parts.append(f'<rect x="{odd_x - PIN_R - 5:.1f}" y="{header_top:.1f}" width="{2 * ROW + 2 * PIN_R + 10}" '
                 f'height="{20 * ROW + 8}" fill="none" stroke="black" stroke-width="1"/>')
    for pin in HEADER:
        parts += _row(pin, labels[pin], odd_x if pin % 2 else even_x, pinout, pin in clashing)
    y = TOP + 20 * ROW + 16
    for line, bold, continued in footer:
        parts.append(_text(MARGIN + (2 * CHAR if continued else 0), y, line, bold=bold))
        y += 18
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _row(pin: int, label: str, x: float, pinout: Pinout, clash: bool) -> list[str]:
    y = TOP + (pin - 1) // 2 * ROW
    what = HEADER[pin]
    used = pin in pinout.pins
    name = f"GPIO{what}" if isinstance(what, int) else what
    odd = pin % 2 == 1
    side = -1 if odd else 1
    number_x = x + side * NUMBER_GAP
    name_x = x + side * NAME_GAP
    anchor = "end" if odd else "start"
    parts = _pin_mark(x, y, pin, used, clash)
    parts.append(_text(number_x, y + 4, str(pin), anchor=anchor, size=10))
    parts.append(_text(name_x, y + 4, name, anchor=anchor, bold=isinstance(what, str)))
    if label:
        start = x + side * LABEL_GAP
        end = start + side * LEADER
        dash = ' stroke-dasharray="2 3"' if isinstance(what, str) else ""
        parts.append(f'<line x1="{start:.1f}" y1="{y:.1f}" x2="{end:.1f}" y2="{y:.1f}" '
                     f'stroke="black" stroke-width="{3 if clash else 1}"{dash}/>')
        parts.append(_text(end + side * 4, y + 4, label, anchor=anchor, bold=clash))
    return parts


def _footer(pinout: Pinout) -> list[tuple[str, bool, bool]]:
    """(words, bold, continued) lines under the header: a continued line is indented."""
    lines: list[tuple[str, bool, bool]] = []
    if any(".buttons." in (use.key or "") for uses in pinout.pins.values() for use in uses):
        lines.append(("Buttons: one leg to the GPIO, the other to GND (the Pi's pull-ups: no resistor).",
                      False, False))
    lines.append(("Any GND pin will do; the one named is the nearest. → reads \"then\", along the wire.",
                  False, False))
    for note in pinout.notes:
        lines += _wrapped(f"· {note}", bold=False)
    if pinout.clashes:
        lines.append(("Refused by the config loader (pitchpad run would not start):", True, False))
        for clash in pinout.clashes:
            lines += _wrapped(f"✗ {clash.message}", bold=True)
    if pinout.unseen:
        lines.append(("Clashes the config loader does not see (the console would start, and fail):", True, False))
        for message in pinout.unseen.values():
            lines += _wrapped(f"✗ {message}", bold=True)
    return lines


def _wrapped(text: str, *, bold: bool) -> list[tuple[str, bool, bool]]:
    return [(line, bold, index > 0) for index, line in enumerate(textwrap.wrap(text, FOOTER_CHARS))]
