"""A Simulator Soccer match against the CPU, dropped by a power cut mid-match and resumed
from the same state directory, carries on exactly as the uninterrupted run (the same
decisions, views, screens and pixels); its journal converts into a script that ``pitchpad
replay`` plays; the finished match leaves one results line."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from soccer_console_rig import SoccerRig, soccer_settings
from soccer_play import intent

from firmware.games.registry import GAMES, game_named
from firmware.storage import history
from firmware.storage import journal as mj
from firmware.console.app import Idle
from firmware.console.resume import ResumeScreen
from firmware.storage.settings import save
from hal.buttons import Button

ROOT = Path(__file__).resolve().parents[3]
IDLE = Idle(abandon_after=1e9, screensaver_after=1e9)


def _rig(folder: Path) -> SoccerRig:
    return SoccerRig(folder, None, seed=11, idle=IDLE)


def play(rig: SoccerRig, seed: int, stop_at: int | None = None) -> None:
    """Pad 1 against the CPU, its presses drawn from (seed, decisions so far, presses since)
    so a resumed match presses the same; stop as pad 1 is first asked for decision
    ``stop_at`` or later, before any press: the moment of the power cut."""
    at, presses = -1, 0
    for _ in range(20000):
        session = rig.session
        if session.match.is_over:
            return
        n = len(session.decisions)
        if n != at:
            at, presses = n, 0
        button = intent(rig.screen(1), random.Random(f"{seed}/{n}/{presses}"))
        if button is not None and stop_at is not None and n >= stop_at and presses == 0:
            return
        if button is None:
            rig.wait_for_change(5.0)
        else:
            rig.press(1, button)
            presses += 1
    raise AssertionError("the match did not end")


def _state(rig: SoccerRig) -> dict[str, Any]:
    session = rig.session
    return {"summary": game_named("simulator-soccer").rules.summary(session.match),
            "decisions": [dict(j) for j in session.decisions],
            "views": {seat: json.dumps(session.match.view(seat).to_json(), sort_keys=True)
                      for seat in session.match.seats},
            "screens": [rig.screen(1), rig.screen(2)],
            "images": [rig.image(pad).tobytes() for pad in (1, 2)]}


def test_a_match_against_the_cpu_resumes_exactly_after_a_power_cut(tmp_path):
    settings = soccer_settings("cpu", difficulty="hard")
    whole_dir, cut_dir = tmp_path / "whole", tmp_path / "cut"
    for folder in (whole_dir, cut_dir):
        folder.mkdir()
        save(folder, settings)
    seed, cut = 3, 60

    whole = _rig(whole_dir)
    whole.start()
    play(whole, seed, stop_at=cut)
    at_cut = _state(whole)
    play(whole, seed)
    final = _state(whole)

    first = _rig(cut_dir)
    first.start()
    play(first, seed, stop_at=cut)
    assert len(first.session.decisions) == len(at_cut["decisions"]) >= cut
    del first                                     # the power goes

    second = _rig(cut_dir)
    assert second.app.mode == "resume"
    assert second.screen(1) == ResumeScreen.of(at_cut["summary"], GAMES["simulator-soccer"].title)
    second.press(1, Button.RIGHT)
    assert second.app.mode == "match" and second.app.game.name == "simulator-soccer"
    assert _state(second) == at_cut
    play(second, seed)
    assert _state(second) == final
    assert not (cut_dir / mj.FILE_NAME).exists()
    results = history.read(cut_dir)
    assert len(results) == 1 and results[0]["game"] == "simulator-soccer"
    assert results[0]["score"] == final["summary"]["score"]


def test_a_journal_converts_into_a_script_that_pitchpad_replay_plays(tmp_path):
    save(tmp_path, soccer_settings("cpu"))
    rig = _rig(tmp_path)
    rig.start()
    play(rig, 5, stop_at=40)
    path = tmp_path / mj.FILE_NAME
    converted = subprocess.run([sys.executable, "-m", "firmware.cli", "journal-to-script", str(path)],
                               cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert converted.returncode == 0, converted.stderr
    replayed = subprocess.run([sys.executable, "-m", "firmware.cli", "replay", "-"], cwd=ROOT,
                              input=converted.stdout, capture_output=True, text=True, timeout=120)
    assert replayed.returncode == 0, replayed.stderr
    summary = json.loads(replayed.stdout.splitlines()[-1])
    assert summary == game_named("simulator-soccer").rules.summary(rig.session.match)
