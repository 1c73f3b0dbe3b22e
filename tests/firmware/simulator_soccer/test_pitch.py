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
from engine.simulator_soccer.geometry import CELLS, DIRECTIONS, mirror, neighbour, on_pitch, within
from engine.simulator_soccer.position import position
from engine.simulator_soccer.view import view_of
from firmware.i18n import LANGUAGES
from firmware.render import Canvas, text_width
from firmware.simulator_soccer import pitch
from firmware.simulator_soccer.pitch import BRICK_H, BRICK_W, MAP_ROWS, ROW_STEP, brick, draw_pitch, step
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


def test_S_UI_1_each_kind_of_cell_has_its_own_glyph() -> None:
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


def test_a_ball_between_two_players_shows_all_three() -> None:
    """A marker in the carrier's cell: both players narrow to 3 px and the ball is a short
    bar between them; while it blinks off, the plain "both" brick."""
    m = position(red={9: (15, 3)}, blue={5: (15, 3)}, carrier=("red", 9))
    assert glyph(drawn(m, "red", blink_on=False), (15, 3)) == BOTH.rstrip("\n")
    assert glyph(drawn(m, "red", blink_on=True), (15, 3)) == \
        "###...###\n###.#.#.#\n###.#.#.#\n###.#.#.#\n###...###"


def test_a_marked_ball_cell_shows_the_ball_as_a_ring() -> None:
    """The carrier's cell open to the defender's entry (Phase 3): the ball with the mark's
    plus cut out of it, so both show whether the ball blinks or not."""
    m = position(red={9: (15, 3)}, carrier=("red", 9))
    assert glyph(drawn(m, "blue", marks=[(15, 3)]), mirror((15, 3))) == \
        "#########\n#..#.#..#\n#.#...#.#\n#..#.#..#\n#########"
    assert glyph(drawn(m, "blue", marks=[(15, 3)], blink_on=False), mirror((15, 3))) == \
        "#########\n#...#...#\n#..###..#\n#...#...#\n#########"


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


def test_the_cursor_frames_its_cell_in_a_moat() -> None:
    """A ring in the gaps around the cursor's brick, and a black moat that shaves only its
    six neighbours' facing edge, so a solid neighbour never fuses with the ring."""
    m = position(red={9: (6, 4), 10: (8, 4), 5: (5, 3), 4: (4, 4), 3: (5, 5)},
                 carrier=("red", 9))     # with #6 at (7, 3) and #8 at (7, 5): six around #9
    plain = drawn(m, "red", blink_on=False)
    framed = drawn(m, "red", cursor=(6, 4), blink_on=False)
    around = {neighbour((6, 4), d) for d in range(6)}
    assert glyph(framed, (6, 4)) == glyph(plain, (6, 4)) == OWN.rstrip("\n")
    for cell in CELLS:
        if cell not in around:
            assert glyph(framed, cell) == glyph(plain, cell), cell
    for cell in around:                       # solid neighbours lose exactly one edge
        rows = glyph(framed, cell).split("\n")
        assert sum(row.count("#") for row in rows) in (9 * 5 - 5, 9 * 5 - 9), cell
    x0, y0 = brick((6, 4))
    ring = [(x, y0 - 1) for x in range(x0 - 1, x0 + BRICK_W + 1)] + \
        [(x, y0 + BRICK_H) for x in range(x0 - 1, x0 + BRICK_W + 1)] + \
        [(x0 - 1, y) for y in range(y0, y0 + BRICK_H)] + [(x0 + BRICK_W, y) for y in range(y0, y0 + BRICK_H)]
    assert all(framed.image.getpixel(p) for p in ring)
    moat = [(x, y0 - 2) for x in range(x0 - 2, x0 + BRICK_W + 2)] + \
        [(x, y0 + BRICK_H + 1) for x in range(x0 - 2, x0 + BRICK_W + 2)] + \
        [(x0 - 2, y) for y in range(y0, y0 + BRICK_H)] + [(x0 + BRICK_W + 1, y) for y in range(y0, y0 + BRICK_H)]
    assert not any(framed.image.getpixel(p) for p in moat)


def test_S_UI_1_a_seat_attacking_west_sees_itself_attacking_right() -> None:
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
def test_S_UI_2_step_moves_the_cursor_the_way_the_button_points_on_screen(half: int, seat: str) -> None:
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


def test_S_UI_2_six_steps_round_a_cell_come_back() -> None:
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
        match.apply({s: bots[s].choose(match.view(s), match.legal_choices(s), rngs[s]) for s in match.to_act()})
        yield match


def _stretched(body):
    """The widest line the clock and score can give: 90+5', 10-10."""
    wide = copy.deepcopy(body)
    wide["clock"].update(half=2, minute=95)
    wide["score"] = {"red": 10, "blue": 10}
    return wide


def test_S_UI_1_status_fits_21_characters_in_every_phase_and_both_languages() -> None:
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
    assert pitch.status_text(red, "red", "en") == "13' 2-1 You: Kick"
    assert pitch.status_text(blue, "blue", "en") == "13' 1-2 Opp.: Kick"
    assert pitch.status_text(red, "red", "fr") == "13' 2-1 Toi : Frappe"
    assert pitch.status_text(blue, "blue", "fr") == "13' 1-2 Adv. : Frappe"
    # too long for 21 characters: the spaces go, then the phase is shortened
    wide = _stretched(blue.to_json())
    wide["phase"] = "shootout"
    assert pitch.status_text(wide, "blue", "fr") == "90+5' 10-10 Adv.:TAB"


def test_stoppage_time_reads_like_a_scoreboard() -> None:
    m = position(red={9: (15, 3)}, carrier=("red", 9), clock=35, half=2)
    assert pitch.clock_text(view_of(m, "red")) == "90+2'"


GHOST = "#.#.#.#.#\n.#.#.#.#.\n#.#.#.#.#\n.#.#.#.#.\n#.#.#.#.#"


def test_a_planned_move_shows_a_ghost_of_the_player_where_he_will_go() -> None:
    """A move list being written: each destination shows a checkered ghost brick, beside an
    opponent already there; nothing else changes."""
    m = scene()
    plain = drawn(m, "red", blink_on=False)
    planned = drawn(m, "red", blink_on=False, planned=[(14, 6), (16, 4)])
    assert glyph(planned, (14, 6)) == GHOST
    shared = glyph(planned, (16, 4)).split("\n")                   # ghost left, opponent right
    assert shared == ["#.#..####", ".#.#.#..#", "#.#..#..#", ".#.#.#..#", "#.#..####"]
    assert len({GHOST, OWN, OPPONENT, BOTH, LYING_OWN, LYING_OPPONENT, EMPTY, MARKED, BALL}) == 9
    for cell in CELLS:
        if cell not in ((14, 6), (16, 4)):
            assert glyph(planned, cell) == glyph(plain, cell), cell
    # the same cell on blue's turned screen
    assert pitch.on_screen((14, 4), view_of(m, "blue")) == mirror((14, 4))


def test_pitch_lines_mark_both_shooting_zones_and_keep_off_players() -> None:
    """The dotted lines (halfway, S-PIT-4's shooting zones) run in the gaps between rows 1
    and 2 only over the zones, and no line pixel touches a player's brick."""
    m = scene()
    c = drawn(m, "red", blink_on=False)
    gap_row = ROW_STEP * 2 - 1
    lit = [x for x in range(128) if c.image.getpixel((x, gap_row))]
    west_end = brick((6, 2))[0] + BRICK_W
    east_start = brick((14, 2))[0] - 1
    halfway = brick((10, 2))[0] + BRICK_W // 2
    assert any(x <= west_end for x in lit) and any(x >= east_start for x in lit)
    assert all(x <= west_end or x >= east_start or x == halfway for x in lit)
    for match in itertools.islice(_states(7), 0, 400, 40):
        for seat in ("red", "blue"):
            view = view_of(match, seat)
            c = Canvas()
            draw_pitch(c, view, seat, blink_on=False)
            east = pitch.attacks_east(view, seat)
            for cell in pitch.occupants(view, seat):
                x0, y0 = brick(pitch.to_screen(cell, east))
                ring = [(x, y) for x in range(x0 - 1, x0 + BRICK_W + 1) for y in (y0 - 1, y0 + BRICK_H)] + \
                    [(x, y) for x in (x0 - 1, x0 + BRICK_W) for y in range(y0, y0 + BRICK_H)]
                assert not any(c.image.getpixel(p) for p in ring if 0 <= p[1] < MAP_ROWS), cell


def test_every_state_of_a_match_draws_on_both_pads_within_the_map_rows() -> None:
    """A whole match of Random bots (a tie-break on): every state, both seats, with the
    cursor and marks a cell pick would give; the map stays in rows 0..53, the cursor's
    ring is always drawn, and each seat's players are all on its map."""
    match = new_match(MatchConfig(Options(half_steps=4, tiebreak=True)), seed=11)
    bots = {"red": SoccerBot("random"), "blue": SoccerBot("random")}
    rngs = {"red": random.Random(1), "blue": random.Random(2)}
    states = 0
    while match.to_act():
        states += 1
        for seat in ("red", "blue"):
            view = view_of(match, seat)
            ball = view.body["ball"]["cell"]
            cell = (ball[0], ball[1])
            c = Canvas()
            c.draw.rectangle([0, MAP_ROWS, 127, 63], fill=1)       # the status line's rows
            draw_pitch(c, view, seat, cursor=cell, marks=within(cell, 2), blink_on=states % 2 == 0)
            assert all(c.image.getpixel((x, y)) for x in range(128) for y in range(MAP_ROWS, 64))
            x0, y0 = brick(pitch.on_screen(cell, view))
            assert c.image.getpixel((x0 - 1, y0 - 1)) and c.image.getpixel((x0 + BRICK_W, y0 + BRICK_H))
            for player in view.body["you"]["players"]:
                if player["cell"] is not None and tuple(player["cell"]) != cell:
                    g = glyph(c, pitch.on_screen(tuple(player["cell"]), view))
                    assert "#" in g
        match.apply({s: bots[s].choose(match.view(s), match.legal_choices(s), rngs[s]) for s in match.to_act()})
    assert states > 50


def test_a_wall_shows_two_of_a_team_in_one_cell() -> None:
    """S-RST-3: 2-3 defenders of one team may share a cell at a free kick; the cell shows two
    halves of the same kind (two solid for yours, two hollow for theirs)."""
    body = view_of(scene(), "red").to_json()
    for num in (2, 3, 4):
        next(p for p in body["opponent"]["players"] if p["num"] == num)["cell"] = [16, 2]
    for num in (5, 6):
        next(p for p in body["you"]["players"] if p["num"] == num)["cell"] = [6, 2]
    c = Canvas()
    draw_pitch(c, body, "red", blink_on=False)
    assert glyph(c, (16, 2)) == "####.####\n#..#.#..#\n#..#.#..#\n#..#.#..#\n####.####"
    assert glyph(c, (6, 2)) == "####.####\n####.####\n####.####\n####.####\n####.####"
