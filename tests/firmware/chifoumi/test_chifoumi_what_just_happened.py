"""Chifoumi's boards say what just happened to the reading pad (issue 32.7): a player whose
pieces were taken is told who took them, until their next press."""
from __future__ import annotations

from itertools import combinations

from PIL import ImageFilter
from reading import words

from engine.chifoumi import GameConfig, square
from engine.chifoumi.position import layout_of, position
from firmware.chifoumi import screens as ks
from firmware.chifoumi.session import ChifoumiSession, Seats, Timing
from firmware.games.registry import GAMES
from firmware.render import Canvas
from hal.buttons import Button


def _white_takes_a_black_stack() -> ChifoumiSession:
    """Three pads; White's well on d2 takes Black's scissors on d3 (the registry has added
    Chifoumi's words)."""
    assert "chifoumi" in GAMES
    session = ChifoumiSession(GameConfig(3), 1, Seats(), -Timing().kickoff)
    session.tick(0.0)
    layout = layout_of(session.match)
    del layout["g4"]
    session.match = position(layout | {"d3": "bS"}, players=3)
    session.match_changed()
    session.pads["white"].cursor = square("d2")
    for button in (Button.CENTRE, Button.CARD1, Button.CENTRE):
        session.press("white", button, 0.0)
    return session


def test_K_MOV_2_the_player_whose_pieces_were_taken_is_told_who_took_them():
    session = _white_takes_a_black_stack()
    black, red = session.screen("black", 0.0), session.screen("red", 0.0)
    assert "Blanc a pris ta pile" in words(black, "fr")
    assert "White took your pile" in words(black, "en")
    assert not any("pris" in w for w in words(red, "fr"))             # Red lost nothing
    assert not any("pris" in w for w in words(session.screen("white", 0.0), "fr"))


def test_K_MOV_2_the_notice_goes_at_the_players_next_press():
    session = _white_takes_a_black_stack()
    session.press("black", Button.LEFT, 0.0)
    assert not any("pris" in w for w in words(session.screen("black", 0.0), "fr"))


def _far(army: str, letter: str) -> list[int]:
    """A piece as seen from arm's length: its 7x7 square blurred (strokes one pixel apart
    merge, whole shapes stay)."""
    canvas = Canvas()
    ks.piece(canvas, 0, 0, army, letter)
    seen = canvas.image.crop((0, 0, 7, 7)).convert("L").filter(ImageFilter.GaussianBlur(1.2))
    return list(seen.tobytes())


def test_K_PCS_1_the_four_armies_styles_differ_at_arms_length():
    for letter in "PFCO":
        seen = {army: _far(army, letter) for army in ("white", "black", "red", "orange")}
        for a, b in combinations(seen, 2):
            apart = sum(abs(x - y) for x, y in zip(seen[a], seen[b])) / 255
            assert apart >= 12, f"{a} and {b} look alike from afar ({apart:.1f})"


def test_K_MOV_1_an_ok_that_moves_nothing_says_why_until_the_next_press():
    """A newcomer's OK on an empty square did nothing, without a word (issue 32 play-through)."""
    session = ChifoumiSession(GameConfig(3), 1, Seats(), -Timing().kickoff)
    session.tick(0.0)
    white = session.pads["white"]
    white.cursor = next(i for i, stack in enumerate(session.view("white").board) if not stack)
    session.press("white", Button.CENTRE, 0.0)
    assert "✕ Choisis ta pièce" in words(session.screen("white", 0.0), "fr")
    assert "✕ Pick your piece" in words(session.screen("white", 0.0), "en")
    session.press("white", Button.LEFT, 0.0)
    assert not any(w.startswith("✕ ") for w in words(session.screen("white", 0.0), "fr"))
