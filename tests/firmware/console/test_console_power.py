"""The battery handheld's power through the real app (issue 30), on the simulated console: the
menu's power-off line, the power button held mid-match and the match resumed at the next start,
a power board's request, sleep and wake, the low-battery warning, the safe power-off at 5 %, a
refused power-off, and a console with no gauge that shows no mark."""
from __future__ import annotations

import json
import random

import pytest
from PIL import ImageChops

from firmware.console.app import Idle
from firmware.console.menu import MenuScreen
from firmware.console.power_screens import (
    BatteryMark, GoodbyeScreen, LowBanner, PowerOffFailedScreen, PowerOffQuestion,
)
from firmware.console.roster_screens import RosterScreen
from firmware.console.tournament_screens import SetupScreen
from firmware.console.power_service import CONFIRM_AFTER, EMPTY, GOODBYE_FOR, WARN_FOR
from firmware.render import Canvas
from firmware.storage import journal as match_journal
from firmware.storage.settings import Settings
from hal.buttons import Button
from hal.halt import NoHalt
from hal.power import HOLD_TO_POWER_OFF

from app_rig import Refusing, Rig
from chifootmi_play import intent
from reading import misfits

QUIET = Idle(screensaver_after=1e9)
"""No screensaver in the way of what a test looks at."""


def to_line(rig: Rig, field: str) -> None:
    """Move the menu's cursor to the line ``field`` by buttons."""
    fields = [row.field for row in rig.app.menu.rows()]
    while fields[rig.app.menu.cursor] != field:
        rig.press(1, Button.CARD2)


def all_show(rig: Rig, kind: type) -> bool:
    return all(isinstance(rig.screen(pad), kind) for pad in range(1, rig.pads + 1))


def goodbye_then_dark(rig: Rig, halt: NoHalt, kept: bool, empty: bool = False) -> None:
    """Every screen says goodbye, then the panels go dark, the power-off is asked, the app ends."""
    assert all(rig.screen(pad) == GoodbyeScreen(kept=kept, empty=empty) for pad in (1, 2))
    assert halt.asked == 0 and all(screen.is_on for screen in rig.console.screens)
    rig.wait(GOODBYE_FOR + 0.1)
    assert halt.asked == 1
    assert not any(screen.is_on for screen in rig.console.screens)
    assert not any(led.is_lit for led in rig.console.leds)
    assert rig.app.done


def play_some(rig: Rig) -> int:
    """Start a two-player match and play by buttons until a few decisions are journalled."""
    rig.start()
    session = rig.app.session
    assert session is not None
    rng = random.Random(5)
    for _ in range(500):
        if len(session.decisions) >= 3:
            return len(session.decisions)
        rig.act(intent, rng)
    raise AssertionError("no decisions")


def test_the_menu_line_asks_then_powers_off_and_no_goes_back(tmp_path):
    halt = NoHalt()
    rig = Rig(tmp_path, halt=halt, battery=80.0, idle=QUIET)
    rig.press(1, Button.CARD1)                               # leave the splash
    to_line(rig, "power")
    rig.press(1, Button.CENTRE)
    assert rig.app.mode == "power" and all_show(rig, PowerOffQuestion)
    rig.press(1, Button.CENTRE)                              # a second OK does not power off
    rig.press(2, Button.LEFT)                                # no: back to the menu
    assert rig.app.mode == "menu" and halt.asked == 0
    rig.press(2, Button.RIGHT)                               # ◀ ▶ on the line ask too
    assert rig.app.mode == "power"
    rig.press(2, Button.RIGHT)                               # yes
    goodbye_then_dark(rig, halt, kept=False)


def test_the_power_button_held_mid_match_keeps_it_and_the_next_start_resumes_it(tmp_path):
    halt = NoHalt()
    rig = Rig(tmp_path, Settings.flat(players="two"), halt=halt, battery=70.0, idle=QUIET)
    decided = play_some(rig)
    before = {seat: rig.app.session.match.view(seat).to_json() for seat in ("red", "blue")}
    rig.console.power_button.press()
    rig.app.step(None)                                       # the press nudged the loop
    rig.wait(HOLD_TO_POWER_OFF - 0.1)
    assert rig.app.mode == "match" and halt.asked == 0       # not before 2 s
    rig.wait(0.2)
    goodbye_then_dark(rig, halt, kept=True)
    journal = (tmp_path / match_journal.FILE_NAME).read_text().splitlines()
    assert len(journal) == 1 + decided                       # the set-up and every decision

    again = Rig(tmp_path, halt=NoHalt(), battery=70.0, idle=QUIET)
    assert again.app.mode == "resume"
    again.press(1, Button.RIGHT)
    assert again.app.mode == "match" and len(again.app.session.decisions) == decided
    after = {seat: again.app.session.match.view(seat).to_json() for seat in ("red", "blue")}
    assert after == before                                   # nothing lost: each seat's match


def test_a_short_press_of_the_power_button_does_not_power_off(tmp_path):
    halt = NoHalt()
    rig = Rig(tmp_path, halt=halt, battery=70.0, idle=QUIET)
    rig.press(1, Button.CARD1)
    rig.console.power_button.tap()
    rig.app.step(None)
    assert rig.console.asleep and halt.asked == 0           # a short press sleeps
    rig.console.power_button.tap()
    rig.app.step(None)
    assert not rig.console.asleep and rig.app.mode == "menu"
    rig.wait(HOLD_TO_POWER_OFF * 3)
    assert halt.asked == 0 and not rig.app.done


def test_a_power_boards_request_powers_off_at_once(tmp_path):
    halt = NoHalt()
    rig = Rig(tmp_path, halt=halt, battery=70.0, idle=QUIET)
    rig.press(1, Button.CARD1)
    rig.console.power_button.request()
    rig.app.step(None)
    goodbye_then_dark(rig, halt, kept=False)


@pytest.mark.parametrize("minutes", [2, 5])
def test_sleep_after_the_menus_minutes_and_the_waking_press_does_nothing_else(tmp_path, minutes):
    rig = Rig(tmp_path, Settings(sleep=minutes), halt=NoHalt(), battery=70.0, idle=QUIET)
    rig.press(1, Button.CARD1)
    rig.wait(minutes * 60 - 1)
    assert not rig.console.asleep
    rig.wait(2)
    assert rig.console.asleep and not any(screen.is_on for screen in rig.console.screens)
    frames = len(rig.console.frames(1))
    rig.wait(3600)
    assert rig.console.asleep and len(rig.console.frames(1)) == frames   # nothing drawn asleep
    rig.press(1, Button.CENTRE)                               # OK would start a match: it wakes only
    assert not rig.console.asleep and all(screen.is_on for screen in rig.console.screens)
    assert rig.app.mode == "menu"
    rig.press(1, Button.CENTRE)                               # the next press plays
    assert rig.app.mode == "match"


def test_the_sleep_line_is_saved_and_never_means_never(tmp_path):
    rig = Rig(tmp_path, halt=NoHalt(), battery=70.0, idle=QUIET)
    rig.press(1, Button.CARD1)
    to_line(rig, "sleep")
    while rig.app.settings.sleep != 0:
        rig.press(1, Button.LEFT)
    assert json.loads((tmp_path / "settings.json").read_text())["sleep"] == 0
    rig.wait(24 * 3600)
    assert not rig.console.asleep


def test_a_demo_or_a_cpu_match_playing_by_itself_never_sleeps(tmp_path):
    rig = Rig(tmp_path, Settings(sleep=2), halt=NoHalt(), battery=70.0,
              idle=Idle(screensaver_after=30.0, attract_for=600.0))
    rig.press(1, Button.CARD1)
    rig.wait(40)
    assert rig.app.mode == "attract"
    rig.wait(500)
    assert rig.app.mode == "attract" and not rig.console.asleep
    rig.wait(200)                                             # the demo over: the saver may sleep
    assert rig.app.mode == "saver" and rig.console.asleep


def test_a_match_stands_still_while_asleep(tmp_path):
    rig = Rig(tmp_path, Settings.flat(players="two", move_clock=20, sleep=2), halt=NoHalt(),
              battery=70.0, idle=Idle(screensaver_after=1e9, abandon_after=1e9))
    rig.start()
    rig.wait(rig.app.timing.kickoff + 3.0)
    left = rig.app.session.seconds_left("blue", rig.app.match_now())
    assert 0 < left < 20
    rig.console.power_button.tap()                            # a short press: asleep now
    rig.app.step(None)
    assert rig.console.asleep
    rig.wait(600)
    rig.press(2, Button.CARD2)                                # wakes, does nothing else
    assert not rig.console.asleep
    assert rig.app.session.seconds_left("blue", rig.app.match_now()) == pytest.approx(left)


def test_the_low_battery_warning_comes_once_at_15_percent(tmp_path):
    rig = Rig(tmp_path, halt=NoHalt(), battery=40.0, idle=QUIET)
    rig.press(1, Button.CARD1)
    rig.wait(1)
    assert isinstance(rig.app.display.over[1], BatteryMark)
    rig.console.battery.percent = 15.0
    rig.wait(60 + CONFIRM_AFTER)                              # a reading, and the one confirming it
    assert rig.app.display.over[1] == LowBanner(15) and rig.app.display.over[2] == LowBanner(15)
    rig.wait(WARN_FOR + 0.1)
    assert rig.app.display.over[1] == BatteryMark(15, False)
    rig.console.battery.percent = 12.0
    rig.wait(600)
    assert rig.app.power.warnings == 1 and rig.app.display.over[1] == BatteryMark(12, False)


def test_the_mark_shows_charging_in_the_menu_and_on_the_edge_in_a_match(tmp_path):
    rig = Rig(tmp_path, Settings.flat(players="two"), halt=NoHalt(), battery=60.0, idle=QUIET)
    rig.console.battery.plug(True)
    rig.press(1, Button.CARD1)
    assert isinstance(rig.screen(1), MenuScreen) and rig.app.display.over[1] == BatteryMark(60, True)
    rig.press(1, Button.CENTRE)
    rig.wait(rig.app.timing.kickoff)
    assert rig.app.mode == "match" and rig.app.display.over[1] == BatteryMark(60, True, edge=True)


def test_at_5_percent_a_match_is_kept_the_screens_say_the_battery_is_empty_and_it_powers_off(tmp_path):
    halt = NoHalt()
    rig = Rig(tmp_path, Settings.flat(players="two"), halt=halt, battery=30.0, idle=QUIET)
    decided = play_some(rig)
    rig.console.battery.percent = float(EMPTY)
    while rig.app.power.ending is None:                      # at the next reading (a minute)
        rig.wait_for_change()
    goodbye_then_dark(rig, halt, kept=True, empty=True)
    again = Rig(tmp_path, halt=NoHalt(), battery=50.0, idle=QUIET)
    assert again.app.mode == "resume"
    again.press(1, Button.CENTRE)
    assert len(again.app.session.decisions) == decided


def test_a_refused_power_off_says_so_and_ok_goes_back_to_the_match_kept(tmp_path):
    halt = Refusing()
    rig = Rig(tmp_path, Settings.flat(players="two"), halt=halt, battery=70.0, idle=QUIET)
    decided = play_some(rig)
    rig.console.power_button.request()
    rig.app.step(None)
    rig.wait(GOODBYE_FOR + 0.1)
    assert halt.asked == 1 and all_show(rig, PowerOffFailedScreen)
    assert all(screen.is_on for screen in rig.console.screens) and not rig.app.done
    rig.press(1, Button.LEFT)                                 # only OK leaves it
    assert all_show(rig, PowerOffFailedScreen)
    rig.press(1, Button.CENTRE)
    assert rig.app.mode == "resume"                           # the match kept, offered again
    rig.press(1, Button.RIGHT)
    assert len(rig.app.session.decisions) == decided


def test_a_console_without_a_gauge_shows_no_mark_and_one_that_cannot_power_off_is_as_before(tmp_path):
    plain = Rig(tmp_path / "plain", idle=QUIET)
    mains = Rig(tmp_path / "mains", halt=NoHalt(), power_off=False)
    handheld = Rig(tmp_path / "handheld", halt=NoHalt(), idle=QUIET)
    for rig in (plain, mains, handheld):
        rig.press(1, Button.CARD1)
    assert mains.app.display.over[1] is None and handheld.app.display.over[1] is None
    assert mains.image(1).tobytes() == plain.image(1).tobytes()
    assert [row.field for row in mains.app.menu.rows()] == [row.field for row in plain.app.menu.rows()]
    assert [row.field for row in handheld.app.menu.rows()][-1] == "power"
    mains.wait(24 * 3600)
    assert not mains.console.asleep and mains.app.mode == "saver"     # the saver, as before


def test_the_match_mark_stands_on_a_blank_spot_and_never_covers_what_the_game_drew(tmp_path):
    rig = Rig(tmp_path, Settings.flat(players="two"), halt=NoHalt(), battery=60.0, idle=QUIET)
    rig.press(1, Button.CENTRE)
    rig.wait(rig.app.timing.kickoff)
    canvas = Canvas()
    rig.screen(1).draw(canvas, "fr")                  # Chifootmi's cards: its round counter on the right
    game = canvas.image.copy()
    BatteryMark(60, False, edge=True).draw(canvas, "fr")
    added = ImageChops.subtract(canvas.image.convert("L"), game.convert("L"))
    removed = ImageChops.subtract(game.convert("L"), canvas.image.convert("L"))
    assert removed.getbbox() is None                  # nothing of the game's is erased...
    x0, y0, x1, y1 = added.getbbox() or (0, 0, 0, 0)
    assert (x1 - x0, y1 - y0) in ((5, 14), (13, 5))   # ...the whole mark is drawn...
    margin = game.crop((max(0, x0 - 1), max(0, y0 - 1), min(128, x1 + 1), min(64, y1 + 1)))
    assert margin.getbbox() is None                   # ...where the game drew nothing around it
    full = Canvas()
    full.box(0, 0, 127, 63, filled=True)
    covered = full.image.copy()
    BatteryMark(60, False, edge=True).draw(full, "fr")
    assert ImageChops.difference(full.image, covered).getbbox() is None   # no room: no mark


def test_the_low_battery_warning_over_a_list_leaves_its_first_line_whole(tmp_path):
    """Over the menu (and every page with a list's title bar) the warning takes the title bar's
    rows: the first line under it keeps its top row, an "É"'s accent, a chosen line's bar."""
    lines = (("Éteindre", ""), ("Veille", "5 min"), ("Noms", "0"), ("Tournoi", "Nouveau"))
    for model in (MenuScreen(lines, 0, 0, opens=True), MenuScreen(lines, 1, 0, opens=True),
                  RosterScreen(("ANA", "BEN"), 0, False),
                  SetupScreen("league", ("Ana", "Ben", "Cy"), (), 1)):
        canvas = Canvas()
        model.draw(canvas, "fr")
        screen = canvas.image.copy()
        LowBanner(15).draw(canvas, "fr")
        assert ImageChops.difference(canvas.image.crop((0, 9, 128, 64)),
                                     screen.crop((0, 9, 128, 64))).getbbox() is None, model
        assert misfits(model, "fr", over=LowBanner(15)) == [], model
