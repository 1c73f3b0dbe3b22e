"""Issue 41.5: a new game leaves no page stale. The pages list games only where a game adds
itself (its rules page and its row in the index, its sections of the formats) or point to the
commands that read the registry; no page counts the games by hand; every test a page or a
docstring cites exists."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from firmware.games.registry import GAMES

ROOT = Path(__file__).resolve().parents[3]
DOCS = ROOT / "docs"
PAGES = sorted([ROOT / "README.md", *DOCS.rglob("*.md")])
PRODUCT_GAMES = [name for name, spec in GAMES.items() if spec.console.start.__module__.startswith("firmware.")]
"""The registered games the product ships (a test's plugin game has no pages of the product)."""


def headings(page: Path) -> list[str]:
    return [line.lower() for line in page.read_text().splitlines() if line.startswith("#")]


@pytest.mark.parametrize("name", PRODUCT_GAMES)
def test_every_game_has_the_pages_the_recipe_asks_for(name):
    words = name.replace("-", " ")
    assert (DOCS / "rules" / f"{name}.md").exists()
    assert f"]({name}.md)" in (DOCS / "rules" / "README.md").read_text()
    assert any(words in heading for heading in headings(DOCS / "formats" / "match-script.md"))
    assert any(words in heading for heading in headings(DOCS / "formats" / "stdio-seat.md"))


COUNTED = re.compile(r"(?<!× )\b(two|three|four|five|six|seven|fifth|sixth|seventh|[2-9])( registered)? games?\b", re.I)
"""A count of games ("the four games", "a sixth game"; a 4 × 4 matrix game is no count)."""


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_no_page_counts_the_games(page):
    """"The four games", "a sixth game": stale as soon as one is added."""
    assert COUNTED.findall(page.read_text()) == []


CITED = re.compile(r"tests/[A-Za-z0-9_/]+\.py")


def test_every_test_a_page_or_a_docstring_cites_exists():
    sources = [*PAGES, *(path for part in ("engine", "hal", "sim", "firmware") for path in (ROOT / part).rglob("*.py"))]
    missing = sorted({(str(path.relative_to(ROOT)), cited) for path in sources
                      for cited in CITED.findall(path.read_text()) if not (ROOT / cited).exists()})
    assert missing == []
