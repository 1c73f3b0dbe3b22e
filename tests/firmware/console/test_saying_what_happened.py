"""Issue 40, item 5: the pads say what happened.

* people who agreed to leave a match come back to the menu through "Abandonné" saying so;
* the move clock's "Trop tard !" stays long enough to be read (it was gone after 0.5 s);
* the resume offer after a power cut says which game was cut off, and who played it;
* a tournament with fewer than three names says to add names, and its OK goes to them;
* Chifoumi's spare pads show the last move, not only the points.
"""
from __future__ import annotations

import random

from app_rig import Rig
from reading import visible_words, words

import any_game
from firmware.chifootmi import screens as cs
from firmware.console.app import Idle
from firmware.console.menu import MenuScreen
from firmware.console.modes import AbandonedSheet
from firmware.console.resume import ResumeScreen
from firmware.console.roster_screens import RosterScreen
from firmware.console.spectator import SpectatorScreen
from firmware.console.tournament_screens import SetupScreen
from firmware.games.registry import GAMES
from firmware.games.session import Timing
from firmware.storage import roster
from firmware.storage.settings import Settings
from hal.buttons import Button

NEVER = Idle(abandon_after=1e9, screensaver_after=1e9)


def test_people_who_agreed_to_leave_come_back_through_a_sheet_saying_abandoned(tmp_path):
    rig = Rig(tmp_path, Settings.flat(game="fotboll", players="two"), seed=2, pads=3, idle=NEVER)
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    rig.hold_to_leave(1)
    rig.press(1, Button.LEFT)                                # pad 1: yes
    rig.press(2, Button.LEFT)                                # pad 2: yes: the match ends
    assert rig.app.mode == "menu"
    for pad in (1, 2, 3):                                    # the spare pad too
        assert isinstance(rig.screen(pad), AbandonedSheet)
        assert visible_words(rig.screen(pad), "fr")[:2] == ["Abandonné", "Vous l'avez arrêté"]
    assert "You stopped the match" in words(rig.screen(1), "en")
    rig.press(3, Button.CARD1)                               # any press clears it
    assert isinstance(rig.screen(1), MenuScreen)


def test_too_late_stays_long_enough_to_read(tmp_path):
    rig = Rig(tmp_path, Settings.flat(players="two", move_clock=10, level="pro"), seed=8,
              timing=Timing(unattended_turns=10**6), idle=NEVER)
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    rig.press(1, Button.CARD3)                               # red picked, never locked in
    rig.wait(10.01)
    assert "Trop tard ! Au hasard" in words(rig.screen(2), "fr")
    rig.wait(1.5)                                            # a child is still reading it
    for pad, said in ((1, "Trop tard ! Ton choix"), (2, "Trop tard ! Au hasard")):
        assert isinstance(rig.screen(pad), cs.FlipScreen) and said in words(rig.screen(pad), "fr")
    rig.wait(1.0)
    assert not isinstance(rig.screen(1), cs.FlipScreen)      # then the reveal, as after any flip


def test_the_resume_offer_says_which_game_was_cut_off_and_who_played_it(tmp_path):
    roster.save(tmp_path, ["Ana", "Maximilien"])
    rig = Rig(tmp_path, Settings.flat(game="fotboll", players="two"), seed=3, idle=NEVER)
    rig.start()
    rig.choose(1, "Ana")
    rig.choose(2, "Maximilien")
    assert rig.app.mode == "match"
    again = Rig(tmp_path, seed=3, idle=NEVER)                 # the power came back
    again.press(1, Button.CARD1)                             # past the name at power-on
    assert again.app.mode == "resume"
    offer = again.screen(1)
    assert isinstance(offer, ResumeScreen)
    shown = visible_words(offer, "fr")
    assert "Fotboll" in shown and "Match interrompu" in shown, shown
    assert any("Ana" in line and "Maximilien" in line for line in shown), shown


def to_the_tournament(rig: Rig) -> None:
    rig.press(1, Button.CARD1)                               # past the name at power-on
    while rig.app.menu.rows()[rig.app.menu.cursor].field != "tournament":
        rig.press(1, Button.CARD2)
    rig.press(1, Button.RIGHT)
    assert rig.app.mode == "tournament"


def test_a_tournament_with_too_few_names_says_to_add_some_and_ok_goes_there(tmp_path):
    roster.save(tmp_path, ["Ana", "Ben"])
    rig = Rig(tmp_path, Settings.flat(), seed=1, idle=NEVER)
    to_the_tournament(rig)
    shown = visible_words(rig.screen(1), "fr")
    assert "Il faut 3 noms" in shown and any("ajoute" in line for line in shown), shown
    rig.press(1, Button.CENTRE)
    assert rig.app.mode == "roster" and isinstance(rig.screen(1), RosterScreen)


def test_ok_on_a_tournament_s_last_line_with_too_few_taken_goes_to_a_name(tmp_path):
    roster.save(tmp_path, ["Ana", "Ben", "Cy"])
    rig = Rig(tmp_path, Settings.flat(), seed=1, idle=NEVER)
    to_the_tournament(rig)
    for _ in range(4):                                       # the last line
        rig.press(1, Button.CARD2)
    setup = rig.screen(1)
    assert isinstance(setup, SetupScreen) and "Choisis 3 à 8 noms" in visible_words(setup, "fr")
    rig.press(1, Button.CENTRE)
    assert rig.screen(1).cursor == 1                         # on Ana, whom OK now takes in
    rig.press(1, Button.CENTRE)
    assert rig.screen(1).chosen == ("Ana",)


def test_chifoumi_s_spare_pads_show_the_last_move(tmp_path):
    rig = Rig(tmp_path, any_game.settings(GAMES["chifoumi"], people=2), seed=4, pads=3, idle=NEVER)
    rig.start()
    rng, lines = random.Random(2), set()
    while rig.app.mode == "match" and len(rig.app.session.decisions) < 12:
        any_game.person_step(rig, (1, 2), rng)
        spare = rig.screen(3)
        assert isinstance(spare, SpectatorScreen)
        lines |= set(visible_words(spare, "fr")[4:])
    squares = [line for line in lines if line[-2:-1] in "abcdefg" and line[-1] in "1234567"]
    assert squares, f"no move on the spare pad: {lines}"
    assert any(line.startswith(("Blanc", "Noir")) for line in squares), squares
