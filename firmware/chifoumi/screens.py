"""What each Chifoumi screen shows, and how it is drawn on 128x64.

Every model is built from one seat's frozen :class:`SeatState` (its :class:`ChifoumiView`,
closed stacks already hidden there, plus that seat's own cursor and legal moves), which the
session computes once per change; nothing here reads the match or the session. Layout of the board
screen: the 7x7 board on the left (8-px squares, rank 7 at the top), a text panel on the
right, the ▲ ▼ hints under the board for CARD1/CARD2, ✕ / Stop and ? over CARD3/CARD4::

    +---------+  À toi !          whose turn
    | board   |  ▫8 ■8            pieces on the board per seat
    | 7 x 7   |  Pts 8-8½         points (team totals with 4 players)
    |         |  [R][P]           the stack under the cursor, bottom to top
    +---------+  OK=choisir       what OK does now
      ▲   ▼        ✕      ?       CARD1..CARD4

A piece is a 7x7 square: its kind as a 3x5 letter (the legend's), its owner as a style:
White the plain letter, Black the letter cut out of a solid square, Red the letter between
two bars, Orange the letter on a solid base (four shapes told apart at arm's length: bars and
dotted bars were not); dots under the letter (cut in Orange's base): pieces underneath.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Union

from engine.chifoumi import ChifoumiView, Kind, Move, Place
from engine.chifoumi import square as square_named
from engine.chifoumi import events as ev
from engine.chifoumi.pieces import NEIGHBOURS
from firmware.i18n import text
from firmware.render import COLUMN_W, HEIGHT, HINT_Y, WIDTH, Canvas, fitting, text_width
from firmware.games.spec import HeadlineNames
from firmware.games.session import Step as SharedStep
from firmware.games.sheets import draw_you_are

from .steps import Step

CELL = 8
ORIGIN = 1
"""Pixel of square a7's top-left corner: one pixel left for the cursor ring."""
PANEL_X = 60
KINDS = ("R", "P", "S", "W")

GLYPHS: dict[str, tuple[str, ...]] = {
    "P": ("110", "101", "110", "100", "100"),
    "F": ("111", "100", "110", "100", "100"),
    "C": ("011", "100", "100", "100", "011"),
    "R": ("110", "101", "110", "101", "101"),
    "S": ("011", "100", "010", "001", "110"),
    "O": ("010", "101", "101", "101", "010"),
    "?": ("110", "001", "010", "000", "010"),
    "#": ("000", "111", "111", "111", "000"),
}
"""3x5 letters drawn inside a piece; ``#`` is a plain swatch (no kind)."""


def letter(language: str, kind: str | None) -> str:
    """The letter a kind wears in ``language`` (the legend's): FR P F C O, EN R P S O."""
    if kind is None:
        return "?"
    return text(language, "ck.letters")[KINDS.index(kind)]


def square_xy(square: int) -> tuple[int, int]:
    """Top-left pixel of ``square`` (a1 = 0) on the screen."""
    return ORIGIN + (square % 7) * CELL, ORIGIN + (6 - square // 7) * CELL


def piece(c: Canvas, x: int, y: int, army: str, glyph: str, under: int = 0) -> None:
    """One piece in the 7x7 square at (x, y): ``glyph`` styled by ``army``, ``under`` dots."""
    ink = 1
    if army == "black":
        c.draw.rectangle([x, y, x + 6, y + 6], fill=1)
        ink = 0
    elif army == "red":
        c.draw.line([(x, y), (x, y + 6)], fill=1)
        c.draw.line([(x + 6, y), (x + 6, y + 6)], fill=1)
    elif army == "orange":
        c.draw.rectangle([x, y + 5, x + 6, y + 6], fill=1)
    rows = GLYPHS[glyph]
    c.draw.point([(x + 2 + col, y + row) for row, bits in enumerate(rows)
                  for col, bit in enumerate(bits) if bit == "1"], fill=ink)
    dots = {0: (), 1: (3,), 2: (2, 4)}.get(under, (1, 3, 5))
    if dots:
        c.draw.point([(x + d, y + 6) for d in dots], fill=0 if army == "orange" else ink)


def big_letter(c: Canvas, x: int, y: int, glyph: str) -> None:
    """A kind's letter twice as big (6x10), for the legend."""
    for row, bits in enumerate(GLYPHS[glyph]):
        for col, bit in enumerate(bits):
            if bit == "1":
                c.draw.rectangle([x + 2 * col, y + 2 * row, x + 2 * col + 1, y + 2 * row + 1], fill=1)


def _ring(c: Canvas, square: int, style: str) -> None:
    """Marks in the 1-px gap around a square: ``cursor`` solid, ``target`` dotted (a piece
    one may stack on or take; an empty target is a big dot instead), ``origin`` corners."""
    x, y = square_xy(square)
    x0, y0, x1, y1 = x - 1, y - 1, x + 7, y + 7
    if style == "cursor":
        c.draw.rectangle([x0, y0, x1, y1], outline=1)
    elif style == "target":
        c.draw.point([(i, j) for i in range(x0, x1 + 1) for j in (y0, y1) if i % 2 == 0]
                     + [(i, j) for j in range(y0, y1 + 1) for i in (x0, x1) if j % 2 == 0], fill=1)
    else:
        for cx, cy, dx, dy in ((x0, y0, 1, 1), (x1, y0, -1, 1), (x0, y1, 1, -1), (x1, y1, -1, -1)):
            c.draw.line([(cx, cy), (cx + 2 * dx, cy)], fill=1)
            c.draw.line([(cx, cy), (cx, cy + 2 * dy)], fill=1)


def board(c: Canvas, view: ChifoumiView, language: str, cursor: int | None = None,
          origin: int | None = None, targets: tuple[int, ...] = ()) -> None:
    """The 7x7 board as ``view`` knows it: top pieces, stack dots, marks."""
    for square, stack in enumerate(view.board):
        x, y = square_xy(square)
        if stack:
            top = stack[-1]
            piece(c, x, y, top.army, letter(language, top.kind), len(stack) - 1)
        elif square in targets:
            c.draw.rectangle([x + 2, y + 2, x + 4, y + 4], fill=1)
        else:
            c.draw.point((x + 3, y + 3), fill=1)
    for square in targets:
        if view.board[square]:
            _ring(c, square, "target")
    if origin is not None:
        _ring(c, origin, "origin")
    if cursor is not None:
        _ring(c, cursor, "cursor")


def army_name(language: str, army: str) -> str:
    return text(language, "team." + army)


Names = tuple[tuple[str, str], ...]
"""(seat, name) for each seat whose player chose a name on the pads (names are public)."""


def who(language: str, seat: str, names: Names = (), room: int = WIDTH) -> str:
    """How a screen names another ``seat``: its player's chosen name ("Ana") when the console
    has one and it fits ``room`` px, else its army ("Noir")."""
    name = dict(names).get(seat)
    army = army_name(language, seat)
    return army if name is None else fitting(room, name, army)


def shown(points: float) -> str:
    return f"{int(points)}½" if points % 1 else str(int(points))


def points_text(view: ChifoumiView) -> str:
    """Points in seat order; with 4 players the two teams' totals (White+Black first)."""
    if view.players == 4:
        light = view.points["white"] + view.points["black"]
        return f"{shown(light)}-{shown(view.points['red'] + view.points['orange'])}"
    return "-".join(shown(view.points[seat]) for seat in view.seats)


def counts(c: Canvas, x: int, y: int, view: ChifoumiView) -> None:
    """A swatch and the pieces on the board, for each seat in turn order."""
    for i, seat in enumerate(view.seats):
        sx = x + i * 17
        piece(c, sx, y + 2, seat, "#")
        c.text(sx + 8, y, str(view.pieces[seat]))


def sides(view: ChifoumiView, language: str, spectator: bool,
          names: Names = ()) -> list[tuple[tuple[str, ...], str, float]]:
    """Who has how many points, yours first: (armies, name, points) — 2 players "Toi" and the
    other's player ("Ana", else the army), 4 players "Nous" and "Eux" (team totals, K-4P); a
    watching pad names every player."""
    if view.players == 4:
        mine = 0 if view.seat in ("white", "black") else 1
        teams = [("white", "black"), ("red", "orange")]
        ordered = [teams[mine], teams[1 - mine]] if not spectator else teams
        keys = ["ck.us", "ck.them"] if not spectator else ["", ""]
        return [(team, text(language, key) if key else "", sum(view.points[s] for s in team))
                for team, key in zip(ordered, keys)]
    seats = list(view.seats)
    if not spectator:
        seats.remove(view.seat)
        seats.insert(0, view.seat)
    return [((seat,), text(language, "you") if seat == view.seat and not spectator
             else who(language, seat, names), view.points[seat]) for seat in seats]


def points_rows(c: Canvas, x: int, y: int, view: ChifoumiView, language: str,
                spectator: bool, names: Names = ()) -> None:
    """The points on the panel, yours first: with 2 or 4 players one line per side ("■Toi 8",
    "■Ana 8½", the army's name when the player's does not fit); with 3 players yours named,
    then the two others' swatches and points."""
    if view.players == 3:                           # yours named, the two others by swatch
        first, *others = sides(view, language, spectator, names)
        piece(c, x, y + 2, first[0][0], "#")
        line = f"{first[1]} {shown(first[2])}"
        if text_width(line) > WIDTH - x - 8:             # a long name: the army's
            line = f"{army_name(language, first[0][0])} {shown(first[2])}"
        c.text(x + 8, y, line)
        for i, (armies, _name, points) in enumerate(others):
            piece(c, x + i * 30, y + 13, armies[0], "#")
            c.text(x + i * 30 + 8, y + 11, shown(points))
        return
    for row, (armies, name, points) in enumerate(sides(view, language, spectator, names)):
        px = x
        for army in armies:
            piece(c, px, y + row * 11 + 2, army, "#")
            px += 8
        line = f"{name} {shown(points)}".strip()
        if len(armies) == 1 and text_width(line) > WIDTH - px:     # a long name: the army's
            line = f"{army_name(language, armies[0])} {shown(points)}"
        c.text(px, y + row * 11, line)


def _stack_line(c: Canvas, x: int, y: int, view: ChifoumiView, language: str, square: int) -> None:
    stack = view.board[square]
    shown = stack[-8:]
    for i, layer in enumerate(shown):
        piece(c, x + i * 8, y + 2, layer.army, letter(language, layer.kind))


def flip_bar(c: Canvas, line: str) -> None:
    """The inverted bottom bar of a flip: what was played, or why the game ended, over the
    screen the seat was on (:meth:`Canvas.banner`)."""
    c.banner(line)


def _pad_hints(c: Canvas, card3: str, card4: str = "?") -> None:
    """▲ ▼ under the board for CARD1/CARD2, then CARD3's and CARD4's words in their columns."""
    for cx, up in ((COLUMN_W // 2, True), (COLUMN_W + COLUMN_W // 2, False)):
        tip, base = (59, 63) if up else (63, 59)
        c.draw.polygon([(cx - 3, base), (cx + 3, base), (cx, tip)], fill=1)
    if card3:
        c.centred(HINT_Y - 1, card3, x0=2 * COLUMN_W, x1=3 * COLUMN_W)
    if card4:
        c.centred(HINT_Y - 1, card4, x0=3 * COLUMN_W, x1=WIDTH)


# ----- the screen models ------------------------------------------------------------------
@dataclass(frozen=True)
class KickoffScreen:
    """Which army you play and what your pieces look like, on a sheet over the menu (the app
    puts it there) for ``Timing.kickoff``, before the who-starts throw or the first move.

    Leaving the menu for it rewrites the bottom half of each panel, where the throw or the
    board straight after the menu's OK would have rewritten both screens whole (46 ms on the
    handheld's one 400 kHz I2C bus, see ``docs/performance.md``); the next screen follows
    on a timer.
    """

    view: ChifoumiView
    spectator: bool = False
    """A pad that only watches (a demo): the army is a CPU's."""
    person: str | None = None
    """The name this pad's player chose (a named player's kick-off says whose pad it is)."""
    names: Names = ()
    """The players' chosen names (the partner is named by them with 4 players)."""
    over_menu: ClassVar[bool] = True

    def draw(self, c: Canvas, language: str) -> None:
        view = self.view
        c.sheet()
        label = text(language, "ck.cpu_plays") if self.spectator else \
            text(language, "ck.name_plays", name=self.person) if self.person else \
            text(language, "ck.you_play")
        name = army_name(language, view.seat)
        short = text(language, "ck.name_army", name=self.person, army=name) \
            if self.person and view.players == 4 else None
        draw_you_are(c, label, name, short)
        kinds = KINDS if view.players < 4 else KINDS[:3]
        if view.players == 4:
            partner = view.seats[(view.seats.index(view.seat) + 2) % 4]
            room = WIDTH - 8 * len(kinds) - 4 - text_width(text(language, "ck.with", army=""))
            words = text(language, "ck.with", army=who(language, partner, self.names, room))
            x = (WIDTH - 8 * len(kinds) - 4 - text_width(words)) // 2
            pieces_x, words_x = x, x + 8 * len(kinds) + 4
        else:
            words = "" if self.spectator else text(language, "ck.your_pieces")
            gap = 4 if words else 0
            x = (WIDTH - text_width(words) - gap - 8 * len(kinds)) // 2
            words_x, pieces_x = x, x + text_width(words) + gap
        c.text(words_x, HINT_Y - 1, words)
        for i, kind in enumerate(kinds):
            piece(c, pieces_x + 8 * i, HINT_Y + 1, view.seat, letter(language, kind))


@dataclass(frozen=True)
class BoardScreen:
    """The board for one seat: its cursor, and while it plays, the piece it picked and where
    that piece may go. ``mode`` says what OK does (``pick``, ``target``, ``chain``, ``place``,
    ``kind``, ``capture``) or that the seat watches (``wait``, ``cpu``, ``over``: the game
    has ended, no button hints)."""

    view: ChifoumiView
    cursor: int | None
    origin: int | None = None
    targets: tuple[int, ...] = ()
    mode: str = "wait"
    kind: str | None = None
    """The kind about to be placed (placement variant)."""
    taken_by: str | None = None
    """The army that has just taken this seat's pieces: said on the bottom bar until the
    seat's next press, so the player sees why a piece went."""
    why: str | None = None
    """Why the last OK did nothing ("✕ Choisis ta pièce"), on the bottom bar until a press."""
    names: Names = ()
    """The players' chosen names: the others are called by them ("À Ana")."""

    def draw(self, c: Canvas, language: str) -> None:
        view = self.view
        board(c, view, language, self.cursor, self.origin, self.targets)
        x = PANEL_X
        mover = view.current
        if mover == view.seat and self.mode != "cpu":
            c.box(x - 1, 0, WIDTH - 1, 10, filled=True)
            c.text(x + 1, 0, text(language, "ck.your_turn"), ink=0)
        elif mover is not None:
            room = WIDTH - x - text_width(text(language, "ck.turn_of", army=""))
            c.text(x, 0, text(language, "ck.turn_of", army=who(language, mover, self.names, room)))
        points_rows(c, x, 11, view, language, self.mode == "cpu", self.names)
        if self.mode == "kind" and self.kind is not None:
            c.text(x, 32, "◀")
            piece(c, x + 8, 34, view.seat, letter(language, self.kind))
            c.text(x + 17, 32, "▶ " + text(language, "ck.kind." + self.kind)[:6])
        elif self.mode == "capture":
            c.text(x, 32, text(language, "ck.stack"))
        elif self.cursor is not None and view.board[self.cursor]:
            _stack_line(c, x, 32, view, language, self.cursor)
        elif view.phase == "place":
            reserve = view.reserve.get(view.seat, {})
            c.text(x, 32, text(language, "ck.reserve", count=sum(reserve.values())))
        action = {"pick": "ck.hint.pick", "target": "ck.hint.go", "chain": "ck.hint.again",
                  "place": "ck.hint.place", "kind": "ck.hint.put", "capture": "ck.take",
                  }.get(self.mode)
        if action:
            c.text(x, 42, text(language, action))
        if self.mode == "cpu":
            c.text(x, 42, text(language, "ck.cpu_seat", army=army_name(language, view.seat)))
        if self.mode in ("cpu", "over"):
            return
        if self.taken_by is not None:
            room = WIDTH - text_width(text(language, "ck.took_yours", army=""))
            flip_bar(c, text(language, "ck.took_yours",
                             army=who(language, self.taken_by, self.names, room)))
            return
        if self.why is not None:
            flip_bar(c, text(language, self.why))
            return
        card3 = {"chain": text(language, "ck.stop"), "target": "✕", "kind": "✕",
                 "capture": "✕"}.get(self.mode, "")
        _pad_hints(c, card3)


@dataclass(frozen=True)
class LegendScreen:
    """Which letter is which kind and who takes whom; which style is which player."""

    view: ChifoumiView
    names: Names = ()
    """The players' chosen names: each style is shown beside its player's name."""

    def draw(self, c: Canvas, language: str) -> None:
        kinds = KINDS if self.view.players < 4 else KINDS[:3]
        for row, kind in enumerate(kinds):
            y = row * 10
            big_letter(c, 0, y, letter(language, kind))
            c.text(10, y, text(language, "ck.kind." + kind))
            takes = {"R": "S", "P": "RW", "S": "P", "W": "RS"}[kind]
            if self.view.players == 4:
                takes = takes.replace("W", "")
            c.text(63, y, text(language, "ck.takes"))
            for i, prey in enumerate(takes):
                big_letter(c, 100 + i * 10, y, letter(language, prey))
        for i, seat in enumerate(self.view.seats):     # 11 rows apart: a g over an É is clear
            x, y = (i % 2) * 64, len(kinds) * 10 + 2 + (i // 2) * 11
            piece(c, x, y + 2, seat, letter(language, "R"))
            name = who(language, seat, self.names, 64 - 11)
            if seat == self.view.seat:
                c.box(x + 8, y, x + 9 + 6 * len(name), y + 10, filled=True)
            c.text(x + 9, y, name, ink=0 if seat == self.view.seat else 1)


HANDS = ("left", "centre", "right")
HAND_KINDS = {"left": "R", "centre": "P", "right": "S"}


def hand_picture(c: Canvas, cx: int, cy: int, hand: str, ink: int = 1) -> None:
    """Rock (a boulder), paper (a sheet), scissors (two rings and blades), ~20 px wide."""
    if hand == "left":
        c.draw.polygon([(cx - 10, cy + 5), (cx - 9, cy - 2), (cx - 4, cy - 7), (cx + 3, cy - 7),
                        (cx + 9, cy - 3), (cx + 10, cy + 5), (cx + 4, cy + 8), (cx - 6, cy + 8)],
                       fill=ink)
        c.draw.line([(cx - 3, cy - 4), (cx, cy), (cx - 2, cy + 4)], fill=1 - ink)
    elif hand == "centre":
        c.draw.rectangle([cx - 7, cy - 9, cx + 7, cy + 8], outline=ink)
        for y in range(cy - 5, cy + 6, 3):
            c.draw.line([(cx - 4, y), (cx + 4, y)], fill=ink)
    else:
        c.draw.ellipse([cx - 9, cy + 2, cx - 3, cy + 8], outline=ink)
        c.draw.ellipse([cx + 3, cy + 2, cx + 9, cy + 8], outline=ink)
        c.draw.line([(cx - 4, cy + 2), (cx + 6, cy - 9)], fill=ink, width=2)
        c.draw.line([(cx + 4, cy + 2), (cx - 6, cy - 9)], fill=ink, width=2)


@dataclass(frozen=True)
class ThrowScreen:
    """Who starts (2 players): rock, paper, scissors on LEFT, CENTRE, RIGHT; a press picks a
    hand, the same button again throws it (as a card or a side is locked in everywhere)."""

    view: ChifoumiView
    picked: str | None
    other_locked: bool
    locked: bool = False

    def draw(self, c: Canvas, language: str) -> None:
        c.centred(0, text(language, "ck.who_starts"))
        if self.other_locked:
            c.box(118, 0, 127, 10, filled=True)
            c.text(120, 0, "✓", ink=0)
        for i, hand in enumerate(HANDS):
            cx = 21 + i * 43
            chosen = hand == self.picked
            c.box(cx - 18, 13, cx + 18, 41, filled=chosen, width=2 if chosen and self.locked else 1)
            hand_picture(c, cx, 27, hand, ink=0 if chosen else 1)
        if self.locked:
            c.hints(centre=text(language, "hint.locked"))
        elif self.picked is not None:
            c.hints(centre=text(language, "hint.again"))
        else:
            names = [text(language, "ck.kind." + HAND_KINDS[hand]) for hand in HANDS]
            c.hints(left=names[0], right=names[2])
            c.centred(HINT_Y - 1, names[1], x1=WIDTH - 6)


def hand_x(hand: str) -> int:
    """The centre column of ``hand``'s box on the throw screen, over its button."""
    return 21 + HANDS.index(hand) * 43


@dataclass(frozen=True)
class FlipScreen:
    """Both hands are in: the throw screen the seat was on, its own pick filled as before, the
    other's pick marked with its name under the box, and both named on an inverted bottom
    bar. The reveal with its words follows ``Timing.flip`` later.

    Like turning both hands over before anyone speaks. It changes the boxes' bottom and the
    bottom line, so both screens of the handheld show it within one 30 ms frame on the shared
    400 kHz I2C bus (``docs/performance.md``), where the reveal would have rewritten both
    whole. It is made once both seats have thrown, from the throw every seat sees next.
    """

    base: ThrowScreen
    theirs: str
    names: Names = ()

    def draw(self, c: Canvas, language: str) -> None:
        self.base.draw(c, language)
        c.clear(0, HINT_Y - 1, WIDTH - 1, HEIGHT - 1)
        mine = self.base.picked
        other = next(seat for seat in self.base.view.seats if seat != self.base.view.seat)
        tag = "▲ " + who(language, other, self.names)
        x = min(max(0, hand_x(self.theirs) - text_width(tag) // 2), WIDTH - text_width(tag))
        c.text(x, 42, tag)
        mine_name = text(language, "ck.kind." + HAND_KINDS[mine]) if mine else "?"
        theirs_name = text(language, "ck.kind." + HAND_KINDS[self.theirs])
        you, them = text(language, "you"), who(language, other, self.names)
        flip_bar(c, fitting(WIDTH, f"{you} {mine_name} vs {theirs_name} {them}",
                            f"{mine_name} vs {theirs_name}"))


@dataclass(frozen=True)
class ThrowRevealScreen:
    """Both hands, and who starts (or a tie: again)."""

    view: ChifoumiView
    mine: str
    theirs: str
    winner: str | None
    names: Names = ()

    def draw(self, c: Canvas, language: str) -> None:
        other = next(seat for seat in self.view.seats if seat != self.view.seat)
        for cx, name, hand in ((30, text(language, "you"), self.mine),
                               (98, who(language, other, self.names, 60), self.theirs)):
            c.centred(0, name, x0=cx - 30, x1=cx + 30)
            hand_picture(c, cx, 24, hand)
        c.centred(18, "vs", x0=54, x1=74)
        if self.winner is None:
            line = text(language, "ck.tie")
        elif self.winner == self.view.seat:
            line = text(language, "ck.you_start")
        else:
            line = text(language, "ck.starts", army=who(language, self.winner, self.names))
        c.centred(40, line)


@dataclass(frozen=True)
class EndScreen:
    """The move that ended the game, seen where it was made: each seat's board after it, with
    why the game ended on an inverted bottom bar, for ``Timing.reveal``; the result follows.

    The last move changes a few squares and the panel of each board, so both screens of the
    handheld show it within one 30 ms frame on the shared bus; the result comes on a timer
    (and its OK draws the menu on the pad pressed first, the others a pass later).
    """

    board: BoardScreen
    reason: str | None

    def draw(self, c: Canvas, language: str) -> None:
        self.board.draw(c, language)
        flip_bar(c, text(language, "ck.end." + (self.reason or "over")))


@dataclass(frozen=True)
class ResultScreen:
    """Won, lost or a draw, big, then a line per side: its army's swatch, who it is and its
    points ("■Toi 4", "■Ana 4½"; the two teams with 4 players, "Nous"/"Eux" or their
    players' names), and the OK chip over the OK button; a whole screen, like every game's
    result (:class:`firmware.games.sheets.ResultScreen`). Three sides take a small headline
    so that every player's line has room."""

    view: ChifoumiView
    spectator: bool
    names: Names = ()
    """The players' chosen names: every side is called by them when they fit."""

    def headline(self, language: str) -> str:
        view, winner = self.view, self.view.winner or "draw"
        if winner in ("draw", "shared"):
            return text(language, "ck.draw")
        winners = winner.split("+")
        if self.spectator:
            for words in ([who(language, seat, self.names) for seat in winners],
                          [army_name(language, seat) for seat in winners]):
                headline = text(language, "ck.wins", army="+".join(words))
                if text_width(headline) <= WIDTH:
                    break
            return headline
        return text(language, "result.win" if view.seat in winners else "result.lose")

    def draw(self, c: Canvas, language: str) -> None:
        rows = self.rows(language)
        headline = self.headline(language)
        scale = 2 if len(rows) <= 2 and text_width(headline, 2) <= WIDTH else 1
        c.centred(1 if scale == 2 else 3, headline, scale=scale)
        top = 26 if scale == 2 else 15
        for row, (armies, line) in enumerate(rows):
            width = 8 * len(armies) + 1 + text_width(line)
            x = (WIDTH - width) // 2
            for army in armies:
                piece(c, x, top + row * 11 + 2, army, "#")
                x += 8
            c.text(x + 1, top + row * 11, line)
        if not self.spectator:
            c.ok_chip()

    def rows(self, language: str) -> list[tuple[tuple[str, ...], str]]:
        """Each side's swatches and words, yours first: a player's name, else its army; a team
        by its players' names when they fit, else "Nous"/"Eux" (its armies' on a spectator's
        pad)."""
        view, names = self.view, self.names
        rows = []
        for armies, word, points in sides(view, language, self.spectator, names):
            room = WIDTH - 8 * len(armies) - 1 - text_width(f" {shown(points)}")
            if len(armies) > 1:
                called = [text(language, "you") if seat == view.seat and not self.spectator
                          else who(language, seat, names) for seat in armies]
                word = fitting(room, "+".join(called), word or "+".join(
                    army_name(language, seat) for seat in armies), "")
            elif text_width(word) > room:
                word = army_name(language, armies[0])
            rows.append((armies, f"{word} {shown(points)}".strip()))
        return rows


BIG_LINE = WIDTH // 2
"""A line of kids' mode's letters (twice the size), in pixels of the small ones."""


Screen = Union[KickoffScreen, BoardScreen, LegendScreen, ThrowScreen, FlipScreen,
               ThrowRevealScreen, EndScreen, ResultScreen]


def reveal_headline(view: ChifoumiView, events: Sequence[Any], language: str,
                    names: HeadlineNames | None = None) -> str:
    """The last move in two or three words from ``view``'s seat's side: who starts after the
    throw ("Tu commences !"), who took a stack ("Noir prend !"), the result ("Gagné !"); what
    the kids' mode shows big. The player who acted is called by the name they chose on the
    pads (``names.people``: "Ana prend !", with 2, 3 or 4 players), by their army when they
    have none or it does not fit one line of the big letters."""
    people = tuple(names.people.items()) if names else ()

    def army(seat: str) -> str:
        return who(language, seat, people, BIG_LINE)

    for event in events:
        if isinstance(event, ev.Chifoumi):
            if event.winner is None:
                return text(language, "ck.tie")
            if event.winner == view.seat:
                return text(language, "ck.you_start")
            return text(language, "ck.starts", army=army(event.winner))
        if isinstance(event, ev.GameOver):
            winners = (event.winner or "draw").split("+")
            if winners[0] in ("draw", "shared"):
                return text(language, "ck.draw")
            return text(language, "result.win" if view.seat in winners else "result.lose")
    for event in events:
        if isinstance(event, ev.Captured):
            if event.seat == view.seat:
                return text(language, "ck.you_take")
            return text(language, "ck.they_take", army=army(event.seat))
    for event in events:
        if isinstance(event, (ev.Moved, ev.Placed)):
            if event.seat == view.seat:
                return text(language, "ck.you_played")
            return text(language, "ck.they_played", army=army(event.seat))
    return text(language, "hint.wait")


# ----- from a seat's state to its screen -------------------------------------------------------
CENTRE = square_named("d4")


@dataclass(frozen=True)
class PadState:
    """A person's pad: its cursor and what it has picked (nothing of it reaches another pad)."""

    cursor: int
    origin: int | None
    """The piece picked to move (or the square a capture chain goes on from)."""
    target: int | None
    place: int | None
    kind: int
    legend: bool
    hand: str | None
    """The who-starts hand thrown (locked in)."""
    pick: str | None = None
    """The who-starts hand picked, not yet thrown."""


@dataclass(frozen=True)
class SeatState:
    """What one seat's screen is built from, computed by the session once per change."""

    view: ChifoumiView
    step: SharedStep
    """Every game's step or one of this game's own (:class:`.steps.Step`)."""
    pad: PadState | None
    """None: a seat nobody plays at a pad (a CPU's, or a demo's)."""
    others_thrown: bool
    """Every other pad has thrown its hand (never which)."""
    throw: ev.Chifoumi | None
    """The last who-starts throw (both hands are public once thrown)."""
    mine: bool
    """It is this seat's turn alone."""
    legal: tuple[Any, ...]
    """The seat's legal choices on its turn, else empty."""
    chain: bool
    """A capture chain goes on (CARD3 stops it)."""
    taken_by: str | None = None
    """The army that has just taken a stack holding this seat's pieces (its pad's notice)."""
    why: str | None = None
    """Why the seat's last OK did nothing (an i18n key)."""
    person: str | None = None
    """The name this seat's player chose on the pads, if any."""
    names: Names = ()
    """Every seat's chosen name, (seat, name) (public: screens call the others by them)."""


def build(state: SeatState) -> Screen:
    """What the seat's screen shows now."""
    view, pad, step, names = state.view, state.pad, state.step, state.names
    if step is Step.OVER:
        return ResultScreen(view, pad is None, names)
    if step is Step.KICKOFF:
        return KickoffScreen(view, pad is None, state.person, names)
    if pad is not None and pad.legend:
        return LegendScreen(view, names)
    if step in (Step.FLIP, Step.REVEAL) and state.throw is not None:
        hands = dict(state.throw.hands)
        other = next(s for s in view.seats if s != view.seat)
        if step is Step.FLIP:
            return FlipScreen(ThrowScreen(view, hands[view.seat], True, locked=True), hands[other],
                              names)
        return ThrowRevealScreen(view, hands[view.seat], hands[other], state.throw.winner, names)
    if step is Step.END:
        board = BoardScreen(view, pad.cursor if pad else None, mode="over", names=names)
        return EndScreen(board, view.reason)
    if pad is None:
        return spectator_screen(view, names)
    if step is Step.THROW:
        return ThrowScreen(view, pad.hand or pad.pick, state.others_thrown,
                           locked=pad.hand is not None)
    return replace(_board(state, pad), names=names)


def _board(state: SeatState, pad: PadState) -> BoardScreen:
    view, mine, legal = state.view, state.mine, state.legal
    if view.phase == "place":
        squares = (tuple(sorted({c.target for c in legal if isinstance(c, Place)})) if mine
                   else open_squares(view))
        if not mine:
            return BoardScreen(view, pad.cursor, targets=squares)
        if pad.place is not None:
            # the last piece: its marks go as its square is picked, not with the placement
            # (which already changes the other seat's screen)
            last = sum(view.reserve.get(view.seat, {}).values()) == 1
            return BoardScreen(view, pad.place, targets=() if last else squares,
                               mode="kind", kind=Kind(pad.kind).name)
        return BoardScreen(view, pad.cursor, targets=squares, mode="place")
    if not mine:
        return BoardScreen(view, pad.cursor, taken_by=state.taken_by)
    origin = pad.origin
    if origin is None:
        return BoardScreen(view, pad.cursor, mode="pick", taken_by=state.taken_by, why=state.why)
    targets = tuple(sorted({c.target for c in legal
                            if isinstance(c, Move) and c.origin == origin}))
    if pad.target is not None:
        return BoardScreen(view, pad.target, origin, targets, "capture")
    return BoardScreen(view, pad.cursor, origin, targets, "chain" if state.chain else "target",
                       why=state.why)


def open_squares(view: ChifoumiView) -> tuple[int, ...]:
    """Where ``view``'s seat may put a piece while another seat places (K-2P-4): any square but
    d4 that is empty or topped by its own piece, with no other army's piece on top next to it;
    none once its reserve is empty. On its turn the engine's legal choices say the same.

    Its board marks these squares through the whole placement, its turn or not, so a placement
    changes only the squares around the new piece on each screen (not every free square
    appearing on one and vanishing from the other: more than the shared bus takes per press).
    """
    if not any(view.reserve.get(view.seat, {}).values()):
        return ()
    top = [stack[-1].army if stack else None for stack in view.board]
    return tuple(target for target in range(len(view.board))
                 if target != CENTRE and top[target] in (None, view.seat)
                 and all(top[n] in (None, view.seat) for n in NEIGHBOURS[target]))


def spectator_screen(view: ChifoumiView, names: Names = ()) -> BoardScreen:
    """A CPU seat's pad (or a demo): the board's top pieces, no cursor, nothing hidden shown;
    the players named as on theirs."""
    return BoardScreen(view, None, mode="cpu", names=names)
