"""Every game survives a power cut: a Fotboll and a Chifoumi match against the CPU, played by
buttons on the headless console, dropped mid-match and resumed from the same state directory,
carry on exactly as the uninterrupted run; their journals convert into scripts that
``pitchpad replay`` plays; each finished match leaves one results line."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import sim
from firmware.storage import history
from firmware.storage import journal as mj
from firmware.console.app import App, Idle
from firmware.chifoumi import screens as ks
from firmware.console.resume import ResumeScreen, StatsScreen
from firmware.render import Canvas
from firmware.games.registry import GAMES, game_named, rules
from firmware.storage.settings import Settings, save
from hal.buttons import Button
from hal.clock import ManualClock

from fotboll_play import intent as fotboll_intent  # noqa: E402
import chifoumi_rig

ROOT = Path(__file__).resolve().parents[3]





class Console:
    """The app on a 2-pad simulated console; time moves only when nothing is to press."""

    def __init__(self, state_dir: Path) -> None:
        self.clock = ManualClock()
        self.console = sim.open_console(2, clock=self.clock)
        self.app = App(self.console, state_dir=state_dir, seed=11,
                       idle=Idle(abandon_after=1e9, screensaver_after=1e9))
        self.app.refresh()
        self.pads = 2

    def press(self, pad: int, button: Button) -> None:
        self.console.tap(pad, button)
        for event in self.console.events.drain():
            self.app.step(event)

    def wait(self, seconds: float = 0.5) -> None:
        deadline = self.app.deadline()
        assert deadline is not None, "the match waits for nothing"
        self.clock.advance(max(0.0, deadline - self.clock.now()))
        self.app.step(None)

    def screen(self, pad: int) -> Any:
        return self.app.shown[pad][0]

    @property
    def session(self) -> Any:
        return self.app.session

    def images(self) -> list[bytes]:
        return [self.console.screen(pad).image.tobytes() for pad in (1, 2)]


def _fotboll_press(rig: Console, seed: int, n: int, presses: int) -> Button | None:
    """What the person at pad 1 presses: the Fotboll tests' player (``fotboll_play.intent``),
    drawing from (seed, decisions so far, presses since) so a resumed match presses the same."""
    return fotboll_intent(rig.screen(1), random.Random(f"{seed}/{n}/{presses}"))


def _chifoumi_act(rig: Console, seed: int, n: int, presses: int) -> Any:
    """What the person at pad 1 does now: a callable making the move, or None (wait)."""
    model = rig.screen(1)
    if isinstance(model, ks.ThrowScreen) and not model.locked:
        button = chifoumi_rig.throw_button(model, random.Random(f"{seed}/{n}/throw"))
        return lambda: rig.press(1, button)
    if isinstance(model, ks.BoardScreen) and model.mode in ("pick", "chain", "place"):
        return lambda: chifoumi_rig.play_turn(rig, 1, random.Random(f"{seed}/{n}"))
    return None


def play(rig: Console, game: str, seed: int, stop_at: int | None = None) -> None:
    """Play pad 1's seat against the CPU; stop (when ``stop_at``) as pad 1 is first asked for
    decision ``stop_at`` or later, before any press: the moment of the power cut."""
    at, presses = -1, 0
    for _ in range(20000):
        session = rig.session
        if session.match.is_over:
            return
        n = len(session.decisions)
        if n != at:
            at, presses = n, 0
        if game == "fotboll":
            button = _fotboll_press(rig, seed, n, presses)
            act = None if button is None else (lambda b=button: rig.press(1, b))
        else:
            act = _chifoumi_act(rig, seed, n, presses)
        if act is not None and stop_at is not None and n >= stop_at and presses == 0:
            return
        if act is None:
            rig.wait()
        else:
            act()
            presses += 1
    raise AssertionError("the match did not end")


SETTINGS = {
    "fotboll": Settings.flat(game="fotboll", players="cpu", difficulty="easy", sound=False),
    "chifoumi": Settings.flat(game="chifoumi", chifoumi_players=2, chifoumi_humans=1,
                         difficulty="easy", sound=False),
}


def _state(rig: Console) -> dict[str, Any]:
    session = rig.session
    return {"summary": game_named(rig.app.game.name).rules.summary(session.match),
            "decisions": [dict(j) for j in session.decisions],
            "views": {seat: json.dumps(session.match.view(seat).to_json(), sort_keys=True)
                      for seat in session.match.seats},
            "screens": [rig.screen(1), rig.screen(2)], "images": rig.images()}


def _cut_and_resume(tmp_path: Path, game: str, seed: int, cut: int) -> None:
    whole_dir, cut_dir = tmp_path / "whole", tmp_path / "cut"
    for folder in (whole_dir, cut_dir):
        folder.mkdir()
        save(folder, SETTINGS[game])

    whole = Console(whole_dir)
    whole.press(1, Button.CARD1)
    whole.press(1, Button.CENTRE)
    play(whole, game, seed, stop_at=cut)
    at_cut = _state(whole)
    play(whole, game, seed)
    final = _state(whole)

    first = Console(cut_dir)
    first.press(1, Button.CARD1)
    first.press(1, Button.CENTRE)
    play(first, game, seed, stop_at=cut)
    assert len(first.session.decisions) == len(at_cut["decisions"]) >= cut
    journal = (cut_dir / mj.FILE_NAME).read_text().splitlines()
    header = json.loads(journal[0])
    assert header["game"] == game and "turns" not in header and "console" in header
    assert len(journal) == 1 + len(at_cut["decisions"])
    del first                                   # the power goes

    second = Console(cut_dir)
    assert second.app.mode == "resume"
    assert isinstance(second.screen(1), ResumeScreen) and second.screen(2) == second.screen(1)
    assert second.screen(1) == ResumeScreen.of(at_cut["summary"], GAMES[game].title)
    second.press(1, Button.RIGHT)
    assert second.app.mode == "match" and second.app.game.name == game
    resumed = _state(second)
    assert resumed == at_cut
    play(second, game, seed)
    assert _state(second) == final
    assert not (cut_dir / mj.FILE_NAME).exists()
    results = history.read(cut_dir)
    assert len(results) == 1 and results[0]["game"] == game
    assert results[0]["winner"] == final["summary"]["winner"]
    assert results[0]["score"] == final["summary"].get("score", final["summary"].get("points"))
    StatsScreen(history.stats(cut_dir).games[game], game).draw(Canvas(), "en")


def test_a_fotboll_match_against_the_cpu_resumes_exactly_after_a_power_cut(tmp_path):
    _cut_and_resume(tmp_path, "fotboll", seed=3, cut=9)


def test_a_chifoumi_game_against_the_cpu_resumes_exactly_after_a_power_cut(tmp_path):
    _cut_and_resume(tmp_path, "chifoumi", seed=4, cut=7)


def _journal_of(tmp_path: Path, game: str, cut: int) -> Path:
    save(tmp_path, SETTINGS[game])
    rig = Console(tmp_path)
    rig.press(1, Button.CARD1)
    rig.press(1, Button.CENTRE)
    play(rig, game, 5, stop_at=cut)
    return tmp_path / mj.FILE_NAME


def _cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "firmware.cli", *args], cwd=ROOT, input=stdin,
                          capture_output=True, text=True, timeout=60)


def test_fotboll_and_chifoumi_journals_convert_into_scripts_that_pitchpad_replay_plays(tmp_path):
    for game in ("fotboll", "chifoumi"):
        folder = tmp_path / game
        folder.mkdir()
        path = _journal_of(folder, game, 6)
        converted = _cli("journal-to-script", str(path))
        assert converted.returncode == 0, converted.stderr
        doc = json.loads(converted.stdout)
        records = [json.loads(line) for line in path.read_text().splitlines()]
        assert doc["game"] == game and doc["turns"] == records[1:]
        assert doc == mj.script_from_file(path, rules())
        replayed = _cli("replay", "-", stdin=converted.stdout)
        assert replayed.returncode == 0, replayed.stderr
        summary = json.loads(replayed.stdout.splitlines()[-1])
        assert summary == mj.load(folder, rules()).summary
        assert summary["over"] is False


def test_the_stats_page_reads_every_game_s_results(tmp_path):
    for line in ({"game": "chifoumi", "score": {"white": 2.5, "black": 1}, "winner": "white",
                  "players": {"white": "human", "black": "cpu:easy"}},
                 {"game": "chifoumi", "winner": "white+black", "players": {"white": "human"}},
                 {"game": "chifoumi", "winner": None, "players": ["white"]},
                 {"game": "fotboll", "winner": ["red"], "players": {"red": "human"}}):
        with open(tmp_path / history.FILE_NAME, "a") as out:
            out.write(json.dumps(line) + "\n")
    stats = history.stats(tmp_path)
    assert stats.played == 4 and stats.vs_cpu == {"easy": (1, 0)}
    for each in stats.games.values():
        StatsScreen(each, each.game).draw(Canvas(), "fr")
