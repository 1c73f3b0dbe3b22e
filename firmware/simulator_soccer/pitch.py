"""The 11 x 9 hex map of S-UI-1 on a 128x64 panel (a first version: helper "sspitch" owns
this module and replaces it; the signatures below are the agreed interface).

Cell ``(x, y)`` (the engine's coordinates) is the 5x5 box centred on pixel
``(6x + 3, 6y + 3)``, seen with the seat's own team attacking right: a seat attacking west
sees the pitch turned half a turn (S-PIT-4's mirror).
"""
from __future__ import annotations

from collections.abc import Collection
from typing import Any

from hal.buttons import Button

Cell = tuple[int, int]

STEPS: dict[Button, tuple[int, int]] = {
    Button.CARD1: (-1, -1), Button.CARD2: (1, -1), Button.LEFT: (-2, 0),
    Button.RIGHT: (2, 0), Button.CARD3: (-1, 1), Button.CARD4: (1, 1)}
"""S-UI-2's cell-pick buttons in screen directions: CARD1 NW, CARD2 NE, LEFT W, RIGHT E,
CARD3 SW, CARD4 SE."""


def _body(view: Any) -> dict[str, Any]:
    return view.body if hasattr(view, "body") else view


def west(view: Any) -> bool:
    return bool(_body(view)["you"]["attacks"] == "west")


def on_screen(cell: Cell, view: Any) -> Cell:
    """A cell in screen coordinates (own team attacking right)."""
    return (20 - cell[0], 8 - cell[1]) if west(view) else cell


def _centre(cell: Cell, view: Any) -> tuple[int, int]:
    x, y = on_screen(cell, view)
    return 6 * x + 3, 6 * y + 3


def draw_pitch(c: Any, view: Any, seat: str, *, cursor: Cell | None = None,
               marks: Collection[Cell] = (), blink_on: bool = True) -> None:
    """Map in pixel rows 0..54 per S-UI-1, own team attacking right."""
    body = _body(view)
    draw = c.draw
    for gx in (0, 127):                                  # the goals, facing row 4
        draw.line([(gx, 21), (gx, 33)], fill=1)
    draw.point([(64, y) for y in range(0, 55, 3)], fill=1)  # the halfway line
    standing: dict[Cell, set[str]] = {}
    lying: dict[Cell, set[str]] = {}
    for side in ("you", "opponent"):
        for p in body[side]["players"]:
            if p["cell"] is None:
                continue
            cell = (p["cell"][0], p["cell"][1])
            (lying if p["lying"] else standing).setdefault(cell, set()).add(side)
    for cell in marks:
        cx, cy = _centre(cell, view)
        draw.point((cx, cy), fill=1)
    for cell in set(standing) | set(lying):
        cx, cy = _centre(cell, view)
        sides = standing.get(cell, set())
        rows = 3 if cell in lying else 5
        x0, y0 = cx - 2, cy - 2
        if sides == {"you"}:
            draw.rectangle([x0, y0, x0 + 4, y0 + rows - 1], fill=1)
        elif sides == {"opponent"}:
            draw.rectangle([x0, y0, x0 + 4, y0 + rows - 1], outline=1)
        elif sides:
            draw.point([(x0 + i, y0 + j) for i in range(5) for j in range(rows) if (i + j) % 2 == 0],
                       fill=1)
        down = lying.get(cell, set())
        if "you" in down:
            draw.line([(x0, y0 + 3), (x0 + 4, y0 + 3)], fill=1)
        if "opponent" in down:
            draw.point([(x0, y0 + 4), (x0 + 2, y0 + 4), (x0 + 4, y0 + 4)], fill=1)
    ball = body["ball"]["cell"]
    if ball is not None and blink_on:
        cx, cy = _centre((ball[0], ball[1]), view)
        if (ball[0], ball[1]) in standing or (ball[0], ball[1]) in lying:
            draw.rectangle([cx - 3, cy - 3, cx + 3, cy + 3], outline=1)
        else:
            draw.rectangle([cx - 1, cy - 1, cx + 1, cy + 1], fill=1)
    if cursor is not None:
        cx, cy = _centre(cursor, view)
        draw.line([(cx - 4, cy - 4), (cx - 2, cy - 4)], fill=1)
        draw.line([(cx - 4, cy - 4), (cx - 4, cy - 2)], fill=1)
        draw.line([(cx + 4, cy + 4), (cx + 2, cy + 4)], fill=1)
        draw.line([(cx + 4, cy + 4), (cx + 4, cy + 2)], fill=1)
        draw.line([(cx + 4, cy - 4), (cx + 2, cy - 4)], fill=1)
        draw.line([(cx - 4, cy + 4), (cx - 2, cy + 4)], fill=1)


def step(cell: Cell, button: Button, view: Any, seat: str) -> Cell | None:
    """The neighbour of ``cell`` in the screen direction of a cell-pick button (S-UI-2),
    mirrored like the map; None off the pitch or for CENTRE."""
    move = STEPS.get(button)
    if move is None:
        return None
    dx, dy = (-move[0], -move[1]) if west(view) else move
    x, y = cell[0] + dx, cell[1] + dy
    if 0 <= y <= 8 and 0 <= x <= 20 and (x + y) % 2 == 0:
        return x, y
    return None


def status_text(view: Any, seat: str, language: str) -> str:
    """<= 21 characters: minute, score (own first), phase, whose decision."""
    body = _body(view)
    you, them = body["you"]["seat"], body["opponent"]["seat"]
    score = body["score"]
    acting = body["to_act"]
    whose = "" if not acting else ("*" if seat in acting else "…")
    phase = {"reposition": "R", "p1": "P1", "p2": "P2", "p3": "P3", "throw_in": "T",
             "shootout": "TAB", "over": ""}.get(body["phase"], "")
    return f"{body['clock']['minute']}' {score[you]}-{score[them]} {phase}{whose}"[:21]
