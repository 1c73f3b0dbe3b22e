"""Issue 40, item 6: a screen's button marks say which button, where it is.

* the tournament's "✕=menu" has its ✕ over CARD4's column on the bottom line, and so has typing
  a name's "✕=annuler" (its OK, which saves the name, in the middle);
* an OK chip stands in the bottom line's middle, over the OK button (at the right end it stood
  over CARD4): the result of every game, Chifoumi's, the abandoned screen, the tournament;
* Simulator Soccer's formation screen shows no ✓ before anyone locked in;
* Fotboll's ◀ ▶ step through the other team's cards as they are drawn, ▶ to the right;
* Chifootmi's draw title stays the same as the move clock passes 10 s.
"""
from __future__ import annotations

import random

from app_rig import Rig
from reading import drawn_texts, misfits, words

from engine.chifootmi import MatchConfig as ChifootmiConfig
from engine.chifootmi import new_match as chifootmi_match
from firmware.chifootmi import screens as cs
from firmware.chifoumi import screens as ks
from firmware.console.app import Idle
from firmware.console.menu import MenuScreen
from firmware.console.modes import AbandonedSheet, NoStatsScreen
from firmware.console.roster_screens import NameScreen, PickScreen
from firmware.console.tournament_screens import FixturesScreen, SetupScreen, WinnerScreen
from firmware.fotboll import screens as fs
from firmware.games.registry import GAMES
from firmware.games.sheets import ResultScreen, Standing
from firmware.render import COLUMN_W, HEIGHT, HINT_Y, WIDTH, Canvas
from firmware.simulator_soccer.screens import FormationScreen
from firmware.storage.settings import Settings
from hal.buttons import Button


def drawn(model, language: str = "fr") -> Canvas:
    canvas = Canvas()
    model.draw(canvas, language)
    return canvas


def chip_middle(model) -> float:
    """Where the OK chip's middle is: the bottom row is lit only under it."""
    box = drawn(model).image.crop((0, HEIGHT - 1, WIDTH, HEIGHT)).getbbox()
    assert box is not None, "no chip on the bottom line"
    return (box[0] + box[2]) / 2


def test_the_tournament_s_cross_stands_over_card4():
    for model in (SetupScreen("league", ("Ana", "Ben", "Cy"), (), 1),
                  SetupScreen("league", ("Ana",), (), 0),
                  FixturesScreen((("Ana-Ben", ""), ("Ben-Cy", "")), 0, 0, False)):
        assert "✕=menu" in words(model, "fr")
        card4 = drawn(model).image.crop((3 * COLUMN_W, HINT_Y, WIDTH, HEIGHT)).getbbox()
        assert card4 is not None and "✕" in words(model, "fr"), "nothing over CARD4"
        assert abs((card4[0] + card4[2]) / 2 - COLUMN_W / 2) <= 2, card4


def test_typing_a_name_shows_its_cross_over_card4_and_ok_over_the_ok_button():
    model = NameScreen("ANA", "B")
    assert "✕=annuler" in words(model, "fr")
    card4 = drawn(model).image.crop((3 * COLUMN_W, HINT_Y, WIDTH, HEIGHT)).getbbox()
    assert card4 is not None and abs((card4[0] + card4[2]) / 2 - COLUMN_W / 2) <= 2, card4
    assert abs(chip_middle(model) - WIDTH / 2) <= 1
    assert misfits(model, "fr") == [] and misfits(model, "en") == []


def test_what_ok_does_stands_beside_its_chip_over_the_ok_button():
    """The menu's "Jouer", a page's "Ouvrir", "Moi", "Fini", "menu": the chip in the middle,
    its word after it (at the right end, "OK=Jouer" stood over CARD4)."""
    lines = (("Jeu", "Chifootmi"), ("Joueurs", "2 joueurs"), ("Niveau", "Pro+"), ("Noms", "0"))
    for model, word in ((MenuScreen(lines, 0, 0), "Jouer"), (MenuScreen(lines, 3, 0, opens=True), "Ouvrir"),
                        (PickScreen("1", ("", "Ana"), 0, False, ()), "Moi"),
                        (WinnerScreen("Ana", ()), "Fini"), (NoStatsScreen(), "menu"),
                        (WinnerScreen("Ana", ("1. Ana 6", "2. Ben 3", "3. Cy 0", "4. Dee 0", "5. Eve 0")), "Fini")):
        assert abs(chip_middle(model) - WIDTH / 2) <= 1, type(model).__name__
        shown = [t for t in drawn_texts(model, "fr") if t.text == word]
        assert shown, (type(model).__name__, words(model, "fr"))
        left = shown[0].visible.getbbox()
        assert left is not None and WIDTH / 2 < left[0] < 3 * COLUMN_W, (word, left)
        assert misfits(model, "fr") == [] and misfits(model, "en") == [], type(model).__name__


def test_every_ok_chip_stands_over_the_ok_button():
    game = GAMES["chifoumi"].rules
    match, rng = game.new_match(game.example_configs[0], 3), random.Random(3)
    while not match.is_over:
        match.apply({seat: rng.choice(list(match.legal_choices(seat))) for seat in match.to_act()})
    chips = [ResultScreen(Standing.tallied({"red": 1, "blue": 0}, None, "red"), "red", "cpu", False),
             ks.ResultScreen(match.view(match.seats[0]), False), AbandonedSheet(),
             SetupScreen("league", ("Ana", "Ben", "Cy"), (), 1)]
    for model in chips:
        assert abs(chip_middle(model) - WIDTH / 2) <= 1, type(model).__name__


def test_soccer_s_formation_shows_no_tick_before_anyone_locked_in():
    choosing = FormationScreen(1, "4-4-2", locked=False, other_locked=False, opponent_key="team.blue")
    assert not any("✓" in line for line in words(choosing, "fr")), words(choosing, "fr")
    locked = FormationScreen(1, "4-4-2", locked=True, other_locked=False, opponent_key="team.blue")
    assert any("✓" in line for line in words(locked, "fr"))       # "Validé ✓ Attends…"


def spread_attack(seed: int = 0):
    """A Fotboll match at an attack whose targets stand in more than one line."""
    game = GAMES["fotboll"].rules
    match, rng = game.new_match(game.example_configs[0], seed), random.Random(seed)
    while True:
        seats = match.to_act()
        attacking = [s for s in seats if match.view(s).decision == "attack"]
        if attacking and len({t[0] for t in match.view(attacking[0]).targets}) >= 2:
            return match, attacking[0]
        match.apply({seat: rng.choice(list(match.legal_choices(seat))) for seat in seats})


def test_fotboll_s_right_button_steps_right_through_the_targets(tmp_path):
    match, seat = spread_attack()
    rig = Rig(tmp_path, Settings.flat(game="fotboll", players="two"), seed=1,
              idle=Idle(abandon_after=1e9, screensaver_after=1e9))
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    rig.app.session.go_to(match, rig.clock.now())
    rig.wait(0)
    pad = 1 if seat == rig.app.seat_at(1) else 2
    screen = rig.screen(pad)
    assert isinstance(screen, fs.PitchScreen) and screen.decision == "attack"
    places = fs._places(screen.view.opponent, mine=False)
    visited = [screen.cursor]
    for _ in range(len(screen.view.targets) - 1):
        rig.press(pad, Button.RIGHT)
        visited.append(rig.screen(pad).cursor)
    assert sorted(visited) == sorted(screen.view.targets)
    at = [places[position] for position in visited]
    assert at == sorted(at), f"▶ went {visited}: {at}"        # left to right, each line down


def test_the_draw_title_stays_as_the_clock_passes_ten_seconds():
    view = chifootmi_match(ChifootmiConfig(), 1).view("red")
    for language in ("fr", "en"):
        titles = {words(cs.DrawScreen(view, None, False, "choosing", seconds), language)[1]
                  for seconds in (20.0, 10.0, 9.5, 3.0)}
        assert len(titles) == 1, titles                          # the seconds are drawn first
