"""The first-match tutorial of Simulator Soccer: a few pages, French and English.

Simulator Soccer has more rules than the console's other games, so a player who has never
played it gets the essentials on the pad before the kick-off: the map, what a turn is (three
phases), the distance rule, the kicks, the secret shot duel and the buttons. Each page is a
title, at most four lines of at most 21 characters (the screen), and sometimes a picture
drawn with the map's own symbols, so what the page shows is what the match will show.
The lines are written already broken (and tested to fit) rather than wrapped at run time:
a line break chosen by hand reads better on a 21-character screen.

``LEFT``/``RIGHT`` turn the pages and ``CENTRE`` leaves; the caller (the console's tutorial
screen) owns those buttons and draws the hint line, rows 53..63.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from firmware.render import LINE_H, Canvas
from firmware.simulator_soccer.pitch import BRICK_W, Occupant, draw_cell, draw_cursor

OWN, OPPONENT = Occupant(True, False, 0), Occupant(False, False, 0)
LYING_OWN, LYING_OPPONENT = Occupant(True, True, 0), Occupant(False, True, 0)
MAX_LINES = 4
"""Text lines under the title bar and above the hint line (11 px each)."""
TITLE_H = 10
"""The inverted title bar: rows 0..9 (accents and descenders included)."""
TOP = TITLE_H - 1
"""Where the first line under the title is drawn (its ink starts on row 10)."""


@dataclass(frozen=True)
class TutorialPage:
    """One page in one language: a title, its lines, and maybe a picture drawn over the
    first ``picture_lines`` lines' room. Rows 53..63 are left to the caller's hint line."""

    language: str
    title: str
    lines: tuple[str, ...]
    picture: Callable[[Canvas, str], None] | None = None
    """Draws the picture (with the page's language, for any words in it)."""
    picture_lines: int = 0


Picture = Callable[[Canvas, str], None]
"""Draws a page's picture in a language."""


def _label(c: Canvas, x: int, y: int, words: str) -> None:
    """Words beside a symbol whose brick starts on row ``y``."""
    c.text(x, y - 3, words)


def _legend(c: Canvas, language: str) -> None:
    """The map's symbols, two columns of four, each with its meaning."""
    en = language == "en"
    items: list[tuple[list[tuple[Occupant, ...]], str, str]] = [
        ([(OWN,)], "toi", "you"),
        ([(OPPONENT,)], "l'adv.", "opponent"),
        ([(OWN, OPPONENT)], "les deux", "both"),
        ([(LYING_OWN,), (LYING_OPPONENT,)], "au sol", "down"),
        ([()], "ballon", "ball"),
        ([(OWN,)], "porteur", "carrier"),
        ([()], "case ok", "a + cell"),
        ([()], "curseur", "cursor"),
    ]
    for i, (cells, french, english) in enumerate(items):
        x, y = (i // 4) * 64, TOP + 4 + (i % 4) * LINE_H
        for j, here in enumerate(cells):
            draw_cell(c, x + 1 + j * (BRICK_W + 2), y, here, ball=english in ("ball", "carrier"),
                      marked=english == "a + cell")
        if english == "cursor":
            draw_cursor(c, x + 1, y)
        _label(c, x + 1 + len(cells) * (BRICK_W + 2) + 2, y, english if en else french)


def _distance(c: Canvas, language: str) -> None:
    """Before: you 2 cells from the ball, the opponent 1; after: he is on it."""
    y = TOP + 4
    before: list[tuple[Occupant, ...]] = [(OWN,), (), (), (OPPONENT,)]
    after: list[tuple[Occupant, ...]] = [(OWN,), (), (OPPONENT,), ()]
    step = BRICK_W + 1
    for i, here in enumerate(before):
        draw_cell(c, 8 + i * step, y, here, ball=i == 2)
    c.text(8 + 4 * step + 4, y - 3, "▶")
    for i, here in enumerate(after):
        draw_cell(c, 8 + 4 * step + 14 + i * step, y, here, ball=i == 2)
    c.text(8 + 8 * step + 20, y - 3, "2>1")


def _rosette(c: Canvas, language: str) -> None:
    """The cursor buttons around a cell, each where it sends the cursor on the screen."""
    x, y = 59, TOP + 15
    draw_cell(c, x, y, (OWN,))
    draw_cursor(c, x, y)
    for label, dx, dy in (("C1", -13, -10), ("C2", 10, -10), ("◀", -10, 0), ("▶", 13, 0),
                          ("C3", -13, 10), ("C4", 10, 10)):
        c.text(x + dx, y + dy - 3, label)


def _page(titles: tuple[str, str], french: tuple[str, ...], english: tuple[str, ...],
          picture: Picture | None = None, picture_lines: int = 0) -> dict[str, TutorialPage]:
    return {"fr": TutorialPage("fr", titles[0], french, picture, picture_lines),
            "en": TutorialPage("en", titles[1], english, picture, picture_lines)}


_PAGES = (
    _page(("Premier match", "First match"),
          ("11 contre 11 sur des",
           "cases hexagonales.",
           "Ton équipe attaque",
           "toujours à droite ▶"),
          ("11 v 11 on a pitch",
           "of hexagon cells.",
           "Your team always",
           "attacks right ▶")),
    _page(("La carte", "The map"), (), (), _legend, 4),
    _page(("Un tour : 3 phases", "A turn: 3 phases"),
          ("1 Le porteur frappe",
           "2 Ses amis courent",
           "3 L'adv. court, tacle",
           "Puis l'horloge tourne"),
          ("1 The carrier kicks",
           "2 His team runs",
           "3 The other team runs",
           "  and may tackle")),
    _page(("Règle des distances", "The distance rule"),
          ("Après une frappe, le",
           "plus proche du ballon",
           "le prend, ami ou non."),
          ("After a kick, the",
           "nearest player gets",
           "the ball, any team."),
          _distance, 1),
    _page(("Courir", "Running"),
          ("Phase 2 : 3 cases max",
           "(pas le porteur).",
           "Phase 3 : autant que",
           "la plus longue course"),
          ("Phase 2: up to 3",
           "cells (not carrier).",
           "Phase 3: as far as",
           "their longest run.")),
    _page(("Les frappes", "Kicks"),
          ("Passe, lob : 1-10",
           "Dribble : 1-3 cases",
           "Plus c'est loin, plus",
           "le ballon peut dévier"),
          ("Pass, lob: 1-10 cells",
           "Dribble: 1-3 cells",
           "The longer, the more",
           "it may go astray")),
    _page(("Le tir secret", "The secret shot"),
          ("Vise ◀ OK ▶, C1 haut",
           "Encore = valider.",
           "Le gardien plonge en",
           "secret. On révèle !"),
          ("Aim ◀ OK ▶, C1 high",
           "Again to lock in.",
           "The keeper dives in",
           "secret. Both show!")),
    _page(("Les menus", "Menus"),
          ("C1-C4 : choisir",
           "◀ ▶ : autres choix",
           "OK : voir le terrain",
           "1er choix : conseillé"),
          ("C1-C4: pick",
           "◀ ▶: more choices",
           "OK: see the pitch",
           "First: a suggestion")),
    _page(("Les boutons", "The buttons"),
          ("OK valide la case +",),
          ("OK picks a + cell",),
          _rosette, 3),
)


PAGES: dict[str, tuple[TutorialPage, ...]] = {
    language: tuple(page[language] for page in _PAGES) for language in ("fr", "en")}
"""The pages in each language, in reading order."""


def draw_tutorial_page(c: Canvas, page: TutorialPage) -> None:
    """One page: the title bar, its picture and lines; rows 53..63 stay free for the hints
    (◀ previous, the page number, ▶ next or start), which the caller draws."""
    c.clear(0, 0, c.image.width - 1, c.image.height - 1)
    c.box(0, 0, c.image.width - 1, TITLE_H - 1, filled=True)
    c.centred(-1, page.title, ink=0)
    if page.picture is not None:
        page.picture(c, page.language)
    for i, line in enumerate(page.lines):
        c.text(0, TOP + LINE_H * (page.picture_lines + i), line)


def draw_tutorial(c: Canvas, index: int, language: str) -> None:
    """Page ``index`` of the tutorial with its hint line, for a caller with no hints of its own."""
    pages = PAGES[language]
    draw_tutorial_page(c, pages[index])
    c.hints("◀" if index > 0 else "", f"{index + 1}/{len(pages)}",
            "▶" if index < len(pages) - 1 else "")
