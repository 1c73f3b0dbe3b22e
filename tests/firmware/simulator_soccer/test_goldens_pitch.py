"""Golden images of the Simulator Soccer map and tutorial, in French and English, and the
English ones' 3x zooms in docs/simulator-soccer/ (what the docs show is what the code draws).

The positions come from the engine's position constructor; the marks are what the console
would pass for the decision shown (cells within reach, with room), built from geometry only
so these images change when the map's drawing changes, not when a rule is refined.
``PITCHPAD_REGOLD=1`` rewrites them all: look at every one you change.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from goldens import GOLDEN, REGOLD, assert_goldens
from PIL import Image, ImageChops

from engine.simulator_soccer.geometry import within
from engine.simulator_soccer.position import position
from engine.simulator_soccer.view import view_of
from firmware.render import Canvas
from firmware.simulator_soccer.pitch import draw_pitch, draw_status, status_text
from firmware.simulator_soccer.tutorial import PAGES, draw_tutorial

DOCS = Path(__file__).resolve().parents[3] / "docs" / "simulator-soccer"
ZOOM = 3


def _attack():
    """Red's #9 on the ball at the edge of the shooting zone, blue #4 marking him in his
    cell, a lying player each; red's Phase 2 (carrier excluded)."""
    return position(red={9: (15, 3), 10: (13, 5), 11: (16, 0), 7: (12, 6)},
                    blue={4: (15, 3), 5: (16, 4), 6: (12, 2)}, carrier=("red", 9),
                    lying=[("red", 7), ("blue", 6)], score=(1, 0), clock=14)


def _screen(match, seat: str, language: str, **kw) -> Image.Image:
    view = view_of(match, seat)
    c = Canvas()
    draw_pitch(c, view, seat, **kw)
    draw_status(c, status_text(view, seat, language))
    return c.image


def _free(match, team: int, cell, reach: int):
    """Cells within reach with room for one more of ``team`` (two a cell, one per team)."""
    taken = {p.cell for p in match.teams[team].players if p.slot > 0}
    return [c for c in within(cell, reach) if c not in taken]


def shots(language: str) -> dict[str, Image.Image]:
    m = _attack()
    kick = m.clone()
    p2 = position(red={9: (15, 3), 10: (13, 5), 11: (16, 0), 7: (12, 6)},
                  blue={4: (15, 3), 5: (16, 4), 6: (12, 2)}, carrier=("red", 9),
                  lying=[("blue", 6)], score=(1, 0), clock=14, phase="p2")
    p3 = position(red={9: (15, 3), 10: (13, 5), 11: (16, 0), 7: (12, 6)},
                  blue={5: (16, 4), 6: (12, 2)}, carrier=("red", 9), score=(1, 0), clock=14,
                  phase="p3")
    return {
        "map-kick": _screen(kick, "red", language, cursor=(15, 3),
                            marks=[c for c in within((15, 3), 3)]),
        "map-kick-ball-off": _screen(kick, "red", language, cursor=(15, 3),
                                     marks=[c for c in within((15, 3), 3)], blink_on=False),
        "map-move": _screen(p2, "red", language, cursor=(14, 6), planned=[(17, 1)],
                            marks=_free(p2, 0, (13, 5), 3)),
        "map-defend": _screen(p3, "blue", language, cursor=(15, 3),
                              marks=_free(p3, 1, (16, 4), 2)),
        "map-west": _screen(m, "blue", language),
        "map-west-ball-off": _screen(m, "blue", language, blink_on=False),
    }


def tutorial_shots(language: str) -> dict[str, Image.Image]:
    images = {}
    for index in range(len(PAGES[language])):
        c = Canvas()
        draw_tutorial(c, index, language)
        images[f"tutorial-{index + 1}"] = c.image
    return images


def _zoomed(image: Image.Image) -> Image.Image:
    return image.convert("L").resize((image.width * ZOOM, image.height * ZOOM), Image.Resampling.NEAREST)


def _assert_docs(images: dict[str, Image.Image], language: str) -> None:
    """docs/simulator-soccer/<name>-<language>.png is the golden at 3x."""
    stale = []
    for name, image in images.items():
        path = DOCS / f"{name}-{language}.png"
        zoomed = _zoomed(image)
        if REGOLD:
            DOCS.mkdir(exist_ok=True)
            zoomed.save(path, optimize=True)
            continue
        if not path.exists() or ImageChops.difference(Image.open(path).convert("L"), zoomed).getbbox():
            stale.append(path.name)
    assert not stale, f"docs images out of date: {stale}; rewrite them with PITCHPAD_REGOLD=1"


@pytest.mark.parametrize("language", ["fr", "en"])
def test_map_screens_match_their_goldens_and_the_docs(tmp_path, language) -> None:
    images = shots(language)
    assert_goldens(images, "ss-", language, tmp_path)
    if language == "en":
        _assert_docs(images, language)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_tutorial_pages_match_their_goldens_and_the_docs(tmp_path, language) -> None:
    images = tutorial_shots(language)
    assert_goldens(images, "ss-", language, tmp_path)
    if language == "en":
        _assert_docs(images, language)


def test_goldens_are_saved_one_to_one() -> None:
    for path in GOLDEN.glob("ss-*.png"):
        assert Image.open(path).size == (128, 64), path.name
