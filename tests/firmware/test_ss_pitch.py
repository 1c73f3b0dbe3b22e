"""The Simulator Soccer map (firmware/simulator_soccer/pitch.py): what a player reads on it.

Positions come from the engine's position constructor and real matches played by its bots;
the map is drawn by the real renderer and read back pixel by pixel, brick by brick.
"""
from __future__ import annotations

import copy
import itertools
import random

import pytest

from engine.simulator_soccer import MatchConfig, Options, new_match
from engine.simulator_soccer.bots import SoccerBot
from engine.simulator_soccer.geometry import CELLS, DIRECTIONS, mirror, neighbour, on_pitch
from engine.simulator_soccer.position import position
from engine.simulator_soccer.view import view_of
from firmware.i18n import LANGUAGES
from firmware.render import Canvas, text_width
from firmware.simulator_soccer import pitch
from firmware.simulator_soccer.pitch import BRICK_H, BRICK_W, MAP_ROWS, brick, draw_pitch, step
from hal.buttons import Button


def drawn(match, seat, **kw) -> Canvas:
    c = Canvas()
    draw_pitch(c, view_of(match, seat), seat, **kw)
    return c


def glyph(c: Canvas, screen_cell) -> str:
    """The brick of a SCREEN cell as rows of '#' and '.'."""
    x0, y0 = brick(screen_cell)
    return "\n".join("".join("#" if c.image.getpixel((x, y)) else "." for x in range(x0, x0 + BRICK_W))
                     for y in range(y0, y0 + BRICK_H))


def ink(c: Canvas) -> int:
    return sum(1 for v in c.image.getdata() if v)


def map_pixels(c: Canvas) -> bytes:
    return c.image.crop((0, 0, 128, MAP_ROWS)).tobytes()


OWN = "#########\n" * 5
OPPONENT = "#########\n#.......#\n#.......#\n#.......#\n#########\n"
LYING_OWN = ".........\n.........\n.........\n#########\n#########\n"
LYING_OPPONENT = ".........\n.........\n#.......#\n#.......#\n#########\n"
BOTH = "####.####\n####.#..#\n####.#..#\n####.#..#\n####.####\n"
EMPTY = ".........\n.........\n....#....\n.........\n.........\n"
MARKED = ".........\n....#....\n...###...\n....#....\n.........\n"
BALL = ".........\n...###...\n..#####..\n...###...\n.........\n"


# The position: red #9 carries at (15, 3) alone; blue #5 stands alone at (16, 4); red #10
# and blue #7 share (13, 5); red #7 lies at (12, 6); blue #6 lies at (12, 2).
def scene(half: int = 1):
    cells = {"red": {9: (15, 3), 10: (13, 5), 7: (12, 6)},
             "blue": {5: (16, 4), 7: (13, 5), 6: (12, 2)}}
    if half == 2:
        cells = {seat: {n: mirror(cell) for n, cell in placed.items()} for seat, placed in cells.items()}
    return position(red=cells["red"], blue=cells["blue"], carrier=("red", 9), half=half,
                    lying=[("red", 7), ("blue", 6)])


def test_each_kind_of_cell_has_its_own_glyph() -> None:
    """S-UI-1 as improved: own, opponent, both, lying own, lying opponent, empty, a mark and
    the ball alone each have one drawing, and no two are alike."""
    m = scene()
    marks = [(14, 6)]
    c = drawn(m, "red", marks=marks, blink_on=False)
    got = {
        "own": glyph(c, (0, 4)),   # red's keeper
        "opponent": glyph(c, (16, 4)),
        "both": glyph(c, (13, 5)),
        "lying own": glyph(c, (12, 6)),
        "lying opponent": glyph(c, (12, 2)),
        "empty": glyph(c, (12, 8)),
        "marked": glyph(c, (14, 6)),
    }
    expected = {"own": OWN, "opponent": OPPONENT, "both": BOTH, "lying own": LYING_OWN,
                "lying opponent": LYING_OPPONENT, "empty": EMPTY, "marked": MARKED}
    assert got == {k: v.rstrip("\n") for k, v in expected.items()}
    loose = position(red={9: (15, 3)}, carrier=("red", 9))
    loose.carrier = None   # a ball at rest in an empty cell (a placement step): the engine's own state
    loose.ball = (14, 6)
    assert glyph(drawn(loose, "red"), (14, 6)) == BALL.rstrip("\n")
    shapes = list(expected.values()) + [BALL]
    assert len(set(shapes)) == len(shapes)


def test_the_ball_blinks_in_the_carriers_brick() -> None:
    m = scene()
    on, off = drawn(m, "red", blink_on=True), drawn(m, "red", blink_on=False)
    assert glyph(off, (15, 3)) == OWN.rstrip("\n")
    assert glyph(on, (15, 3)) == "#########\n###...###\n##.....##\n###...###\n#########"
    # the blue screen is turned: red's carrier is an opponent there, the ball a dot in him
    assert glyph(drawn(m, "blue"), mirror((15, 3))) == \
        "#########\n#..###..#\n#.#####.#\n#..###..#\n#########"
    # nothing else changes between the two phases of the blink
    diff = [cell for cell in CELLS if glyph(on, cell) != glyph(off, cell)]
    assert diff == [(15, 3)]


def test_a_ball_among_two_players_takes_the_brick_while_it_shows() -> None:
    m = position(red={9: (15, 3)}, blue={5: (15, 3)}, carrier=("red", 9))
    assert glyph(drawn(m, "red", blink_on=False), (15, 3)) == BOTH.rstrip("\n")
    assert glyph(drawn(m, "red", blink_on=True), (15, 3)) == BALL.rstrip("\n")


def test_a_ball_by_a_lying_player_sits_above_him() -> None:
    m = position(red={9: (15, 3)}, blue={5: (15, 3)}, carrier=("red", 9), lying=[("blue", 5)])
    m2 = position(red={9: (15, 3)}, carrier=("red", 9))
    m2.carrier = None
    m2.ball = (12, 2)
    m2.player(1, 6).cell = (12, 2)
    m2.player(1, 6).lying = True
    assert glyph(drawn(m2, "red"), (12, 2)) == \
        "...###...\n..#####..\n#..###..#\n#.......#\n#########"
    assert "#" in glyph(drawn(m, "red"), (15, 3))


def test_marks_show_on_every_kind_of_cell_and_change_it() -> None:
    m = scene()
    cells = [(0, 4), (16, 4), (13, 5), (12, 6), (12, 2), (12, 8)]
    plain = drawn(m, "red", blink_on=False)
    marked = drawn(m, "red", blink_on=False, marks=cells)
    for cell in cells:
        assert glyph(marked, cell) != glyph(plain, cell), cell
    for cell in CELLS:
        if cell not in cells:
            assert glyph(marked, cell) == glyph(plain, cell)


def test_the_cursor_frames_its_cell_and_covers_nothing() -> None:
    m = scene()
    plain = drawn(m, "red")
    framed = drawn(m, "red", cursor=(14, 4))
    for cell in CELLS:
        assert glyph(framed, cell) == glyph(plain, cell)
    x0, y0 = brick((14, 4))
    ring = [(x, y0 - 1) for x in range(x0 - 1, x0 + BRICK_W + 1)] + \
        [(x, y0 + BRICK_H) for x in range(x0 - 1, x0 + BRICK_W + 1)] + \
        [(x0 - 1, y) for y in range(y0, y0 + BRICK_H)] + [(x0 + BRICK_W, y) for y in range(y0, y0 + BRICK_H)]
    assert all(framed.image.getpixel(p) for p in ring)
    assert ink(framed) > ink(plain)


def test_a_seat_attacking_west_sees_itself_attacking_right() -> None:
    """S-PIT-4's half-turn: red in the second half (attacking west) sees exactly what red
    sees in the first half of the mirrored position; blue in the first half too."""
    first, second = scene(half=1), scene(half=2)
    assert map_pixels(drawn(first, "red")) == map_pixels(drawn(second, "red"))
    assert map_pixels(drawn(first, "red", cursor=(14, 4), marks=[(12, 8)])) == map_pixels(
        drawn(second, "red", cursor=mirror((14, 4)), marks=[mirror((12, 8))]))
    # blue attacks west in the first half: its keeper, at the engine's (20, 4), is at the left
    c = drawn(first, "blue", blink_on=False)
    assert glyph(c, (0, 4)) == OWN.rstrip("\n")
    assert glyph(c, (20, 4)) == OPPONENT.rstrip("\n")
    # red's carrier, at the engine's (15, 3), is on blue's left half of the screen
    assert glyph(c, mirror((15, 3))) == OPPONENT.rstrip("\n")


SCREEN_MOVE = {Button.CARD1: (-5, -6), Button.CARD2: (5, -6), Button.LEFT: (-10, 0),
               Button.RIGHT: (10, 0), Button.CARD3: (-5, 6), Button.CARD4: (5, 6)}
"""S-UI-2: where each button moves the cursor's brick on the screen, in pixels."""
ENGINE_DIRECTION = {Button.CARD1: "NW", Button.CARD2: "NE", Button.LEFT: "W", Button.RIGHT: "E",
                    Button.CARD3: "SW", Button.CARD4: "SE"}


@pytest.mark.parametrize("half", [1, 2])
@pytest.mark.parametrize("seat", ["red", "blue"])
def test_step_moves_the_cursor_the_way_the_button_points_on_screen(half: int, seat: str) -> None:
    """S-UI-2 against the engine's S-PIT-2 neighbours: every cell, every cursor button, both
    sides of the pitch; None exactly off the pitch."""
    from engine.simulator_soccer.geometry import DIRECTION_NAMES
    m = scene(half)
    view = view_of(m, seat)
    east = pitch.attacks_east(view, seat)
    assert east == ((seat == "red") == (half == 1))
    for cell, button in itertools.product(CELLS, SCREEN_MOVE):
        name = ENGINE_DIRECTION[button]
        if not east:
            name = {"NW": "SE", "NE": "SW", "W": "E", "E": "W", "SW": "NE", "SE": "NW"}[name]
        expected = neighbour(cell, DIRECTION_NAMES.index(name))
        got = step(cell, button, view, seat)
        if not on_pitch(expected):
            assert got is None
            continue
        assert got == expected
        before, after = brick(pitch.to_screen(cell, east)), brick(pitch.to_screen(got, east))
        assert (after[0] - before[0], after[1] - before[1]) == SCREEN_MOVE[button]
    assert step((10, 4), Button.CENTRE, view, seat) is None


def test_six_steps_round_a_cell_come_back() -> None:
    view = view_of(scene(), "blue")
    cell = (10, 4)
    for button in (Button.RIGHT, Button.CARD4, Button.CARD3, Button.LEFT, Button.CARD1, Button.CARD2):
        nxt = step(cell, button, view, "blue")
        assert nxt is not None
        cell = nxt
    assert cell == (10, 4)
    assert len(DIRECTIONS) == len(SCREEN_MOVE)


# ----- the status line ---------------------------------------------------------------------------
def _states(seed: int):
    """Every state of a real short match played by the engine's Simple bots."""
    match = new_match(MatchConfig(Options(half_steps=3, tiebreak=True)), seed=seed)
    bots = {"red": SoccerBot("simple"), "blue": SoccerBot("random")}
    rngs = {s: random.Random(seed + i) for i, s in enumerate(("red", "blue"))}
    yield match
    while match.to_act():
        match.apply({s: bots[s].choose(match.view(s), rngs[s]) for s in match.to_act()})
        yield match


def _stretched(body):
    """The widest line the clock and score can give: 90+5', 10-10."""
    wide = copy.deepcopy(body)
    wide["clock"].update(half=2, minute=95)
    wide["score"] = {"red": 10, "blue": 10}
    return wide


def test_status_fits_21_characters_in_every_phase_and_both_languages() -> None:
    seen = set()
    for seed in range(3):
        for match in _states(seed):
            for seat in ("red", "blue"):
                body = view_of(match, seat).to_json()
                seen.add((body["phase"], body["decision"], seat in body["to_act"]))
                for language in LANGUAGES:
                    for b in (body, _stretched(body)):
                        line = pitch.status_text(b, seat, language)
                        assert len(line) <= 21 and text_width(line) <= 126, line
    phases = {p for p, _, _ in seen}
    assert {"reposition", "p1", "p2", "p3", "over"} <= phases
    decisions = {d for _, d, _ in seen}
    assert {"formation", "place", "kick", "move"} <= decisions


def test_status_fits_for_every_phase_and_decision_there_is() -> None:
    """The decisions a short match may not reach (penalties, cards, shoot-outs) too."""
    body = _stretched(view_of(scene(), "red").to_json())
    phases = ("reposition", "p1", "p2", "p3", "throw_in", "shootout", "over")
    decisions = ("formation", "place", "kick", "cross", "defend", "shoot", "dive", "move",
                 "challenge", "remove", "kicker", "headers", None)
    for phase, decision, to_act, language in itertools.product(
            phases, decisions, ([], ["red"], ["blue"], ["blue", "red"]), LANGUAGES):
        body.update(phase=phase, decision=decision, to_act=to_act)
        line = pitch.status_text(body, "red", language)
        assert len(line) <= 21, line


def test_status_tells_the_reader_whose_turn_it_is_and_their_score_first() -> None:
    m = position(red={9: (15, 3)}, carrier=("red", 9), score=(2, 1), clock=10)
    red, blue = view_of(m, "red"), view_of(m, "blue")
    assert pitch.status_text(red, "red", "en") == "13' 2-1 P1 kick you"
    assert pitch.status_text(blue, "blue", "en") == "13' 1-2 P1 kick opp."
    # "13' 2-1 Ph1 frappe à toi" is 24 characters: the phase is shortened, not the turn
    assert pitch.status_text(red, "red", "fr") == "13' 2-1 Ph1 à toi"
    assert pitch.status_text(blue, "blue", "fr") == "13' 1-2 Ph1 à l'adv."


def test_stoppage_time_reads_like_a_scoreboard() -> None:
    m = position(red={9: (15, 3)}, carrier=("red", 9), clock=35, half=2)
    assert pitch.clock_text(view_of(m, "red")) == "90+2'"


def test_planned_cells_get_a_dotted_ring_that_is_not_the_cursor() -> None:
    m = scene()
    plain = drawn(m, "red")
    planned = drawn(m, "red", planned=[(14, 4)])
    cursor = drawn(m, "red", cursor=(14, 4))
    for cell in CELLS:
        assert glyph(planned, cell) == glyph(plain, cell)
    assert ink(plain) < ink(planned) < ink(cursor)
    assert map_pixels(drawn(m, "red", cursor=(14, 4), planned=[(14, 4)])) == map_pixels(cursor)
    # the same cell on blue's turned screen
    assert pitch.on_screen((14, 4), view_of(m, "blue")) == mirror((14, 4))
