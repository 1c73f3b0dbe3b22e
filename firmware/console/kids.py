"""Kids' mode on the pads: the reveal as one picture and a few big words, from the pad's side.

A child of six reads "Tu marques !" in big letters under a ball in the net faster than a line
of small text over two cards. In kids' mode (``Settings.kids``) every person's pad shows, during
a reveal, :class:`KidsRevealScreen` instead of the game's own reveal: the picture says what
kind of thing happened (a goal, a save, the ball won or kept, hands thrown), the words are the
game's per-seat headline (its spec's ``headline``: two or three words told from the reading
pad's side; a game may have one for some moves only, its other reveals stay its own), over the
two cards the move compared (its spec's ``kids_cards``) or the picture its spec's ``kids_picture``
names; a game with neither shows the words alone. Nothing here knows a game's events. Only the
seat's own view and the move's public events are used, so it shows nothing the game's own
reveal does not.
"""
from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from firmware.render import WIDTH, Canvas, text_width, wrap
from firmware.games.session import Step
from firmware.games.spec import GameSpec, HeadlineNames


class Picture(enum.StrEnum):
    BALL = "ball"
    """The ball won or kept, a duel, anything else."""
    GOAL = "goal"
    """A goal: the ball in the net."""
    SAVE = "save"
    """A shot that did not go in: the keeper's gloves over the goal."""
    HANDS = "hands"
    """Hands thrown (rock, paper, scissors)."""


def picture_for(events: Sequence[Any], own: Callable[[Sequence[Any]], str | None] | None = None
                ) -> Picture | None:
    """The picture of a move's events, as the game's own events say (its spec's
    ``kids_picture``, ``own``: one of :class:`Picture`'s names); None: no picture."""
    told = own(events) if own is not None else None
    return Picture(told) if told is not None else None


@dataclass(frozen=True)
class KidsRevealScreen:
    """A picture on top, the headline below in letters twice the size (two lines at most)."""

    words: str
    picture: Picture | None
    """None: the game names no picture for the move (the words alone, in the middle)."""
    cards: tuple[str, str] | None = None
    """The two cards the move compared, yours first: drawn in place of the picture."""

    def draw(self, c: Canvas, language: str) -> None:
        lines = big_lines(self.words)
        if len(lines) <= 2 and self.cards is None and self.picture is None:
            for row, line in enumerate(lines):
                c.centred((22 if len(lines) == 1 else 12) + row * 20, line, scale=2)
        elif len(lines) <= 2:
            if self.cards is not None:
                draw_cards(c, *self.cards)
            elif self.picture is not None:
                draw_picture(c, self.picture, WIDTH // 2, 1)
            for row, line in enumerate(lines):
                c.centred((30 if len(lines) == 1 else 21) + row * 20, line, scale=2)
        elif len(lines) == 3:                   # a long headline: the words before the picture
            for row, line in enumerate(lines):
                c.centred(1 + row * 20, line, scale=2)
        else:
            for row, line in enumerate(wrap(self.words, WIDTH)[:4]):
                c.centred(4 + row * 14, line)


def big_lines(words: str) -> list[str]:
    """``words`` at twice the size in lines of 10 letters, a lone "!" or "?" kept with the
    word before it (French puts a space before them)."""
    kept = words.replace(" !", "\u00a0!").replace(" ?", "\u00a0?")
    limit = WIDTH // text_width("x", 2)
    lines: list[str] = []
    for word in kept.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= limit:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return [line.replace("\u00a0", " ") for line in lines]


def draw_picture(c: Canvas, picture: Picture, x: int, y: int) -> None:
    """One of the pictures, 40 px wide and 20 tall, centred on ``x``, its top at ``y``."""
    {Picture.BALL: _ball, Picture.GOAL: _goal, Picture.SAVE: _save,
     Picture.HANDS: _hands}[picture](c, x, y)


def draw_cards(c: Canvas, mine: str, theirs: str) -> None:
    """Your card and theirs side by side, big, in the picture's 20 rows: "10 vs 2"."""
    for x0, label in ((14, mine), (78, theirs)):
        c.box(x0, 0, x0 + 35, 19)
        c.centred(-1, label, scale=2, x0=x0, x1=x0 + 36)
    c.centred(4, "vs", x0=50, x1=78)


def _ball_at(c: Canvas, x: int, y: int, r: int) -> None:
    """A football: a circle with a black patch in the middle and lines to the edge."""
    c.draw.ellipse([x - r, y - r, x + r, y + r], fill=1)
    p = max(2, r // 3)
    patch = [(x, y - p), (x + p, y - 1), (x + p - 1, y + p), (x - p + 1, y + p), (x - p, y - 1)]
    c.draw.polygon(patch, fill=0)
    if r >= 6:
        for (px, py), (ex, ey) in zip(patch, [(x, y - r), (x + r, y - 2), (x + r - 2, y + r - 1),
                                              (x - r + 2, y + r - 1), (x - r, y - 2)]):
            c.draw.line([(px, py), (ex, ey)], fill=0)


def _ball(c: Canvas, x: int, y: int) -> None:
    _ball_at(c, x, y + 9, 9)


def _frame(c: Canvas, x: int, y: int) -> None:
    """A goal 40x18: posts, crossbar, a net of dots."""
    c.draw.rectangle([x - 20, y, x + 20, y + 1], fill=1)
    c.draw.rectangle([x - 20, y, x - 19, y + 18], fill=1)
    c.draw.rectangle([x + 19, y, x + 20, y + 18], fill=1)
    for ny in range(y + 4, y + 18, 4):
        for nx in range(x - 16, x + 18, 4):
            c.draw.point((nx, ny), fill=1)


def _goal(c: Canvas, x: int, y: int) -> None:
    _frame(c, x, y)
    _ball_at(c, x + 8, y + 11, 5)


def _glove(c: Canvas, x: int, y: int) -> None:
    """An open hand 9 px wide: a palm and four fingers, the thumb to the side."""
    c.draw.rectangle([x, y + 6, x + 8, y + 13], fill=1)
    for finger in range(4):
        c.draw.rectangle([x + finger * 2 + 1, y, x + finger * 2 + 1, y + 6], fill=1)
    c.draw.line([(x - 1, y + 8), (x - 3, y + 5)], fill=1)


def _save(c: Canvas, x: int, y: int) -> None:
    _frame(c, x, y + 2)
    c.draw.rectangle([x - 14, y + 1, x + 14, y + 19], fill=0)
    _glove(c, x - 12, y + 3)
    _glove(c, x + 4, y + 3)
    _ball_at(c, x, y + 6, 4)


def _hands(c: Canvas, x: int, y: int) -> None:
    """Two hands thrown at each other: a fist and an open hand."""
    c.draw.rectangle([x - 18, y + 6, x - 8, y + 15], fill=1)         # a fist (rock)
    for knuckle in range(4):
        c.draw.point((x - 17 + knuckle * 3, y + 6), fill=0)
    c.draw.rectangle([x - 8, y + 9, x - 5, y + 12], fill=1)          # its wrist
    _glove(c, x + 8, y + 2)                                          # an open hand (paper)
    c.draw.rectangle([x + 9, y + 16, x + 15, y + 19], fill=1)
    c.text(x - 3, y + 4, "✕")


def kids_reveal(game: GameSpec, session: Any, seat: str, language: str) -> KidsRevealScreen | None:
    """The big reveal for ``seat`` while ``session`` shows a reveal, else None (a game without
    a headline, or a move its headline leaves to the game's own reveal)."""
    if session.step is not Step.REVEAL or game.headline is None:
        return None
    events = tuple(session.events)
    names = HeadlineNames(session.opponent_key(seat), dict(session.people))
    words = game.headline(session.view(seat), events, language, names)
    if words is None:
        return None
    cards = game.kids_cards(session.view(seat), events, language) if game.kids_cards else None
    return KidsRevealScreen(words, picture_for(events, game.kids_picture), cards)
