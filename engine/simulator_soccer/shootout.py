"""The shoot-out (S-END-1): a fresh toss, then penalties from the spot in turn, five each,
over once one side cannot catch up, then sudden death in pairs — ``engine/duel.py``'s model
over each team's kicks. Its shot is the shot's secret duel (``shots``), from the spot.
"""
from __future__ import annotations

from .. import duel
from ..errors import IllegalChoice
from . import clock
from . import events as ev
from .board import SoccerBoard, expect, other
from .choices import Choice, Kicker
from .flow import AskShot, Next
from .state import BLUE, RED, SEATS, KickState, Pending, Player


def start(m: SoccerBoard, out: list[ev.SoccerEvent]) -> None:
    """Regular time over, level, the tie-break on: the toss for who kicks first (unless the
    script's deal says), then the first kicker."""
    if m.shootout_first is None:
        die = m.dice.draw(2)
        first = RED if die == 1 else BLUE
        out.append(ev.Toss(die, shootout_first=SEATS[first]))
    else:
        first = SEATS.index(m.shootout_first)
    m.shootout = [0, 0]
    m.shootout_order = (first, other(first))
    m.shootout_kicks = [[], []]
    m.phase = "shootout"
    m.carrier = None
    _next_kicker(m)


def _next_kicker(m: SoccerBoard) -> None:
    team = duel.next_kicker(m.shootout_kicks, m.shootout_order[0])
    m.possession = team
    m.pending = Pending("kicker", (team,))


def kickers(m: SoccerBoard, team: int) -> list[Player]:
    """Who may take ``team``'s next kick: the players on the pitch with the fewest kicks."""
    on = m.teams[team].on_pitch()
    if not on:
        return []
    fewest = min(p.kicks for p in on)
    return [p for p in on if p.kicks == fewest]


def on_kicker(m: SoccerBoard, team: int, choice: Choice) -> Next:
    picked = expect(choice, Kicker, "S-END-1", "the kicker")
    p = m.teams[team].by_num.get(picked.player)
    if p is None or p not in kickers(m, team):
        raise IllegalChoice("S-END-1", f"#{picked.player} is not among the players on the "
                            "pitch with the fewest kicks")
    p.kicks += 1
    m.kick = KickState("shot", p.num, penalty=True)
    return AskShot()


def kick_done(m: SoccerBoard, team: int, goal: bool, out: list[ev.SoccerEvent]) -> None:
    """A shoot-out kick scored or not; the winner once one side cannot catch up."""
    assert m.shootout is not None and m.kick is not None
    m.shootout_kicks[team].append(goal)
    if goal:
        m.shootout[team] += 1
        out.append(ev.Goal(SEATS[team], m.kick.kicker,
                           shootout={"red": m.shootout[RED], "blue": m.shootout[BLUE]}))
    if duel.shootout_winner(m.shootout_kicks) is not None:
        clock.finish(m)
        return
    _next_kicker(m)
