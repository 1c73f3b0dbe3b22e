"""docs/club.md's pictures of the pads (the names, a tournament) are the screens as the console
draws them now: drawn here from the same screen models and compared pixel for pixel, so a
screen that changes cannot leave a stale picture in the docs (``PITCHPAD_REGOLD=1`` rewrites
them; look at them before committing)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PIL import Image, ImageChops

from goldens import REGOLD

from firmware.console.roster_screens import NameScreen, PickScreen, RosterScreen
from firmware.console.tournament_screens import FixturesScreen, SetupScreen, WinnerScreen
from firmware.render import HEIGHT, WIDTH, Canvas

DOCS = Path(__file__).resolve().parents[3] / "docs" / "club"
SCALE, GAP = 2, 10
"""Each screen at twice its pixels, 10 white pixels between two."""


def strip(models: list[tuple[Any, str]]) -> Image.Image:
    """The screens side by side, each in its language."""
    width = len(models) * WIDTH * SCALE + (len(models) - 1) * GAP
    sheet = Image.new("L", (width, HEIGHT * SCALE), 255)
    for i, (model, language) in enumerate(models):
        canvas = Canvas()
        model.draw(canvas, language)
        screen = canvas.image.convert("L").resize((WIDTH * SCALE, HEIGHT * SCALE), Image.Resampling.NEAREST)
        sheet.paste(screen, (i * (WIDTH * SCALE + GAP), 0))
    return sheet


def same_as_docs(name: str, sheet: Image.Image, tmp_path: Path) -> None:
    path = DOCS / name
    if REGOLD:
        sheet.save(path, optimize=True)
    different = ImageChops.difference(Image.open(path).convert("L"), sheet).getbbox()
    if different is not None:
        sheet.save(tmp_path / name)
    assert different is None, f"docs/club/{name} is stale; the screens of now: {tmp_path / name}"


def test_the_names_picture_shows_the_screens_of_now(tmp_path):
    same_as_docs("pads-names.png", strip([
        (RosterScreen(("Ana", "Jo"), 2, False), "en"),                   # the list, Jo chosen
        (NameScreen("JO", "A"), "en"),                                   # typing "Joa"
        (PickScreen("Blue", ("", "Ana"), 0, False, ()), "en"),           # who plays, blue pad
    ]), tmp_path)


def test_the_tournament_picture_shows_the_screens_of_now(tmp_path):
    same_as_docs("pads-tournament.png", strip([
        (SetupScreen("league", ("Ana", "Ben", "Cy", "Dee"), ("Ben", "Cy"), 4), "fr"),
        (FixturesScreen((("Ana-Dee", "2-1"), ("Ben-Cy", "0-0"), ("Ana-Ben", ""), ("Cy-Dee", "")),
                        2, 2, False), "fr"),
        (WinnerScreen("Ana", ("1. Ana 9 pts", "2. Ben 4 pts")), "fr"),
        (NameScreen("JO", "A"), "fr"),
    ]), tmp_path)
