"""The handheld's power screens: the battery mark, the low-battery warning, the power-off question,
the goodbye and "could not power off" screens.

Pictures first, for players who read little: a battery drawn as a battery (its fill the charge,
a lightning bolt while it charges, empty with a "!" when low), and the power symbol (a circle
broken by a line) on the power-off screens. Every word is in :mod:`firmware.i18n`.
"""
from __future__ import annotations

from dataclasses import dataclass

from firmware.i18n import text
from firmware.render import HEIGHT, HINT_Y, LIST_TOP, WIDTH, Canvas

BATTERY_W, BATTERY_H = 15, 7
"""The small battery mark: a 13x7 body and a 2x3 nub on its right."""
LOW = 15
"""Percent at and under which the charge is low (the warning, the mark's "!")."""


def draw_battery(c: Canvas, x: int, y: int, percent: int, charging: bool, ink: int = 1) -> None:
    """The small battery mark with its top-left at (x, y): 15x7, filled as charged; a bolt
    (5x7, left of it) while charging; an "!" in an empty one when low and not charging."""
    draw = c.draw
    draw.rectangle([x, y, x + 12, y + BATTERY_H - 1], outline=ink, fill=1 - ink)
    draw.rectangle([x + 13, y + 2, x + 14, y + 4], fill=ink)
    inner = round(10 * max(0, min(100, percent)) / 100)
    if inner:
        draw.rectangle([x + 2, y + 2, x + 1 + inner, y + 4], fill=ink)
    if charging:
        draw_bolt(c, x - 6, y, ink)
    elif percent <= LOW:
        draw.line([(x + 6, y + 1), (x + 6, y + 3)], fill=ink)
        draw.point((x + 6, y + 5), fill=ink)


def draw_bolt(c: Canvas, x: int, y: int, ink: int = 1) -> None:
    """A 5x7 lightning bolt: the charger is at work."""
    c.draw.line([(x + 3, y), (x + 1, y + 3), (x + 3, y + 3), (x + 1, y + 6)], fill=ink)


def draw_big_battery(c: Canvas, x: int, y: int, percent: int) -> None:
    """A 30x14 battery for the warning screens; nearly empty, with an "!" inside."""
    draw = c.draw
    draw.rectangle([x, y, x + 26, y + 13], outline=1, width=2)
    draw.rectangle([x + 27, y + 4, x + 29, y + 9], fill=1)
    inner = round(21 * max(0, min(100, percent)) / 100)
    if inner:
        draw.rectangle([x + 3, y + 3, x + 2 + inner, y + 10], fill=1)
    if percent <= LOW:
        draw.rectangle([x + 12, y + 3, x + 13, y + 7], fill=1)
        draw.rectangle([x + 12, y + 9, x + 13, y + 10], fill=1)


def draw_power_symbol(c: Canvas, cx: int, cy: int, r: int = 7) -> None:
    """The power symbol: a circle open at the top with a line through the gap."""
    c.draw.arc([cx - r, cy - r, cx + r, cy + r], 300, 240, fill=1, width=2)
    c.draw.line([(cx, cy - r - 1), (cx, cy)], fill=1, width=2)


UPRIGHT = (5, 14)
"""An upright mark, nub up: 5 wide, 14 high."""
LYING = (13, 5)
"""A lying mark, nub to the right: 13 wide, 5 high (it fits between two lines of text)."""
EDGE_SPOTS: tuple[tuple[int, int, tuple[int, int]], ...] = (
    (WIDTH - 5, 20, UPRIGHT), (WIDTH - 13, 0, LYING), (WIDTH - 13, HEIGHT - 5, LYING),
    (WIDTH - 5, 2, UPRIGHT), (WIDTH - 5, 36, UPRIGHT), (WIDTH - 5, 49, UPRIGHT),
    (0, 0, LYING), (0, HEIGHT - 5, LYING), (0, 20, UPRIGHT), (0, 36, UPRIGHT))
"""Where the match's battery mark may stand, best first: the right edge (the place game screens
leave free most often), the right corners, then the left side."""


def free_spot(c: Canvas) -> tuple[int, int, tuple[int, int]] | None:
    """The first of :data:`EDGE_SPOTS` where the game drew nothing (a pixel's margin around the
    mark included), or None: the mark never covers what the game shows (a round counter's
    last digit, a card's border)."""
    for x, y, (w, h) in EDGE_SPOTS:
        box = (max(0, x - 1), max(0, y - 1), min(WIDTH, x + w + 1), min(HEIGHT, y + h + 1))
        if c.image.crop(box).getbbox() is None:
            return x, y, (w, h)
    return None


def draw_battery_edge(c: Canvas, percent: int, charging: bool) -> None:
    """The mark in a match, on a blank spot by the screen's edges (:func:`free_spot`; none free:
    no mark, the menu and the low warning still tell the charge): a small battery filled as
    charged, dotted while charging."""
    spot = free_spot(c)
    if spot is None:
        return
    x, y, shape = spot
    draw = c.draw
    filled = round(9 * max(0, min(100, percent)) / 100)
    if shape == UPRIGHT:
        draw.rectangle([x + 1, y, x + 3, y + 1], fill=1)
        draw.rectangle([x, y + 2, x + 4, y + 13], outline=1, fill=0)
        if filled:
            draw.rectangle([x + 1, y + 12 - filled, x + 3, y + 12], fill=1)
        if charging:
            draw.point([(x + 2, y + 4 + 2 * k) for k in range(4)], fill=0)
        return
    draw.rectangle([x, y, x + 10, y + 4], outline=1, fill=0)
    draw.rectangle([x + 11, y + 1, x + 12, y + 3], fill=1)
    if filled:
        draw.rectangle([x + 1, y + 1, x + filled, y + 3], fill=1)
    if charging:
        draw.point([(x + 2 + 2 * k, y + 2) for k in range(4)], fill=0)


def draw_low_banner(c: Canvas, language: str, percent: int) -> None:
    """The low-battery warning over a match or the menu: an inverted top bar with the battery
    (empty, "!") and the words, for a few seconds. Over a list (the menu, the names…) it takes
    the title bar's rows only, so the first line under it stays whole (an "É" keeps its
    accent); over a match it also hides the row of the other side's cards."""
    titled = c.titled
    c.box(0, 0, WIDTH - 1, LIST_TOP - 2 if titled else 10, filled=True)
    draw_battery(c, 2, 1 if titled else 2, percent, False, ink=0)
    c.text(21, -2 if titled else 0, text(language, "power.low", percent=percent), ink=0)


MENU_MARK_X = 76
"""The battery mark's place in the menu's title bar: between the padlock and the line count."""


@dataclass(frozen=True)
class BatteryMark:
    """The battery mark over a screen: in the menu's title bar (inverted), or standing on the
    edges in a match, on a blank spot (``edge``)."""

    percent: int
    charging: bool
    edge: bool = False

    def draw(self, c: Canvas, language: str) -> None:
        if self.edge:
            draw_battery_edge(c, self.percent, self.charging)
        else:
            draw_battery(c, MENU_MARK_X, 1, self.percent, self.charging, ink=0)   # inside the title bar (rows 0..8)


@dataclass(frozen=True)
class LowBanner:
    """The low-battery warning over any screen, for a few seconds."""

    percent: int

    def draw(self, c: Canvas, language: str) -> None:
        draw_low_banner(c, language, self.percent)


@dataclass(frozen=True)
class PowerOffQuestion:
    """The menu's "Power off" line asks once more: a sheet over the menu."""

    over_menu = True

    def draw(self, c: Canvas, language: str) -> None:
        c.sheet()
        draw_power_symbol(c, 14, 43)
        c.centred(34, text(language, "power.question"), scale=2, x0=26)
        c.hints(left=text(language, "power.no"), right=text(language, "power.yes"))


@dataclass(frozen=True)
class GoodbyeScreen:
    """Every screen says goodbye before the panels go dark and the system powers off.
    ``kept``: a match was on (it is resumed at the next start); ``empty``: the cell is empty."""

    kept: bool = False
    empty: bool = False

    def draw(self, c: Canvas, language: str) -> None:
        if self.empty:
            draw_big_battery(c, 49, 2, 0)
            c.centred(19, text(language, "power.empty"))
        else:
            draw_power_symbol(c, WIDTH // 2, 10)
        c.centred(28, text(language, "power.goodbye"), scale=2)
        if self.kept:
            c.centred(HINT_Y - 1, text(language, "power.kept"))


@dataclass(frozen=True)
class PowerOffFailedScreen:
    """The system refused to power off (``reason``, the log has it whole): say so, in short."""

    def draw(self, c: Canvas, language: str) -> None:
        draw_power_symbol(c, 12, 12)
        c.text(26, 2, text(language, "power.failed"))
        c.text(26, 14, text(language, "power.failed2"))
        c.centred(30, text(language, "power.failed3"))
        c.hints(right=text(language, "power.ok"))
