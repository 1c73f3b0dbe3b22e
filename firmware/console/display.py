"""The pads' screens and LEDs: what each shows, redrawn only when it changed.

A screen model is a small frozen value; the console compares it with the one drawn last and
sends nothing when they are equal (a whole frame costs 23 ms of the handheld's shared I2C bus).
A sheet (a model with ``over_menu = True``: the kick-off, the result) is drawn over the menu, so
leaving one for the other rewrites half of each panel. A card that refuses writes gets a
warning drawn over every screen.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from firmware.console.resume import draw_card_warning
from firmware.i18n import plain_names
from firmware.render import Canvas
from hal.console import Console
from hal.screen import Screen

BRIGHT, DIM = 0xCF, 0x08
SHOWING = 0x40
"""The attract mode's contrast: readable across a café table, gentler on the panel."""


def draw_screen(model: Any, language: str) -> Canvas:
    """``model`` drawn on a new canvas as a pad shows it. When a line of it leaves the panel
    (a long name: "Maximilien garde le ballon" is 26 characters of 21) it is drawn again with
    the players called by their colours (:func:`firmware.i18n.plain_names`), every game's
    screens alike: a name is never cut at the edges, the colour stands for it where it does
    not fit, as the kick-off said which colour is whose."""
    canvas = Canvas()
    model.draw(canvas, language)
    if canvas.cut:
        plain = Canvas()
        with plain_names():
            model.draw(plain, language)
        if not plain.cut:
            return plain
    return canvas


@dataclass(frozen=True)
class OverMenu:
    """A sheet (a screen model that draws only the bottom half, ``over_menu = True``) over
    the menu: leaving it for the menu, or the menu for it, rewrites half of each panel."""

    menu: Any
    sheet: Any

    def draw(self, c: Canvas, language: str) -> None:
        self.menu.draw(c, language)
        self.sheet.draw(c, language)


@dataclass(frozen=True)
class Overlays:
    """Several small models drawn over a screen, in order (the battery mark, a phone's news)."""

    models: tuple[Any, ...]

    def draw(self, c: Canvas, language: str) -> None:
        for model in self.models:
            model.draw(c, language)


class Display:
    """Each pad's screen and LED as last sent, and what to send next."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.shown: dict[int, tuple[Any, str]] = {}
        """The screen model each pad shows (a sheet's own model, not the menu under it)."""
        self.drawn: dict[int, tuple[Any, str]] = {}
        self.warned: dict[int, bool] = {}
        self.over: dict[int, Any] = {}
        """What is drawn over each screen (the battery mark), as last drawn."""
        self.leds: dict[int, bool] = {}
        self.behind = False
        """Screens not yet redrawn after a staggered press (``ModeState.staggered``)."""
        self.heal_due = False
        """A screensaver step: panels that lost power come back at the next pass."""
        self.watched: tuple[Any, str] | None = None
        """What the watching phones were last sent (``Phones.spectator_screen``)."""

    def refresh(self, pads: Iterable[int], screen: Callable[[int], Any], menu: Callable[[], Any],
                language: str, warning: bool, first: int | None = None,
                over: Callable[[int, Any], Any] | None = None) -> None:
        """Redraw each screen whose content changed; ``first``: only that pad's screen now,
        the others at the next pass (a staggered press). ``over(pad, drawn)``: a small model
        drawn over the screen (the battery mark, a warning), or None."""
        self.behind = first is not None
        for pad in (pads if first is None else (first,)):
            model = screen(pad)
            drawn = OverMenu(menu(), model) if getattr(model, "over_menu", False) else model
            extra = over(pad, drawn) if over is not None else None
            if (self.drawn.get(pad) == (drawn, language) and self.warned.get(pad, False) == warning
                    and self.over.get(pad) == extra):
                continue
            self.shown[pad] = (model, language)
            self.drawn[pad] = (drawn, language)
            self.warned[pad] = warning
            self.over[pad] = extra
            canvas = draw_screen(drawn, language)
            if extra is not None:
                extra.draw(canvas, language)
            if warning:
                draw_card_warning(canvas)
            self.console.screen(pad).display(canvas.image)

    def spectators(self, screen: Screen, model: Any, language: str) -> None:
        """The watching phones' screen, sent when its model changed (as a pad's)."""
        if self.watched == (model, language):
            return
        self.watched = (model, language)
        screen.display(draw_screen(model, language).image)

    def light(self, pads: Iterable[int], lit: Callable[[int], bool]) -> None:
        """Set each pad's LED, sending only a change."""
        for pad in pads:
            on = lit(pad)
            if self.leds.get(pad) != on:
                self.leds[pad] = on
                led = self.console.led(pad)
                led.on() if on else led.off()

    def contrast(self, pads: Iterable[int], level: int) -> None:
        for pad in pads:
            self.console.screen(pad).contrast(level)

    def heal(self, pads: Iterable[int]) -> None:
        """After a screensaver step, when nobody presses: a panel that lost power without a
        transfer failing comes back (``hal.oled``: init and a whole frame)."""
        if self.heal_due:
            self.heal_due = False
            for pad in pads:
                self.console.screen(pad).refresh()
