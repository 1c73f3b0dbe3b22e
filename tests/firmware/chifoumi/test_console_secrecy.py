"""Closed stacks and the who-starts throw on the console: a seat's screens are the same pixels
whatever it may not know (the layers hidden from it, a hand not yet shown), and show what it
may know (its own layers, every top piece, both hands once both are thrown)."""
from __future__ import annotations

import itertools

from engine.chifoumi import GameConfig, Options, square
from engine.chifoumi.position import position
from firmware.chifootmi.screens import render
from firmware.games.session import Timing
from firmware.chifoumi.screens import BoardScreen, EndScreen, FlipScreen, ThrowScreen
from firmware.chifoumi.session import ChifoumiSession, Seats, Step, spectator_screen
from hal.buttons import Button

WHITE, RED, BLACK = 0, 1, 2
R, P, S, W = range(4)


def layers(stack: tuple[int, ...]) -> str:
    """A stack (army * 4 + kind, bottom first) as :func:`engine.chifoumi.position.position`
    reads it: ``(BLACK * 4 + S, WHITE * 4 + R)`` is ``"bS wR"``."""
    return " ".join("wrbo"[p >> 2] + "RPSW"[p & 3] for p in stack)


def started(config: GameConfig) -> ChifoumiSession:
    """A game of people only, its kick-off over at time 0."""
    session = ChifoumiSession(config, 1, Seats(), -Timing().kickoff)
    session.tick(0.0)
    return session


def session_with(stack: tuple[int, ...], closed: bool = True) -> ChifoumiSession:
    """Three people, White to move, with ``stack`` (army * 4 + kind, bottom first) on d4
    and White's cursor on it; a few pieces elsewhere keep the game going."""
    session = started(GameConfig(3, Options(closed_stacks=closed)))
    session.go_to(position({"d4": layers(stack), "a1": "wS", "g7": "bR", "a7": "rW"},
                           players=3, closed=closed), 0.0)
    session.pads["white"].cursor = square("d4")
    return session


def white_screens(session: ChifoumiSession) -> list[bytes]:
    """Every screen White can bring up: the board, with d4's stack, the legend; what a CPU
    pad or a spectator would show; and the board as the game ends (the end flip)."""
    images = [render(session.screen("white", 0.0), language).tobytes() for language in ("fr", "en")]
    session.press("white", Button.CARD4, 0.0)
    images.append(render(session.screen("white", 0.0), "fr").tobytes())
    session.press("white", Button.CARD4, 0.0)
    images.append(render(spectator_screen(session.match.view("white")), "fr").tobytes())
    session.step = Step.END
    end = session.screen("white", 0.0)
    assert isinstance(end, EndScreen)
    images.append(render(end, "fr").tobytes())
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
    assert own_layer[-1] != base[-1] and top[-1] != base[-1]     # the end flip too
    opened = white_screens(session_with((BLACK * 4 + S, WHITE * 4 + R, BLACK * 4 + P), closed=False))
    other_kind = white_screens(session_with((BLACK * 4 + W, WHITE * 4 + R, BLACK * 4 + P), closed=False))
    assert opened[0] != other_kind[0]        # open stacks: every layer shows


def test_a_placement_board_shows_no_hidden_layer_whoever_places():
    """Placement with closed stacks: White's board, its turn or Black's, marks its open squares
    from the armies on top alone, never from the kinds under Black's top piece."""
    seen = set()
    for hidden in range(4):
        session = started(GameConfig(2, Options(placement=True, closed_stacks=True)))
        for seat, hand in (("white", Button.LEFT), ("black", Button.RIGHT)):
            session.press(seat, hand, 0.0)
            session.press(seat, hand, 0.0)                  # rock blunts scissors: White places
        session.tick(1.0)                                   # the flip, then the reveal
        session.tick(10.0)
        assert session.match.phase == "place" and session.step is Step.CHOOSE
        images = []
        for to_play in ("white", "black"):
            session.go_to(position({"f6": layers((BLACK * 4 + hidden, BLACK * 4 + P))},
                                   closed=True, placing=True, to_move=to_play), 10.0)
            board = session.screen("white", 10.0)
            assert isinstance(board, BoardScreen) and board.targets
            assert not {square("f6"), square("e5"), square("g7")} & set(board.targets)
            images.append(render(board, "fr").tobytes())
        seen.add(tuple(images))
    assert len(seen) == 1


def test_a_hand_shows_on_the_other_pad_only_once_both_are_thrown():
    shown = {}
    for hand in (Button.LEFT, Button.CENTRE, Button.RIGHT):
        session = started(GameConfig(2))
        session.press("white", hand, 0.0)
        assert not session.screen("black", 0.0).other_locked     # picked is not thrown
        session.press("white", hand, 0.0)
        black = session.screen("black", 0.0)
        assert isinstance(black, ThrowScreen) and black.other_locked and black.picked is None
        shown[hand] = render(black, "fr").tobytes()
        session.press("black", Button.CENTRE, 0.0)
        session.press("black", Button.CENTRE, 0.0)
        flips = {seat: session.screen(seat, 0.0) for seat in ("white", "black")}
        assert all(isinstance(flip, FlipScreen) for flip in flips.values())
        assert flips["black"].theirs == flips["white"].base.picked == hand.name.lower()
        assert flips["white"].theirs == flips["black"].base.picked == "centre"
    assert len(set(shown.values())) == 1      # White's hand never reached Black's screen early
