"""The move clock in Simulator Soccer (the menu's "Chrono"): a person who lets it run out has
the pick as it stands played, else the proposal; a secret pick not made is drawn at random.
(The clock was set but never ran before issue 20: the session dropped it.)"""
from __future__ import annotations

from soccer_console_rig import SoccerRig, soccer_settings

from engine.simulator_soccer import Formation
from firmware.games.session import Step


def test_the_move_clock_plays_for_a_person_who_lets_it_run_out(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two", move_clock=30), seed=3)
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    session = rig.session
    assert session.match.decision == "formation" and session.step is Step.CHOOSE
    rig.wait(29)
    assert not session.decisions                  # 30 s each
    rig.wait(2)
    assert session.decisions and all(isinstance(choice, Formation)
                                      for choice in session.decisions[0].values())
    for _ in range(10):                           # on to the next person's turn
        if session.step is Step.CHOOSE and session.match.decision == "place":
            break
        rig.wait_for_change(5.0)
    seat = session.match.to_act()[0]
    proposal = session.pending[seat].suggestion
    made = len(session.decisions)
    rig.wait(31)
    assert session.decisions[made] == {seat: proposal}
