"""Read a screen as a player does: the words a model draws, in drawing order."""
from __future__ import annotations

from typing import Any

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


def overlapping(model: Any, language: str) -> list[tuple[str, str]]:
    """Pairs of texts ``model`` draws whose inked boxes meet (a word drawn over or against
    another: "10sPioche une carte"). A text cleared away or covered by a filled box before
    the next is drawn no longer counts (a banner over the hint line)."""
    inked: list[tuple[str, tuple[int, int, int, int]]] = []

    def cover(x0: int, y0: int, x1: int, y1: int) -> None:
        inked[:] = [(t, b) for t, b in inked
                    if not (x0 <= b[0] and y0 <= b[1] and b[2] <= x1 + 1 and b[3] <= y1 + 1)]

    class Checking(Canvas):
        def text(self, x: int, y: int, text: str, scale: int = 1, ink: int = 1) -> None:
            probe = Canvas()
            Canvas.text(probe, x, y, text, scale, 1)
            box = probe.image.getbbox()
            if box is not None:
                inked.append((text, box))
            super().text(x, y, text, scale, ink)

        def box(self, x0: int, y0: int, x1: int, y1: int, *, filled: bool = False,
                width: int = 1) -> None:
            if filled:
                cover(x0, y0, x1, y1)
            super().box(x0, y0, x1, y1, filled=filled, width=width)

        def clear(self, x0: int, y0: int, x1: int, y1: int) -> None:
            cover(x0, y0, x1, y1)
            super().clear(x0, y0, x1, y1)

    model.draw(Checking(), language)
    return [(a, b) for i, (a, box_a) in enumerate(inked) for b, box_b in inked[i + 1:]
            if box_a[0] < box_b[2] and box_b[0] < box_a[2] and box_a[1] < box_b[3]
            and box_b[1] < box_a[3]]
