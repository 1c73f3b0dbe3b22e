"""The clock and the halves (S-KO-1, S-TIME-1, S-TIME-2, S-END-1): a half's start and its
secret formations, each clock step and the test that ends a half, and the end of the match.

A step reports whether the half ends; the caller then ends it (:func:`end_half`), so a rule
module decides what it does before the half is over and never after.
"""
from __future__ import annotations

from ..errors import IllegalChoice
from . import events as ev
from .board import SoccerBoard, expect, other
from .choices import FORMATIONS, Choice, Formation
from .flow import KickOff, Next, StartShootout
from .state import BLUE, RED, Pending


def start_half(m: SoccerBoard, half: int) -> None:
    """A half starts with both teams choosing a formation in secret (S-KO-1)."""
    m.half, m.clock, m.stoppage = half, 0, None
    m.goals_half = m.subs_half = 0
    for p in m.players():
        p.lying = p.stood = False
    for t in m.teams:
        t.formation = None
    m.carrier, m.holding = None, False
    m.failed_tackler = m.failed_next = None
    m.wall = None
    m.phase = "reposition"
    m.pending = Pending("formation", (RED, BLUE))


def on_formation(m: SoccerBoard, joint: dict[int, Choice]) -> Next:
    """Both formations (S-KO-1), then the half's kick-off: the toss's winner first, the other
    team in the second half."""
    for team, choice in joint.items():
        formation = expect(choice, Formation, "S-KO-1", "a formation")
        if formation.name not in FORMATIONS:
            raise IllegalChoice("S-KO-1", f"no formation {formation.name}")
        m.teams[team].formation = formation.name
    kicker = m.first_kickoff if m.half == 1 else other(m.first_kickoff)
    return KickOff(kicker, first=True)


def step(m: SoccerBoard, out: list[ev.SoccerEvent], test: bool) -> bool:
    """One clock step (S-TIME-1), the stoppage fixed when the clock reaches H; with ``test``
    S-TIME-2's test follows. Whether the half ends (the caller then ends it)."""
    m.clock += 1
    if m.stoppage is None and m.clock >= m.H:
        m.stoppage = min(5, m.goals_half + m.subs_half)
    end = _rest_end(m) if test else None
    out.append(ev.Clock(m.half, m.clock, m.minute(), end))
    return end is not None


def _rest_end(m: SoccerBoard) -> str | None:
    """S-TIME-2: time is up and the ball is at rest outside the holding team's attack
    zone."""
    if not m.time_up() or m.carrier is None:
        return None
    return None if m.in_attack_zone(m.possession, m.ball) else "rest"


def ends_at_rest(m: SoccerBoard, out: list[ev.SoccerEvent]) -> bool:
    """S-TIME-2's test without a step (a kick settled, a tackle): whether the half ends."""
    if _rest_end(m):
        out.append(ev.Clock(m.half, m.clock, m.minute(), "rest"))
        return True
    return False


def ends_out(m: SoccerBoard, out: list[ev.SoccerEvent], why: str) -> bool:
    """S-TIME-2: the ball out of play or a goal ends the half once time is up."""
    if m.time_up():
        out.append(ev.Clock(m.half, m.clock, m.minute(), why))
        return True
    return False


def end_half(m: SoccerBoard, out: list[ev.SoccerEvent]) -> Next | None:
    """Half-time, or the end of regular time: a shoot-out on a draw with the tie-break on
    (S-END-1), else the result."""
    if m.half == 1:
        start_half(m, 2)
        return None
    m.regular_ball = m.possession
    if m.score[RED] == m.score[BLUE] and m.options.tiebreak:
        return StartShootout()
    finish(m)
    return None


def finish(m: SoccerBoard, abandoned_by: int | None = None) -> None:
    """The match is over: more goals win (S-END-1), a shoot-out's goals break a tie; a team
    left with fewer than 7 loses (``abandoned_by``, S-FOUL-2's ruling)."""
    m.over, m.phase = True, "over"
    m.pending = Pending("over", ())
    if abandoned_by is not None:
        m.winner_team = other(abandoned_by)
        return
    totals = list(m.score)
    if m.shootout is not None:
        totals = [m.score[0] * 100 + m.shootout[0], m.score[1] * 100 + m.shootout[1]]
    m.winner_team = None if totals[0] == totals[1] else (RED if totals[0] > totals[1] else BLUE)
