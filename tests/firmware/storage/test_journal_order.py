"""When the journal is written relative to the screens: a move is durable before any screen
shows its outcome (a power cut can never show a card the resumed match forgets), and the
set-up of a new match is written just after the press that starts it has been answered on
screen (nothing secret in it, and that press is not kept waiting for two fsyncs)."""
from __future__ import annotations

from typing import Any

from app_rig import Rig
from firmware.games.registry import rules
from firmware.storage import journal as mj
from firmware.chifootmi import screens as cs
from firmware.storage.settings import Settings
from hal.buttons import Button


def spy(rig: Rig, monkeypatch: Any) -> list[str]:
    """A log of screen updates (``screen 1``) and journal writes (``start``, ``append``)."""
    log: list[str] = []
    for pad in (1, 2):
        screen = rig.console.screen(pad)
        display = screen.display

        def logged(image: Any, pad: int = pad, display: Any = display) -> None:
            log.append(f"screen {pad}")
            display(image)

        monkeypatch.setattr(screen, "display", logged)
    for name in ("start", "append"):
        original = getattr(mj.Journal, name)

        def wrapped(journal: mj.Journal, *args: Any, name: str = name, original: Any = original) -> None:
            log.append(name)
            original(journal, *args)

        monkeypatch.setattr(mj.Journal, name, wrapped)
    return log


def test_the_match_start_is_on_screen_first_and_journalled_in_the_same_step(tmp_path, monkeypatch):
    rig = Rig(tmp_path, Settings.flat(players="two"), seed=3)
    rig.press(1, Button.CARD1)                                  # leave the splash
    log = spy(rig, monkeypatch)
    rig.press(1, Button.CENTRE)                                 # OK: kick-off
    assert log == ["screen 1", "screen 2", "start"]
    assert (tmp_path / mj.FILE_NAME).exists()


def test_a_move_is_durable_before_either_screen_shows_it(tmp_path, monkeypatch):
    rig = Rig(tmp_path, Settings.flat(players="two"), seed=3)
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    rig.press(1, Button.CARD1)
    rig.press(1, Button.CARD1)
    rig.press(2, Button.CARD2)
    log = spy(rig, monkeypatch)
    rig.press(2, Button.CARD2)                                  # the second lock-in: the flip
    assert isinstance(rig.screen(1), cs.FlipScreen)
    assert log == ["append", "screen 1", "screen 2"]
    assert len(mj.load(tmp_path, rules()).decisions) == 1
