"""Menu, settings that survive a restart, the screensaver, abandoned matches, the commands."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from firmware import i18n
from firmware.chifootmi import screens as cs
from firmware.chifootmi.entry import ChifootmiSettings
from firmware.chifoumi.entry import ChifoumiSettings
from firmware.fotboll.entry import FotbollSettings
from firmware.cli import main
from firmware.console.menu import Menu, MenuScreen, rows, value_text
from firmware.render import CHAR_W, WIDTH
from firmware.storage.settings import FILE_NAME, Settings, load
from hal.buttons import Button

from app_rig import Rig

ROOT = Path(__file__).resolve().parents[3]


def test_either_pad_drives_the_menu_and_settings_survive_a_restart(tmp_path):
    rig = Rig(tmp_path)
    rig.wait(rig.app.idle.splash)
    assert isinstance(rig.screen(1), MenuScreen) and rig.screen(2) == rig.screen(1)
    language = [label for label, _ in rig.screen(1).lines].index("Langue")
    assert rig.screen(1).lines[language] == ("Langue", "Français")   # French by default
    for _ in range(language):
        rig.press(2, Button.CARD2)                             # pad 2 moves to the line
    rig.press(1, Button.RIGHT)                                 # pad 1 changes it
    assert rig.screen(2).lines[language] == ("Language", "English")
    restarted = Rig(tmp_path)
    assert restarted.app.settings.language == "en"
    assert json.loads((tmp_path / FILE_NAME).read_text())["language"] == "en"


def test_a_damaged_settings_file_gives_the_defaults(tmp_path):
    (tmp_path / FILE_NAME).write_text("{\"language\": \"en\", \"level\": ")
    assert load(tmp_path) == Settings()
    (tmp_path / FILE_NAME).write_text(json.dumps({"level": "legend", "language": "en"}))
    settings = load(tmp_path)                                  # a value no menu offers:
    assert settings.language == "en"                           # that game's defaults only
    assert settings.of("chifootmi", ChifootmiSettings.from_json) == ChifootmiSettings()


def test_settings_are_per_game_and_an_old_flat_file_still_loads(tmp_path):
    old = {"game": "fotboll", "players": "two", "difficulty": "hard", "level": "pro",
           "move_clock": 10, "chifoumi_players": 3, "chifoumi_humans": 2, "jokers": True,
           "tiebreak": False, "sound": False, "language": "en"}
    (tmp_path / FILE_NAME).write_text(json.dumps(old))
    rig = Rig(tmp_path)
    settings = rig.app.settings
    assert (settings.game, settings.sound, settings.language) == ("fotboll", False, "en")
    assert settings.of("chifootmi", ChifootmiSettings.from_json) == ChifootmiSettings(
        players="two", difficulty="hard", level="pro", move_clock=10)
    assert settings.of("fotboll", FotbollSettings.from_json) == FotbollSettings("two", "hard", True, False)
    assert settings.of("chifoumi", ChifoumiSettings.from_json) == ChifoumiSettings(3, 2, "hard")
    rig.wait(rig.app.idle.splash)
    rig.press(1, Button.CARD2)                                 # Fotboll's players: two -> cpu
    rig.press(1, Button.LEFT)
    saved = json.loads((tmp_path / FILE_NAME).read_text())
    assert saved["games"]["fotboll"]["players"] == "cpu"
    again = load(tmp_path)
    assert again.of("fotboll", FotbollSettings.from_json).players == "cpu"
    assert again.of("chifootmi", ChifootmiSettings.from_json).players == "two"   # its own


def test_pro_plus_shows_each_option_and_vs_cpu_its_difficulty():
    menu = Menu(Settings.flat(players="two", level="beginner"))
    assert [r.field for r in menu.rows()] == ["game", "players", "level", "house", "move_clock",
                                              "kids", "sound", "language"]
    menu.cursor = 1
    menu.press(Button.LEFT)                                    # two -> cpu
    menu.cursor = 3
    for _ in range(3):
        menu.press(Button.RIGHT)                               # beginner -> pro_plus
    assert menu.game_settings().level == "pro_plus"
    assert [r.field for r in menu.rows()][2:7] == ["difficulty", "level", "offside", "one_two",
                                                   "counter_attack"]
    assert menu.game_settings().match_config().options.offside


def test_every_menu_line_fits_the_screen_in_both_languages():
    settings = Settings.flat(players="cpu", level="pro_plus")
    for language in i18n.LANGUAGES:
        for row in rows(settings):
            for value in row.values:
                line = i18n.text(language, row.label) + " ◀" + value_text(row, value, language) + "▶"
                assert len(line) * CHAR_W <= WIDTH, line


def test_every_sleep_value_starts_as_the_menu_s_values_do():
    """Issue 40.7: "jamais" was the sleep line's only value in lower case ("5 min", "Oui")."""
    sleep = next(row for row in rows(Settings(), power=True) if row.field == "sleep")
    for language in i18n.LANGUAGES:
        for value in sleep.values:
            shown = value_text(sleep, value, language)
            assert shown[0].isdigit() or shown[0].isupper(), shown


class Sample(dict):
    """Field values as wide as they get on screen: a team name, a side of the goal (one letter:
    Simulator Soccer's ``ss.side.*``, "G"/"L", "C", "D"/"R"), two-digit numbers."""

    WIDEST = {"team": "Rouge", "aim": "G", "dive": "G"}

    def __missing__(self, name: str) -> str:
        return self.WIDEST.get(name, "10")


def test_every_string_fits_the_screen_in_both_languages():
    for key, strings in i18n.STRINGS.items():
        for string in strings:
            line = string.format_map(Sample())
            assert len(line) * CHAR_W <= WIDTH, (key, line)


def test_idle_menu_dims_and_moves_a_screensaver_and_a_press_wakes_it(tmp_path):
    rig = Rig(tmp_path)                                        # the handheld: no demo
    rig.wait(rig.app.idle.splash)
    rig.wait(rig.app.idle.screensaver_after - 1)
    assert rig.app.mode == "menu" and rig.console.screen(1).level > 100
    rig.wait(2)
    assert rig.app.mode == "saver" and rig.console.screen(1).level < 20
    first = rig.image(1).tobytes()
    rig.wait(rig.app.idle.screensaver_move * 2)
    assert rig.image(1).tobytes() != first
    rig.press(1, Button.CENTRE)                                # wakes, does not start a match
    assert rig.app.mode == "menu" and rig.console.screen(1).level > 100


def test_a_match_abandoned_for_ten_minutes_returns_to_the_menu(tmp_path):
    rig = Rig(tmp_path, Settings.flat(players="cpu"))
    rig.start()
    rig.wait(599)
    assert rig.app.mode == "match"
    assert isinstance(rig.screen(1), cs.CardScreen)
    rig.wait(2)
    assert rig.app.mode == "menu"


def test_the_loop_sleeps_until_the_next_timer_and_redraws_only_changes(tmp_path):
    rig = Rig(tmp_path, Settings.flat(players="two"))
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    assert rig.app.deadline() == rig.app.presence.last_press + rig.app.idle.abandon_after
    calls = rig.console.screen(1).display_calls
    rig.wait(30)
    assert rig.console.screen(1).display_calls == calls


def test_pitchpad_sim_off_a_terminal_prints_a_cpu_match_and_saves_frames(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "firmware.cli", "sim", "--seed", "3", "--level", "pro_plus",
         "--frames", str(tmp_path)], capture_output=True, text=True, stdin=subprocess.DEVNULL,
        cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-2]
    assert last.startswith("Score: red ") and "winner:" in last
    assert "Round 1:" in result.stdout
    assert len(list(tmp_path.glob("pad1-*.png"))) > 20
    assert len(list(tmp_path.glob("pad2-*.png"))) > 20


def test_pitchpad_run_refuses_a_bad_config_with_a_message(tmp_path, capsys):
    config = tmp_path / "bad.toml"
    config.write_text("profile = \"toaster\"\n")
    # its own state dir: a failed start is counted there (safe mode), not in /var/lib/pitchpad
    assert main(["run", "--config", str(config), "--state-dir", str(tmp_path)]) == 2
    assert "toaster" in capsys.readouterr().err
