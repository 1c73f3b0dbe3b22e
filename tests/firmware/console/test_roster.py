"""Players' names on the console: typed with the pad buttons, kept on the card, chosen on each
person's pad at the start of a match, recorded with the result and sent to the league."""
from __future__ import annotations

import json
from pathlib import Path

from app_rig import Rig
from reading import words


from firmware.storage import history, roster
from firmware.games.registry import rules
from firmware.storage import journal as mj
from firmware.club.config import Broker, ClubConfig
from firmware.club.unit import ClubLink
from firmware.console.roster_screens import NameScreen, PickScreen, RosterScreen
from firmware.storage.settings import Settings
from hal.buttons import Button

from journal_driver import Player, settings_for  # noqa: E402

OUT = Path(__file__).parent / "out"


def link(state_dir: Path) -> ClubLink:
    """Club play configured but never started: results stay in the outbox (no broker here)."""
    return ClubLink(ClubConfig("cafe", "table1", Broker()), state_dir)


def to_names_line(rig: Rig) -> None:
    rig.press(1, Button.CARD1)                          # leave the splash
    while rig.app.menu.rows()[rig.app.menu.cursor].field != "roster":
        rig.press(1, Button.CARD2)
    rig.press(1, Button.RIGHT)
    assert rig.app.mode == "roster"


def type_name(rig: Rig, pad: int, name: str) -> None:
    """Type ``name`` as a person would: ◀ ▶ to each letter, ▼ to the next, OK at the end."""
    rig.press(pad, Button.CENTRE)                       # "+ New name"
    for index, char in enumerate(name.upper()):
        if index:
            rig.press(pad, Button.CARD2)
        steps = roster.ALPHABET.index(char)              # every letter starts at A
        button = Button.RIGHT if steps <= len(roster.ALPHABET) // 2 else Button.LEFT
        for _ in range(steps if button is Button.RIGHT else len(roster.ALPHABET) - steps):
            rig.press(pad, button)
    rig.press(pad, Button.CENTRE)


def save_png(rig: Rig, pad: int, name: str) -> None:
    OUT.mkdir(exist_ok=True)
    rig.image(pad).convert("L").resize((256, 128)).save(OUT / name)


def test_names_are_typed_with_the_pad_buttons_and_kept_on_the_card(tmp_path):
    rig = Rig(tmp_path, Settings.flat(language="en"), club=link(tmp_path))
    to_names_line(rig)
    save_png(rig, 1, "pad-names-empty.png")
    type_name(rig, 1, "ana")
    rig.press(2, Button.CENTRE)                          # the other pad types the next one
    for char in "JO":
        for _ in range(roster.ALPHABET.index(char)):
            rig.press(2, Button.RIGHT)
        rig.press(2, Button.CARD2)
    assert rig.screen(2) == NameScreen("JO", "A")
    save_png(rig, 2, "pad-name-typing.png")
    rig.press(2, Button.CARD1)                           # «: back to the O
    rig.press(2, Button.CENTRE)
    assert rig.app.roster.names == ["Ana", "Jo"]
    assert json.loads((tmp_path / roster.FILE_NAME).read_text()) == {"names": ["Ana", "Jo"]}
    type_name(rig, 1, "ana")                             # the same name twice is refused
    assert rig.screen(1).message == "name.taken"
    rig.press(1, Button.CARD4)                           # ✕ gives up
    assert isinstance(rig.screen(1), RosterScreen)
    rig.press(1, Button.CARD2)
    rig.press(1, Button.CARD2)
    save_png(rig, 1, "pad-names.png")
    rig.press(1, Button.CARD4)                           # on "Jo": ✕ asks, ✕ again deletes
    assert rig.screen(1).deleting and rig.app.roster.names == ["Ana", "Jo"]
    rig.press(1, Button.CARD4)
    assert rig.app.roster.names == ["Ana"]
    rig.press(1, Button.LEFT)
    assert rig.app.mode == "menu" and rig.app.menu.names == 1
    again = Rig(tmp_path, club=link(tmp_path))
    assert again.app.roster.names == ["Ana"]


def test_the_names_and_tournament_lines_are_there_on_a_unit_without_names_or_club(tmp_path):
    """Issue 32.4: the README lists them; a newcomer must find them to type the first name."""
    rig = Rig(tmp_path)
    fields = [row.field for row in rig.app.menu.rows()]
    assert "roster" in fields and "tournament" in fields
    lines = dict(rig.app.menu.screen().lines)
    assert lines["Noms"] == "0" and lines["Tournoi"] == "Nouveau"


def test_ok_on_a_line_that_opens_a_page_says_it_opens_it_not_play(tmp_path):
    rig = Rig(tmp_path)
    assert "Jouer" in words(rig.app.menu.screen(), "fr")         # beside the OK chip
    to_names_line(rig)
    rig.press(1, Button.LEFT)                            # back on the menu, on "Noms"
    shown = rig.app.menu.screen()
    assert "Ouvrir" in words(shown, "fr") and "Jouer" not in words(shown, "fr")
    assert "Open" in words(shown, "en")


def test_each_person_chooses_a_name_at_the_start_and_the_result_carries_them(tmp_path):
    roster.save(tmp_path, ["Ana", "Ben", "Cy"])
    club = link(tmp_path)
    player = Player(tmp_path, 7, settings_for("beginner", "two"))
    player.app.club = club
    player.app.count_names()
    player.press(1, Button.CARD1)
    player.press(1, Button.CENTRE)                        # OK = play: who plays?
    assert player.app.mode == "pick"
    assert isinstance(player.app.screen_for(1), PickScreen)
    player.press(1, Button.CARD2)
    player.press(1, Button.CENTRE)                        # pad 1: Ana
    player.press(2, Button.CARD2)
    player.press(2, Button.CENTRE)                        # pad 2: Ana is taken: nothing
    assert player.app.mode == "pick" and not player.app.pick.picked[2]
    assert player.app.screen_for(2).taken == (1,)
    player.press(2, Button.CARD2)
    player.press(2, Button.CENTRE)                        # pad 2: Ben, and the match starts
    assert player.app.mode == "match"
    outcome = player.play()
    [result] = history.read(tmp_path)
    assert result["people"] == {"red": "Ana", "blue": "Ben"}
    [sent] = club.publisher.outbox.pending()
    score = outcome["summary"]["score"]
    assert [(p["name"], p["score"]) for p in sent["players"]] == [("Ana", score["red"]),
                                                                  ("Ben", score["blue"])]


def test_left_on_any_pad_goes_back_to_the_menu(tmp_path):
    roster.save(tmp_path, ["Ana"])
    rig = Rig(tmp_path, Settings.flat(players="two"))
    rig.start()
    assert rig.app.mode == "pick"
    save_png(rig, 2, "pad-who-plays.png")
    rig.press(2, Button.LEFT)
    assert rig.app.mode == "menu"
    rig.press(1, Button.CENTRE)
    rig.press(1, Button.CENTRE)                           # pad 1: guest
    rig.press(2, Button.CENTRE)                           # pad 2: guest
    assert rig.app.mode == "match" and "people" not in rig.app.journal.setup.console


def test_against_the_cpu_only_the_person_chooses(tmp_path):
    roster.save(tmp_path, ["Ana"])
    rig = Rig(tmp_path, Settings.flat(players="cpu"))
    rig.start()
    assert set(rig.app.pick.seats) == {1}
    rig.press(2, Button.CENTRE)                           # the CPU's pad: nothing to choose
    assert rig.app.mode == "pick"
    rig.press(1, Button.CARD2)
    rig.press(1, Button.CENTRE)
    assert rig.app.mode == "match"


def test_the_names_survive_a_power_cut_with_the_match(tmp_path):
    roster.save(tmp_path, ["Ana", "Ben"])
    player = Player(tmp_path, 9, settings_for("beginner", "two"))
    player.press(1, Button.CARD1)
    player.press(1, Button.CENTRE)
    player.press(1, Button.CARD2)
    player.press(1, Button.CENTRE)
    player.press(2, Button.CENTRE)                        # Ana against a guest
    for pad, button in player.choices():
        player.press(pad, button)
    assert mj.load(tmp_path, rules()).setup.console["people"] == {"red": "Ana"}
    again = Player(tmp_path, 9, None)                     # the power cut: a new process
    again.play()
    assert history.read(tmp_path)[-1]["people"] == {"red": "Ana"}
