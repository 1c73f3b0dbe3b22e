"""The Simulator Soccer map on a 128x64 panel, the cell cursor's moves and the status line.

The rules' S-UI-1 draws each hex as a 5x5 box 12 px from its row neighbours: 7 px of every
row are black, and five symbols (own, opponent, both, two kinds of lying) must share 25
pixels. Here each cell is a **brick** 9 px wide and 5 px tall, rows 6 px apart and every
other row shifted half a brick: bricks are how a hex grid tiles a bitmap (each brick touches
exactly its six S-PIT-2 neighbours: two beside it, two above, two below), and a brick is
nearly twice the ink of S-UI-1's box, which is what makes a symbol readable on a 0.96" panel
where a pixel is 0.17 mm. What each brick shows, chosen by looking at the panel-size PNGs
(``docs/simulator-soccer.md``, "On the console")::

    own player          #########     opponent            #########
                        #########                         #.......#
                        #########                         #.......#
                        #########                         #.......#
                        #########                         #########
    lying own           .........     lying opponent      .........
    (flat, solid)       .........     (low, hollow)       .........
                        .........                         #.......#
                        #########                         #.......#
                        #########                         #########
    both in the cell: own on the left half, opponent on the right half, each drawn as above
    empty cell: one dot (a faint grid to count distances); legal target: a plus "+"
    the ball: a round blob inverted over one player (above a lying one), shown every other
    blink; over two players it takes the whole brick while it shows
    the cursor: a frame in the 1-px gaps around the brick, so it hides nothing
    a planned move (a list being written): the same frame, dotted

The reading seat's team always attacks right (S-PIT-4's half-turn when it attacks west), so
"forward" is the same way on both screens; :func:`step` turns the cursor buttons with the map.
Everything drawn comes from a seat's view (S-VIS-1: the map is public anyway).
"""
from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.simulator_soccer.geometry import CELLS, ROWS, WIDTH, mirror, on_pitch
from firmware.i18n import text
from firmware.render import Canvas, fitting
from hal.buttons import Button

Cell = tuple[int, int]
"""A cell in the ENGINE's doubled coordinates (S-PIT-1): x 0..20, y 0..8, x + y even."""

BRICK_W, BRICK_H = 9, 5
"""A cell's brick, in pixels."""
HALF_STEP = 5
"""Pixels per engine x unit (half a cell): bricks in a row are 10 px apart, 1 px gap."""
ROW_STEP = 6
"""Pixels per row: 5 px of brick, 1 px of gap."""
LEFT = 9
"""Left edge of the west-most brick (x = 0); the goals sit in the 9-10 px margins."""
MAP_ROWS = ROWS * ROW_STEP
"""The map fills pixel rows 0..53."""
STATUS_Y = MAP_ROWS - 1
"""Top of the status line: the font's ink (accents to descenders) fills rows 54..63."""
STATUS_CHARS = 21
"""Characters of the status line (6 px each on 128 px)."""

GOAL_ROWS = (3, 5)
"""The goal faces rows 3..5 (S-PIT-4's goal area)."""

_DIRECTIONS: dict[Button, tuple[int, int]] = {
    Button.CARD1: (-1, -1),   # NW
    Button.CARD2: (1, -1),    # NE
    Button.LEFT: (-2, 0),     # W
    Button.RIGHT: (2, 0),     # E
    Button.CARD3: (-1, 1),    # SW
    Button.CARD4: (1, 1),     # SE
}
"""S-UI-2: the cursor buttons, as moves on the SCREEN (the reading seat attacking right)."""


@dataclass(frozen=True)
class Occupant:
    """A player in a cell as the map draws him: whose he is, lying or not, his shirt."""

    own: bool
    lying: bool
    num: int


def _body(view: Any) -> Mapping[str, Any]:
    """The view's JSON body: a :class:`SoccerView` or its ``to_json()``."""
    body = getattr(view, "body", view)
    assert isinstance(body, Mapping)
    return body


def _sides(view: Any, seat: str) -> tuple[Mapping[str, Any], Mapping[str, Any]]:
    """(the reading seat's side, the other side) of the view."""
    body = _body(view)
    you, opponent = body["you"], body["opponent"]
    return (you, opponent) if you["seat"] == seat else (opponent, you)


def attacks_east(view: Any, seat: str) -> bool:
    """Does ``seat`` attack east (x = 20) now? Its screen is mirrored when not."""
    return bool(_sides(view, seat)[0]["attacks"] == "east")


def to_screen(cell: Cell, east: bool) -> Cell:
    """An engine cell as the reading seat sees it (own team attacking right)."""
    return cell if east else mirror(cell)


def on_screen(cell: Cell, view: Any, seat: str | None = None) -> Cell:
    """An engine cell as ``seat`` (default: the view's own seat) sees it on the map."""
    return to_screen(cell, attacks_east(view, seat or _body(view)["seat"]))


def brick(screen_cell: Cell) -> tuple[int, int]:
    """Top-left pixel of a screen cell's brick."""
    x, y = screen_cell
    return LEFT + HALF_STEP * x, ROW_STEP * y


def occupants(view: Any, seat: str) -> dict[Cell, list[Occupant]]:
    """Engine cell -> the players there (own first), from the view."""
    mine, theirs = _sides(view, seat)
    cells: dict[Cell, list[Occupant]] = {}
    for side, own in ((mine, True), (theirs, False)):
        for player in side["players"]:
            if player["cell"] is not None:
                cell = (player["cell"][0], player["cell"][1])
                cells.setdefault(cell, []).append(Occupant(own, bool(player["lying"]), player["num"]))
    for here in cells.values():
        here.sort(key=lambda o: not o.own)
    return cells


# ----- drawing ------------------------------------------------------------------------------
def _player(c: Canvas, x0: int, y0: int, width: int, who: Occupant) -> None:
    """One player in a ``width`` x 5 box: solid own, hollow opponent; a lying one flat on
    the box's bottom rows (own: a 2-row bar, opponent: a 3-row cup), leaving the top free."""
    x1, y1 = x0 + width - 1, y0 + BRICK_H - 1
    if not who.lying:
        c.draw.rectangle([x0, y0, x1, y1], fill=1 if who.own else None, outline=1)
    elif who.own:
        c.draw.rectangle([x0, y1 - 1, x1, y1], fill=1)
    else:
        c.draw.line([(x0, y1), (x1, y1)], fill=1)
        c.draw.line([(x0, y1 - 2), (x0, y1 - 1)], fill=1)
        c.draw.line([(x1, y1 - 2), (x1, y1 - 1)], fill=1)


def _xor(c: Canvas, points: Collection[tuple[int, int]]) -> None:
    for point in points:
        c.image.putpixel(point, 0 if c.image.getpixel(point) else 1)


def _plus(cx: int, cy: int) -> list[tuple[int, int]]:
    """A legal target: a 3x3 plus (an empty cell's grid dot is a single pixel)."""
    return [(cx - 1, cy), (cx, cy), (cx + 1, cy), (cx, cy - 1), (cx, cy + 1)]


def _blob(cx: int, cy: int) -> list[tuple[int, int]]:
    """The ball: a round 5x3 blob."""
    return ([(cx + dx, cy - 1) for dx in (-1, 0, 1)] + [(cx + dx, cy) for dx in range(-2, 3)]
            + [(cx + dx, cy + 1) for dx in (-1, 0, 1)])


def _ring(x0: int, y0: int) -> list[tuple[int, int]]:
    """The pixels in the 1-px gaps around a brick, clockwise from its top-left corner."""
    x1, y1 = x0 + BRICK_W, y0 + BRICK_H
    return ([(x, y0 - 1) for x in range(x0 - 1, x1 + 1)] + [(x1, y) for y in range(y0, y1 + 1)]
            + [(x, y1) for x in range(x1 - 1, x0 - 2, -1)] + [(x0 - 1, y) for y in range(y1 - 1, y0 - 1, -1)])


def draw_cursor(c: Canvas, x0: int, y0: int) -> None:
    """The cursor: a rectangle in the gaps around a brick (it covers no other cell)."""
    c.draw.point(_ring(x0, y0), fill=1)


def draw_planned(c: Canvas, x0: int, y0: int) -> None:
    """Where a move list being written sends a player: a dotted ring in the gaps, told
    apart from the cursor's solid one and covering nothing."""
    c.draw.point(_ring(x0, y0)[::2], fill=1)


def _lines(c: Canvas) -> None:
    """The goals in the side margins and a dotted halfway line in the gaps between bricks."""
    top, bottom = GOAL_ROWS[0] * ROW_STEP - 1, GOAL_ROWS[1] * ROW_STEP + BRICK_H
    for post, back in ((LEFT - 2, LEFT - 5), (LEFT + HALF_STEP * WIDTH + BRICK_W + 1,
                                              LEFT + HALF_STEP * WIDTH + BRICK_W + 4)):
        c.draw.line([(back, top), (back, bottom)], fill=1)
        c.draw.line([(min(post, back), top), (max(post, back), top)], fill=1)
        c.draw.line([(min(post, back), bottom), (max(post, back), bottom)], fill=1)
    halfway = LEFT + HALF_STEP * WIDTH // 2 + BRICK_W // 2
    c.draw.point([(halfway, y) for y in range(0, MAP_ROWS - 1, 2)], fill=1)


def draw_cell(c: Canvas, x0: int, y0: int, here: Sequence[Occupant], *, marked: bool = False,
              ball: bool = False) -> None:
    """One brick whose top-left pixel is (x0, y0): its players, then the ball or the mark
    over them. The ball wins while it shows, so a marked ball cell alternates between the
    two, and so does a ball cell holding two players (no room for a third symbol)."""
    cx = x0 + BRICK_W // 2
    if not here:
        if ball:
            c.draw.point(_blob(cx, y0 + 2), fill=1)
        elif marked:
            c.draw.point(_plus(cx, y0 + 2), fill=1)
        else:
            c.draw.point((cx, y0 + 2), fill=1)
        return
    c.clear(x0, y0, x0 + BRICK_W - 1, y0 + BRICK_H - 1)
    if ball and len(here) == 2:
        c.draw.point(_blob(cx, y0 + 2), fill=1)
        return
    if len(here) == 1:
        _player(c, x0, y0, BRICK_W, here[0])
    else:
        half = BRICK_W // 2
        _player(c, x0, y0, half, here[0])
        _player(c, x0 + half + 1, y0, half, here[1])
    cy = y0 + (1 if all(o.lying for o in here) else 2)
    if ball:
        _xor(c, _blob(cx, cy))
    elif marked:
        _xor(c, _plus(cx, cy))


def draw_pitch(c: Canvas, view: Any, seat: str, *, cursor: Cell | None = None,
               marks: Collection[Cell] = (), blink_on: bool = True,
               planned: Collection[Cell] = ()) -> None:
    """The map in pixel rows 0..53 (S-UI-1 as improved above), ``seat``'s team attacking
    right. ``cursor``, ``marks`` and ``planned`` (cells a move list being written sends
    players to) are engine cells; the ball shows when ``blink_on``."""
    east = attacks_east(view, seat)
    c.clear(0, 0, c.image.width - 1, MAP_ROWS - 1)
    _lines(c)
    present = occupants(view, seat)
    ball = _body(view)["ball"]["cell"]
    ball_cell = None if ball is None or not blink_on else (ball[0], ball[1])
    marked = {cell for cell in marks if on_pitch(cell)}
    for cell in CELLS:
        draw_cell(c, *brick(to_screen(cell, east)), present.get(cell, []), marked=cell in marked,
                  ball=cell == ball_cell)
    for cell in planned:
        if on_pitch(cell) and cell != cursor:
            draw_planned(c, *brick(to_screen(cell, east)))
    if cursor is not None and on_pitch(cursor):
        draw_cursor(c, *brick(to_screen(cursor, east)))


# ----- the cursor ---------------------------------------------------------------------------
def step(cell: Cell, button: Button, view: Any, seat: str) -> Cell | None:
    """The neighbour of ``cell`` in the SCREEN direction of a cursor button (S-UI-2: CARD1
    NW, CARD2 NE, LEFT W, RIGHT E, CARD3 SW, CARD4 SE), turned like the map; None off the
    pitch or for CENTRE (which confirms, not moves)."""
    delta = _DIRECTIONS.get(button)
    if delta is None:
        return None
    dx, dy = delta if attacks_east(view, seat) else (-delta[0], -delta[1])
    target = (cell[0] + dx, cell[1] + dy)
    return target if on_pitch(target) else None


# ----- the status line ----------------------------------------------------------------------
def clock_text(view: Any) -> str:
    """The match minute as a scoreboard shows it: ``37'``, ``45+2'`` in stoppage time."""
    clock = _body(view)["clock"]
    minute, half = int(clock["minute"]), int(clock["half"])
    end = 45 * min(half, 2)
    return f"{end}+{minute - end}'" if minute > end else f"{minute}'"


def _phase_words(view: Any, language: str) -> tuple[str, str]:
    """(long, short) name of what is being decided now."""
    body = _body(view)
    decision, phase = body["decision"], body["phase"]
    key = {"formation": "formation", "shoot": "shot", "dive": "shot", "defend": "shot",
           "cross": "cross", "kicker": "shootout", "remove": "card"}.get(decision or "", phase)
    return text(language, f"ss.phase.{key}"), text(language, f"ss.phase.{key}.short")


def status_text(view: Any, seat: str, language: str) -> str:
    """The bottom line, at most 21 characters: minute, score (the reading seat's first),
    what is being played and whose decision it is."""
    body = _body(view)
    mine, theirs = _sides(view, seat)
    score = f"{body['score'][mine['seat']]}-{body['score'][theirs['seat']]}"
    long_phase, short_phase = _phase_words(view, language)
    to_act = body["to_act"]
    if body["phase"] == "over" or not to_act:
        who, short_who = "", ""
    elif seat in to_act:
        who, short_who = text(language, "ss.who.you"), text(language, "ss.who.you.short")
    else:
        who, short_who = text(language, "ss.who.them"), text(language, "ss.who.them.short")
    clock = clock_text(view)
    candidates = [f"{clock} {score} {long_phase} {who}", f"{clock} {score} {short_phase} {who}",
                  f"{clock} {score} {short_phase} {short_who}"]
    return fitting(STATUS_CHARS * 6, *candidates)


def draw_status(c: Canvas, line: str) -> None:
    """The status (or cursor) line under the map."""
    c.clear(0, MAP_ROWS, c.image.width - 1, c.image.height - 1)
    c.text(0, STATUS_Y, line)
