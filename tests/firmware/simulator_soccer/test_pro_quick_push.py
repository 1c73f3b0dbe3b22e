"""S-PRO-QUICK on the console: answering a quick turn with the Pro rules on, the one 1-cell
move may enter a teammate's cell; the cell pick marks such cells, and OK there opens a second
cell pick: where the pushed teammate steps (an empty neighbour of his cell)."""
from __future__ import annotations

import random

from soccer_console_rig import SoccerRig, play_until, soccer_settings
from .test_substitutions import _option, _pad

from engine.simulator_soccer import Move
from firmware.games.session import Step
from firmware.simulator_soccer import choosing, pitch
from firmware.simulator_soccer import screens as ss
from hal.buttons import Button

CURSOR = (Button.CARD1, Button.CARD2, Button.LEFT, Button.RIGHT, Button.CARD3, Button.CARD4)


def _walk(rig: SoccerRig, pad: int, seat: str, target: tuple[int, int]) -> None:
    """Cursor presses from where it is to ``target`` (one cell away or two)."""
    for _ in range(6):
        cursor = rig.screen(pad).cursor
        if cursor == target:
            return
        view = rig.session.view(seat)
        best = min(CURSOR, key=lambda b: (abs((pitch.step(cursor, b, view, seat) or (99, 99))[0] - target[0])
                                          + abs((pitch.step(cursor, b, view, seat) or (99, 99))[1] - target[1])))
        rig.press(pad, best)
    assert rig.screen(pad).cursor == target


def test_S_PRO_QUICK_a_push_by_buttons_answering_a_quick_turn(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two", pro_rules=True), seed=5)
    rig.start()
    session = rig.session
    play_until(rig, lambda: session.step is Step.CHOOSE and session.match.decision == "move"
               and session.match.move_phase == "p2", random.Random(1))
    attacker = session.match.to_act()[0]
    # A crafted quick turn: nobody of the attack moved in Phases 1-2 (S-P3-1), then its
    # empty move list, by buttons.
    session.match.turn.most = 0
    pad = _pad(attacker)
    while session.pending[attacker].entries:
        _option(rig, pad, "ss.opt.undo", num=session.pending[attacker].entries[-1][0])
    rig.press(pad, Button.CARD1)                  # ✓ Done (0)
    play_until(rig, lambda: session.step is Step.CHOOSE and (
        session.match.decision == "challenge" or session.match.decision == "move"
        and session.match.move_phase == "p3"), random.Random(2))
    if session.match.decision == "challenge":     # no challenge: it would be the one move
        _option(rig, _pad(session.match.to_act()[0]), "ss.sug.no_challenge")
        play_until(rig, lambda: session.step is Step.CHOOSE and session.match.decision == "move",
                   random.Random(2))
    assert session.match.quick()
    seat = session.match.to_act()[0]
    pad = _pad(seat)
    public = session.public(seat)
    picking = session.pending[seat]
    while picking.entries:
        _option(rig, pad, "ss.opt.undo", num=picking.entries[-1][0])
    movers = [(q.num, cell) for q in public.teams[choosing.team_of(seat)].on_pitch()
              for cell in choosing.push_cells(public, seat, picking, q.num)]
    assert movers, "nobody stands next to a teammate with room around him"
    num, entered = movers[0]
    _option(rig, pad, "ss.player", num=num)
    pick = rig.screen(pad)
    assert isinstance(pick, ss.PitchScreen) and entered in pick.marks
    _walk(rig, pad, seat, entered)
    mate = next(q.num for q in public.at(entered) if q.team == choosing.team_of(seat))
    assert rig.screen(pad).line == ("ss.cell.push", (("num", mate),))
    rig.press(pad, Button.CENTRE)                 # into his cell: where does he step?
    second = rig.screen(pad)
    assert second.cursor == entered and second.marks
    assert second.line == ("ss.cell.back", ())
    target = sorted(second.marks)[0]
    _walk(rig, pad, seat, target)
    assert rig.screen(pad).line == ("ss.cell.push_to", (("num", mate),))
    made = len(session.decisions)
    rig.press(pad, Button.CENTRE)
    assert session.decisions[made] == {seat: Move(((num, entered),), push=target)}
    team = choosing.team_of(seat)
    assert session.match.player(team, mate).cell == target
    assert session.match.player(team, num).cell == entered
