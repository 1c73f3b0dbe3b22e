"""Chifoumi positions from a short text, checked (python-chess's ``Board(fen)`` idea).

``{"c3": "wR", "c4": "bS wP"}`` puts a White rock on c3 and a Black scissors under a White
paper on c4 (bottom first); letters: armies ``w r b o``, kinds ``R P S W``. Tests build the
positions they need here instead of assigning a match's internals, and a position the rules
could never reach (more pieces of a kind than an army has, an army that is not in the game, a
seat to move that is not in it, a quiet-turn count past the limit) is refused with
:class:`~engine.errors.BadSetup`. The turn then begins as in play (K-MOV-4): a seat to move
that has no legal move passes to the next that has one, and when nobody can move the game is
over.

>>> game = position({"a1": "wR", "a2": "bS", "g7": "bP"})
>>> game.to_act(), [str(c) for c in game.legal_choices("white")]
(('white',), ['a1b1', 'a1a2', 'a1b2'])
>>> layout_of(game)
{'a1': 'wR', 'a2': 'bS', 'g7': 'bP'}
>>> position({"a1": "wR wR wR"})
Traceback (most recent call last):
...
engine.errors.BadSetup: white has 3 R on the board but an army has 2 (K-PCS-2)
"""
from __future__ import annotations

from collections.abc import Mapping

from ..errors import BadSetup
from .match import MOVE_LIMIT, MOVE_PHASE, ChifoumiMatch
from .pieces import ARMIES, SQUARES, GameConfig, Kind, Options, army_pieces, square, square_name

ARMY_LETTERS = {"w": 0, "r": 1, "b": 2, "o": 3}
KIND_LETTERS = {"R": 0, "P": 1, "S": 2, "W": 3}


def _piece(text: str) -> int:
    if len(text) != 2 or text[0] not in ARMY_LETTERS or text[1] not in KIND_LETTERS:
        raise BadSetup(f"a piece is an army letter (w r b o) and a kind (R P S W), not {text!r}")
    return ARMY_LETTERS[text[0]] * 4 + KIND_LETTERS[text[1]]


def position(layout: Mapping[str, str], players: int = 2, to_move: str = "white",
             closed: bool = False, first: str = "white", quiet: int = 0,
             placing: bool = False) -> ChifoumiMatch:
    """The move phase with ``layout`` on the board and ``to_move`` to move; pieces of the
    game's armies that are not on the board count as gone (captured earlier). ``placing``:
    the placement phase of the variant instead (K-2P-4), the pieces not on the board still
    in their owners' hands and ``to_move`` to place one."""
    options = Options(closed_stacks=closed, placement=placing)
    match = ChifoumiMatch(GameConfig(players, options), first)
    board: list[tuple[int, ...]] = [()] * SQUARES
    for name, text in layout.items():
        try:
            board[square(name)] = tuple(_piece(p) for p in text.split())
        except ValueError as exc:
            raise BadSetup(str(exc)) from None
    on_board = [[0, 0, 0, 0] for _ in ARMIES]
    for pieces in board:
        for p in pieces:
            on_board[p >> 2][p & 3] += 1
    for army, counts in enumerate(on_board):
        seat = ARMIES[army]
        if seat not in match.seats:
            if any(counts):
                raise BadSetup(f"{seat} is not in a {players}-player game")
            continue
        full = army_pieces(players)
        for kind in Kind:
            if counts[kind] > full.count(kind):
                raise BadSetup(f"{seat} has {counts[kind]} {kind.name} on the board but an army "
                               f"has {full.count(kind)} (K-PCS-2)")
            left = full.count(kind) - counts[kind]
            if placing:
                match.reserve[match.seats.index(seat)][kind] = left
            else:
                match.gone[army][kind] = left
    if to_move not in match.seats:
        raise BadSetup(f"{to_move} is not in this game ({', '.join(match.seats)})")
    if not 0 <= quiet < MOVE_LIMIT:
        raise BadSetup(f"quiet turns are 0..{MOVE_LIMIT - 1} in a game that goes on (K-END-2)")
    match.board = board
    match.current = match.seats.index(to_move)
    match.chain = -1
    match.quiet = quiet
    match._legal = None
    if placing:
        if quiet or not match.legal_choices(to_move):
            raise BadSetup(f"{to_move} has a piece to place and a square for it (K-2P-4), and "
                           "no turn has been played yet")
        return match
    match.reserve = [[0, 0, 0, 0] for _ in match.seats]
    match.phase = MOVE_PHASE
    match._next_mover(match.current, [])     # K-MOV-4: a boxed-in seat passes, as in play
    return match


def layout_of(match: ChifoumiMatch) -> dict[str, str]:
    """The board as :func:`position` reads it (the inverse)."""
    army_letter = {v: k for k, v in ARMY_LETTERS.items()}
    kind_letter = {v: k for k, v in KIND_LETTERS.items()}
    return {square_name(i): " ".join(army_letter[p >> 2] + kind_letter[p & 3] for p in stack)
            for i, stack in enumerate(match.board) if stack}
