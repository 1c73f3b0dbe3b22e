"""Issue 40, item 4: words cut at the edges or running into each other, each caught by the shared
fit check (:func:`reading.misfits`, by the glyphs' ink) and gone from the screens that showed it.

Each problem the issue met is drawn here as the console draws it now, and must read clean:
a 10-letter name in a reveal, the g of a big "Gagné !" over "Toi 1-0 Ordi", "Engagement" over
the line under it on a CPU pad's kick-off, the demo's "Rouge joue 8, Bleu 7" under "Appuie pour
jouer", the battery mark beside the score in Fotboll's shoot-out. And the check itself catches
each kind of problem on a screen drawn badly on purpose.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from app_rig import Refusing, Rig
from reading import misfits, visible_words

import any_game
import sim

from engine.chifootmi import events as cev
from engine.chifootmi import MatchConfig as ChifootmiConfig
from engine.chifootmi import new_match as chifootmi_match
from firmware.chifootmi import screens as cs
from firmware.console.app import App, Idle
from firmware.console.power_screens import BatteryMark
from firmware.fotboll import screens as fs
from firmware.games.registry import GAMES
from firmware.games.sheets import ResultScreen, Standing
from firmware.i18n import person_key, text
from firmware.render import HINT_Y, SHEET_Y, WIDTH, Canvas
from firmware.storage.settings import Settings, save
from hal.clock import ManualClock

NEVER = Idle(screensaver_after=1e9, abandon_after=1e9)


# ----- the check catches each kind --------------------------------------------------------------
@dataclass(frozen=True)
class Drawn:
    """A screen drawn by ``steps`` (name, arguments) on the canvas, badly on purpose."""

    steps: tuple[tuple[str, tuple], ...]

    def draw(self, c: Canvas, language: str) -> None:
        for name, args in self.steps:
            getattr(c, name)(*args)


@pytest.mark.parametrize("steps, found", [
    ((("centred", (40, "ximilien prend le ballon !")),), "cut at the panel's edge"),
    ((("text", (0, 54, "Engagement")),), "cut at the panel's edge"),
    ((("centred", (SHEET_Y + 2, "Gagné !", 2)), ("text", (0, HINT_Y - 1, "Toi 1-0 Ordi"))),
     "touches"),
    ((("centred", (44, "Rouge joue 8, Bleu 7")), ("banner", ("Appuie pour jouer", HINT_Y - 1))),
     "partly covered"),
])
def test_the_check_catches_each_kind_of_word_that_does_not_fit(steps, found):
    assert any(found in problem for problem in misfits(Drawn(steps), "fr")), misfits(Drawn(steps), "fr")


@dataclass(frozen=True)
class Beside:
    """A mark drawn a pixel from a digit, as a battery mark beside a score."""

    def draw(self, c: Canvas, language: str) -> None:
        c.draw.rectangle([WIDTH - 5, 2, WIDTH - 1, 15], outline=1)


def test_the_check_catches_a_mark_touching_a_digit():
    digit = Drawn((("text", (WIDTH - 10, 2, "0")),))       # its ink ends a column before the mark
    assert any("touches '0'" in problem for problem in misfits(digit, "fr", Beside()))


# ----- and none is left where the issue met them ------------------------------------------------
@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_ten_letter_name_in_a_reveal_is_never_cut(language):
    maximilien = person_key("Maximilien", "team.blue")
    view = chifootmi_match(ChifootmiConfig(), 1).view("red")
    won = [cev.Reveal(round=3, red=2, blue=11), cev.BallWon(seat="blue", how="duel", counter_attack=False)]
    assert misfits(cs.reveal_screen(view, maximilien, won), language) == []


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_big_win_never_runs_into_the_score_under_it(language):
    for winner in ("red", "blue"):
        standing = Standing.tallied({"red": 1, "blue": 0}, None, winner)
        for spectator in (False, True):
            assert misfits(ResultScreen(standing, "red", "cpu", spectator), language) == []


@pytest.mark.parametrize("name", list(GAMES))
def test_a_cpu_pad_s_kick_off_keeps_its_big_word_off_the_line_under_it(tmp_path, name):
    """Every registered game's CPU pad at the kick-off, as the pad draws it (over the menu)."""
    rig = Rig(tmp_path, any_game.settings(GAMES[name], people=1, played=True), seed=2, idle=NEVER)
    rig.start()
    assert rig.app.session.step == "kickoff"
    for pad in (1, 2):
        drawn, _ = rig.app.display.drawn[pad]
        assert misfits(drawn, "fr") == [], (pad, type(rig.screen(pad)).__name__)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_demo_s_spare_pad_keeps_the_move_clear_of_its_banner(tmp_path, language):
    """The café demo on three pads: the spare pad's "Rouge joue 8, Bleu 7" and "Appuie pour
    jouer" over its bottom line, as the pad shows them."""
    save(tmp_path, Settings.flat(game="chifootmi", language=language))
    clock = ManualClock()
    app = App(sim.open_console(3, clock=clock), state_dir=tmp_path, demo=True, seed=3)
    app.refresh()
    moves = 0
    while not app.done and moves < 12:
        drawn, _ = app.display.drawn[3]
        said = visible_words(drawn, language)
        if any(text(language, "watch.cards", red="", blue="", r="", b="").split()[0] in line
               for line in said[4:]):
            moves += 1
            assert misfits(drawn, language) == [], said
        clock.advance(max(0.0, app.deadline() - clock.now()))
        app.step(None)
    assert moves


def fotboll_shoot_out():
    """A Fotboll match in its shoot-out (random legal play, F-TIE rules on)."""
    game = GAMES["fotboll"].rules
    config = next(c for c in game.example_configs if c.tiebreak)
    for seed in range(40):
        match, rng = game.new_match(config, seed), random.Random(seed)
        while not match.is_over:
            if match.view("red").stage == "shoot":
                return match
            match.apply({seat: rng.choice(list(match.legal_choices(seat))) for seat in match.to_act()})
    raise AssertionError("no shoot-out")


def test_the_battery_mark_keeps_clear_of_fotboll_s_shoot_out_scores(tmp_path):
    """Two people in a shoot-out, the battery mark at every charge where the console puts it
    (the right edge first): it touches no word, the scores' digits included."""
    rig = Rig(tmp_path, Settings.flat(game="fotboll", players="two", tiebreak=True), seed=1,
              battery=55.0, halt=Refusing(), idle=NEVER)
    rig.start()
    rig.app.session.go_to(fotboll_shoot_out(), rig.clock.now())
    rig.wait(0)
    for pad in (1, 2):
        model = rig.screen(pad)
        assert isinstance(model, fs.ShootoutScreen)
        assert rig.app.display.over[pad] is not None               # the mark is drawn
        for percent in (0, 10, 50, 100):
            for charging in (False, True):
                assert misfits(model, "fr", BatteryMark(percent, charging, edge=True)) == []
