"""Chifoumi with 3 or 4 players calls the other players by the names they chose on the pads
("À Ana", "Ana a pris ta pile"), told from the reading pad's side, the army's name when a
player has none or the name does not fit; teams stay "Nous" / "Eux" (K-4P)."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from app_rig import Rig as AppRig
from chifoumi_rig import Rig
from reading import words

from engine.chifoumi import GameConfig, new_match
from engine.chifoumi import events as ev
from firmware.chifoumi import screens as ks
from firmware.console.kids import KidsRevealScreen, Picture, big_lines, kids_reveal
from firmware.games.registry import GAMES
from firmware.games.session import Step
from firmware.games.spec import HeadlineNames
from firmware.i18n import person_key
from firmware.render import WIDTH, Canvas, text_width
from firmware.storage import roster
from firmware.storage.settings import Settings
from hal.buttons import Button

NAMES = ["Ana", "Ben", "Cléo", "Dan"]


def named_table(tmp_path: Path, players: int) -> Rig:
    """``players`` people at as many pads, pad k choosing the k-th name, up to the kick-off."""
    roster.save(tmp_path, NAMES)
    rig = Rig(tmp_path, players, Settings.flat(game="chifoumi", players=players, humans=players))
    AppRig.start(rig)
    assert rig.app.mode == "pick"
    for pad in range(1, players + 1):
        for _ in range(pad):
            rig.press(pad, Button.CARD2)
        rig.press(pad, Button.CENTRE)
    assert rig.app.mode == "match"
    return rig


def test_K_4P_1_the_kick_off_names_the_partner_and_the_boards_name_who_plays(tmp_path):
    rig = named_table(tmp_path, 4)
    assert rig.session.people == {"white": "Ana", "red": "Ben", "black": "Cléo", "orange": "Dan"}
    assert words(rig.screen(1), "fr") == ["Ana, tu joues Blanc", "avec Cléo"]
    assert words(rig.screen(2), "fr") == ["Ben, tu joues Rouge", "avec Dan"]
    rig.wait(rig.session.timing.kickoff + 0.1)
    assert "À toi !" in words(rig.screen(1), "fr")                  # White starts (K-4P-1)
    for pad in (2, 3, 4):
        drawn = words(rig.screen(pad), "fr")
        assert "À Ana" in drawn and "À Blanc" not in drawn, drawn
        assert "Nous 12" in drawn and "Eux 12" in drawn               # teams stay teams


def test_K_4P_1_the_legend_shows_each_style_beside_its_players_name(tmp_path):
    rig = named_table(tmp_path, 4)
    rig.wait(rig.session.timing.kickoff + 0.1)
    rig.press(2, Button.CARD4)
    legend = rig.screen(2)
    assert isinstance(legend, ks.LegendScreen)
    assert set(NAMES) <= set(words(legend, "en"))


def test_K_MOV_2_with_3_players_whose_turn_and_who_took_a_pile_name_the_player(tmp_path):
    rig = named_table(tmp_path, 3)
    rig.wait(rig.session.timing.kickoff + 0.1)
    assert "À Ana" in words(rig.screen(2), "fr") and "Ana's go" in words(rig.screen(3), "en")
    board = rig.screen(2)
    assert isinstance(board, ks.BoardScreen)
    took = words(replace(board, taken_by="white"), "fr")
    assert "Ana a pris ta pile" in took


def test_a_name_too_long_for_the_panel_keeps_the_army_and_every_line_fits():
    match = new_match(GameConfig(3))
    names = (("white", "Maximilien"), ("red", "Ben"))
    for language in ("fr", "en"):
        board = ks.BoardScreen(match.view("black"), None, names=names, taken_by="white")
        drawn = words(board, language)
        assert ("À Blanc" if language == "fr" else "White's go") in drawn
        assert all(text_width(w) <= WIDTH for w in drawn)
        assert not any("Maximilien" in w for w in drawn)    # neither the panel nor the bar
        result = ks.ResultScreen(match.view("black"), False, names)
        assert all(text_width(w) <= WIDTH for w in words(result, language))


def test_K_2P_3_two_named_players_see_each_other_by_name_and_without_names_the_army():
    match = new_match(GameConfig(2))
    view = match.view("black")
    names = (("white", "Ana"), ("black", "Ben"))
    assert "Ana 8" in words(ks.ResultScreen(view, False, names), "fr")
    assert "Noir 8" in words(ks.ResultScreen(match.view("white"), False), "fr")
    took = [ev.Captured("white", 10, ())]
    named = HeadlineNames(person_key("Ana"), dict(names))
    assert ks.reveal_headline(view, took, "fr", named) == "Ana prend !"
    assert ks.reveal_headline(view, took, "fr", HeadlineNames("team.white")) == "Blanc prend !"
    assert ks.reveal_headline(view, took, "fr", HeadlineNames("cpu")) == "Blanc prend !"


# ----- kids' mode's big headline: the player who acted, by name, with 3 or 4 players --------------
def big_texts(words: str) -> list[tuple[int, str, int]]:
    """(x, text, scale) of every text :class:`KidsRevealScreen` draws for ``words`` (with the
    hands' picture, as a Chifoumi reveal)."""
    drawn: list[tuple[int, str, int]] = []

    class Reading(Canvas):
        def text(self, x: int, y: int, text: str, scale: int = 1, ink: int = 1) -> None:
            drawn.append((x, text, scale))
            super().text(x, y, text, scale, ink)

    KidsRevealScreen(words, Picture.HANDS).draw(Reading(), "fr")
    return drawn


HEADLINES = [  # players, reading seat, the player who acted, its event, FR, EN
    (3, "red", "white", lambda s: ev.Captured(s, 10, ()), "Ana prend !", "Ana takes it!"),
    (3, "white", "black", lambda s: ev.Captured(s, 10, ()), "Noir prend !", "Black takes it!"),
    (3, "black", "red", lambda s: ev.Moved(s, 42, 43, 0, False), "Maximilien a joué",
     "Maximilien played"),
    (4, "black", "orange", lambda s: ev.Captured(s, 10, ()), "Dan prend !", "Dan takes it!"),
    (4, "red", "black", lambda s: ev.Moved(s, 48, 41, 0, True), "Noir a joué", "Black played"),
]


@pytest.mark.parametrize("players, seat, actor, event, fr, en", HEADLINES)
def test_K_3P_K_4P_kids_headline_names_the_player_who_acted_by_name_else_the_army(
        players, seat, actor, event, fr, en):
    """With 3 or 4 players there is no one "other seat": the headline names whoever took or
    played, by the name they chose (public), by their army when they have none; the words keep
    the picture (two big lines at most) and every letter on the panel at twice the size."""
    view = new_match(GameConfig(players)).view(seat)
    names = HeadlineNames("team.white", {"white": "Ana", "red": "Maximilien", "orange": "Dan"})
    for language, expected in (("fr", fr), ("en", en)):
        words = ks.reveal_headline(view, [event(actor)], language, names)
        assert words == expected
        assert len(big_lines(words)) <= 2
        drawn = [(x, t, scale) for x, t, scale in big_texts(words) if t != "✕"]   # the picture's
        assert [t for _x, t, _scale in drawn] == big_lines(words)
        assert all(scale == 2 and 0 <= x and x + text_width(t, scale) <= WIDTH
                   for x, t, scale in drawn), drawn


def test_K_3P_a_name_too_long_for_a_big_line_keeps_the_army():
    view = new_match(GameConfig(3)).view("red")
    names = HeadlineNames("team.white", {"white": "Anne-Sophie"})      # 11 letters: 132 px
    assert ks.reveal_headline(view, [ev.Captured("white", 10, ())], "fr", names) == "Blanc prend !"


def test_K_3P_kids_mode_hands_the_headline_every_players_name(tmp_path):
    """The console gives the game's headline the names the players chose at the pads
    (:func:`firmware.console.kids.kids_reveal`), so a 3-player reveal names the one who took."""
    rig = named_table(tmp_path, 3)
    session = rig.session
    session.step, session.events = Step.REVEAL, [ev.Captured("white", 10, ())]   # a reveal
    for language, expected in (("fr", "Ana prend !"), ("en", "Ana takes it!")):
        shown = kids_reveal(GAMES["chifoumi"], session, "black", language)
        assert shown is not None and shown.words == expected
