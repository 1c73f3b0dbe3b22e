"""The handheld's power parts in the simulator (issue 30): a simulated cell and gauge that a key
drains and a charger key charges, and the power button as a key, headless, in the terminal and
in the window (pygame's dummy video driver)."""
from __future__ import annotations

import time

import pytest

import sim
from hal import ManualClock
from hal.gauge import NoGauge
from hal.power import BUTTON, HOLD_TO_POWER_OFF, REQUEST
from sim.battery import CHARGER_KEY, DRAIN_KEY, POWER_HOLD_KEY, POWER_KEY
from .test_sim_terminal import SizedTerminal


def test_a_headless_console_has_a_cell_only_when_asked_and_always_a_power_button() -> None:
    with sim.open_console(2) as plain:
        assert isinstance(plain.gauge, NoGauge) and plain.battery is None
        assert plain.power.has_button
    with sim.open_console(2, battery=True, clock=ManualClock()) as console:
        charge = console.gauge.read()
        assert charge is not None and charge.shown_percent == 100 and not charge.charging
        assert console.battery is not None
        for _ in range(19):
            console.battery.drain()
        charge = console.gauge.read()
        assert charge is not None and charge.shown_percent == 5 and not charge.about_to_drop
        console.battery.drain(3)
        charge = console.gauge.read()
        assert charge is not None and charge.about_to_drop          # 2 %: the voltage alert
        console.battery.plug(True)
        charge = console.gauge.read()
        assert charge is not None and charge.charging and not charge.about_to_drop


def test_the_power_button_is_pressed_held_and_a_board_request_raised() -> None:
    clock = ManualClock()
    with sim.open_console(2, clock=clock) as console:
        console.power_button.tap()
        assert [(c.what, c.active) for c in console.power.take()] == [(BUTTON, True), (BUTTON, False)]
        assert console.events.get(timeout=0) is None                 # the loop was nudged
        console.power_button.hold()
        assert console.power.active(BUTTON)
        clock.advance(HOLD_TO_POWER_OFF + 0.6)
        changes = console.power.take()
        assert [(c.what, c.active) for c in changes] == [(BUTTON, True), (BUTTON, False)]
        assert changes[1].at - changes[0].at > HOLD_TO_POWER_OFF
        console.power_button.request()
        assert [(c.what, c.active) for c in console.power.take()] == [(REQUEST, True)]


def test_the_terminal_drains_charges_and_presses_the_power_button_from_keys() -> None:
    term = SizedTerminal(280, 80)
    term_console = sim.open_console(2, backend="terminal", term=term, read_keys=False, battery=True,
                                    clock=ManualClock())
    try:
        assert term_console.key(DRAIN_KEY) and term_console.key(DRAIN_KEY.upper())
        assert term_console.gauge.read().shown_percent == 90
        assert "battery 90 %" in term.stream.getvalue()
        term_console.key(CHARGER_KEY)
        assert term_console.gauge.read().charging and "battery 90 % charging" in term.stream.getvalue()
        term_console.key(POWER_KEY)
        assert [(c.what, c.active) for c in term_console.power.take()] == [(BUTTON, True), (BUTTON, False)]
        term_console.key(POWER_HOLD_KEY)
        assert term_console.power.active(BUTTON)
        assert "t press, y hold" in term.stream.getvalue()
    finally:
        term_console.close()


def test_the_window_holds_the_power_button_as_long_as_its_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    console = sim.open_console(2, backend="window", scale=1, battery=True)
    try:
        import pygame

        def post(name: str, down: bool) -> None:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP,
                                                 key=pygame.key.key_code(name)))

        post(POWER_KEY, True)
        deadline = time.monotonic() + 10
        while not console.power.active(BUTTON) and time.monotonic() < deadline:
            time.sleep(0.01)
        assert console.power.active(BUTTON)
        post(POWER_KEY, False)
        post(DRAIN_KEY, True)
        deadline = time.monotonic() + 10
        while console.battery.percent == 100 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert console.battery.percent == 95 and not console.power.active(BUTTON)
    finally:
        console.close()


def test_the_terminals_keys_warn_and_power_off_through_the_app(tmp_path) -> None:
    """End to end in ``pitchpad sim``'s terminal: the drain key takes the cell to 15 % (the
    warning over the menu), the hold key holds the power button (goodbye, dark, the app ends)."""
    from firmware.console.app import App, Idle
    from firmware.console.power_screens import GoodbyeScreen, LowBanner
    from firmware.console.power_service import CONFIRM_AFTER, PowerService
    from hal.halt import NoHalt

    clock = ManualClock()
    term = SizedTerminal(280, 80)
    console = sim.open_console(2, backend="terminal", term=term, read_keys=False, battery=True, clock=clock)
    try:
        halt = NoHalt()
        app = App(console, state_dir=tmp_path, idle=Idle(screensaver_after=1e9), power=PowerService(console, halt))
        app.step(None)
        for _ in range(17):
            console.key(DRAIN_KEY)
        clock.advance(61)
        app.step(None)
        clock.advance(CONFIRM_AFTER)              # the reading that confirms it
        app.step(None)
        assert app.display.over[1] == LowBanner(15) and "battery 15 %" in term.stream.getvalue()
        console.key(POWER_HOLD_KEY)
        app.run_simulated(clock)                  # to the hold's 2 s, the goodbye, the dark
        assert app.done and halt.asked == 1
        assert app.screen_for(1) == GoodbyeScreen()
        assert not any(screen.is_on for screen in console.screens)
    finally:
        console.close()
