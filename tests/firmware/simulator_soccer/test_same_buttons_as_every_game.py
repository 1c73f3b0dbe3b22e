"""Simulator Soccer's pads confirm and greet as every other game's (the console's players'
pass): a formation locks in with OK (Fotboll's formation) or the same card again (Chifootmi's
cards), said in the same words ("◀▶ formation  OK", "Validé ✓ Attends…"); a locked secret
pick changes by picking another until the other has locked in; CARD4 keeps S-UI-2's lock and
unlock. The kick-off tells each person's pad whose it is ("Tu es Rouge", "Ana, tu es Rouge"),
like Chifootmi's and Fotboll's."""
from __future__ import annotations

import random

from reading import words
from screen_edges import cut_at_the_edge
from soccer_console_rig import SoccerRig, soccer_settings

from engine.simulator_soccer import Dive, Formation, MatchConfig, Options, Shoot
from engine.simulator_soccer.bots import SoccerBot
from firmware.games.session import Seats, Step, Timing
from firmware.simulator_soccer import screens as ss
from firmware.simulator_soccer.session import SoccerSession
from firmware.storage import roster
from hal.buttons import Button


def _formations(tmp_path, **settings) -> SoccerRig:
    """Two people at the first half's formation."""
    rig = SoccerRig(tmp_path, soccer_settings("two", **settings), seed=4)
    rig.start()
    rig.wait(3)
    assert isinstance(rig.screen(1), ss.FormationScreen)
    return rig


def test_the_formation_locks_in_with_ok_in_the_words_of_fotbolls_formation(tmp_path):
    rig = _formations(tmp_path, language="fr")
    rig.press(1, Button.CARD3)                                   # red: 3-5-2
    assert "◀▶ formation  OK" in words(rig.screen(1), "fr")
    assert "◀▶ line-up  OK" in words(rig.screen(1), "en")
    rig.press(1, Button.CENTRE)                                  # OK locks it in
    assert rig.session.pending["red"].locked == Formation("3-5-2")
    assert "Validé ✓ Attends…" in words(rig.screen(1), "fr")
    assert "Locked ✓ Wait…" in words(rig.screen(1), "en")
    assert not any("4=" in line for line in words(rig.screen(1), "fr") + words(rig.screen(1), "en"))


def test_the_same_formation_card_again_locks_it_in_like_chifootmis_cards(tmp_path):
    rig = _formations(tmp_path)
    rig.press(2, Button.CARD2)                                   # blue: 4-3-3, picked
    assert rig.session.pending["blue"].locked is None
    rig.press(2, Button.CARD2)                                   # again: locked in
    assert rig.session.pending["blue"].locked == Formation("4-3-3")
    assert rig.screen(1).other_locked


def test_S_VIS_1_another_formation_changes_a_locked_one_until_the_other_locks_in(tmp_path):
    rig = _formations(tmp_path)
    rig.press(1, Button.CARD1)
    rig.press(1, Button.CENTRE)                                  # red: 4-4-2, locked
    assert rig.screen(2).other_locked
    rig.press(1, Button.RIGHT)                                   # changed its mind: 4-3-3
    assert rig.session.pending["red"].locked is None
    assert rig.screen(1).formation == "4-3-3" and not rig.screen(2).other_locked
    rig.press(1, Button.CENTRE)
    rig.press(2, Button.CARD3)
    rig.press(2, Button.CENTRE)
    assert rig.session.decisions[0] == {"red": Formation("4-3-3"), "blue": Formation("3-5-2")}


def test_S_UI_2_card4_still_locks_in_and_unlocks_a_formation(tmp_path):
    rig = _formations(tmp_path)
    rig.press(1, Button.CARD4)                                   # nothing picked yet
    assert rig.screen(1).why == "pick_first"
    rig.press(1, Button.CARD2)
    rig.press(1, Button.CARD4)
    assert rig.session.pending["red"].locked == Formation("4-3-3")
    rig.press(1, Button.CARD4)
    assert rig.session.pending["red"].locked is None


def test_a_formation_unlocked_keeps_its_move_clock(tmp_path):
    """Locking stops the move clock; a pick unlocked before the other locked in used to wait
    with no clock at all, so the match stood still however long the other waited."""
    rig = _formations(tmp_path, move_clock=30)
    rig.press(1, Button.CARD1)
    rig.press(1, Button.CENTRE)
    rig.press(1, Button.CARD4)                                   # unlocked (S-UI-2's key)
    rig.press(1, Button.RIGHT)                                   # 4-3-3, not locked in
    rig.wait(35)
    assert rig.session.decisions, "the clock never chose"
    assert rig.session.decisions[0]["red"] == Formation("4-3-3")


def _shot_moment(seed: int = 1) -> SoccerSession:
    """Two people's session at its first shot (the engine's Simple bots play up to it)."""
    timing = Timing(kickoff=0.1, flip=0.1, reveal=0.1, cpu_think=0.1)
    session = SoccerSession(MatchConfig(Options(half_steps=4)), seed, Seats(), 0.0, timing=timing)
    session.tick(1.0)
    bot, rng = SoccerBot("simple"), random.Random(seed)
    for _ in range(3000):
        match = session.match
        assert not match.is_over, "no shot in the match"
        if session.step is not Step.CHOOSE:
            session.tick(session.deadline(0.0) or 0.0)
            continue
        if match.decision == "shoot" and len(match.to_act()) == 2 and not match.can_round():
            return session
        for seat in match.to_act():
            session.lock(seat, bot.choose(match.view(seat), match.legal_choices(seat), rng), 0.0)
        session.tick(10.0)
    raise AssertionError("no shot in 3000 decisions")


def test_S_SHOT_2_a_locked_shot_and_dive_say_locked_and_another_side_changes_them():
    moment = _shot_moment()
    shooter = next(s for s in moment.match.to_act() if moment.view(s).body["decision"] == "shoot")
    keeper = next(s for s in moment.match.to_act() if s != shooter)
    for seat in (shooter, keeper):
        moment.press(seat, Button.LEFT, 0.0)
        assert "Encore = valider" in words(moment.screen(seat, 0.0), "fr")
    moment.press(shooter, Button.LEFT, 0.0)                      # the same again: locked
    assert moment.pending[shooter].locked == Shoot("left", False)
    assert "Locked ✓ Wait…" in words(moment.screen(shooter, 0.0), "en")
    assert "Validé ✓ Attends…" in words(moment.screen(shooter, 0.0), "fr")
    moment.press(shooter, Button.CARD1, 0.0)                     # high now: open again
    assert moment.pending[shooter].locked is None
    moment.press(shooter, Button.RIGHT, 0.0)
    moment.press(shooter, Button.RIGHT, 0.0)
    assert moment.pending[shooter].locked == Shoot("right", True)
    moment.press(keeper, Button.CENTRE, 0.0)                     # changed before locking
    moment.press(keeper, Button.CENTRE, 0.0)
    assert moment.decisions[-1] == {shooter: Shoot("right", True), keeper: Dive("centre")}


# ----- the kick-off: whose pad it is -----------------------------------------------------------
def test_each_kick_off_tells_the_pad_its_colour_from_its_own_side(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two"), seed=1)
    rig.start()
    red, blue = rig.screen(1), rig.screen(2)
    assert isinstance(red, ss.KickoffScreen) and isinstance(blue, ss.KickoffScreen)
    assert words(red, "fr")[:2] == ["Tu es", "Rouge"] and words(blue, "fr")[:2] == ["Tu es", "Bleu"]
    assert words(red, "en")[:2] == ["You are", "Red"] and words(blue, "en")[:2] == ["You are", "Blue"]
    assert "⚽ Bleu commence" in words(red, "fr") and "⚽ Tu commences" in words(blue, "fr")


def test_each_kick_off_names_the_player_who_chose_a_name_and_the_other(tmp_path):
    roster.save(tmp_path, ["Ana", "Ben"])
    rig = SoccerRig(tmp_path, soccer_settings("two"), seed=1)
    rig.start()                                                  # who plays?
    assert rig.app.mode == "pick"
    rig.choose(1, "Ana")
    rig.choose(2, "Ben")                                         # the match starts
    one, two = rig.screen(1), rig.screen(2)
    assert isinstance(one, ss.KickoffScreen) and isinstance(two, ss.KickoffScreen)
    assert words(one, "fr")[:2] == ["Ana, tu es", "Rouge"]
    assert words(two, "en")[:2] == ["Ben, you are", "Blue"]
    assert "⚽ Ben commence" in words(one, "fr") and "⚽ You start" in words(two, "en")


def test_the_kick_off_while_the_other_reads_still_says_whose_pad_it_is(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two", tutorial=True), seed=2)
    rig.start()
    rig.press(2, Button.CENTRE)                                  # blue plays, red reads
    rig.press(1, Button.RIGHT)
    waiting = rig.screen(2)
    assert isinstance(waiting, ss.KickoffScreen) and waiting.reading == "team.red"
    assert words(waiting, "fr")[:2] == ["Tu es", "Bleu"]
    assert "Rouge lit le tuto…" in words(waiting, "fr")


def test_the_cpus_pad_says_kick_off_not_whose_pad(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("cpu"), seed=1)
    rig.start()
    assert rig.session.step is Step.KICKOFF
    assert words(rig.screen(1), "en")[:2] == ["You are", "Red"]
    assert words(rig.screen(2), "en")[0] == "Kick-off"


def test_a_long_name_on_the_kick_off_fits_the_screen_in_both_languages():
    """A name too long for the big colour goes small on one line ("Bob-C9, tu es Rouge"),
    and one too long for that on a line of its own ("Maximilien," over "tu es Bleu": 10
    letters, the most the pads type), the name kept."""
    cut: list[str] = []
    for language in ("fr", "en"):
        for seat, person in (("red", None), ("blue", None), ("red", "Bob-C9"),
                             ("blue", "Maximilien")):
            screen = ss.KickoffScreen(False, "team.blue", seat=seat, person=person)
            cut += cut_at_the_edge(screen, language)
            drawn = words(screen, language)
            assert any(line.endswith(("Rouge", "Bleu", "Red", "Blue")) for line in drawn)
            assert person is None or any(line.startswith(person) for line in drawn), drawn
    assert not cut
