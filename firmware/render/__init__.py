"""Drawing on a player's 128x64 1-bit screen: text, symbols, boxes and button hints.

The font is Pillow's built-in bitmap font (6 px wide, Latin-1, so every French accent is
there; capitals are 6 px tall). It is crisp at 1 bit, needs no file and no FreeType.
Symbols the font lacks (◀ ▶ ▲ ▼ ✓ ● ○ ✕ ⚽, the card suits ♣ ♦ ♥ ♠) are drawn as small shapes inline, so strings in
:mod:`firmware.i18n` can use them as plain characters. Big words are the same font scaled
by whole pixels, never blurred.

Layout convention (the same on every screen): the four card buttons sit under the screen's
four 32-px columns; the LEFT/CENTRE/RIGHT hints live on the bottom line, each at its side.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

WIDTH, HEIGHT = 128, 64
CHAR_W = 6
LINE_H = 11
HINT_Y = 54
"""Top of the bottom hint line (its text fills rows 54..63)."""
COLUMN_W = WIDTH // 4
"""Width of one card-button column."""
SHEET_Y = 32
"""Top of a sheet: the bottom half of the screen, pages 4..7 of the panel (see :meth:`Canvas.sheet`)."""
LIST_TOP, LIST_PITCH, LIST_ROWS = 10, 11, 4
"""A list's lines (the menu, names, stats) under its title bar (:meth:`Canvas.title_bar`):
11 rows apart, so a descender (j, g) never touches an accent (é, É) on the line under it;
the fourth's ink ends on row 53, over the hint line's letters (from row 55), and the second's
on row 31, over a sheet's rule (row 32)."""

FONT = ImageFont.load_default_imagefont()
SYMBOLS = "◀▶▲▼✓●○✕⚽…♣♦♥♠"


def blank() -> Image.Image:
    return Image.new("1", (WIDTH, HEIGHT), 0)


def text_width(text: str, scale: int = 1) -> int:
    return len(text) * CHAR_W * scale


def _symbol(draw: ImageDraw.ImageDraw, x: int, y: int, symbol: str, fill: int) -> None:
    """Draw one symbol in a 6x11 cell whose top-left is (x, y); ink sits on rows 2..9."""
    if symbol == "◀":
        draw.polygon([(x + 4, y + 2), (x + 4, y + 9), (x + 1, y + 5)], fill=fill)
    elif symbol == "▶":
        draw.polygon([(x + 1, y + 2), (x + 1, y + 9), (x + 4, y + 5)], fill=fill)
    elif symbol == "▲":
        draw.polygon([(x, y + 8), (x + 5, y + 8), (x + 2, y + 3)], fill=fill)
        draw.line([(x + 3, y + 3), (x + 5, y + 8)], fill=fill)
    elif symbol == "▼":
        draw.polygon([(x, y + 3), (x + 5, y + 3), (x + 2, y + 8)], fill=fill)
        draw.line([(x + 3, y + 8), (x + 5, y + 3)], fill=fill)
    elif symbol == "✓":
        draw.line([(x, y + 6), (x + 2, y + 8), (x + 5, y + 2)], fill=fill, width=1)
        draw.line([(x, y + 5), (x + 2, y + 7)], fill=fill)
    elif symbol == "●":
        draw.ellipse([x, y + 3, x + 4, y + 7], fill=fill)
    elif symbol == "○":
        draw.ellipse([x, y + 3, x + 4, y + 7], outline=fill)
    elif symbol == "✕":
        draw.line([(x, y + 3), (x + 4, y + 7)], fill=fill)
        draw.line([(x, y + 7), (x + 4, y + 3)], fill=fill)
    elif symbol == "⚽":
        draw.ellipse([x, y + 3, x + 5, y + 8], fill=fill)
    elif symbol == "…":
        draw.point([(x, y + 8), (x + 2, y + 8), (x + 4, y + 8)], fill=fill)
    elif symbol == "♦":
        draw.polygon([(x + 2, y + 2), (x + 4, y + 5), (x + 2, y + 8), (x, y + 5)], fill=fill)
    elif symbol == "♥":
        draw.point([(x + 1, y + 3), (x + 3, y + 3)], fill=fill)
        draw.rectangle([x, y + 4, x + 4, y + 5], fill=fill)
        draw.line([(x + 1, y + 6), (x + 3, y + 6)], fill=fill)
        draw.point((x + 2, y + 7), fill=fill)
    elif symbol == "♠":
        draw.point((x + 2, y + 2), fill=fill)
        draw.line([(x + 1, y + 3), (x + 3, y + 3)], fill=fill)
        draw.rectangle([x, y + 4, x + 4, y + 5], fill=fill)
        draw.point((x + 2, y + 6), fill=fill)
        draw.line([(x + 1, y + 7), (x + 3, y + 7)], fill=fill)
    elif symbol == "♣":
        draw.rectangle([x + 1, y + 2, x + 3, y + 3], fill=fill)
        draw.rectangle([x, y + 4, x + 4, y + 5], fill=fill)
        draw.point((x + 2, y + 6), fill=fill)
        draw.line([(x + 1, y + 7), (x + 3, y + 7)], fill=fill)


@lru_cache(maxsize=512)
def _line_image(text: str) -> Image.Image:
    """``text`` at scale 1 as a mode-"1" mask, symbols included (cached: screens repeat)."""
    image = Image.new("1", (max(1, text_width(text)), LINE_H), 0)
    draw = ImageDraw.Draw(image)
    for i, char in enumerate(text):
        if char in SYMBOLS:
            _symbol(draw, i * CHAR_W, 0, char, 1)
        elif char != " ":
            draw.text((i * CHAR_W, 0), char, font=FONT, fill=1)
    return image


@lru_cache(maxsize=512)
def _ink_box(text: str) -> tuple[int, int, int, int] | None:
    """Where ``text``'s ink is in its line image (None: no ink)."""
    return _line_image(text).getbbox()


class Canvas:
    """One frame being drawn: white ink on black, like the OLED."""

    def __init__(self) -> None:
        self.image = blank()
        self.draw = ImageDraw.Draw(self.image)
        self.cut = False
        """A text's ink was drawn past the panel's edge (the console then tries the screen
        with the players' colours for their names: ``firmware.console.display.draw_screen``)."""
        self.titled = False
        """A list's title bar was drawn (:meth:`title_bar`): a warning over the screen takes
        the bar's rows, not its first line's."""

    def text(self, x: int, y: int, text: str, scale: int = 1, ink: int = 1) -> None:
        box = _ink_box(text)
        if box is not None and (x + box[0] * scale < 0 or y + box[1] * scale < 0
                                or x + box[2] * scale > WIDTH or y + box[3] * scale > HEIGHT):
            self.cut = True
        mask = _line_image(text)
        if scale != 1:
            mask = mask.resize((mask.width * scale, mask.height * scale), Image.Resampling.NEAREST)
        self.image.paste(ink, (x, y), mask)

    def centred(self, y: int, text: str, scale: int = 1, x0: int = 0, x1: int = WIDTH,
                ink: int = 1) -> None:
        """Centre ``text`` between x0 and x1, shrinking the scale until it fits."""
        while scale > 1 and text_width(text, scale) > x1 - x0:
            scale -= 1
        self.text(x0 + (x1 - x0 - text_width(text, scale)) // 2, y, text, scale, ink)

    def big(self, top: int, bottom: int, text: str, x0: int = 0, x1: int = WIDTH) -> None:
        """``text`` centred between columns ``x0`` and ``x1`` with its ink between rows ``top``
        and ``bottom`` (both drawn on): twice the size when it fits there, accents and
        descenders included ("Gagné !" is 20 rows high, "Engagement" 16), else small. Placed
        by its ink, not by the font's cell, so a big word never runs into the line under it."""
        box = _ink_box(text)
        if box is None:
            return
        scale = 2 if (text_width(text, 2) <= x1 - x0
                      and (box[3] - box[1]) * 2 <= bottom - top + 1) else 1
        height = (box[3] - box[1]) * scale
        y = top + max(0, bottom - top + 1 - height) // 2 - box[1] * scale
        self.text(x0 + (x1 - x0 - text_width(text, scale)) // 2, y, text, scale)

    def right(self, x1: int, y: int, text: str, scale: int = 1) -> None:
        self.text(x1 - text_width(text, scale), y, text, scale)

    def box(self, x0: int, y0: int, x1: int, y1: int, *, filled: bool = False,
            width: int = 1) -> None:
        self.draw.rectangle([x0, y0, x1, y1], fill=1 if filled else None, outline=1, width=width)

    def clear(self, x0: int, y0: int, x1: int, y1: int) -> None:
        self.draw.rectangle([x0, y0, x1, y1], fill=0)

    def hline(self, y: int, x0: int = 0, x1: int = WIDTH - 1) -> None:
        self.draw.line([(x0, y), (x1, y)], fill=1)

    def dotted(self, y: int) -> None:
        self.draw.point([(x, y) for x in range(0, WIDTH, 2)], fill=1)

    def hints(self, left: str = "", centre: str = "", right: str = "") -> None:
        """The bottom line: what LEFT, CENTRE and RIGHT do now, each at its own side. Its text
        starts a row above ``HINT_Y`` so descenders (g, j, p, q, y, ç: the font's 11th row) stay
        on the panel's last row instead of past it; its rows are cleared first."""
        self.clear(0, HINT_Y - 1, WIDTH - 1, HEIGHT - 1)
        self.hint_words(left, centre, right)

    def hint_words(self, left: str = "", centre: str = "", right: str = "") -> None:
        """The bottom line's words without clearing its rows: under a list whose fourth line's
        descenders reach row 53 (their letters start on row 55)."""
        if left:
            self.text(0, HINT_Y - 1, left)
        if centre:
            self.centred(HINT_Y - 1, centre)
        if right:
            self.right(WIDTH, HINT_Y - 1, right)

    def title_bar(self, left: str, right: str = "") -> None:
        """A list's inverted top line (rows 0..8: its letters, ascenders and the g of "Ligue"
        inside): ``left`` at its start, ``right`` at its end."""
        self.titled = True
        self.box(0, 0, WIDTH - 1, LIST_TOP - 2, filled=True)
        self.text(2, -2, left, ink=0)
        if right:
            self.text(WIDTH - 2 - text_width(right), -2, right, ink=0)

    def list_row(self, row: int, left: str, right: str = "", chosen: bool = False,
                 x0: int = 2, x1: int = WIDTH - 2) -> None:
        """Line ``row`` of a list under the title bar: ``left`` from ``x0``, ``right`` ending
        at ``x1``; ``chosen``: inverted (the cursor's line)."""
        y = LIST_TOP + row * LIST_PITCH
        ink = 0 if chosen else 1
        if chosen:
            self.box(0, y, WIDTH - 1, y + LIST_PITCH - 1, filled=True)
        self.text(x0, y, left, ink=ink)
        if right:
            self.text(x1 - text_width(right), y, right, ink=ink)

    def sheet(self, top: int = SHEET_Y) -> None:
        """Clear the bottom half under a rule: a sheet that slides over the screen below it.

        Short messages between two screens (the splash, the kick-off) are sheets over the
        menu, so going to or from the menu rewrites four of the panel's eight pages: both
        screens of a two-player console change within one 30 ms frame on one 400 kHz I2C
        bus, where two whole screens take 46 ms. ``top``: a taller sheet, for lines that come
        on a timer (no press waits on the bus)."""
        self.clear(0, top, WIDTH - 1, HEIGHT - 1)
        self.hline(top)

    def banner(self, line: str, top: int = HINT_Y) -> None:
        """An inverted bar over the bottom line (rows 54..63) saying what just happened: a
        flip's choices, why a game ended. Ten rows, so accents and descenders (ç, g, q) show;
        row 53 stays, where the lines over it end (a big name's g, a fourth line's descender).
        ``top`` ``HINT_Y - 1``: from row 53, the hint line's whole, over a screen whose hint
        may hold a capital's accent there ("À Ordi…", "Élise-Gaby bouge…")."""
        self.box(0, top, WIDTH - 1, HEIGHT - 1, filled=True)
        self.centred(HINT_Y - 1, line, ink=0)

    def chip(self, x1: int, y: int, label: str) -> None:
        """A small inverted label ending at ``x1`` (a button to press: ``OK``)."""
        x0 = x1 - text_width(label) - 3
        self.box(x0, y, x1, y + 10, filled=True)
        self.text(x0 + 2, y, label, ink=0)

    def card_marks(self, *marks: str) -> None:
        """The card buttons' marks on the bottom line, each centred over its own button's
        column: ``marks`` from CARD1 on, "" for a button that does nothing here
        (``("▲", "▼", "", "✕")``); a title says what a ✕ does, the mark says which button."""
        for column, mark in enumerate(marks):
            if mark:
                self.text(column * COLUMN_W + (COLUMN_W - text_width(mark)) // 2, HINT_Y, mark)

    def ok_chip(self, label: str = "OK") -> int:
        """The OK button's chip in the middle of the bottom line, over the centre button that
        is OK (at the line's right end it stood over CARD4's column); returns its right end."""
        x0 = (WIDTH - text_width(label) - 4) // 2
        x1 = x0 + text_width(label) + 3
        self.chip(x1, HINT_Y, label)
        self.clear(x0, HINT_Y, x1, HINT_Y)      # a dark row over it: a chosen list line ends on row 53
        return x1

    def ok_hint(self, word: str = "") -> None:
        """The OK chip over the OK button and what OK does after it ("[OK] Jouer"): the chip
        says which button, its word what the press does. The word stops before CARD4's
        column's middle, so a ✕ over CARD4 still has its place."""
        end = self.ok_chip()
        if word:
            self.text(end + 4, HINT_Y - 1, word)

    def bar(self, x0: int, y0: int, x1: int, y1: int, fraction: float) -> None:
        """A progress bar (countdowns): outline plus a fill of ``fraction`` of its width."""
        self.box(x0, y0, x1, y1)
        inner = round((x1 - x0 - 2) * max(0.0, min(1.0, fraction)))
        if inner > 0:
            self.draw.rectangle([x0 + 1, y0 + 1, x0 + inner, y1 - 1], fill=1)


def fitting(width: int, *lines: str) -> str:
    """The first of ``lines`` (longest first) that fits ``width`` pixels, else the last."""
    for line in lines:
        if text_width(line.strip()) <= width:
            return line.strip()
    return lines[-1].strip()


def wrap(text: str, width: int = WIDTH, scale: int = 1) -> list[str]:
    """Split ``text`` into lines that fit ``width`` pixels, at spaces."""
    limit = max(1, width // (CHAR_W * scale))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= limit:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
