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
    blink; between two players, a short bar (each of them narrowed to 3 px)
    the cursor: a frame in the 1-px gaps around the brick, in a black moat
    a planned move (a list being written): a ghost of your player, a checkered brick

The reading seat's team always attacks right (S-PIT-4's half-turn when it attacks west), so
"forward" is the same way on both screens; :func:`step` turns the cursor buttons with the map.
Everything drawn comes from a seat's view (S-VIS-1: the map is public anyway).
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.simulator_soccer.geometry import CELLS, ROWS, WIDTH, mirror, neighbours, on_pitch, shooting_zone
from firmware.i18n import text
from firmware.render import WIDTH as WIDTH_PX
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
    """A player in a cell as the map draws him: whose he is, lying or not, his shirt; a
    ghost is where a move list being written sends one of yours."""

    own: bool
    lying: bool
    num: int
    ghost: bool = False


GHOST = Occupant(True, False, 0, ghost=True)


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
def _player(draw: ImageDraw.ImageDraw, x0: int, width: int, who: Occupant) -> None:
    """One player in a ``width`` x 5 box of a glyph: solid own, hollow opponent; a lying one
    low on the bottom rows (own: a 2-row bar, opponent: a 3-row cup), leaving the top free;
    a ghost checkered."""
    x1, y1 = x0 + width - 1, BRICK_H - 1
    if who.ghost:
        draw.point([(x, y) for x in range(x0, x1 + 1) for y in range(BRICK_H) if (x - x0 + y) % 2 == 0], fill=1)
    elif not who.lying:
        draw.rectangle([x0, 0, x1, y1], fill=1 if who.own else None, outline=1)
    elif who.own:
        draw.rectangle([x0, y1 - 1, x1, y1], fill=1)
    else:
        draw.line([(x0, y1), (x1, y1)], fill=1)
        draw.line([(x0, y1 - 2), (x0, y1 - 1)], fill=1)
        draw.line([(x1, y1 - 2), (x1, y1 - 1)], fill=1)


def _xor(image: Image.Image, points: Collection[tuple[int, int]]) -> None:
    for point in points:
        image.putpixel(point, 0 if image.getpixel(point) else 1)


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
    """The cursor: a rectangle in the gaps around a brick, with a black moat around it.

    The ring alone filled the gaps that tell the cursor's brick from its neighbours, so a
    solid neighbour fused with it into one blob; the moat shaves the neighbours' facing edge
    (a solid brick stays solid, a hollow one open on that side) and keeps every brick apart.
    """
    x1, y1 = x0 + BRICK_W + 1, y0 + BRICK_H + 1
    for y in (y0 - 2, y1):                          # NW, NE bottoms; SW, SE tops
        if y < MAP_ROWS:                            # (never into the line under the map)
            c.draw.line([(x0 - HALF_STEP, y), (x1 + HALF_STEP - 2, y)], fill=0)
    for x in (x0 - 2, x1):                          # W's right edge, E's left edge
        c.draw.line([(x, y0), (x, y0 + BRICK_H - 1)], fill=0)
    c.draw.point(_ring(x0, y0), fill=1)


def _gap_between(a: Cell, b: Cell) -> list[tuple[int, int]]:
    """The gap pixels between two neighbouring screen cells' bricks."""
    (ax, ay), (bx, by) = brick(a), brick(b)
    if ay == by:                                    # side by side: a column of the gap
        x = max(ax, bx) - 1
        return [(x, y) for y in range(ay, ay + BRICK_H)]
    y = max(ay, by) - 1                             # one above the other: part of a gap row
    return [(x, y) for x in range(max(ax, bx) - 1, min(ax, bx) + BRICK_W + 1)]


def _boundary(zone: Callable[[Cell], bool]) -> set[tuple[int, int]]:
    """A dotted line in the gaps around the screen cells where ``zone`` holds."""
    points = {point for cell in CELLS if zone(cell) for other in neighbours(cell)
              if on_pitch(other) and not zone(other) for point in _gap_between(cell, other)}
    return {(x, y) for x, y in points if (x + y) % 2 == 0}


@lru_cache(maxsize=1)
def _lines() -> frozenset[tuple[int, int]]:
    """The pitch's markings: the goals in the side margins, a dotted halfway line and the two
    shooting zones (S-PIT-4: where a shot may be taken from), dotted in the gaps."""
    points: set[tuple[int, int]] = set()
    top, bottom = GOAL_ROWS[0] * ROW_STEP - 1, GOAL_ROWS[1] * ROW_STEP + BRICK_H
    for post, back in ((LEFT - 2, LEFT - 5), (LEFT + HALF_STEP * WIDTH + BRICK_W + 1,
                                              LEFT + HALF_STEP * WIDTH + BRICK_W + 4)):
        points.update((back, y) for y in range(top, bottom + 1))
        points.update((x, y) for x in range(min(post, back), max(post, back) + 1) for y in (top, bottom))
    halfway = LEFT + HALF_STEP * WIDTH // 2 + BRICK_W // 2
    points.update((halfway, y) for y in range(0, MAP_ROWS - 1, 2))
    points |= _boundary(shooting_zone)
    points |= _boundary(lambda cell: shooting_zone(mirror(cell)))
    return frozenset(points)


@lru_cache(maxsize=256)
def _glyph(here: tuple[Occupant, ...], marked: bool, ball: bool) -> Image.Image:
    """A cell's brick as a 9x5 image (cached: a match shows a few dozen kinds of cell)."""
    image = Image.new("1", (BRICK_W, BRICK_H), 0)
    draw = ImageDraw.Draw(image)
    cx = BRICK_W // 2
    if not here:
        draw.point([(cx, 2)] if not (ball or marked) else [], fill=1)
        _xor(image, (_blob(cx, 2) if ball else []) + (_plus(cx, 2) if marked else []))
        return image
    if len(here) == 1:
        _player(draw, 0, BRICK_W, here[0])
    elif ball:
        # Two players and the ball (a marker in the carrier's cell, the commonest sight of
        # a match): each narrows to 3 px and the ball stands between them, a short bar.
        _player(draw, 0, 3, here[0])
        _player(draw, BRICK_W - 3, 3, here[1])
        draw.line([(cx, 1), (cx, BRICK_H - 2)], fill=1)
        return image
    else:
        half = BRICK_W // 2
        _player(draw, 0, half, here[0])
        _player(draw, half + 1, half, here[1])
    cy = 1 if all(o.lying for o in here) else 2
    # The ball and a mark together (the carrier's cell open to a Phase 3 entry): the blob
    # with the plus cut out of it, a small ring.
    _xor(image, (_blob(cx, cy) if ball else []) + (_plus(cx, cy) if marked else []))
    return image


def draw_cell(c: Canvas, x0: int, y0: int, here: Sequence[Occupant], *, marked: bool = False,
              ball: bool = False) -> None:
    """One brick whose top-left pixel is (x0, y0): its players, then the ball and the mark
    over them."""
    key = tuple(Occupant(o.own, o.lying, 0, o.ghost) for o in here)
    c.image.paste(_glyph(key, marked, ball), (x0, y0))


@lru_cache(maxsize=1)
def _background() -> Image.Image:
    """The empty pitch: the markings and every cell's grid dot."""
    image = Image.new("1", (WIDTH_PX, MAP_ROWS), 0)
    draw = ImageDraw.Draw(image)
    draw.point(list(_lines()), fill=1)
    draw.point([(x0 + BRICK_W // 2, y0 + 2) for x0, y0 in map(brick, CELLS)], fill=1)
    return image


Scene = tuple[tuple[Cell, tuple[Occupant, ...]], ...]
"""What a map shows, as a cache key: (screen cell, its players), sorted."""


@lru_cache(maxsize=16)
def _map(scene: Scene, marked: frozenset[Cell], ball: Cell | None) -> Image.Image:
    """The map without the cursor, in screen cells (cached: a cursor moving over the same
    position, or the ball blinking, draws nothing new)."""
    c = Canvas()
    c.image.paste(_background(), (0, 0))
    present = dict(scene)
    busy = {*present, *marked, *([ball] if ball else [])}
    for cell in busy:
        x0, y0 = brick(cell)
        c.image.paste(0, (x0 - 1, y0 - 1, x0 + BRICK_W + 1, y0 + BRICK_H + 1))
    for cell in busy:
        draw_cell(c, *brick(cell), present.get(cell, ()), marked=cell in marked, ball=cell == ball)
    return c.image.crop((0, 0, WIDTH_PX, MAP_ROWS))


def draw_pitch(c: Canvas, view: Any, seat: str, *, cursor: Cell | None = None,
               marks: Collection[Cell] = (), blink_on: bool = True,
               planned: Collection[Cell] = ()) -> None:
    """The map in pixel rows 0..53 (S-UI-1 as improved above), ``seat``'s team attacking
    right. ``cursor``, ``marks`` and ``planned`` (cells a move list being written sends
    players to) are engine cells; the ball shows when ``blink_on``.

    The empty pitch is one cached image; each cell that shows something first clears its
    brick and the gaps around it (a dotted line running along a player's edge would fray
    it), then gets its cached glyph."""
    east = attacks_east(view, seat)
    present = occupants(view, seat)
    for cell in planned:
        if on_pitch(cell):           # he will be there: instead of any teammate (who must leave)
            present[cell] = [GHOST] + [o for o in present.get(cell, []) if not o.own]
    scene = tuple(sorted((to_screen(cell, east), tuple(Occupant(o.own, o.lying, 0, o.ghost) for o in here))
                         for cell, here in present.items() if on_pitch(cell)))
    ball = _body(view)["ball"]["cell"]
    ball_cell = None if ball is None or not blink_on or not on_pitch((ball[0], ball[1])) else \
        to_screen((ball[0], ball[1]), east)
    marked = frozenset(to_screen(cell, east) for cell in marks if on_pitch(cell))
    c.image.paste(_map(scene, marked, ball_cell), (0, 0))
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


def status_text(view: Any, seat: str, language: str, *, spectator: bool = False) -> str:
    """The bottom line, at most 21 characters: minute, score (the reading seat's first),
    whose decision it is and what is being played: ``19' 1-0 Toi : Frappe``. A spectator's
    (a CPU's pad) names the team instead: nobody reads it as "You" (issue 20 play-through)."""
    body = _body(view)
    mine, theirs = _sides(view, seat)
    score = f"{body['score'][mine['seat']]}-{body['score'][theirs['seat']]}"
    long_phase, short_phase = _phase_words(view, language)
    clock = clock_text(view)
    to_act = body["to_act"]
    if body["phase"] == "over" or not to_act:
        return fitting(STATUS_CHARS * 6, f"{clock} {score} {long_phase}", f"{clock} {score} {short_phase}")
    if spectator:
        if len(to_act) != 1:
            return fitting(STATUS_CHARS * 6, f"{clock} {score} {long_phase}",
                           f"{clock} {score} {short_phase}")
        who = text(language, "team." + to_act[0])
    else:
        who = text(language, "ss.who.you" if seat in to_act else "ss.who.them")
    colon = text(language, "ss.who.colon")
    return fitting(STATUS_CHARS * 6, f"{clock} {score} {who}{colon}{long_phase}",
                   f"{clock} {score} {who}:{long_phase}", f"{clock} {score} {who}:{short_phase}")


def draw_status(c: Canvas, line: str) -> None:
    """The status (or cursor) line under the map."""
    c.clear(0, MAP_ROWS, c.image.width - 1, c.image.height - 1)
    c.text(0, STATUS_Y, line)
