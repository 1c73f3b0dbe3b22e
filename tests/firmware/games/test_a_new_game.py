"""A sixth game added through the recipe alone (issue 28): Spot Kicks (``tests/games/spotkicks``),
published only by a ``pitchpad.games`` entry point in a package's metadata put on the path
(as an installed plugin would be), is played through everything the four games are: ``pitchpad
match`` (bots, a stdio seat), ``pitchpad replay`` of the script its result gives, a headless
``pitchpad sim``, the console with a power cut and a resume, spare pads as spectators, and the
club's league page; and no product file names it."""
from __future__ import annotations

import json
import logging
import os
import random
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from dataclasses import replace
from typing import Any

import xml.etree.ElementTree as ElementTree

import pytest
from PIL import Image

import sim
from club_rig import wait_until
from plugin_rig import lines_naming, published, shared_tests
from firmware.club.publisher import Publisher
from firmware.club.unit import ClubLink
from firmware.console.app import App, Idle
from firmware.console.kids import KidsRevealScreen, Picture, picture_for
from firmware.console.menu import rows as menu_rows
from firmware.console.resume import ResumeScreen, StatsScreen
from firmware.console.spectator import SpectatorScreen
from firmware.games import registry
from firmware.games.registry import GAMES
from firmware.games.session import Step
from firmware.render import Canvas
from firmware.storage import history
from firmware.storage import journal as mj
from firmware.storage.settings import Settings, save
from hal.buttons import Button
from hal.clock import ManualClock
from tests.engine import test_conformance as conformance
from tests.games.spotkicks import screens as sk
from tests.games.spotkicks.rules import GAME, SIDES, Config, ShootoutKick, SpotMatch

ROOT = Path(__file__).resolve().parents[3]
NAME = "spot-kicks"


@pytest.fixture
def plugin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Spot Kicks on the path for this process (the registry read again) and for subprocesses
    (the environment returned); taken off again afterwards, so no other test sees a sixth game."""
    with published(tmp_path_factory.mktemp("plugin"), NAME) as environment:
        yield environment


def cli(env: dict[str, str], *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "firmware.cli", *args], cwd=ROOT, env=env, input=stdin,
                          stdin=None if stdin is not None else subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=120)


# ----- the registry ------------------------------------------------------------------------
def test_the_entry_point_alone_registers_the_game_in_menu_order_and_only_while_on_the_path(plugin):
    assert NAME in GAMES and GAMES[NAME].title == "Spot Kicks"
    orders = [spec.menu_order for spec in GAMES.values()]
    assert orders == sorted(orders)                     # in its place by its menu_order
    assert GAMES[NAME].rules is GAME
    assert menu_rows(Settings(game=NAME))[0].values == tuple(GAMES)
    registry.reload()                                   # read again: still found, still once
    assert list(GAMES).count(NAME) == 1


def test_without_the_entry_point_the_game_is_unknown():
    assert NAME not in GAMES
    with pytest.raises(registry.UnknownGame):
        registry.game_named(NAME)


@pytest.mark.parametrize("config", GAME.example_configs, ids=lambda c: f"kicks{c.kicks}")
def test_sk_kick_1_the_conformance_checks_play_the_game_through_the_protocol(config):
    conformance.test_every_registered_game_honours_the_protocol(GAME, config, 1)


def kicks(*record: tuple[str, str]) -> Any:
    """A 5-kick match red starts, after ``record``: (aim, dive) pairs, kickers alternating."""
    match = SpotMatch(Config(5), "red")
    for aim, dive in record:
        kicker = match.kicker()
        match.apply({kicker: GAME.choice_from_json({"kick": aim}),
                     ("blue" if kicker == "red" else "red"): GAME.choice_from_json({"dive": dive})})
    return match


def test_sk_end_1_the_match_ends_when_one_side_cannot_be_caught():
    goal, save = ("left", "right"), ("left", "left")
    assert not kicks(goal, save, goal, save, goal).is_over       # 3-0, blue has 3 kicks left
    match = kicks(goal, save, goal, save, goal, save)            # 3-0, blue has 2 left
    assert match.is_over and match.winner == "red" and match.to_act() == ()


def test_sk_end_2_level_after_five_each_is_sudden_death_a_pair_at_a_time():
    level = [("left", "right")] * 10                             # 5-5
    assert not kicks(*level).is_over
    assert not kicks(*level, ("left", "middle")).is_over         # red scores: blue kicks too
    match = kicks(*level, ("left", "middle"), ("right", "right"))
    assert match.is_over and match.winner == "red" and match.score() == {"red": 6, "blue": 5}


def test_sk_toss_1_the_seed_decides_who_kicks_first_and_nothing_else():
    firsts = {GAME.new_match(Config(5), seed).first for seed in range(40)}
    assert firsts == {"red", "blue"}
    assert GAME.new_match(Config(3), 7) == GAME.new_match(Config(3), 7)


# ----- the commands ------------------------------------------------------------------------
def test_pitchpad_match_plays_bots_alike_from_the_same_secret(plugin):
    args = ("match", "--game", NAME, "--kicks", "3", "--red", "bot:random", "--blue", "bot:simple",
            "--matches", "4", "--swap", "--seed", "9")
    first, again = cli(plugin, *args), cli(plugin, *args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    lines = [json.loads(line) for line in first.stdout.splitlines()]
    assert [line["match"] for line in lines[:-1]] == [0, 1, 2, 3] and lines[-1]["done"]
    assert all(line["result"]["over"] for line in lines[:-1])
    refused = cli(plugin, "match", "--game", NAME, "--kicks", "4", "--red", "bot:random", "--blue", "stdio")
    assert refused.returncode == 2 and "--kicks" in refused.stderr


def script_of(result: dict[str, Any], seed: int, kicks_each: int) -> dict[str, Any]:
    """The match script a result line gives: its deal seed and every kick as a turn."""
    turns = [{kicker: {"kick": aim}, ("blue" if kicker == "red" else "red"): {"dive": dive}}
             for kicker, aim, dive in result["kicks"]]
    return {"game": NAME, "kicks": kicks_each, "seed": seed, "turns": turns}


def test_sk_view_1_a_stdio_seat_plays_and_the_script_of_its_result_replays_the_same(plugin, tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "firmware.cli", "match", "--game", NAME, "--kicks", "5",
                             "--red", "stdio", "--blue", "bot:simple", "--seed", "21", "--matches", "2"],
                            cwd=ROOT, env=plugin, text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    rng, lines, played = random.Random(5), [], 0
    assert proc.stdin is not None and proc.stdout is not None
    while True:
        line = json.loads(proc.stdout.readline())
        lines.append(line)
        if line.get("done"):
            break
        if "result" in line:
            played = 0
            continue
        assert line["seat"] == "red" and len(line["view"]["record"]) == played   # no pick of this kick
        assert line["view"]["kicker"] in ("red", "blue") and len(line["legal"]) == 3
        proc.stdin.write(json.dumps(rng.choice(line["legal"])) + "\n")
        proc.stdin.flush()
        played += 1
    assert proc.wait(timeout=60) == 0, proc.stderr.read() if proc.stderr else ""
    results = [line for line in lines if "result" in line]
    assert len(results) == 2 and all("forfeit" not in r["result"] for r in results)
    for index, result in enumerate(results):
        path = tmp_path / f"match{index}.json"
        path.write_text(json.dumps(script_of(result["result"], result["seed"], 5)))
        replayed = cli(plugin, "replay", str(path))
        assert replayed.returncode == 0, replayed.stderr
        out = [json.loads(line) for line in replayed.stdout.splitlines()]
        assert out[0] == {"event": "toss", "first": result["result"]["first"]}
        assert out[-1] == result["result"]
        assert sum(line["event"] == "shootout_kick" for line in out[:-1]) == len(result["result"]["kicks"])
    view = cli(plugin, "replay", "--view", "blue", str(tmp_path / "match0.json"))
    assert json.loads(view.stdout.splitlines()[-1])["seat"] == "blue"


def test_a_headless_pitchpad_sim_plays_a_cpu_match_and_saves_its_screens(plugin, tmp_path):
    frames = tmp_path / "frames"
    done = cli(plugin, "sim", "--game", NAME, "--kicks", "3", "--seed", "4", "--language", "en",
               "--frames", str(frames))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Spot Kicks (") and "Kicks 3" in lines[0] and "seed 4" in lines[0]
    assert "Players" not in lines[0], "who plays (Row.sets_match False) is not an option of the match"
    assert lines[1].startswith("Toss: ") and " kicks first" in lines[1]
    kicks_told = [line for line in lines if " dives " in line]
    assert kicks_told and all(line.endswith(")") for line in kicks_told)
    assert any(line.startswith("Score: red ") for line in lines)
    saved = sorted(frames.glob("*.png"))
    assert len(saved) > 2 * len(kicks_told)
    with Image.open(saved[len(saved) // 2]) as image:
        assert image.size == (128, 64) and image.getbbox() is not None


# ----- the console -------------------------------------------------------------------------
class Console:
    """The app on a simulated console; time moves only when nobody is to press."""

    def __init__(self, state_dir: Path, pads: int = 2, club: Any = None) -> None:
        self.clock = ManualClock()
        self.console = sim.open_console(pads, clock=self.clock)
        self.app = App(self.console, state_dir=state_dir, seed=11, club=club,
                       idle=Idle(abandon_after=1e9, screensaver_after=1e9))
        self.app.refresh()

    def press(self, pad: int, button: Button) -> None:
        self.console.tap(pad, button)
        for event in self.console.events.drain():
            self.app.step(event)

    def wait(self) -> None:
        deadline = self.app.deadline()
        assert deadline is not None, "the console waits for nothing"
        self.clock.advance(max(0.0, deadline - self.clock.now()))
        self.app.step(None)

    def screen(self, pad: int) -> Any:
        return self.app.shown[pad][0]

    def start(self) -> None:
        self.press(1, Button.CARD1)
        self.press(1, Button.CENTRE)
        assert self.app.mode == "match" and self.app.game.name == NAME

    def state(self) -> dict[str, Any]:
        session = self.app.session
        return {"summary": GAME.summary(session.match), "decisions": [dict(j) for j in session.decisions],
                "screens": [self.screen(1), self.screen(2)],
                "images": [self.console.screen(pad).image.tobytes() for pad in (1, 2)]}


BUTTONS = dict(zip(SIDES, (Button.LEFT, Button.CENTRE, Button.RIGHT)))


def play(rig: Console, seed: int, pads: tuple[int, ...] = (1,), stop_at: int | None = None) -> None:
    """Each person picks a side (from the seed and the kick) and presses it twice; the CPU
    answers. Stops, before any press, once kick ``stop_at`` is asked for (the power cut)."""
    for _ in range(2000):
        session = rig.app.session
        if session is None or session.finished:
            return
        n = len(session.decisions)
        picking = [pad for pad in pads if isinstance(rig.screen(pad), sk.KickScreen)
                   and not rig.screen(pad).state.locked]
        if picking and stop_at is not None and n >= stop_at:
            return
        if not picking:
            if session.match.is_over and session.step == "over":
                rig.press(1, Button.CENTRE)
            else:
                rig.wait()
            continue
        for pad in picking:
            side = random.Random(f"{seed}/{n}/{pad}").choice(SIDES)
            rig.press(pad, BUTTONS[side])
            rig.press(pad, BUTTONS[side])
    raise AssertionError("the match did not end")


def settings(players: str = "cpu", **more: Any) -> Settings:
    return Settings.from_json({"game": NAME, "sound": False, **more,
                               "games": {NAME: {"players": players, "difficulty": "medium", "kicks": 5}}})


def test_a_match_on_the_console_resumes_exactly_after_a_power_cut(plugin, tmp_path):
    whole_dir, cut_dir = tmp_path / "whole", tmp_path / "cut"
    for folder in (whole_dir, cut_dir):
        folder.mkdir()
        save(folder, settings())
    whole = Console(whole_dir)
    whole.start()
    play(whole, 3, stop_at=4)
    at_cut = whole.state()
    play(whole, 3)
    final = GAME.summary(whole.app.session.match) if whole.app.session else None

    first = Console(cut_dir)
    first.start()
    play(first, 3, stop_at=4)
    header = json.loads((cut_dir / mj.FILE_NAME).read_text().splitlines()[0])
    assert header["game"] == NAME and header["kicks"] == 5 and len(first.app.session.decisions) == 4
    del first                                                    # the power goes

    second = Console(cut_dir)
    assert second.app.mode == "resume"
    assert second.screen(1) == ResumeScreen.of(at_cut["summary"], GAMES[NAME].title)
    second.press(1, Button.RIGHT)
    assert second.app.mode == "match" and second.app.game.name == NAME
    assert second.state() == at_cut
    converted = cli(plugin, "journal-to-script", str(cut_dir / mj.FILE_NAME))
    assert converted.returncode == 0, converted.stderr
    replayed = cli(plugin, "replay", "-", stdin=converted.stdout)
    assert json.loads(replayed.stdout.splitlines()[-1]) == at_cut["summary"]
    play(second, 3)
    [result] = history.read(cut_dir)
    assert final is not None and result["game"] == NAME
    assert result["score"] == final["score"] and result["winner"] == final["winner"]
    stats = history.stats(cut_dir)
    assert stats.played == 1 and stats.vs_cpu == {"medium": (final["winner"] == "red", final["winner"] == "blue")}
    StatsScreen(stats.games[NAME], NAME).draw(Canvas(), "en")


def test_a_match_cut_off_waits_while_its_game_is_not_installed_and_is_offered_once_it_is_back(
        plugin, tmp_path, caplog):
    """A plugin missing at start-up (an upgrade that dropped it, a venv rebuilt): its journal
    was once set aside as "the first line is not a match set-up" and the match was lost. It is
    kept, said in one line, and offered at the first start that finds the game again."""
    caplog.set_level(logging.WARNING)
    save(tmp_path, settings())
    first = Console(tmp_path)
    first.start()
    play(first, 5, stop_at=3)
    at_cut = first.state()
    del first                                                    # the power goes
    folder = plugin["PYTHONPATH"].split(os.pathsep)[0]
    sys.path.remove(folder)                                      # the plugin is gone at start-up
    registry.reload()
    try:
        assert NAME not in GAMES
        for _ in range(2):                                       # two starts without it
            without = Console(tmp_path)
            assert without.app.mode != "resume" and not (tmp_path / mj.FILE_NAME).exists()
        assert not list(tmp_path.glob(mj.FILE_NAME + ".corrupt-*"))
        [kept] = tmp_path.glob(mj.FILE_NAME + ".waiting-*")
        said = [r.getMessage() for r in caplog.records if "not installed" in r.getMessage()]
        assert said == [f"the match journal is of {NAME}, a game not installed now: kept as "
                        f"{kept.name}, and offered once the game is back"]
    finally:
        sys.path.insert(0, folder)                               # the plugin is back
        registry.reload()
    back = Console(tmp_path)
    assert back.app.mode == "resume"
    assert back.screen(1) == ResumeScreen.of(at_cut["summary"], GAMES[NAME].title)
    assert not kept.exists()
    back.press(1, Button.RIGHT)
    assert back.app.mode == "match" and back.state() == at_cut


def test_spare_pads_watch_the_kicks_by_the_game_s_title_and_words(plugin, tmp_path):
    save(tmp_path, settings("two", language="en"))
    rig = Console(tmp_path, pads=4)
    rig.start()
    rig.wait()                                                   # the toss goes
    seen: list[str] = []
    while not rig.app.session.match.is_over:
        n = len(rig.app.session.decisions)
        for pad in (1, 2):                                       # both people pick, then lock in
            side = BUTTONS[random.Random(f"8/{n}/{pad}").choice(SIDES)]
            rig.press(pad, side)
            rig.press(pad, side)
        assert len(rig.app.session.decisions) == n + 1
        while rig.app.session.step in ("flip", "reveal"):
            for pad in (3, 4):
                watched = rig.screen(pad)
                assert isinstance(watched, SpectatorScreen) and watched.title == "Spot Kicks"
                seen += [key for key, _ in watched.words]
            rig.wait()
    assert set(seen) <= {"watch.pen_scored", "watch.pen_missed"} and seen
    watched = rig.screen(3)
    assert watched.winner is not None and rig.screen(4) == watched
    canvas = Canvas()
    watched.draw(canvas, "en")
    canvas.image.save(tmp_path / "spectator.png")


def test_kids_mode_tells_each_kick_in_big_words_from_the_pad_s_side(plugin, tmp_path):
    save(tmp_path, settings(kids=True))
    rig = Console(tmp_path)
    rig.start()
    told = []
    for _ in range(400):
        session = rig.app.session
        if session.step == "over":
            break
        shown = rig.screen(1)
        if isinstance(shown, sk.KickScreen) and not shown.state.locked:
            side = BUTTONS[random.Random(f"kids/{len(session.decisions)}").choice(SIDES)]
            rig.press(1, side)
            rig.press(1, side)
            continue
        if session.step == "reveal":
            kick = next(e for e in session.events if isinstance(e, ShootoutKick))
            assert isinstance(shown, KidsRevealScreen)
            assert shown.picture is (Picture.GOAL if kick.scored else Picture.SAVE)
            assert shown.words == sk.headline("fr", "red", kick, session.opponent_key("red"))
            told.append(shown.words)
        rig.wait()
    assert rig.app.session.step == "over" and len(told) == len(rig.app.session.decisions)
    assert set(told) <= {"Tu marques !", "Ordi marque !", "Tu arrêtes !", "Ordi arrête !"}


def test_the_menu_offers_the_game_by_its_title_and_its_own_lines(plugin, tmp_path):
    save(tmp_path, Settings(sound=False, language="en"))
    rig = Console(tmp_path)
    rig.press(1, Button.CARD1)                                   # the splash goes
    for _ in GAMES:                                              # RIGHT on the game line: next game
        if rig.app.settings.game == NAME:
            break
        rig.press(1, Button.RIGHT)
    assert rig.app.settings.game == NAME
    canvas = Canvas()
    rig.screen(1).draw(canvas, "en")
    canvas.image.save(tmp_path / "menu.png")
    assert [row.label for row in rig.app.menu.rows()][1:4] == ["menu.players", "menu.cpu", "sk.menu.kicks"]
    rig.press(1, Button.CENTRE)
    assert rig.app.mode == "match" and rig.app.game.title == "Spot Kicks"


def test_a_result_reaches_the_league_page_under_the_game_s_title(plugin, mosquitto, league, tmp_path):
    config = mosquitto.unit("table1")
    link = ClubLink(config, tmp_path / "unit", Publisher(config, tmp_path / "unit"))
    link.start()
    try:
        save(tmp_path / "unit", settings())
        rig = Console(tmp_path / "unit", club=link)
        rig.start()
        play(rig, 5)
        assert wait_until(lambda: league.count() == 1)
    finally:
        link.stop()
    [result] = league.league.recent()
    assert result["game"] == NAME
    with urllib.request.urlopen(league.url + "api/state", timeout=10) as answer:
        state = json.load(answer)
    assert state["games"][NAME] == "Spot Kicks" and state["recent"][0]["game"] == NAME
    with urllib.request.urlopen(league.url + "results?game=" + NAME, timeout=10) as answer:
        page = answer.read().decode()
    assert "<td>Spot Kicks</td>" in page and "1 results" in page


# ----- the product knows nothing of it ----------------------------------------------------
def test_no_product_file_names_the_new_game():
    assert lines_naming("spot-kicks", "spot_kicks", "spotkicks", "spot kicks") == []


def test_the_kids_reveal_tells_the_kick_from_each_pad_s_side(plugin):
    kick = ShootoutKick("red", "left", "right", True, 1, 0)
    assert sk.headline("en", "red", kick, "team.blue") == "You score!"
    assert sk.headline("en", "blue", kick, "team.red") == "Red scores!"
    saved = ShootoutKick("red", "left", "left", False, 0, 0)
    assert sk.headline("fr", "blue", saved, "cpu") == "Tu arrêtes !"
    assert sk.headline("fr", "red", saved, "cpu") == "Ordi arrête !"


def test_each_game_s_kids_picture_comes_from_its_own_spec():
    """kids.py names no game: a game's own events give its picture through its spec, and one
    game's event names mean nothing for another (Soccer's ``Placed`` is not Chifoumi's)."""
    from engine.chifootmi import events as chifootmi
    from engine.chifoumi import events as chifoumi
    from engine.fotboll import events as fotboll
    from engine.simulator_soccer import events as soccer

    def picture(game: str, *events: Any) -> Picture:
        return picture_for(events, GAMES[game].kids_picture)

    assert picture("chifoumi", chifoumi.Chifoumi({"white": "rock"}, "white")) is Picture.HANDS
    assert picture("chifoumi", chifoumi.Moved("white", "c4", "c5", "S", False)) is Picture.HANDS
    assert picture("chifootmi", chifootmi.OverTheBar("red")) is Picture.SAVE
    assert picture("chifootmi", chifootmi.Goal("red", "open", "left", "right", 1, 0)) is Picture.GOAL
    assert picture("fotboll", fotboll.Penalty("red", (), 0, "blue", False)) is Picture.SAVE
    assert picture("simulator-soccer", soccer.Shot("red", 9, "left", False, "right", result="wide")) is Picture.SAVE
    assert picture("simulator-soccer", soccer.Placed("red", 1, 9, "c4")) is Picture.BALL
    assert picture("chifoumi", soccer.Shot("red", 9, "left", False, "right", result="wide")) is Picture.BALL


def test_sk_kick_1_the_reveal_is_told_from_the_pad_s_side_or_by_colours_in_a_demo(plugin):
    match = kicks(("left", "left"))                              # red kicks left, blue saves it
    for seat, spectator, words in (("red", False, "Ordi arrête !"), ("blue", False, "Tu arrêtes !"),
                                   ("red", True, "Bleu arrête !"), ("blue", True, "Bleu arrête !")):
        state = sk.SeatState(match.view(seat), "cpu", Step.REVEAL, spectator, None, False, "")
        assert sk.RevealScreen(state).words("fr") == words
        assert sk.RevealScreen(replace(state, step=Step.FLIP)).words("fr") == ""
    scored = kicks(("left", "right"))
    state = sk.SeatState(scored.view("blue"), "team.red", Step.REVEAL, False, None, False, "")
    assert sk.RevealScreen(state).words("en") == "Red scores!"


def test_kids_mode_and_a_cafe_s_lock_go_by_what_the_game_s_entry_says(plugin, tmp_path):
    """Spot Kicks' entry fixes its CPU at Easy in kids' mode (the line hidden) and leaves its
    who-plays line open on a locked menu (``Row.unlocked``), its kicks line closed."""
    save(tmp_path, settings(kids=True, locked=True))
    rig = Console(tmp_path)
    rig.press(1, Button.CARD1)
    menu = rig.app.menu
    fields = {row.field: menu.fixed(row) for row in menu.rows()}
    assert "difficulty" not in fields and fields["game"] is False and fields["players"] is False
    assert fields["kicks"] is True
    rig.press(1, Button.CENTRE)
    assert rig.app.session.seats.cpus["blue"].bot.__class__.__name__ == "RandomBot"    # Easy, not Medium


def test_the_shared_fit_checks_read_its_screens(tmp_path):
    """Issue 40.4: the fit checks read the registry, so they measure this game's screens too
    once it is installed (its kick-off's big title, its result on the shared screen): every
    case named after it passes."""
    done = shared_tests(tmp_path, NAME, ["tests/firmware/console/test_text_fits.py",
                                         "tests/firmware/console/test_fit_check_catches.py"])
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    cases = ElementTree.parse(tmp_path / "report.xml").getroot().iter("testcase")
    ran = [case.get("name", "") for case in cases]
    assert len(ran) >= 12 and all(NAME in name for name in ran), ran
