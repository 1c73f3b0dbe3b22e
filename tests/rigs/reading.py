"""Read a screen as a player does: the words a model draws, in drawing order."""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from firmware.render import Canvas


def words(model: Any, language: str) -> list[str]:
    """The texts ``model`` draws (every ``Canvas.text`` call), in drawing order."""
    drawn: list[str] = []

    class Reading(Canvas):
        def text(self, x: int, y: int, text: str, scale: int = 1, ink: int = 1) -> None:
            drawn.append(text)
            super().text(x, y, text, scale, ink)

    model.draw(Reading(), language)
    return drawn


def inked(model: Any, language: str) -> list[tuple[str, Image.Image]]:
    """Each text ``model`` draws, in drawing order, with the ink of it that stays on the panel:
    a text cleared away or covered by a filled box afterwards (a banner over the hint line)
    keeps only what shows."""
    drawn: list[tuple[str, Image.Image]] = []

    def cover(x0: int, y0: int, x1: int, y1: int) -> None:
        for _words, ink in drawn:
            ImageDraw.Draw(ink).rectangle([x0, y0, x1, y1], fill=0)

    class Reading(Canvas):
        def text(self, x: int, y: int, text: str, scale: int = 1, ink: int = 1) -> None:
            probe = Canvas()
            Canvas.text(probe, x, y, text, scale, 1)
            drawn.append((text, probe.image))
            super().text(x, y, text, scale, ink)

        def box(self, x0: int, y0: int, x1: int, y1: int, *, filled: bool = False,
                width: int = 1) -> None:
            if filled:
                cover(x0, y0, x1, y1)
            super().box(x0, y0, x1, y1, filled=filled, width=width)

        def clear(self, x0: int, y0: int, x1: int, y1: int) -> None:
            cover(x0, y0, x1, y1)
            super().clear(x0, y0, x1, y1)

    model.draw(Reading(), language)
    return drawn


def visible_words(model: Any, language: str) -> list[str]:
    """The texts ``model`` draws that stay on the panel, in drawing order."""
    return [words_ for words_, ink in inked(model, language) if ink.getbbox() is not None]


def overlapping(model: Any, language: str) -> list[tuple[str, str]]:
    """Pairs of texts ``model`` draws whose ink meets or touches (a word drawn over or against
    another: "10sPioche une carte"). A text cleared away or covered by a filled box before
    the next is drawn no longer counts (a banner over the hint line)."""
    drawn = inked(model, language)
    near = [(t, m.convert("L").filter(ImageFilter.MaxFilter(3))) for t, m in drawn]
    return [(a, b) for i, (a, grown) in enumerate(near) for b, mask in drawn[i + 1:]
            if ImageChops.multiply(grown, mask.convert("L")).getbbox() is not None]
