"""Issue 16, point 6: no crash loop at boot. Failed starts are counted; the restarts slow down;
from the third failure in a row the console starts in safe mode, showing the error on the
pads (and in ``pitchpad doctor``) instead of blank screens; a start that holds clears it.

``pitchpad run`` runs in-process with its real config loader; the hardware is the headless
simulator console (no Pi here), handed in where ``run`` opens the console.
"""
from __future__ import annotations

import argparse
from pathlib import Path

import pytest

import sim
from firmware.commands import run as run_cmd
from firmware.console import safe_mode
from firmware.console.power_screens import GoodbyeScreen
from firmware.commands.doctor import Doctor
from firmware.render import Canvas
from hal.buttons import Button

ROOT = Path(__file__).resolve().parents[3]
CONFIG = ROOT / "deploy" / "config" / "handheld.toml"


def args(state: Path, config: Path = CONFIG) -> argparse.Namespace:
    return argparse.Namespace(config=str(config), state_dir=str(state), club=None)


@pytest.fixture
def consoles(monkeypatch):
    """Each console ``run`` opens: a headless simulated one, kept for the test to look at."""
    opened = []

    def open_console(config):
        console = sim.open_console(len(config.pads))
        opened.append(console)
        return console, ""
    monkeypatch.setattr(run_cmd, "_open_console", open_console)
    return opened


def test_a_config_the_loader_refuses_is_one_line_and_counted(tmp_path, capsys):
    bad = tmp_path / "hardware.toml"
    bad.write_text('profile = "handheld"\ndebounce_ms = 900\n')
    for count in (1, 2):
        assert run_cmd.run(args(tmp_path, bad)) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "debounce_ms" in err and "Traceback" not in err
        assert safe_mode.read(tmp_path).count == count


def test_a_crash_at_every_start_ends_in_safe_mode_showing_the_error_on_the_pads(
        tmp_path, monkeypatch, consoles, capsys):
    from firmware.console import app

    def crash(self, *a, **k):
        raise RuntimeError("settings exploded")
    monkeypatch.setattr(app.App, "__init__", crash)
    for _ in range(safe_mode.SAFE_AFTER):
        assert run_cmd.run(args(tmp_path)) == 1
    assert "Traceback" not in capsys.readouterr().err
    assert safe_mode.in_safe_mode(safe_mode.read(tmp_path))

    monkeypatch.setattr(safe_mode, "RETRY_AFTER", 0.2)
    assert run_cmd.run(args(tmp_path)) == 1               # safe mode: the pads show why
    console = consoles[-1]
    expected = Canvas()
    safe_mode.SafeModeScreen(safe_mode.read(tmp_path).error).draw(expected, "fr")
    for pad in (1, 2):
        assert console.screen(pad).image.tobytes() == expected.image.tobytes()
    assert "settings exploded" in " ".join(safe_mode.SafeModeScreen(
        safe_mode.read(tmp_path).error).lines())
    # leaving safe mode gives one normal start: it fails again, so safe mode comes back at once
    assert not safe_mode.in_safe_mode(safe_mode.read(tmp_path))
    assert run_cmd.run(args(tmp_path)) == 1
    assert safe_mode.in_safe_mode(safe_mode.read(tmp_path))


def test_ok_on_any_pad_leaves_safe_mode_for_a_new_try(tmp_path, consoles, monkeypatch):
    for _ in range(safe_mode.SAFE_AFTER):
        safe_mode.failed(tmp_path, "boom")
    monkeypatch.setattr(run_cmd, "_open_console", lambda config: (pressed(), ""))
    assert run_cmd.run(args(tmp_path)) == 1
    assert safe_mode.read(tmp_path).count == safe_mode.SAFE_AFTER - 1


def pressed():
    console = sim.open_console(2)
    console.tap(2, Button.CENTRE)
    return console


def test_doctor_names_the_failed_starts_and_the_error(tmp_path):
    for _ in range(safe_mode.SAFE_AFTER):
        safe_mode.failed(tmp_path, "the console stopped: KeyError: 'cpus'")
    lines = [str(f) for f in Doctor(str(CONFIG), str(tmp_path), dev=tmp_path).check()]
    assert any(line.startswith("FAIL") and "3 time(s)" in line and "safe mode" in line
               and "KeyError: 'cpus'" in line for line in lines)


def test_a_start_that_holds_a_minute_clears_the_count(tmp_path):
    safe_mode.failed(tmp_path, "boom")
    now = [0.0]

    class Quiet:
        poll = None

        def ping(self):
            pass
    watchdog = safe_mode.HealthyStart(Quiet(), tmp_path, clock=lambda: now[0])
    watchdog.ping()
    assert safe_mode.read(tmp_path).count == 1
    now[0] = safe_mode.HEALTHY_AFTER
    watchdog.ping()
    assert safe_mode.read(tmp_path).count == 0


def test_restarts_slow_down():
    waits = [safe_mode.backoff(n) for n in range(1, 9)]
    assert waits == sorted(waits) and waits[0] >= 2 and waits[-1] == safe_mode.MAX_BACKOFF


def test_sigterm_ends_the_console_as_a_power_cut_would_and_switches_the_panels_off(
        tmp_path, consoles, monkeypatch) -> None:
    """systemd stops the service with SIGTERM (issue 30: a shutdown from elsewhere): a match on
    is kept for the next start, the console closes (the panels off) and run exits 0."""
    import os
    import signal
    import threading
    import time

    from firmware.storage import journal

    def open_console(config):
        console = sim.open_console(len(config.pads))
        # OK in the menu once the splash is gone: a match starts
        threading.Timer(1.5, console.tap, (1, Button.CENTRE)).start()
        opened.append(console)
        return console, ""
    opened = consoles
    monkeypatch.setattr(run_cmd, "_open_console", open_console)

    def kill_once_the_match_is_on() -> None:
        """SIGTERM once the match's journal is written; on a loaded machine the first OK may
        only have left the splash: OK again every 2 s until the match is on."""
        for tick in range(1, 300):
            if (tmp_path / journal.FILE_NAME).exists():
                break
            if tick % 20 == 0:
                opened[-1].tap(1, Button.CENTRE)
            time.sleep(0.1)
        os.kill(os.getpid(), signal.SIGTERM)
    killer = threading.Timer(1.5, kill_once_the_match_is_on)
    killer.start()
    try:
        assert run_cmd.run(args(tmp_path)) == 0
    finally:
        killer.cancel()
    console = opened[-1]
    assert console.closed and not any(screen.is_on for screen in console.screens)
    assert (tmp_path / journal.FILE_NAME).exists()       # offered for resume at the next start
    goodbye = Canvas()
    GoodbyeScreen(kept=True).draw(goodbye, "fr")
    assert all(screen.image.tobytes() == goodbye.image.tobytes() for screen in console.screens)
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
