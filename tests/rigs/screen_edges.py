"""What a screen draws past the 128 px edge: the texts the players would see cut, measured as the
screen draws them (the kick-off's long-name tests, in every game)."""
from __future__ import annotations

from typing import Any

from firmware.render import WIDTH, Canvas, text_width


def cut_at_the_edge(model: Any, language: str) -> list[str]:
    """The texts ``model`` draws (in ``language``) starting left of the screen or ending past its
    right edge; none when everything fits."""
    cut: list[str] = []

    class Measuring(Canvas):
        def text(self, x: int, y: int, text: str, scale: int = 1, ink: int = 1) -> None:
            if x < 0 or x + text_width(text, scale) > WIDTH:
                cut.append(text)
            super().text(x, y, text, scale, ink)

    model.draw(Measuring(), language)
    return cut
