"""The console's power service (issue 30) on the simulated handheld: a simulated cell and gauge,
the power button, sleep and the safe power-off, in simulated time; the system's power-off is a
recording stand-in (``hal.halt.NoHalt``) or one that refuses."""
from __future__ import annotations

import pytest

import sim
from firmware.console.power_service import (
    CONFIRM_AFTER, EMPTY, GOODBYE_FOR, WARN_FOR, PowerService, Reason, Want,
)
from firmware.render import Canvas
from firmware.console.power_screens import GoodbyeScreen, PowerOffFailedScreen
from hal import ManualClock
from hal.halt import NoHalt
from hal.power import HOLD_TO_POWER_OFF

from app_rig import Refusing


def drawn(screen, language="fr"):
    canvas = Canvas()
    screen.draw(canvas, language)
    return canvas.image.tobytes()


@pytest.fixture
def rig():
    clock = ManualClock()
    console = sim.open_console(2, clock=clock, battery=True)
    halt = NoHalt()
    service = PowerService(console, halt, sleep_after=120.0)
    yield console, clock, service, halt
    console.close()


def run(service, clock, seconds, step=1.0, may_sleep=True):
    wants = set()
    end = clock.now() + seconds
    while clock.now() < end:
        clock.advance(step)
        wants |= service.tick(clock.now(), may_sleep=may_sleep)
    return wants


def test_the_charge_is_read_now_and_then_and_a_low_cell_warns_once(rig) -> None:
    console, clock, service, _ = rig
    service.tick(clock.now())
    assert service.charge is not None and service.charge.shown_percent == 100
    reads = console.battery.reads
    run(service, clock, 59, may_sleep=False)
    assert console.battery.reads == reads                        # not before a minute
    console.battery.percent = 14.0
    wants = run(service, clock, 2 + CONFIRM_AFTER, may_sleep=False)     # read, then confirmed
    assert service.warning is not None and Want.REDRAW in wants
    run(service, clock, WARN_FOR + 1, may_sleep=False)
    assert service.warning is None
    console.battery.percent = 12.0
    run(service, clock, 120, may_sleep=False)
    assert service.warnings == 1                                 # once, not every reading
    console.battery.plug(True)
    console.battery.percent = 30.0
    run(service, clock, 61, may_sleep=False)
    console.battery.plug(False)
    console.battery.percent = 15.0
    run(service, clock, 61, may_sleep=False)
    assert service.warnings == 2                                 # again after a charge


def test_at_5_percent_the_console_saves_says_goodbye_goes_dark_and_powers_off(rig) -> None:
    console, clock, service, halt = rig
    service.tick(clock.now())
    console.battery.percent = float(EMPTY)
    wants = run(service, clock, 61 + CONFIRM_AFTER, may_sleep=False)
    assert Want.SAVE in wants and service.ending is not None and service.ending.reason is Reason.EMPTY
    service.saved(kept=True)
    goodbye = drawn(GoodbyeScreen(kept=True, empty=True))
    assert all(screen.image.tobytes() == goodbye for screen in console.screens)
    assert halt.asked == 0 and all(screen.is_on for screen in console.screens)
    run(service, clock, GOODBYE_FOR + 0.5, step=0.25)
    assert halt.asked == 1
    assert not any(screen.is_on for screen in console.screens)   # display off, not a black frame
    assert console.screens[0].image.tobytes() == goodbye
    assert not any(led.lit for led in console.leds)
    assert service.pressed(clock.now())                          # presses now do nothing else


def test_a_cell_about_to_drop_powers_off_and_a_charger_keeps_it_on(rig) -> None:
    console, clock, service, _ = rig
    console.battery.percent = 4.0
    console.battery.plug(True)
    service.tick(clock.now())
    assert service.ending is None                                # charging at 4 %: stays on
    console.battery.plug(False)
    console.battery.percent = 2.0                                # the voltage alert (sim: < 3.30 V)
    run(service, clock, 61 + CONFIRM_AFTER, may_sleep=False)
    assert service.ending is not None and service.ending.reason is Reason.EMPTY


def test_the_power_button_held_powers_off_and_a_short_press_sleeps_and_wakes(rig) -> None:
    console, clock, service, halt = rig
    console.led(1).on()
    console.power_button.press()
    run(service, clock, 0.5)
    console.power_button.release()
    service.tick(clock.now())
    assert console.asleep and not console.leds[0].lit            # a short press: asleep
    console.power_button.tap()
    service.tick(clock.now())
    assert not console.asleep and console.leds[0].lit            # and awake, as it was
    console.power_button.press()
    service.tick(clock.now())                                    # the press nudged the loop
    assert service.deadline() == pytest.approx(clock.now() + HOLD_TO_POWER_OFF)
    wants = run(service, clock, HOLD_TO_POWER_OFF + 0.5, step=0.25)   # held: no release needed
    assert Want.SAVE in wants and service.ending.reason is Reason.BUTTON


def test_a_power_board_request_powers_off_at_once(rig) -> None:
    console, clock, service, _ = rig
    console.power_button.request()
    assert Want.SAVE in service.tick(clock.now())
    assert service.ending.reason is Reason.BOARD


def test_sleep_after_idle_minutes_and_any_press_wakes_without_acting(rig) -> None:
    console, clock, service, _ = rig
    console.led(2).on()
    run(service, clock, 119)
    assert not console.asleep
    run(service, clock, 2)
    assert console.asleep and not any(s.is_on for s in console.screens) and not console.leds[1].lit
    assert service.deadline() == pytest.approx(service._next_read)  # asleep: only the gauge
    assert service.pressed(clock.now())                          # swallowed: it woke the console
    assert not console.asleep and all(s.is_on for s in console.screens) and console.leds[1].lit
    assert not service.pressed(clock.now())                      # the next press plays
    run(service, clock, 300, may_sleep=False)
    assert not console.asleep                                    # not while the console says no


def test_asleep_the_gauge_is_read_every_five_minutes(rig) -> None:
    console, clock, service, _ = rig
    run(service, clock, 121)
    assert console.asleep
    reads = console.battery.reads
    run(service, clock, 600, step=5.0)
    assert console.battery.reads - reads == 2


def test_a_console_without_a_gauge_reads_nothing_and_never_warns() -> None:
    clock = ManualClock()
    with sim.open_console(2, clock=clock) as console:
        service = PowerService(console, NoHalt(), sleep_after=None)
        assert service.deadline() is None
        run(service, clock, 3600, step=60.0)
        assert service.charge is None and service.warning is None and service.ending is None


def test_a_refused_power_off_says_so_and_ok_goes_back(rig) -> None:
    console, clock, _, _ = rig
    refusing = Refusing()
    service = PowerService(console, refusing, sleep_after=None)
    service.power_off(Reason.MENU, clock.now())
    service.saved(kept=False)
    run(service, clock, GOODBYE_FOR + 0.5, step=0.25)
    assert refusing.asked == 1
    assert all(s.is_on for s in console.screens)
    assert console.screens[0].image.tobytes() == drawn(PowerOffFailedScreen())
    assert isinstance(service.screen(), PowerOffFailedScreen)
    assert service.dismiss_refusal() and service.ending is None
