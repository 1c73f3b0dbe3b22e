"""What the red-vs-blue football games show alike: the result sheet (a
headline, the score and the shoot-out on the bottom half, over the menu: ``over_menu`` models;
see :meth:`firmware.render.Canvas.sheet`, with an OK chip for the pad that may clear it) and
the pad of a CPU seat."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from firmware.i18n import text
from firmware.render import CHAR_W, HINT_Y, LINE_H, SHEET_Y, WIDTH, Canvas, fitting, text_width


def result_headline(language: str, view: Any, spectator: bool, draw_key: str | None = None) -> str:
    """"You win!" / "You lose" for a player, "Red wins!" for a spectator (a CPU pad, a demo);
    ``draw_key`` when the game can end level and did."""
    if view.winner is None and draw_key is not None:
        return text(language, draw_key)
    winner = view.winner or "red"
    if spectator:
        return text(language, "result.team_wins", team=text(language, "team." + winner))
    return text(language, "result.win" if winner == view.seat else "result.lose")


def draw_result_sheet(c: Canvas, language: str, view: Any, opponent_key: str, spectator: bool,
                      draw_key: str | None = None) -> None:
    """The whole sheet: the headline big, then "Toi 1-1 Bleu" or, after a shoot-out, the
    shoot-out's score in words ("Tirs au but 4-2", yours first) and the OK chip unless
    ``spectator``. ``view`` has ``seat``, ``opponent.seat``, ``winner``, ``score`` and
    ``shootout`` (None when there was none)."""
    c.sheet()
    c.centred(SHEET_Y + 2, result_headline(language, view, spectator, draw_key), scale=2)
    you, them = text(language, "you"), text(language, opponent_key)
    if spectator:
        you, them = text(language, "team." + view.seat), text(language, "team." + view.opponent.seat)
    score = f"{view.score[view.seat]}-{view.score[view.opponent.seat]}"
    room = WIDTH if spectator else WIDTH - text_width("OK") - 5
    if view.shootout is None:
        line = fitting(room, f"{you} {score} {them}", score)
    else:
        mine, theirs = view.shootout[view.seat], view.shootout[view.opponent.seat]
        line = fitting(room, text(language, "result.shootout", red=mine, blue=theirs),
                       f"{mine}-{theirs}")
    c.text(0, HINT_Y - 1, line)
    if not spectator:
        c.chip(WIDTH - 1, HINT_Y - 1, "OK")


def draw_you_are(c: Canvas, label: str, name: str) -> None:
    """A kick-off sheet's first line, "Tu es Rouge": the small label, then the name big on the
    sheet's top rows, so a descender (the g of Rouge) stays clear of the line under it; both
    small on one line when a player's name makes the label too long ("Bob-C9, tu es Rouge");
    on two lines when that is too long too ("Maximilien," over "tu es Bleu"), so the player's
    name and the colour both stay, whatever name the pads can type."""
    if text_width(label) + 6 + text_width(name, 2) > WIDTH:
        lines = you_are_lines(label, name)
        if len(lines) == 1:
            c.centred(SHEET_Y + 5, lines[0])
        else:
            c.centred(SHEET_Y + 1, lines[0])
            c.centred(SHEET_Y + 1 + LINE_H - 1, lines[1])
        return
    x = (WIDTH - text_width(label) - 6 - text_width(name, 2)) // 2
    c.text(x, SHEET_Y + 5, label)
    c.text(x + text_width(label) + 6, SHEET_Y, name, scale=2)


def you_are_lines(label: str, name: str) -> list[str]:
    """The label and the name in small letters: one line when it fits, else two, cut after
    the player's name ("Maximilien," / "tu es Bleu"; a label with no comma at its last
    space). Only what still does not fit (never a name the pads can type) is shortened,
    the colour kept whole."""
    whole = f"{label} {name}"
    if text_width(whole) <= WIDTH:
        return [whole]
    head, comma, tail = label.rpartition(", ")
    if comma:
        first, second = head + ",", f"{tail} {name}"
    else:
        first, _space, tail = label.rpartition(" ")
        first, second = (first, f"{tail} {name}") if first else (label, name)
    room = WIDTH // CHAR_W
    if len(second) > room:
        second = name
    return [first if len(first) <= room else first[:room - 1] + "…", second]


def you_are_label(language: str, person: str | None) -> str:
    """"Tu es", or "Bob, tu es" on the pad of a player who chose a name: which name plays on
    which pad."""
    return text(language, "cf.you_are") if person is None else \
        text(language, "cf.name_is", name=person)


@dataclass(frozen=True)
class CpuPadScreen:
    """The pad of a CPU seat: the score, never the CPU's cards."""

    red: int
    blue: int

    def draw(self, c: Canvas, language: str) -> None:
        c.centred(6, text(language, "cpu.playing"))
        c.centred(26, f"{self.red}-{self.blue}", scale=2)
