"""The name at power-on is seen (issue 32.7): its time counts from when it is first drawn, so
a slow start does not skip it (a blank screen, then the menu)."""
from __future__ import annotations

import sim
from firmware.console.app import App
from firmware.console.menu import MenuScreen
from firmware.console.modes import SplashScreen
from hal.clock import ManualClock


def test_a_slow_start_still_shows_the_name_for_its_whole_time(tmp_path):
    clock = ManualClock()
    app = App(sim.open_console(2, clock=clock), state_dir=tmp_path)
    clock.advance(2.0)                          # the history read, the screens set up: slow
    app.step(None)
    assert isinstance(app.shown[1][0], SplashScreen)
    clock.advance(app.idle.splash - 0.01)
    app.step(None)
    assert isinstance(app.shown[1][0], SplashScreen)
    deadline = app.deadline()
    assert deadline is not None
    clock.advance(deadline - clock.now())
    app.step(None)
    assert isinstance(app.shown[1][0], MenuScreen)
