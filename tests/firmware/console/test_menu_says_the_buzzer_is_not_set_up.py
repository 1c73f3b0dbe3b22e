"""A café unit whose boot config lost its PWM line (issue 39): the console plays on, silent,
and its menu says the buzzer is not set up, under the sound line, in either language."""
from __future__ import annotations

from pathlib import Path

import sim
from firmware.console.app import App
from firmware.console.menu import VISIBLE_ROWS, MenuScreen
from firmware.storage.settings import Settings, save
from hal.buttons import Button
from hal.buzzer import SilentBuzzer
from hal.clock import ManualClock

TROUBLE = ("buzzer on GPIO12: no PWM chip in /sys/class/pwm: add dtoverlay=pwm,pin=12,func=4 to the "
           "boot config (/boot/firmware/config.txt) and reboot")


def menu_lines(state_dir: Path, silent: bool, language: str = "en") -> list[tuple[str, str]]:
    save(state_dir, Settings(language=language))
    clock = ManualClock()
    console = sim.open_console(2, clock=clock)
    if silent:
        console.buzzer = SilentBuzzer(TROUBLE)
    app = App(console, state_dir=state_dir)
    app.refresh()
    while not isinstance(app.shown[1][0], MenuScreen):  # the splash, until it gives way
        deadline = app.deadline()
        assert deadline is not None
        clock.advance(max(0.0, deadline - clock.now()))
        app.step(None)
    seen: list[tuple[str, str]] = []
    for _ in range(12):                                 # down the whole menu, as a person reads it
        screen = app.shown[1][0]
        assert isinstance(screen, MenuScreen)
        seen += [line for line in screen.lines[screen.top:screen.top + VISIBLE_ROWS] if line not in seen]
        console.tap(1, Button.CARD2)
        for event in console.events.drain():
            app.step(event)
    return seen


def test_a_silent_buzzer_is_a_menu_line_under_sound_and_nothing_else_changes(tmp_path: Path) -> None:
    plain = menu_lines(tmp_path / "plain", silent=False)
    silent = menu_lines(tmp_path / "silent", silent=True)
    sound = [label for label, _ in silent].index("Sound")
    assert silent[sound + 1] == ("Buzzer", "not set up")
    assert silent[:sound + 1] + silent[sound + 2:] == plain
    french = menu_lines(tmp_path / "fr", silent=True, language="fr")
    assert ("Buzzer", "non réglé") in french
