"""CPU players for Chifoumi: random, greedy, and a search bot.

Like the Chifootmi bots, a bot decides from ``(view, legal, rng)`` alone: it never sees the
game, so closed stacks stay closed to it (it searches a :func:`determinize`-d game). Budgets
are counted in search nodes, never in time: the engine has no clock (``docs/chifoumi.md``
gives how many nodes fit in 40 ms).
"""
from __future__ import annotations

import random
from typing import Any
from collections.abc import Sequence

from .choices import STOP, THROWS, Choice, Move, Stop
from .determinize import determinize
from .match import ChifoumiMatch
from .pieces import NEIGHBOURS, TAKES_TABLE
from .view import ChifoumiView

WIN = 1000.0


def material(game: ChifoumiMatch, seat: str) -> float:
    """Pieces of ``seat``'s team on the board minus the others' (shared among them), and,
    with 3 players, the pieces it captured (what its score counts)."""
    s = game.seats.index(seat)
    team = game.teams[game.armies[s]]
    mine = theirs = 0
    for stack in game.board:
        for p in stack:
            if game.teams[p >> 2] == team:
                mine += 1
            else:
                theirs += 1
    others = max(1, len({game.teams[a] for a in game.armies}) - 1)
    score = mine - theirs / others
    if game.players == 3:
        score += 2 * game.captured[s]
    elif game.players == 2 and game.first >= 0:
        score += 0.5 if s != game.first else -0.5
    return score


def best_capture(game: ChifoumiMatch) -> float:
    """The most the seat to move gains by one capture now, in material (a one-move look-ahead
    so a search that stops mid-exchange does not miss a stack left hanging)."""
    board, teams = game.board, game.teams
    army = game.armies[game.current]
    team = teams[army]
    best = 0.0
    for origin, stack in enumerate(board):
        if not stack or stack[-1] >> 2 != army:
            continue
        takes = TAKES_TABLE[stack[-1] & 3]
        for target in NEIGHBOURS[origin]:
            prey = board[target]
            if prey and takes[prey[-1] & 3] and teams[prey[-1] >> 2] != team:
                gain = sum(1.0 if teams[p >> 2] != team else -1.0 for p in prey)
                best = max(best, gain)
    return best


def evaluate(game: ChifoumiMatch, seat: str) -> float:
    if game.is_over:
        return WIN * (game.returns()[seat] - 0.5) + material(game, seat)
    if game.chain >= 0:
        game = game.clone()
        game.play(STOP)     # at the horizon a capturing piece stops: the turn passes
        return evaluate(game, seat)
    mover = game.current
    threat = 0.7 * best_capture(game)
    ours = game.teams[game.armies[mover]] == game.teams[game.armies[game.seats.index(seat)]]
    return material(game, seat) + (threat if ours else -threat) + 0.02 * pressure(game, seat)


def pressure(game: ChifoumiMatch, seat: str) -> float:
    """Minus the distance from each of the seat's top pieces to the nearest enemy top piece
    it takes: without it a careful side never comes close, and 40 quiet turns end the game."""
    board, teams = game.board, game.teams
    army = game.armies[game.seats.index(seat)]
    team = teams[army]
    prey = [(sq, stack[-1] & 3) for sq, stack in enumerate(board)
            if stack and teams[stack[-1] >> 2] != team]
    total = 0.0
    for sq, stack in enumerate(board):
        if stack and stack[-1] >> 2 == army:
            takes = TAKES_TABLE[stack[-1] & 3]
            far = [max(abs(sq // 7 - t // 7), abs(sq % 7 - t % 7)) for t, k in prey if takes[k]]
            if far:
                total -= min(far)
    return total


class Bot:
    name = "bot"

    def choose(self, view: ChifoumiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        """One of ``legal``, decided from ``view`` and ``rng`` alone."""
        if not legal:
            raise ValueError(f"{view.seat} has nothing to decide now")
        if len(legal) == 1:
            return legal[0]
        if legal[0] in THROWS:
            return legal[int(rng.random() * len(legal))]
        return self.decide(view, legal, rng)

    def decide(self, view: ChifoumiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name


class RandomBot(Bot):
    name = "random"

    def decide(self, view: ChifoumiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        return legal[int(rng.random() * len(legal))]


class GreedyBot(Bot):
    """The best material right after its own choice (one ply), ties broken at random."""

    name = "greedy"

    def decide(self, view: ChifoumiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        game = determinize(view, rng)
        best, best_value = [], -1e9
        for choice in legal:
            child = game.clone()
            child.play(choice)
            value = evaluate(child, view.seat)
            if value > best_value + 1e-9:
                best, best_value = [choice], value
            elif abs(value - best_value) <= 1e-9:
                best.append(choice)
        return best[int(rng.random() * len(best))]


class SearchBot(Bot):
    """Alpha-beta over a determinized game, iterative deepening within ``nodes`` expansions.

    With more than two players it searches "paranoid": every other team plays against it.
    A capture and its replays are several plies by the same seat (maximising or minimising
    alike), so chains are searched as they are played. Captures are tried first.
    """

    name = "search"

    def __init__(self, nodes: int = 850, max_depth: int = 4) -> None:
        self.nodes = nodes
        self.max_depth = max_depth
        self._left = 0

    def decide(self, view: ChifoumiView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        game = determinize(view, rng)
        seat = view.seat
        team = game.teams[game.armies[game.seats.index(seat)]]
        order = _sensible(game, legal)
        rng.shuffle(order)
        order.sort(key=lambda c: -_urgency(game, c))
        self._left = self.nodes
        best = order[0]
        for depth in range(1, self.max_depth + 1):
            values = {}
            alpha = -1e9
            complete = True
            for choice in order:
                child = game.clone()
                child.play(choice)
                self._left -= 1
                value = self._search(child, seat, team, depth - 1, alpha, 1e9)
                if self._left < 0:
                    complete = False
                    break
                values[choice] = value
                alpha = max(alpha, value)
            if not complete:
                break
            order.sort(key=lambda c: -values[c])
            best = order[0]
        return best

    def _search(self, game: ChifoumiMatch, seat: str, team: int, depth: int,
                alpha: float, beta: float) -> float:
        if depth <= 0 or game.is_over or self._left < 0:
            return evaluate(game, seat)
        mover = game.to_act()[0]
        maximising = game.teams[game.armies[game.seats.index(mover)]] == team
        legal = sorted(_sensible(game, game.legal_choices(mover)), key=lambda c: -_urgency(game, c))
        value = -1e9 if maximising else 1e9
        for choice in legal:
            child = game.clone()
            child.play(choice)
            self._left -= 1
            score = self._search(child, seat, team, depth - 1, alpha, beta)
            if maximising:
                value = max(value, score)
                alpha = max(alpha, value)
            else:
                value = min(value, score)
                beta = min(beta, value)
            if alpha >= beta or self._left < 0:
                break
        return value


def _sensible(game: ChifoumiMatch, legal: Sequence[Choice]) -> list[Choice]:
    """``legal`` without captures of stacks holding no enemy piece (pure losses), unless
    nothing else is left."""
    team_of = game.teams
    mover = team_of[game.armies[game.current]]
    kept = [c for c in legal if not (isinstance(c, Move) and c.capture is True and all(
        team_of[p >> 2] == mover for p in game.board[c.target]))]
    return kept or list(legal)


def _urgency(game: ChifoumiMatch, choice: Choice) -> int:
    """Captures of big stacks first, then plain moves; stopping after a capture last-ish."""
    if isinstance(choice, Move):
        target = game.board[choice.target]
        return len(target) * 2 if target and choice.capture is not False else 0
    return -1 if isinstance(choice, Stop) else 0


BOTS = {"random": RandomBot, "greedy": GreedyBot, "search": SearchBot}
DIFFICULTIES: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("random", {}), "medium": ("greedy", {}), "hard": ("search", {})}


def make_bot(name: str, **options: Any) -> Bot:
    return BOTS[name](**options)


def make_difficulty(level: str) -> Bot:
    name, options = DIFFICULTIES.get(level, DIFFICULTIES["easy"])
    return make_bot(name, **options)
