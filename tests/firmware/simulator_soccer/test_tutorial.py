"""The Simulator Soccer tutorial (firmware/simulator_soccer/tutorial.py): every page fits the
panel in both languages, and says the same things in both."""
from __future__ import annotations

import pytest

from firmware.i18n import LANGUAGES
from firmware.render import HINT_Y, LINE_H, WIDTH, Canvas, text_width
from firmware.simulator_soccer.tutorial import MAX_LINES, PAGES, TOP, draw_tutorial, draw_tutorial_page


def rows_with_ink(c: Canvas) -> list[int]:
    return [y for y in range(c.image.height) if any(c.image.getpixel((x, y)) for x in range(WIDTH))]


def test_both_languages_have_the_same_pages() -> None:
    assert set(PAGES) == set(LANGUAGES)
    fr, en = PAGES["fr"], PAGES["en"]
    assert len(fr) == len(en) >= 6
    for a, b in zip(fr, en):
        assert (a.picture, a.picture_lines, len(a.lines)) == (b.picture, b.picture_lines, len(b.lines))
        assert a.title != b.title


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_line_and_title_fits_the_screen(language: str) -> None:
    for page in PAGES[language]:
        assert text_width(page.title) <= WIDTH, page.title
        assert page.picture_lines + len(page.lines) <= MAX_LINES, page.title
        for line in page.lines:
            assert text_width(line) <= WIDTH, line


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_page_leaves_the_hint_line_to_the_caller(language: str) -> None:
    """Nothing is drawn on rows 53..63, where the console's tutorial screen puts ◀ n/N ▶:
    its hints() clears from row 53, and must not cut a descender off."""
    for page in PAGES[language]:
        c = Canvas()
        draw_tutorial_page(c, page)
        assert max(rows_with_ink(c)) < HINT_Y - 1, page.title


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_picture_stays_in_its_own_rows(language: str) -> None:
    """A picture is drawn between the title bar and the first line of text under it."""
    for page in PAGES[language]:
        if page.picture is None:
            continue
        c = Canvas()
        page.picture(c, language)
        rows = rows_with_ink(c)
        assert rows, page.title
        assert min(rows) >= TOP + 1 and max(rows) <= TOP + LINE_H * page.picture_lines, page.title
        columns = [x for x in range(WIDTH) if any(c.image.getpixel((x, y)) for y in rows)]
        assert max(columns) < WIDTH - 1


def test_the_tutorial_covers_a_first_match() -> None:
    """The issue's list: what a turn is, the distance rule, kicks, the shot duel, the buttons."""
    titles = " / ".join(page.title for page in PAGES["en"])
    for topic in ("turn", "distance rule", "Kicks", "shot", "buttons", "map"):
        assert topic in titles, topic
    text = " ".join(" ".join(page.lines) for page in PAGES["en"])
    for word in ("kicks", "runs", "nearest", "keeper", "C4", "C1"):
        assert word in text + titles, word


def test_hints_show_where_the_pages_go() -> None:
    c = Canvas()
    draw_tutorial(c, 0, "fr")
    first = c.image.crop((0, HINT_Y, WIDTH, 64)).tobytes()
    draw_tutorial(c, 1, "fr")
    middle = c.image.crop((0, HINT_Y, WIDTH, 64)).tobytes()
    assert first != middle
    left = c.image.crop((0, HINT_Y, 6, 64))
    assert any(left.getdata())                   # ◀ from the second page on
    draw_tutorial(c, 0, "fr")
    assert not any(c.image.crop((0, HINT_Y, 6, 64)).getdata())
