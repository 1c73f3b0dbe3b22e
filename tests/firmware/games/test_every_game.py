"""Every registered game through every surface a game gets without a line of its own (issue 41):
``pitchpad match`` (its named bots and a stdio seat), ``pitchpad replay`` and its ``--view``,
a match on the console cut by a power cut then resumed and played to its result
(``journal-to-script`` of the cut journal replaying to the same point; the results history and
the Stats page), kids' mode, and the club's league page. The other shared checks that play
every registered game: the protocol (``tests/engine/test_conformance.py``), results a league
accepts (``tests/engine/test_results.py``), journals the menu can start
(``tests/firmware/storage/test_journal_fit.py``), a headless ``pitchpad sim`` and the menu
(``tests/firmware/console/test_menu_family_cafe.py``), spare pads
(``test_console_spectator.py``), the café demo (``test_demo_screens_address_nobody.py``),
text that fits (``test_text_fits.py``), leaving a match (``test_console_leave.py``).

Each case is named after its game and knows nothing of it but its spec: a game added to the
registry is played here too (``tests/firmware/games/test_a_short_game.py`` runs these with a
test-only game published). The console is played by :mod:`any_game`'s people.
"""
from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

import pytest

import any_game
from app_rig import Rig
from club_rig import wait_until
from journal_rig import write_journal
from engine.scripting import joint_to_json
from firmware.club.publisher import Publisher
from firmware.club.unit import ClubLink
from firmware.commands import replay
from firmware.console.kids import KidsRevealScreen, picture_for
from firmware.console.resume import StatsScreen
from firmware.games.registry import GAMES, rules
from firmware.games.session import Step
from firmware.games.spec import HeadlineNames
from firmware.render import Canvas
from firmware.storage import history
from firmware.storage import journal as mj
from firmware.storage.settings import save

ROOT = Path(__file__).resolve().parents[3]
NAMES = list(GAMES)


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "firmware.cli", *args], cwd=ROOT, input=stdin,
                          stdin=None if stdin is not None else subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=300)


def replayed(doc: dict[str, Any], view: str | None = None) -> list[dict[str, Any]]:
    """``pitchpad replay``'s lines for the script ``doc``."""
    out = io.StringIO()
    replay.replay(json.dumps(doc), view, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


# ----- the commands ------------------------------------------------------------------------
@pytest.mark.parametrize("name", NAMES)
def test_pitchpad_match_seats_the_game_s_bots_and_a_stdio_seat_that_sees_its_view_only(name):
    spec = GAMES[name]
    seats, bot = any_game.match_seats(spec), next(iter(spec.cpu.named))
    flags = [f"--{seats[0]}", "stdio", *(arg for seat in seats[1:] for arg in (f"--{seat}", f"bot:{bot}"))]
    proc = subprocess.Popen([sys.executable, "-m", "firmware.cli", "match", "--game", name, *flags,
                             "--seed", "5", "--matches", "2", "--swap"], cwd=ROOT, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    rng, lines = random.Random(name), []
    for text in proc.stdout:
        line = json.loads(text)
        lines.append(line)
        if "legal" in line:
            assert line["view"]["seat"] == line["seat"] and "seed" not in json.dumps(line["view"])
            proc.stdin.write(json.dumps(rng.choice(line["legal"])) + "\n")
            proc.stdin.flush()
    proc.stdin.close()
    assert proc.wait(timeout=300) == 0, proc.stderr.read() if proc.stderr else ""
    results = [line["result"] for line in lines if "result" in line]
    assert len(results) == 2 and all(r["over"] and "forfeit" not in r for r in results)
    asked = {line["match"]: line["seat"] for line in lines if "legal" in line}
    assert set(asked) == {0, 1} and asked[0] == seats[0] != asked[1]        # --swap moves the seat
    assert lines[-1]["done"]


@pytest.mark.parametrize("name", NAMES)
def test_pitchpad_replay_plays_a_match_script_to_its_summary_and_a_seat_s_view(name):
    game = GAMES[name].rules
    doc = {"game": name, "seed": 8, **GAMES[name].options().setup()}
    match, rng, turns, events = game.parse_script(doc).start(), random.Random(8), [], []
    events += [event.to_json() for event in match.opening_events()]
    while match.to_act():
        joint = {seat: rng.choice(list(match.legal_choices(seat))) for seat in match.to_act()}
        turns.append(joint_to_json(joint))
        events += [event.to_json() for event in match.apply(joint)]
    lines = replayed({**doc, "turns": turns})
    assert lines == [*events, json.loads(json.dumps(game.summary(match)))]
    for seat in match.seats:
        assert replayed({**doc, "turns": turns}, seat)[-1] == json.loads(json.dumps(match.view(seat).to_json()))


# ----- the console -------------------------------------------------------------------------
def folded(folder: Path) -> dict[str, Any]:
    """The summary of the match the journal in ``folder`` holds (its decisions folded)."""
    return replayed(mj.script_from_file(folder / mj.FILE_NAME, rules()))[-1]


@pytest.mark.parametrize("name", NAMES)
def test_a_match_resumes_after_a_power_cut_and_ends_in_the_results_and_stats(name, tmp_path):
    spec = GAMES[name]
    save(tmp_path, any_game.settings(spec))
    write_journal(tmp_path, spec, decisions=3)                  # what the power cut left
    at_cut = folded(tmp_path)
    converted = cli("journal-to-script", str(tmp_path / mj.FILE_NAME))
    assert converted.returncode == 0, converted.stderr
    assert replayed(json.loads(converted.stdout))[-1] == at_cut
    rig = Rig(tmp_path)
    assert rig.app.mode == "resume"
    rig.press(1, any_game.Button.RIGHT)
    assert rig.app.mode == "match" and rig.app.game.name == name
    assert json.loads(json.dumps(spec.summary(rig.app.session.match))) == at_cut
    session = rig.app.session
    any_game.play_to_the_end(rig, (1, 2), random.Random(name))
    final = json.loads(json.dumps(spec.summary(session.match)))
    [result] = history.read(tmp_path)
    assert result["game"] == name and not result.get("abandoned")
    assert result["score"] == (final.get("score") or final.get("points")) and result["winner"] == final["winner"]
    stats = history.stats(tmp_path)
    assert stats.played == 1
    StatsScreen(stats.games[name], name).draw(Canvas(), "en")


@pytest.mark.parametrize("name", NAMES)
def test_kids_mode_tells_each_move_big_from_the_pad_s_side(name, tmp_path):
    spec = GAMES[name]
    rig = Rig(tmp_path, any_game.settings(spec, kids=True), seed=6)
    rig.start()
    told: list[str] = []

    def look() -> None:
        session = rig.app.session
        if rig.app.mode != "match" or session.step is not Step.REVEAL:
            return
        seat = rig.app.seat_at(1)
        view, events = session.view(seat), tuple(session.events)
        names = HeadlineNames(session.opponent_key(seat), dict(session.people))
        words = spec.headline(view, events, "fr", names) if spec.headline else None
        shown = rig.screen(1)
        if words is None:
            assert not isinstance(shown, KidsRevealScreen)
            return
        cards = spec.kids_cards(view, events, "fr") if spec.kids_cards else None
        assert shown == KidsRevealScreen(words, picture_for(events, spec.kids_picture), cards)
        told.append(words)

    any_game.play_to_the_end(rig, (1,), random.Random(name), each=look)
    assert told or spec.headline is None, "no move was told big"


@pytest.mark.parametrize("name", NAMES)
def test_a_result_reaches_the_league_page_under_the_game_s_title(name, mosquitto, league, tmp_path):
    spec = GAMES[name]
    config = mosquitto.unit("table1")
    link = ClubLink(config, tmp_path / "unit", Publisher(config, tmp_path / "unit"))
    link.start()
    try:
        save(tmp_path / "unit", any_game.settings(spec))
        rig = Rig(tmp_path / "unit", club=link, seed=7)
        rig.start()
        any_game.play_to_the_end(rig, (1,), random.Random(name))
        assert wait_until(lambda: league.count() == 1)
    finally:
        link.stop()
    [result] = league.league.recent()
    assert result["game"] == name
    with urllib.request.urlopen(league.url + "api/state", timeout=10) as answer:
        state = json.load(answer)
    assert state["games"][name] == spec.title and state["recent"][0]["game"] == name
    with urllib.request.urlopen(league.url + "results?game=" + name, timeout=10) as answer:
        page = answer.read().decode()
    assert f"<td>{spec.title}</td>" in page and "1 results" in page
