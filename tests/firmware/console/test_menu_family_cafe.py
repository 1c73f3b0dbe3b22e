"""The menu for the people at the table (issue 18): stats per game, a stray OK, kids' mode, the
settings lock, house rules, the attract demo and the headless simulator's --game — all through
the real app on the headless simulator, by buttons, as a user would notice."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bus_rig import BUDGET_BYTES, BusRig
from firmware.storage import history
from firmware.console.app import CAFE_IDLE
from firmware.chifootmi import screens as cs
from firmware.storage.history import FILE_NAME
from firmware.console.menu import LOCK_CODE, MenuScreen
from firmware.console.modes import AttractScreen, TeamVoice
from firmware.console.resume import StatsScreen
from firmware.games.registry import GAMES
from firmware.storage.settings import Settings, load
from hal.buttons import Button

from app_rig import Rig
from reading import words
from chifootmi_play import intent

ROOT = Path(__file__).resolve().parents[3]


def write_results(folder: Path, *lines: dict) -> None:
    with open(folder / FILE_NAME, "a") as out:
        for line in lines:
            out.write(json.dumps(line) + "\n")


def menu_rig(tmp_path: Path, settings: Settings | None = None, **options) -> Rig:
    rig = Rig(tmp_path, settings, **options)
    rig.wait(rig.app.idle.splash)
    assert isinstance(rig.screen(1), MenuScreen)
    return rig


def go_to_line(rig: Rig, label: str, pad: int = 1) -> None:
    """CARD1/CARD2 to the menu line ``label``."""
    for _ in range(20):
        menu = rig.screen(pad)
        labels = [line for line, _value in menu.lines]
        if labels[menu.cursor] == label:
            return
        rig.press(pad, Button.CARD2 if labels.index(label) > menu.cursor else Button.CARD1)
    raise AssertionError(f"no menu line {label!r}")


def value_of(rig: Rig, label: str) -> str:
    return dict(rig.screen(1).lines)[label]


def labels(rig: Rig) -> list[str]:
    return [line for line, _value in rig.screen(1).lines]


CHIFOOTMI_RESULTS = (
    {"game": "chifootmi", "winner": "red", "players": {"red": "human", "blue": "human"}},
    {"game": "chifootmi", "winner": "blue", "players": {"red": "human", "blue": "human"}},
    {"game": "chifootmi", "winner": "red", "players": {"red": "human", "blue": "human"}},
    {"game": "chifootmi", "winner": "blue", "players": {"red": "human", "blue": "cpu:hard"}},
    {"game": "chifootmi", "winner": "red", "players": {"red": "human", "blue": "cpu:easy"}},
    {"game": "chifootmi", "winner": "red", "players": {"red": "human", "blue": "cpu:medium"}},
    {"game": "chifootmi", "winner": None, "abandoned": True,
     "players": {"red": "human", "blue": "human"}},
)


def test_the_stats_page_is_per_game_scrolls_to_every_line_and_lists_cpu_levels_in_order(tmp_path):
    write_results(tmp_path, *CHIFOOTMI_RESULTS,
                  {"game": "fotboll", "winner": None, "players": {"red": "human", "blue": "human"}},
                  {"game": "chifoumi", "winner": "white+black", "players": {
                      "white": "human", "red": "cpu:easy", "black": "cpu:easy", "orange": "cpu:easy"}},
                  {"game": "chifoumi", "winner": "red+orange", "players": {
                      "white": "human", "red": "cpu:easy", "black": "cpu:easy", "orange": "cpu:easy"}})
    rig = menu_rig(tmp_path, Settings.flat(language="en"))
    go_to_line(rig, "Stats")
    rig.press(1, Button.CENTRE)                         # OK on the stats line: the stats
    assert rig.app.mode == "stats"
    page = rig.screen(2)
    assert isinstance(page, StatsScreen) and rig.screen(1) == page and page.title == "Chifootmi"
    seen: list[tuple[str, str]] = []
    for _ in range(10):                                 # CARD2 scrolls down to the last line
        shown = page.lines("en")[page.top:page.top + 4]
        seen += [line for line in shown if line not in seen]
        rig.press(2, Button.CARD2)
        page = rig.screen(2)
    assert seen == [("Matches played", "7"), ("Red won", "2"), ("Blue won", "1"),
                    ("CPU Easy", "You 1-0"), ("CPU Medium", "You 1-0"), ("CPU Hard", "You 0-1"),
                    ("Abandoned", "1")]
    rig.press(1, Button.RIGHT)                          # the next game's page
    assert (rig.screen(1).title, rig.screen(1).lines("en")) == (
        "Fotboll", [("Matches played", "1"), ("Draws", "1")])
    rig.press(1, Button.RIGHT)
    assert rig.screen(1).title == "Chifoumi"            # 4-player Chifoumi vs three CPUs counts
    assert ("CPU Easy", "You 1-1") in rig.screen(1).lines("en")
    rig.press(2, Button.CENTRE)
    assert rig.app.mode == "menu" and rig.app.session is None


def test_the_stats_page_image_shows_scroll_marks_and_the_game(tmp_path):
    write_results(tmp_path, *CHIFOOTMI_RESULTS)
    rig = menu_rig(tmp_path, Settings.flat(language="fr"))
    go_to_line(rig, "Stats")
    rig.press(1, Button.RIGHT)
    rig.image(1).save(tmp_path / "stats.png")
    top = rig.image(1).crop((0, 54, 64, 64))            # ▼ under CARD2: more lines below
    assert top.getbbox() is not None
    for _ in range(5):
        rig.press(1, Button.CARD2)
    assert rig.screen(1).top == 3                       # the last 4 of 7 lines


def test_ok_on_a_page_line_never_starts_a_match_and_ok_elsewhere_does(tmp_path):
    write_results(tmp_path, CHIFOOTMI_RESULTS[0])
    rig = menu_rig(tmp_path)
    go_to_line(rig, "Stats")
    for mode in ("stats", "menu", "stats", "menu"):     # mashing OK: stats, menu, stats...
        rig.press(1, Button.CENTRE)
        assert rig.app.mode == mode and rig.app.session is None
    go_to_line(rig, "Jeu")
    rig.press(1, Button.CENTRE)
    assert rig.app.mode == "match"


def test_kids_mode_plays_beginner_against_the_gentle_cpu_with_the_20_s_clock(tmp_path):
    rig = menu_rig(tmp_path, Settings.flat(players="cpu", level="pro", difficulty="hard"))
    assert {"Niveau", "Ordi", "Chrono"} <= set(labels(rig))
    go_to_line(rig, "Enfants")
    rig.press(1, Button.RIGHT)
    assert value_of(rig, "Enfants") == "Oui"
    assert not {"Niveau", "Ordi", "Chrono", "Règles maison"} & set(labels(rig))
    go_to_line(rig, "Jeu")
    rig.press(1, Button.CENTRE)
    session = rig.app.session
    assert session.match.config.level.value == "beginner" and session.move_clock == 20
    assert rig.app.journal.setup.console["cpus"] == {"blue": "easy"}
    rig.wait(rig.app.timing.kickoff + 0.1)
    assert isinstance(rig.screen(1), cs.CardScreen)
    rig.wait(21)                                        # nobody presses: the clock locks a card
    assert len(rig.app.session.decisions) >= 1


def test_leaving_kids_mode_gives_back_the_grown_ups_settings(tmp_path):
    rig = menu_rig(tmp_path, Settings.flat(players="cpu", level="pro", difficulty="hard"))
    go_to_line(rig, "Enfants")
    rig.press(1, Button.RIGHT)
    rig.press(1, Button.LEFT)                           # the way out: the same line
    assert (value_of(rig, "Niveau"), value_of(rig, "Ordi")) == ("Pro", "Fort")
    assert load(tmp_path).kids is False


def type_code(rig: Rig, pad: int = 2) -> None:
    for button in LOCK_CODE:
        rig.press(pad, button)


def test_the_lock_code_keeps_language_sound_levels_clock_and_kids_mode_as_they_are(tmp_path):
    rig = menu_rig(tmp_path, Settings.flat(players="cpu", level="amateur"))
    type_code(rig)
    assert rig.screen(1).locked and load(tmp_path).locked
    before = load(tmp_path)
    for label in ("Langue", "Son", "Niveau", "Ordi", "Chrono", "Enfants", "Règles maison"):
        go_to_line(rig, label)
        menu = rig.screen(1)
        assert menu.cursor in menu.fixed                 # drawn without ◀ ▶
        rig.press(1, Button.RIGHT)
        rig.press(2, Button.LEFT)
    assert load(tmp_path) == before
    go_to_line(rig, "Joueurs")                          # who plays and the game stay free
    rig.press(1, Button.RIGHT)
    assert value_of(rig, "Joueurs") == "2 joueurs"
    go_to_line(rig, "Jeu")
    rig.press(1, Button.RIGHT)
    assert value_of(rig, "Jeu") == "Fotboll"
    restarted = menu_rig(tmp_path)                      # a power cut keeps the lock
    assert restarted.screen(1).locked
    type_code(restarted, pad=1)                         # the code again: unlocked
    assert not restarted.screen(1).locked and not load(tmp_path).locked


def test_a_mashed_card_row_does_not_lock_and_lock_settings_cannot_be_lifted(tmp_path):
    rig = menu_rig(tmp_path)
    for button in (Button.CARD3, Button.CARD4) * 10 + (Button.CARD4,) * 6 + (Button.CARD3,) * 6:
        rig.press(1, button)
    assert not rig.screen(1).locked
    cafe = menu_rig(tmp_path / "cafe", Settings(kids=True), lock_settings=True)
    assert cafe.screen(1).locked
    type_code(cafe)
    assert cafe.screen(1).locked                        # the owner's flag: no code lifts it
    go_to_line(cafe, "Enfants")
    cafe.press(1, Button.LEFT)
    assert value_of(cafe, "Enfants") == "Oui"           # kids cannot leave kids' mode


def test_the_lock_image_shows_a_padlock(tmp_path):
    rig = menu_rig(tmp_path)
    plain = rig.image(1).crop((56, 0, 68, 10)).tobytes()
    type_code(rig)
    assert rig.image(1).crop((56, 0, 68, 10)).tobytes() != plain
    rig.image(1).save(tmp_path / "locked-menu.png")


def test_house_rules_bring_the_pro_plus_options_to_beginner_and_amateur(tmp_path):
    rig = menu_rig(tmp_path, Settings.flat(players="two", level="beginner"))
    assert "Hors-jeu" not in labels(rig)
    go_to_line(rig, "Règles maison")
    rig.press(1, Button.RIGHT)
    assert {"Hors-jeu", "Une-deux"} <= set(labels(rig))
    assert "Contre-attaque" not in labels(rig)                  # no D/T cards at Beginner: never arises
    go_to_line(rig, "Une-deux")
    rig.press(1, Button.RIGHT)                          # one-two off, offside stays on
    go_to_line(rig, "Jeu")
    rig.press(1, Button.CENTRE)
    config = rig.app.session.match.config
    assert config.level.value == "beginner"
    assert (config.options.offside, config.options.one_two, config.options.counter_attack) == (
        True, False, False)
    assert rig.app.journal.setup.script["options"]["offside"] is True   # replays as played


def test_house_rules_at_amateur_offer_the_counter_attack(tmp_path):
    rig = menu_rig(tmp_path, Settings.flat(players="two", level="amateur", house=True))
    assert {"Hors-jeu", "Une-deux", "Contre-attaque"} <= set(labels(rig))
    rig.press(1, Button.CENTRE)
    assert rig.app.session.match.config.options.counter_attack


def test_idle_the_cafe_unit_plays_a_demo_and_any_press_only_stops_it(tmp_path):
    rig = menu_rig(tmp_path, idle=CAFE_IDLE)
    rig.wait(rig.app.idle.screensaver_after + 1)
    assert rig.app.mode == "attract"
    assert isinstance(rig.screen(1), AttractScreen) and isinstance(rig.screen(2), AttractScreen)
    seen = set()
    for _ in range(60):
        rig.wait(1)
        for pad in (1, 2):
            voiced = rig.screen(pad).inner                # each seat's screen, told of its team
            assert isinstance(voiced, TeamVoice) and voiced.own == f"team.{('red', 'blue')[pad - 1]}"
            seen.add(type(voiced.inner).__name__)
            drawn = words(rig.screen(pad), "fr")          # issue 32.8: passers-by are not "Toi"
            assert not [w for w in drawn if w.startswith("Toi") or "Gagné" in w or "Tu " in w], drawn
    assert {"CardScreen", "FlipScreen", "RevealScreen"} <= seen   # a match being played
    assert rig.image(1).crop((0, 54, 128, 64)).getbbox() is not None  # "Appuie pour jouer"
    rig.press(2, Button.CENTRE)                         # stops it, starts nothing
    assert rig.app.mode == "menu" and rig.app.session is None
    assert isinstance(rig.screen(1), MenuScreen) and isinstance(rig.screen(2), MenuScreen)
    assert rig.console.screen(1).level > 100
    assert history.read(tmp_path) == [] and not list(tmp_path.glob("journal*"))


def test_the_demo_gives_way_to_the_saver_and_comes_back(tmp_path):
    rig = menu_rig(tmp_path, idle=CAFE_IDLE)
    idle = rig.app.idle
    rig.wait(idle.screensaver_after + idle.attract_for + 1)
    assert rig.app.mode == "saver" and rig.console.screen(1).level < 20
    rig.wait(idle.saver_for)
    assert rig.app.mode == "attract"
    rig.press(1, Button.CARD1)
    assert rig.app.mode == "menu" and rig.screen(1).cursor == 0   # the press did nothing else


def test_waking_from_the_demo_or_the_saver_fits_the_bus_budget(tmp_path):
    rig = BusRig(tmp_path, idle=CAFE_IDLE)
    idle = rig.app.idle
    rig.wait(idle.splash)
    rig.wait(idle.screensaver_after + 30)
    assert rig.app.mode == "attract"
    woke_demo = rig.press(1, Button.CENTRE)
    rig.wait(idle.screensaver_after + idle.attract_for + 1)
    assert rig.app.mode == "saver"
    woke_saver = rig.press(2, Button.LEFT)
    assert rig.app.mode == "menu"
    rig.press(1, Button.CARD2)
    rig.close()
    assert 0 < woke_demo <= BUDGET_BYTES and 0 < woke_saver <= BUDGET_BYTES, (woke_demo, woke_saver)


def test_opening_and_leaving_the_stats_page_fits_the_bus_budget(tmp_path):
    write_results(tmp_path, *CHIFOOTMI_RESULTS)
    rig = BusRig(tmp_path)
    rig.press(1, Button.CARD1)
    while rig.app.menu.rows()[rig.app.menu.cursor].field != "stats":
        rig.press(1, Button.CARD2)
    opened = rig.press(1, Button.CENTRE)
    scrolled = rig.press(2, Button.CARD2)
    left = rig.press(2, Button.CENTRE)
    rig.close()
    assert max(opened, scrolled, left) <= BUDGET_BYTES, (opened, scrolled, left)


SIM_TITLES = {
    "chifootmi": (["--level", "pro_plus"], "Chifootmi (CPU Easy, Level Pro+, Offside On, One-two On, "
                                            "Counter-attack On, Clock Off), seed 5:"),
    "fotboll": ([], "Fotboll (CPU Easy, Jokers Off, Shoot-out On), seed 5:"),
    "chifoumi": ([], "Chifoumi (CPU Easy, Placement Off, Closed stacks Off), seed 5:"),
}
"""The summary's first line of some games, word for word (any other: its title and options)."""


@pytest.mark.parametrize("game", list(GAMES))
def test_pitchpad_sim_headless_plays_any_game_says_its_options_and_saves_its_screens(game, tmp_path):
    flags, title = SIM_TITLES.get(game, ([], f"{GAMES[game].title} ("))
    frames = tmp_path / "frames"
    result = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "sim", "--game", game, "--seed", "5",
         "--language", "en", "--frames", str(frames), *flags], capture_output=True, text=True,
        stdin=subprocess.DEVNULL, cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert lines[0].startswith(title) and "seed 5:" in lines[0]
    assert lines[-2].startswith(("Score: ", "Points: ")) and "; winner: " in lines[-2]
    saved = sorted(frames.glob("*.png"))
    assert lines[-1] == f"{len(saved)} screens saved in {frames}" and len(saved) > 2
    with Image.open(saved[len(saved) // 2]) as image:
        assert image.size == (128, 64) and image.getbbox() is not None


def test_pitchpad_sim_refuses_an_option_of_another_game_in_one_line():
    result = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "sim", "--game", "fotboll", "--level", "pro"],
        capture_output=True, text=True, stdin=subprocess.DEVNULL, cwd=ROOT, timeout=120)
    assert (result.returncode, result.stdout, result.stderr) == (2, "", "pitchpad sim: fotboll has no --level\n")


def test_pitchpad_sim_headless_four_player_chifoumi_in_french():
    result = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "sim", "--game", "chifoumi", "--players", "4",
         "--seed", "2"], capture_output=True, text=True, stdin=subprocess.DEVNULL, cwd=ROOT,
        timeout=120)
    assert result.returncode == 0, result.stderr
    first, last = result.stdout.splitlines()[0], result.stdout.strip().splitlines()[-1]
    assert first.startswith("Chifoumi (Ordi Facile, Piles cachées Non), seed 2: white CPU vs red CPU")
    assert last.startswith("Points: white ") and "orange" in last


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_new_menu_screens_match_their_golden_images(tmp_path, language):
    """The stats page scrolled to its CPU lines, the locked menu, the kids' menu and a moment of
    the idle demo (``tests/golden/menus-*.png``; PITCHPAD_REGOLD=1 to rewrite them on purpose)."""
    from goldens import assert_goldens

    write_results(tmp_path, *CHIFOOTMI_RESULTS)
    rig = menu_rig(tmp_path, Settings.flat(language=language, players="cpu"), idle=CAFE_IDLE)
    shots = {}
    go_to_line(rig, "Stats")
    rig.press(1, Button.CENTRE)
    for _ in range(2):
        rig.press(1, Button.CARD2)
    shots["stats"] = rig.image(1).copy()
    rig.press(1, Button.CENTRE)
    go_to_line(rig, {"fr": "Enfants", "en": "Kids"}[language])
    rig.press(1, Button.RIGHT)
    shots["kids-menu"] = rig.image(1).copy()
    rig.press(1, Button.LEFT)
    type_code(rig)
    shots["locked"] = rig.image(2).copy()
    rig.wait(rig.app.idle.screensaver_after + 12)
    assert rig.app.mode == "attract"
    shots["demo"] = rig.image(1).copy()
    assert_goldens(shots, "menus-", language, tmp_path)


def test_a_game_that_cannot_play_a_demo_gets_the_saver_not_a_crash(tmp_path, monkeypatch, caplog):
    """A hand-made failing start (no real game fails here today): the idle console stays up."""
    import dataclasses

    from firmware.console import modes

    real = modes.entry_for

    def broken(name: str):
        def start(_start):
            raise RuntimeError("no demo seats")
        spec = real(name)
        return dataclasses.replace(spec, console=dataclasses.replace(spec.console, start=start))

    monkeypatch.setattr(modes, "entry_for", broken)
    rig = menu_rig(tmp_path, idle=CAFE_IDLE)
    rig.wait(rig.app.idle.screensaver_after + 1)
    assert rig.app.mode == "saver" and "no demo of chifootmi" in caplog.text
    rig.press(1, Button.CARD3)
    assert rig.app.mode == "menu"


def test_kids_mode_shows_each_reveal_big_with_a_picture_from_the_pad_s_side(tmp_path):
    """Two children on two pads: every reveal is one picture and the game's own headline for
    that pad (never the other's), in big letters; the flip before it is the game's own."""
    from firmware.chifootmi.screens import reveal_headline
    from firmware.console.kids import KidsRevealScreen, Picture, picture_for
    from firmware.games.spec import HeadlineNames

    rig = menu_rig(tmp_path, Settings(kids=True, games={"chifootmi": {"players": "two"}}))
    rig.press(1, Button.CENTRE)
    rig.wait(rig.app.timing.kickoff + 0.1)
    rng = random.Random(3)
    reveals = pictures = differ = 0
    for _ in range(3000):
        if rig.app.mode != "match":
            break
        session = rig.app.session
        if session.step.value == "reveal":
            for pad, seat in ((1, "red"), (2, "blue")):
                shown = rig.screen(pad)
                assert isinstance(shown, KidsRevealScreen)
                assert shown.words == reveal_headline(session.view(seat), session.events, "fr",
                                                      HeadlineNames(session.opponent_key(seat)))
                assert shown.picture == picture_for(session.events, GAMES["chifootmi"].kids_picture)
            reveals += 1
            differ += rig.screen(1).words != rig.screen(2).words
            pictures |= 1 << list(Picture).index(rig.screen(1).picture)
            if reveals == 1:
                rig.image(1).save(tmp_path / "kids-reveal.png")
        rig.act(intent, rng)
    assert reveals >= 5 and pictures & 1 << list(Picture).index(Picture.BALL)
    assert differ                                       # "Tu gardes…" / "Rouge garde…"


def test_a_match_nobody_finished_shows_on_the_stats_page_as_abandoned(tmp_path):
    rig = menu_rig(tmp_path, Settings.flat(players="cpu", language="en"))
    rig.press(1, Button.CENTRE)
    rig.wait(rig.app.idle.abandon_after + 5)            # nobody plays: recorded as abandoned
    assert rig.app.mode == "menu"
    rig.press(1, Button.CENTRE)                         # OK clears the sheet saying so
    go_to_line(rig, "Stats")
    rig.press(2, Button.CENTRE)
    assert rig.screen(1).lines("en") == [("Matches played", "1"), ("Abandoned", "1")]
