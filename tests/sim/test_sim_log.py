"""``sim.log.logging_to``: while a simulator runs, the log goes to a file in the state directory
and its last line to the console's status line; afterwards logging is as it was."""
from __future__ import annotations

import logging
import warnings
from pathlib import Path

import sim
from firmware.console.power_service import PowerService
from hal.clock import ManualClock
from hal.halt import NoHalt
from sim.log import LOG_FILE, logging_to


def test_the_log_goes_to_the_state_directory_and_the_status_line_then_back(tmp_path: Path) -> None:
    root = logging.getLogger()
    before = (list(root.handlers), root.level)
    with sim.open_console(2) as console, logging_to(console, tmp_path / "state") as path:
        assert path == tmp_path / "state" / LOG_FILE
        logging.getLogger("pitchpad.power").info("asleep after 300 s without a press")
        assert console.log_line == f"Info: asleep after 300 s without a press  (all in {path})"
        logging.getLogger("pitchpad.club").error("club: refused\nsecond line")
        warnings.warn("an old call", DeprecationWarning, stacklevel=1)
        assert console.log_line.startswith("Warning: ") and "an old call" in console.log_line
    kept = path.read_text()
    assert "INFO pitchpad.power: asleep after 300 s" in kept and "ERROR pitchpad.club: club: refused" in kept
    assert "an old call" in kept
    assert (list(root.handlers), root.level) == before


def test_a_state_directory_that_cannot_be_written_is_said_in_the_status_line(tmp_path: Path) -> None:
    (tmp_path / "state").write_text("a file, not a folder")
    with sim.open_console(1) as console, logging_to(console, tmp_path / "state") as path:
        assert path is None
        logging.getLogger("pitchpad.power").warning("powering off: the menu's power-off line")
        assert console.log_line.startswith("Warning: powering off: the menu's power-off line  (no log file: ")


def test_the_status_line_says_awake_once_a_press_wakes_the_console(tmp_path: Path) -> None:
    """The simulator's status line shows the last log line: "asleep after 120 s" stayed there
    after a press had woken the console (issue 40). The power button's sleep said nothing."""
    clock = ManualClock()
    with sim.open_console(2, clock=clock) as console, logging_to(console, tmp_path) as path:
        service = PowerService(console, NoHalt(), sleep_after=120.0)
        clock.advance(121)
        service.tick(clock.now())
        assert console.asleep and console.log_line.startswith("Info: asleep after 121 s")
        clock.advance(5)
        assert service.pressed(clock.now())                  # the press only wakes it
        assert not console.asleep
        assert console.log_line == f"Info: awake: a press  (all in {path})"
        console.power_button.tap()                           # a short press: sleep
        service.tick(clock.now())
        assert console.asleep and console.log_line.startswith("Info: asleep: the power button")
        console.power_button.tap()                           # and wake
        service.tick(clock.now())
        assert not console.asleep and console.log_line.startswith("Info: awake: the power button")
