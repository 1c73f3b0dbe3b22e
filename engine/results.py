"""How a finished match of a game can end: the rules a result must follow.

Each game says it once, on its registry object (``GAME.results``): which seats a match may
seat, whether a match can end drawn, whether a tie can be settled by a shoot-out, and which
seats play as a team. :func:`check` reads any result against them; the club's league
(``firmware.league``) refuses a result that could not have been played.

A result is one line per seat: ``(seat, score, outcome)``, the outcome ``win``, ``draw`` or
``loss``. The rules, for every game:

- the seats are one of the game's seatings, each once;
- either every seat drew, or the winners are one side (a seat, or a team) and everyone else lost;
- a win: the winning side scored more than every other side (a team's score is its seats'
  sum), or the scores were level and the game settles ties by a shoot-out, which the winning
  side won;
- a draw: the game allows draws and the best score is shared by two sides or more (Chifoumi
  for three: a tie at the top is a draw for all), with no shoot-out;
- every score is one a match can end with: a whole number of the game's ``step`` (a goal; a
  half point in Chifoumi), from 0 to the game's ``most``;
- a shoot-out's score is one a shoot-out can end with (C-PEN-1, every game's: five kicks each,
  over once one side cannot catch up, then sudden death in pairs).

>>> rules = ResultRules(seatings=(("red", "blue"),), draws=False, shootout=True)
>>> check(rules, [("red", 2, "win"), ("blue", 1, "loss")], None) is None
True
>>> check(rules, [("red", 1, "win"), ("blue", 2, "loss")], None)
'red won with fewer goals or points than blue'
>>> check(rules, [("red", 1, "win"), ("blue", 1, "win")], None)
'two sides won: red and blue'
>>> check(rules, [("red", 1, "draw"), ("blue", 1, "draw")], None)
'a match of this game cannot end drawn'
>>> check(rules, [("red", 1, "win"), ("blue", 1, "loss")], {"red": 4, "blue": 3}) is None
True
>>> check(rules, [("red", 999, "win"), ("blue", 0, "loss")], None)
'red scored 999: more than a match of this game can reach (99)'
>>> check(rules, [("red", 2.5, "win"), ("blue", 0, "loss")], None)
'red scored 2.5: not a whole number of goals or points'
>>> check(rules, [("red", 1, "win"), ("blue", 1, "loss")], {"red": 9, "blue": 0})
'a shoot-out cannot end 9-0'
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from .duel import SHOOTOUT_KICKS, shootout_winner

__all__ = ["OUTCOMES", "ResultRules", "check", "decide"]

OUTCOMES = ("win", "draw", "loss")


@dataclass(frozen=True)
class ResultRules:
    """What a finished match of one game can look like."""

    seatings: tuple[tuple[str, ...], ...] = (("red", "blue"),)
    """The seats a match may seat, each a tuple (Chifoumi: two, three or four armies)."""
    draws: bool = True
    """A match can end drawn."""
    shootout: bool = False
    """Level scores can be settled by a shoot-out (always, or with an option)."""
    teams: tuple[tuple[str, ...], ...] = ()
    """Seats that win or lose together, when a match seats all of them (Chifoumi for four)."""
    most: tuple[float, ...] = (99,)
    """The most goals (or points) one seat can have when a match ends, for each seating in the
    order of ``seatings`` (one number: every seating). What the rules allow, not what is
    likely: a score above it was not played."""
    step: float = 1
    """Every score is a whole number of these (goals: 1; Chifoumi's half point: 0.5)."""
    forfeits: bool = False
    """A side can lose whatever the score (Simulator Soccer: a team left with fewer than seven
    players loses the match, S-FOUL-2): its winner need not have scored the most."""

    def most_for(self, seats: Sequence[str]) -> float:
        """The most one seat can score in a match seating ``seats``."""
        for index, seating in enumerate(self.seatings):
            if sorted(seats) == sorted(seating):
                return self.most[index] if index < len(self.most) else self.most[-1]
        return self.most[-1]


def _sides(rules: ResultRules, seats: Sequence[str]) -> list[tuple[str, ...]]:
    """The sides of a match: its teams when the match seats exactly the teams' seats (Chifoumi
    for four), else each seat on its own."""
    if rules.teams and set(seats) == {seat for team in rules.teams for seat in team}:
        return list(rules.teams)
    return [(seat,) for seat in seats]


def check(rules: ResultRules, players: Sequence[tuple[str, float, str]],
          shootout: Mapping[str, int] | None) -> str | None:
    """Why this result cannot be one of the game's (a short phrase), or None when it can be."""
    seats = [seat for seat, _, _ in players]
    if len(set(seats)) != len(seats):
        return "a seat is there twice"
    if not any(sorted(seats) == sorted(seating) for seating in rules.seatings):
        expected = " or ".join("/".join(seating) for seating in rules.seatings)
        return f"seats {'/'.join(seats)}: this game seats {expected}"
    score = {seat: value for seat, value, _ in players}
    why = _impossible_score(rules, score)
    if why is not None:
        return why
    outcome = {seat: result for seat, _, result in players}
    if any(result not in OUTCOMES for result in outcome.values()):
        return "an outcome is not win, draw or loss"
    sides = _sides(rules, seats)
    total = {side: sum(score[seat] for seat in side) for side in sides}
    best = max(total.values())
    if shootout is not None and not rules.shootout:
        return "a shoot-out, which this game never has"
    if shootout is not None and set(shootout) != set(seats):
        return "a shoot-out between other seats"
    if shootout is not None and len(seats) == 2 and not _shootout_can_end(*shootout.values()):
        return f"a shoot-out cannot end {'-'.join(str(v) for v in shootout.values())}"
    if all(result == "draw" for result in outcome.values()):
        if not rules.draws:
            return "a match of this game cannot end drawn"
        if shootout is not None:
            return "a draw after a shoot-out"
        if sum(1 for value in total.values() if value == best) < 2:
            return "a draw, but one side scored more than the others"
        return None
    if "draw" in outcome.values():
        return "a draw for some seats and not for others"
    winners = [side for side in sides if all(outcome[seat] == "win" for seat in side)]
    mixed = [side for side in sides if len({outcome[seat] for seat in side}) > 1]
    if mixed:
        return f"team {'+'.join(mixed[0])} both won and lost"
    if len(winners) != 1:
        named = " and ".join("+".join(side) for side in winners)
        return f"two sides won: {named}" if winners else "nobody won"
    [winner] = winners
    others = [side for side in sides if side != winner]
    if all(total[winner] > total[side] for side in others):
        return None if shootout is None else "a shoot-out after a match that was not level"
    if rules.forfeits and shootout is None:
        return None                                 # the other side was reduced, whatever the score
    below = next(side for side in others if total[side] >= total[winner])
    name, other = "+".join(winner), "+".join(below)
    if total[below] > total[winner]:
        return f"{name} won with fewer goals or points than {other}"
    if shootout is None:
        return f"{name} won level with {other}, without a shoot-out"
    mine = sum(shootout.get(seat, 0) for seat in winner)
    if all(mine > sum(shootout.get(seat, 0) for seat in side) for side in others):
        return None
    return f"{name} won a shoot-out it did not win"


def _impossible_score(rules: ResultRules, score: Mapping[str, float]) -> str | None:
    """Why one of the scores cannot end a match of this game (beyond its ``most``, below 0,
    or not a whole number of its ``step``), or None."""
    most = rules.most_for(list(score))
    for seat, value in score.items():
        shown = int(value) if value == int(value) else value
        if value < 0:
            return f"{seat} scored {shown}: a score is never below 0"
        if value > most:
            return f"{seat} scored {shown}: more than a match of this game can reach ({most:g})"
        if value / rules.step != int(value / rules.step):
            return f"{seat} scored {shown}: not a whole number of goals or points"
    return None


@cache
def _shootout_ends() -> frozenset[tuple[int, int]]:
    """Every score (winner's, loser's) a shoot-out can end with in its first
    :data:`~engine.duel.SHOOTOUT_KICKS` kicks each, whoever kicked first (C-PEN-1): each
    sequence of kicks played through :func:`engine.duel.shootout_winner` until it ends."""
    ends: set[tuple[int, int]] = set()

    def play(kicks: tuple[list[bool], list[bool]], kicker: int) -> None:
        winner = shootout_winner(kicks)
        if winner is not None:
            ends.add((sum(kicks[winner]), sum(kicks[1 - winner])))
            return
        if len(kicks[kicker]) >= SHOOTOUT_KICKS:
            return                                   # level after five each: sudden death
        for scored in (True, False):
            kicks[kicker].append(scored)
            play(kicks, 1 - kicker)
            kicks[kicker].pop()

    play(([], []), 0)
    play(([], []), 1)
    return frozenset(ends)


def _shootout_can_end(first: int, second: int) -> bool:
    """Whether a shoot-out between two sides can end ``first``-``second``: one of the ends of
    its first five kicks each, or sudden death's (one kick ahead after the same number)."""
    high, low = max(first, second), min(first, second)
    return high == low + 1 or (high, low) in _shootout_ends()


def decide(rules: ResultRules, score: Mapping[str, float],
           shootout: Mapping[str, int] | None) -> dict[str, str] | str:
    """Each seat's outcome from the scores (and the shoot-out's, for a level match), by the
    rules: the side that scored most wins, level sides draw where the game allows it; or why
    the scores cannot be a finished match's (a short phrase).

    >>> rules = ResultRules(draws=False, shootout=True)
    >>> decide(rules, {"red": 1, "blue": 3}, None)
    {'red': 'loss', 'blue': 'win'}
    >>> decide(rules, {"red": 1, "blue": 1}, None)
    'level: a match of this game is settled by a shoot-out (give its score)'
    >>> decide(rules, {"red": 1, "blue": 1}, {"red": 5, "blue": 4})
    {'red': 'win', 'blue': 'loss'}
    """
    sides = _sides(rules, list(score))
    total = {side: sum(score[seat] for seat in side) for side in sides}
    best = max(total.values())
    top = [side for side in sides if total[side] == best]
    if len(top) > 1 and shootout is not None and rules.shootout:
        kicks = {side: sum(shootout.get(seat, 0) for seat in side) for side in top}
        most = max(kicks.values())
        top = [side for side in top if kicks[side] == most]
    if len(top) > 1:
        if not rules.draws:
            return "level: a match of this game is settled by a shoot-out (give its score)"
        return {seat: "draw" for seat in score}
    return {seat: "win" if seat in top[0] else "loss" for seat in score}
