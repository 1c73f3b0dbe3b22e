"""The café demo (CPU against CPU, nobody at the pads): no pad tells a passer-by to press a
button; a CPU seat's screen says what its team is doing instead ("Rouge choisit…").

Each registered game's whole demo match is played as ``pitchpad sim`` plays it without a
terminal (the registry read: a game added to it is checked too), and every screen each pad
showed is read back in both languages, told of its team as the demo draws it
(:func:`firmware.console.modes.demo_voice`). A word asks the reader to press something when it
is one of the console's hints, or a game's word whose key names it a hint (``<game>.hint.*``,
as the recipe in ``docs/architecture.md`` asks), or one of the games' own listed below.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import any_game
from demo_play import demo_screens
from reading import visible_words

from firmware.console.modes import demo_voice
from firmware.games.registry import GAMES
from firmware.i18n import STRINGS, text
from firmware.storage.settings import Settings

ADDRESSED = ("hint.again", "hint.locked", "hint.wait", "hint.pick_side", "hint.pick_card",
             "you_shoot", "you_dive", "draw.title", "draw.hidden", "draw.visible", "flag.hint",
             "fb.hint.formation", "fb.hint.remove", "fb.hint.prepare", "fb.hint.attack",
             "fb.hint.send_off", "fb.hint.keeper", "ck.you_play", "ck.your_turn",
             "ck.hint.pick", "ck.hint.go", "ck.hint.place", "ck.take")
"""Words that ask the reader to press something or act (a person's hints)."""


def hints() -> tuple[str, ...]:
    """Every word that asks the reader to press: :data:`ADDRESSED`, and every key naming a hint."""
    return (*ADDRESSED, *(key for key in STRINGS if key.startswith("hint.") or ".hint" in key))


def read_demo(tmp_path: Path, language: str, chosen: Settings | None = None,
              **settings: Any) -> list[tuple[str, list[str]]]:
    """(screen model name, the words it drew) for every screen every pad showed."""
    pads = int(settings.get("players", 2))
    app, seen = demo_screens(tmp_path, chosen or Settings.flat(**settings), 3, pads=pads)
    session, shown = app.session, []
    for pad, models in seen.items():
        seat = session.match.seats[pad - 1]
        for model in models:
            shown.append((type(model).__name__,
                          visible_words(demo_voice(session, seat, model), language)))
    return shown


def addressed(shown: list[tuple[str, list[str]]], language: str) -> list[tuple[str, str]]:
    said = {text(language, key) for key in hints() if key in STRINGS}
    return sorted({(name, w) for name, drawn in shown for w in drawn if w in said})


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("name", list(GAMES))
def test_no_game_s_demo_shows_a_button_hint(tmp_path, name, language):
    shown = read_demo(tmp_path, language, any_game.settings(GAMES[name], language=language))
    assert len(shown) > 4
    assert addressed(shown, language) == []


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_fotboll_demo_shows_no_button_hint_and_says_who_chooses(tmp_path, language):
    shown = read_demo(tmp_path, language, game="fotboll", tiebreak=True)
    assert addressed(shown, language) == []
    formation = [drawn for name, drawn in shown if name == "FormationScreen"]
    red, blue = text(language, "team.red"), text(language, "team.blue")
    assert text(language, "cpu.choosing", team=red) in formation[0]
    assert any(text(language, "cpu.choosing", team=blue) in drawn for drawn in formation)
    assert any(text(language, "fb.cpu.attack", team=red) in drawn for _, drawn in shown)


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_chifootmi_demo_shows_no_button_hint_and_says_who_chooses(tmp_path, language):
    shown = read_demo(tmp_path, language, game="chifootmi")
    assert addressed(shown, language) == []
    cards = [drawn for name, drawn in shown if name == "CardScreen"]
    assert any(text(language, "cpu.choosing", team=text(language, "team.red")) in drawn
               for drawn in cards)


@pytest.mark.parametrize("players", [2, 4])
def test_the_chifoumi_demo_kick_off_says_the_cpu_plays_its_army_not_another_army(tmp_path, players):
    shown = read_demo(tmp_path, "fr", game="chifoumi", players=players)
    assert addressed(shown, "fr") == []
    kickoffs = [drawn for name, drawn in shown if name == "KickoffScreen"]
    assert len(kickoffs) == players
    armies = {text("fr", "team." + seat) for seat in ("white", "black", "red", "orange")}
    for drawn in kickoffs:
        assert drawn[0] == text("fr", "ck.cpu_plays"), drawn       # not "Noir" over "Blanc"
        assert drawn[0] not in armies


YOU = {"en": re.compile(r"\b(you|your|yours)\b", re.IGNORECASE),
       "fr": re.compile(r"\b(tu|toi|ton|ta|tes|vous)\b", re.IGNORECASE)}
"""The reader addressed: nobody sits at a demo's pads (issue 40, item 7: a CPU's pad said
"You stop it!")."""


def spoken_to(shown: list[tuple[str, list[str]]], language: str) -> list[tuple[str, str]]:
    return sorted({(model, line) for model, drawn in shown for line in drawn
                   if YOU[language].search(line)})


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("name", list(GAMES))
def test_no_game_s_demo_speaks_to_the_reader_as_you(tmp_path, name, language):
    shown = read_demo(tmp_path, language, any_game.settings(GAMES[name], language=language))
    assert spoken_to(shown, language) == []


@pytest.mark.parametrize("language", ["fr", "en"])
def test_the_fotboll_demo_with_a_shoot_out_speaks_to_nobody_as_you(tmp_path, language):
    shown = read_demo(tmp_path, language, game="fotboll", tiebreak=True)
    assert spoken_to(shown, language) == []
