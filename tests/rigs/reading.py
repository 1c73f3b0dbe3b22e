"""Read a screen as a player does: the words a model draws, in drawing order."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from firmware import render
from firmware.i18n import plain_names
from firmware.render import HEIGHT, WIDTH, Canvas


def words(model: Any, language: str) -> list[str]:
    """The texts ``model`` draws (every ``Canvas.text`` call), in drawing order."""
    drawn: list[str] = []

    class Reading(Canvas):
        def text(self, x: int, y: int, text: str, scale: int = 1, ink: int = 1) -> None:
            drawn.append(text)
            super().text(x, y, text, scale, ink)

    model.draw(Reading(), language)
    return drawn


@dataclass
class Drawn:
    """One text as a screen drew it: where its ink would be, and what of it stays on the panel."""

    text: str
    whole: Image.Image
    """Its ink on the panel as drawn (what the panel's edges leave of it)."""
    visible: Image.Image
    """Its ink that stays: a filled box or a clear drawn afterwards takes its part away."""
    cut: bool
    """Some of its ink falls outside the panel (the font's mask, scaled as drawn)."""


def drawn_texts(model: Any, language: str, canvas: Canvas | None = None) -> list[Drawn]:
    """Each text ``model`` draws, in drawing order (on ``canvas``, a new one by default)."""
    drawn: list[Drawn] = []

    def cover(x0: int, y0: int, x1: int, y1: int) -> None:
        for each in drawn:
            ImageDraw.Draw(each.visible).rectangle([x0, y0, x1, y1], fill=0)

    class Reading(Canvas):
        def text(self, x: int, y: int, text: str, scale: int = 1, ink: int = 1) -> None:
            probe = Canvas()
            Canvas.text(probe, x, y, text, scale, 1)
            box = render._line_image(text).getbbox()
            cut = box is not None and (x + box[0] * scale < 0 or y + box[1] * scale < 0
                                       or x + box[2] * scale > WIDTH or y + box[3] * scale > HEIGHT)
            drawn.append(Drawn(text, probe.image, probe.image.copy(), cut))
            super().text(x, y, text, scale, ink)

        def box(self, x0: int, y0: int, x1: int, y1: int, *, filled: bool = False,
                width: int = 1) -> None:
            if filled:
                cover(x0, y0, x1, y1)
            super().box(x0, y0, x1, y1, filled=filled, width=width)

        def clear(self, x0: int, y0: int, x1: int, y1: int) -> None:
            cover(x0, y0, x1, y1)
            super().clear(x0, y0, x1, y1)

    reading = Reading()
    if canvas is not None:
        reading.image, reading.draw = canvas.image, canvas.draw
    model.draw(reading, language)
    return drawn


def inked(model: Any, language: str) -> list[tuple[str, Image.Image]]:
    """Each text ``model`` draws, in drawing order, with the ink of it that stays on the panel:
    a text cleared away or covered by a filled box afterwards (a banner over the hint line)
    keeps only what shows."""
    return [(each.text, each.visible) for each in drawn_texts(model, language)]


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


def _near(a: tuple[int, int, int, int] | None, b: tuple[int, int, int, int] | None) -> bool:
    """Whether two ink boxes (left, top, right, bottom; right and bottom past the ink) meet or
    stand a pixel apart: only then may their inks touch."""
    return (a is not None and b is not None and a[0] <= b[2] and b[0] <= a[2]
            and a[1] <= b[3] and b[1] <= a[3])


def _touch(a: Image.Image, b: Image.Image) -> bool:
    """Whether two 1-bit inks meet or stand side by side (a pixel apart counts: no gap)."""
    if not _near(a.getbbox(), b.getbbox()):
        return False
    grown = a.convert("L").filter(ImageFilter.MaxFilter(3))
    return ImageChops.multiply(grown, b.convert("L")).getbbox() is not None


@dataclass(frozen=True)
class Layered:
    """A screen and what the console draws over it, as one model."""

    under: Any
    over: Any

    def draw(self, c: Canvas, language: str) -> None:
        self.under.draw(c, language)
        self.over.draw(c, language)


def misfits(model: Any, language: str, over: Any = None) -> list[str]:
    """What a reader would find wrong with the words of ``model`` (and of ``over``, a model the
    console draws over it: the battery mark, the demo's banner), by the ink the real font puts
    down, never by counting characters:

    * a text whose ink leaves the panel (cut at an edge);
    * a text partly covered by what is drawn after it (a banner, a chip, a clear): entirely
      covered is a text the screen replaced, not one it clips;
    * two texts whose ink meets or touches ("g" of a big "Gagné !" on the line under it);
    * ``over``'s marks meeting or touching a text (the battery mark against a score digit).

    The screen is read as the console draws it (``firmware.console.display.draw_screen``):
    with the players' colours for their names when a line with the names left the panel.
    """
    layered = model if over is None else Layered(model, over)
    texts = drawn_texts(layered, language)
    if any(t.cut for t in texts):
        with plain_names():
            plain = drawn_texts(layered, language)
        if not any(t.cut for t in plain):
            with plain_names():
                return _misfits(model, language, over, plain)
    return _misfits(model, language, over, texts)


def _misfits(model: Any, language: str, over: Any, texts: list[Drawn]) -> list[str]:
    found = [f"{t.text!r} cut at the panel's edge" for t in texts if t.cut]
    found += [f"{t.text!r} partly covered" for t in texts if t.visible.getbbox() is not None
              and ImageChops.difference(t.visible, t.whole).getbbox() is not None]
    shown = [t for t in texts if t.visible.getbbox() is not None]
    found += [f"{a.text!r} touches {b.text!r}" for i, a in enumerate(shown) for b in shown[i + 1:]
              if _touch(a.visible, b.visible)]
    if over is not None:
        under, both = Canvas(), Canvas()
        model.draw(under, language)
        Layered(model, over).draw(both, language)
        mark = ImageChops.logical_xor(under.image, both.image)
        if mark.getbbox() is not None:
            owned = len(drawn_texts(model, language))
            for t in texts[owned:]:                # the overlay's own words are its own
                mark = ImageChops.logical_and(mark, ImageChops.invert(t.whole))
            found += [f"{type(over).__name__} touches {t.text!r}" for t in texts[:owned]
                      if t.visible.getbbox() is not None and _touch(mark, t.visible)]
    return found
