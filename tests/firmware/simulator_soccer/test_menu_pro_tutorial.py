"""Simulator Soccer's menu lines beyond the match length: "Règles Pro" (every S-PRO-* rule at
once, off by default, kept off in kids' mode, saved, journalled so a resumed match plays by
them too) and the tutorial that turns itself off after the first match that ends normally
(an abandoned one does not count), still reachable from the menu."""
from __future__ import annotations

import random
from dataclasses import asdict
from typing import Any

from soccer_console_rig import SoccerRig, play_out, play_until, soccer_settings

from engine.simulator_soccer import PRO_OPTIONS
from firmware.storage import history
from firmware.console.app import Idle
from firmware.games.session import Step
from firmware.storage.settings import Settings, load, save
from firmware.simulator_soccer import screens as ss
from firmware.simulator_soccer.entry import SoccerSettings
from hal.buttons import Button

IDLE = Idle(abandon_after=1e9, screensaver_after=1e9)
GAME = "simulator-soccer"


def _to_row(rig: SoccerRig, field: str) -> None:
    """Move the menu's cursor to the line that changes ``field``."""
    menu = rig.app.menu
    for _ in range(30):
        if menu.rows()[menu.cursor].field == field:
            return
        rig.press(1, Button.CARD2)
    raise AssertionError(f"no menu line {field}: {[row.field for row in menu.rows()]}")


def _saved(folder: Any) -> dict[str, Any]:
    """Simulator Soccer's settings as the settings file holds them now."""
    return asdict(load(folder).of(GAME, SoccerSettings.from_json))


def test_S_PRO_one_menu_line_turns_every_pro_rule_on_and_it_is_saved(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two"), seed=2)
    rig.press(1, Button.CARD1)                    # leave the splash
    assert rig.app.mode == "menu"
    _to_row(rig, "pro_rules")
    row = next(r for r in rig.app.menu.rows() if r.field == "pro_rules")
    assert row.label == "ss.menu.pro" and rig.app.menu.value(row) is False
    line = rig.app.menu.screen().lines[rig.app.menu.cursor]
    assert line == ("Règles Pro", "Non")
    rig.press(1, Button.RIGHT)
    assert rig.app.menu.screen().lines[rig.app.menu.cursor] == ("Règles Pro", "Oui")
    assert _saved(tmp_path)["pro_rules"] is True
    again = SoccerRig(tmp_path, None, seed=2)     # a restart keeps it
    assert again.app.menu.settings.of(GAME, SoccerSettings.from_json).pro_rules is True
    rig.press(1, Button.CENTRE)
    assert rig.app.session.match.options.pro == frozenset(PRO_OPTIONS)


def test_S_PRO_kids_mode_hides_the_line_and_plays_without_pro_rules(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two", pro_rules=True, kids=True), seed=2)
    rig.press(1, Button.CARD1)
    assert "pro_rules" not in [row.field for row in rig.app.menu.rows()]
    rig.press(1, Button.CENTRE)
    assert rig.app.session.match.options.pro == frozenset()
    # What was chosen is kept for when kids' mode is off again.
    assert rig.app.menu.settings.of(GAME, SoccerSettings.from_json).pro_rules is True


def _play_to_headers(rig: SoccerRig, rng: random.Random) -> str:
    """Sensible presses until a person is asked S-PRO-HEADER's "who moves up"; that seat."""
    def asked() -> bool:
        session = rig.session
        return session.step is Step.CHOOSE and session.match.decision == "headers" and \
            isinstance(rig.screen(1 if session.match.to_act()[0] == "red" else 2), ss.MenuScreen)

    play_until(rig, asked, rng, limit=30000)
    return rig.session.match.to_act()[0]


def test_S_PRO_HEADER_a_match_started_with_pro_rules_plays_by_them_and_resumes_with_them(tmp_path):
    save(tmp_path, soccer_settings("two", pro_rules=True, half_steps=20))
    rig = SoccerRig(tmp_path, None, seed=4, idle=IDLE)
    rig.start()
    assert rig.session.match.options.pro == frozenset(PRO_OPTIONS)
    seat = _play_to_headers(rig, random.Random(9))
    pad = 1 if seat == "red" else 2
    # With S-PRO-HEADER a cross announced asks each side who steps into the area first;
    # without it the cross goes straight to its target (S-CRS-1): no such decision exists.
    menu = rig.screen(pad)
    assert menu.prompt == ("ss.ask.headers", ())
    script = rig.app.journal.setup.script
    assert sorted(script["options"]["pro"]) == sorted(PRO_OPTIONS)
    decisions = list(rig.session.decisions)
    del rig                                       # the power goes

    resumed = SoccerRig(tmp_path, None, seed=4, idle=IDLE)
    assert resumed.app.mode == "resume"
    resumed.press(1, Button.RIGHT)
    assert resumed.session.match.options.pro == frozenset(PRO_OPTIONS)
    assert resumed.session.decisions == decisions
    assert resumed.session.match.decision == "headers"
    assert resumed.screen(pad) == menu


def test_the_tutorial_turns_itself_off_after_the_first_match_that_ends(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two", tutorial=True), seed=6, idle=IDLE)
    rig.start()
    assert isinstance(rig.screen(1), ss.TutorialOffer)
    play_out(rig, random.Random(1))
    assert rig.app.mode == "menu" and not history.read(tmp_path)[0].get("abandoned")
    assert _saved(tmp_path)["tutorial"] is False
    row = next(r for r in rig.app.menu.rows() if r.field == "tutorial")
    assert rig.app.menu.value(row) is False
    rig.press(1, Button.CENTRE)                   # the next match starts without it
    assert not isinstance(rig.screen(1), (ss.TutorialOffer, ss.TutorialScreen))
    assert rig.session.step is Step.KICKOFF


def test_the_tutorial_stays_on_after_an_abandoned_match_and_the_menu_turns_it_back_on(tmp_path):
    from firmware.console import leave

    rig = SoccerRig(tmp_path, soccer_settings("cpu", tutorial=True), seed=6, idle=IDLE)
    rig.start()
    rig.press(1, Button.CENTRE)                   # skip the tutorial: play
    rig.console.press(1, Button.LEFT)             # hold LEFT+RIGHT: leave the match
    rig.console.press(1, Button.RIGHT)
    for event in rig.console.events.drain():
        rig.app.step(event)
    rig.wait(leave.HOLD)
    rig.console.release(1, Button.LEFT)
    rig.console.release(1, Button.RIGHT)
    for event in rig.console.events.drain():
        rig.app.step(event)
    rig.press(1, Button.LEFT)                     # yes, leave
    assert rig.app.mode == "menu" and history.read(tmp_path)[0]["abandoned"] is True
    assert _saved(tmp_path)["tutorial"] is True

    settings = Settings.flat(game=GAME, players="cpu", tutorial=False, sound=False)
    save(tmp_path, settings)
    rig = SoccerRig(tmp_path, None, seed=6, idle=IDLE)
    rig.press(1, Button.CARD1)
    _to_row(rig, "tutorial")
    rig.press(1, Button.RIGHT)                    # Tuto: Oui again, from the menu
    assert _saved(tmp_path)["tutorial"] is True
    rig.press(1, Button.CENTRE)
    assert isinstance(rig.screen(1), ss.TutorialOffer)
