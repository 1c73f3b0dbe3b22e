"""Simulator Soccer in kids' mode (issue 20 leftovers): a shot's reveal and a goal are shown
big with a picture, told from each pad's side ("Tu marques !" / "Rouge marque !", "Tu arrêtes
le tir !" / "Rouge arrête ton tir"), as the other games show every reveal; the other reveals
keep the pitch (where the ball went is what tells a child what happened there). Kids' mode
also plays with the move clock every game with a clock gets there (20 s): when it runs out,
the proposal is played."""
from __future__ import annotations

import random

from soccer_console_rig import SoccerRig, soccer_settings
from soccer_play import intent

from engine.simulator_soccer import events as ev
from firmware.console.kids import KidsRevealScreen, Picture
from firmware.render import Canvas
from firmware.games.session import Step
from firmware.games.spec import HeadlineNames
from firmware.simulator_soccer import screens as ss

SHOTS_MISSED = ("saved", "wide", "blocked")


def _kids_rig(tmp_path, players: str = "two", seed: int = 4) -> SoccerRig:
    rig = SoccerRig(tmp_path, soccer_settings(players, kids=True, language="fr"), seed=seed)
    rig.start()
    return rig


def test_kids_mode_shows_a_shot_and_a_goal_big_from_each_pads_side(tmp_path):
    rig = _kids_rig(tmp_path)
    session = rig.app.session
    assert session.move_clock == 20
    rng = random.Random(4)
    shots = goals = other = 0
    told: set[tuple[str, str]] = set()
    for _ in range(6000):
        if rig.app.mode != "match" or (shots >= 3 and goals >= 1):
            break
        if session.step is Step.REVEAL:
            events = session.events
            goal = [e for e in events if isinstance(e, ev.Goal)]
            missed = [e for e in events if isinstance(e, ev.Shot) and e.result in SHOTS_MISSED]
            for pad, seat in ((1, "red"), (2, "blue")):
                shown = rig.screen(pad)
                if not goal and not missed:
                    assert isinstance(shown, ss.RevealScreen), shown   # the pitch stays
                    continue
                assert isinstance(shown, KidsRevealScreen), shown
                shown.draw(Canvas(), "fr")
                told.add((seat, shown.words))
                if goal:
                    assert shown.picture is Picture.GOAL
                    assert shown.words == ("Tu marques !" if goal[-1].seat == seat
                                           else "Rouge marque !" if seat == "blue"
                                           else "Bleu marque !")
                else:
                    shot = missed[-1]
                    assert shown.picture is Picture.SAVE
                    mine = shot.seat == seat
                    them = "Bleu" if seat == "red" else "Rouge"
                    assert shown.words == {
                        ("saved", True): f"{them} arrête ton tir",
                        ("saved", False): "Tu arrêtes le tir !",
                        ("wide", True): "Tu tires à côté",
                        ("wide", False): f"{them} tire à côté",
                        ("blocked", True): f"{them} contre ton tir",
                        ("blocked", False): "Tu contres le tir !"}[(shot.result, mine)]
            if goal:
                goals += 1
            elif missed:
                shots += 1
            else:
                other += 1
            rig.wait_for_change(5.0)
            continue
        rig.act(intent, rng, limit=5.0)
    assert shots >= 1 and goals >= 1 and other >= 5, (shots, goals, other)
    assert len({words for _seat, words in told}) >= 3          # each side told its own way


def test_kids_mode_against_the_cpu_names_it_and_the_clock_plays_the_proposal(tmp_path):
    """Against the CPU the headline names it ("Ordi marque !"); nobody pressing, the 20 s
    clock plays the proposal and the match goes on."""
    rig = _kids_rig(tmp_path, players="cpu", seed=6)
    session = rig.app.session
    assert session.move_clock == 20 and session.seats.cpus
    rig.wait(rig.app.timing.kickoff + 0.1)
    assert session.view("red").body["decision"] == "formation"
    assert session.pending["red"].deadline is not None     # the child's clock runs
    rig.wait(3 * 21)                                    # a child who does not press
    assert session.view("red").body["you"]["formation"] is not None   # the clock chose it
    assert len(session.decisions) >= 3
    words = ss.reveal_headline(
        session.view("red"), [ev.Goal("blue", 9, score={"red": 0, "blue": 1})], "fr",
        HeadlineNames(session.opponent_key("red")))
    assert words == "Ordi marque !"
    assert ss.reveal_headline(session.view("red"), [ev.Goal("red", 9, score={"red": 1, "blue": 0})],
                              "en") == "You score!"
