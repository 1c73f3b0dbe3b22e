"""Closed stacks on the console: a seat's screens are the same pixels whatever the layers
hidden from it are, and show what it may know (its own layers, every top piece)."""
from __future__ import annotations

import itertools

from engine.chifoumi import GameConfig, Options, square
from firmware.chifoumi.screens import BoardScreen
from firmware.chifoumi.session import ChifoumiSession, Seats, spectator_screen
from firmware.chifootmi.screens import render
from hal.buttons import Button

WHITE, RED, BLACK = 0, 1, 2
R, P, S, W = range(4)


def session_with(stack: tuple[int, ...], closed: bool = True) -> ChifoumiSession:
    """Three people, White to move, with ``stack`` (army * 4 + kind, bottom first) on d4
    and White's cursor on it."""
    config = GameConfig(3, Options(closed_stacks=closed))
    session = ChifoumiSession(config, 1, Seats(), 0.0)
    session.match.board[square("d4")] = stack
    session.match._legal = None
    session.pads["white"].cursor = square("d4")
    return session


def white_screens(session: ChifoumiSession) -> list[bytes]:
    """Every screen White can bring up: the board, with d4's stack, the legend; and what
    a CPU pad or a spectator would show."""
    images = [render(session.screen("white", 0.0), language).tobytes() for language in ("fr", "en")]
    session.press("white", Button.CARD4, 0.0)
    images.append(render(session.screen("white", 0.0), "fr").tobytes())
    session.press("white", Button.CARD4, 0.0)
    images.append(render(spectator_screen(session.match.view("white")), "fr").tobytes())
    return images


def test_hidden_layers_never_change_a_pixel():
    seen = set()
    for red_kind, black_kind in itertools.product(range(4), repeat=2):
        stack = (BLACK * 4 + black_kind, RED * 4 + red_kind, WHITE * 4 + R, BLACK * 4 + P)
        session = session_with(stack)
        assert isinstance(session.screen("white", 0.0), BoardScreen)
        seen.add(tuple(white_screens(session)))
    assert len(seen) == 1


def test_what_white_may_know_does_show():
    base = white_screens(session_with((BLACK * 4 + S, WHITE * 4 + R, BLACK * 4 + P)))
    own_layer = white_screens(session_with((BLACK * 4 + S, WHITE * 4 + W, BLACK * 4 + P)))
    top = white_screens(session_with((BLACK * 4 + S, WHITE * 4 + R, BLACK * 4 + W)))
    assert own_layer[0] != base[0] and top[0] != base[0]
    opened = white_screens(session_with((BLACK * 4 + S, WHITE * 4 + R, BLACK * 4 + P), closed=False))
    other_kind = white_screens(session_with((BLACK * 4 + W, WHITE * 4 + R, BLACK * 4 + P), closed=False))
    assert opened[0] != other_kind[0]        # open stacks: every layer shows
