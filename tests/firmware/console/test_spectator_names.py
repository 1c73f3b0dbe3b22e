"""A spare pad calls the players by the names they chose on the pads ("Ana joue 7, Ben 2"),
their team's colour when they have none or the name does not fit; and it words the last move
during the steps the games declare as showing it (``Step(..., shows_move=True)``), so the
console's code names none of a game's own steps."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine.chifootmi import events as ev
from engine.chifootmi.cards import DT
from firmware.console.app import Idle
from firmware.console.spectator import SpectatorScreen
from firmware.games import session
from firmware.games.registry import GAMES
from firmware.render import WIDTH, text_width
from firmware.storage import roster
from firmware.storage.settings import Settings
from hal.buttons import Button

from app_rig import Rig
from goldens import assert_goldens
from reading import words
from tests.firmware.games.test_core_names_no_game import own_steps

CHIFOOTMI = GAMES["chifootmi"].spectator_words

CONSOLE = Path(__file__).resolve().parents[3] / "firmware" / "console"


def named_four_pads(tmp_path: Path, language: str) -> Rig:
    """Chifootmi on a four-pad table: Ana on pad 1, Ben on pad 2, pads 3 and 4 watching."""
    roster.save(tmp_path, ["Ana", "Ben"])
    rig = Rig(tmp_path, Settings.flat(game="chifootmi", players="two", language=language), seed=8,
              pads=4, idle=Idle(screensaver_after=1e9))
    rig.start()
    assert rig.app.mode == "pick"
    for pad, presses in ((1, 1), (2, 2)):
        for _ in range(presses):
            rig.press(pad, Button.CARD2)
        rig.press(pad, Button.CENTRE)
    assert rig.app.mode == "match" and rig.app.session.people == {"red": "Ana", "blue": "Ben"}
    return rig


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_spare_pad_calls_the_players_by_their_names(tmp_path, language):
    rig = named_four_pads(tmp_path, language)
    rig.wait(rig.app.timing.kickoff)
    watching = words(rig.screen(3), language)
    assert "Ana" in watching and "Ben" in watching
    assert not {"Rouge", "Bleu", "Red", "Blue"} & set(watching)
    for pad in (1, 2):
        rig.press(pad, Button.CARD1)
        rig.press(pad, Button.CARD1)
    rig.wait(rig.app.timing.flip)
    screen = rig.screen(3)
    assert isinstance(screen, SpectatorScreen) and screen == rig.screen(4)
    played = {"fr": r"^Ana joue \S+, Ben \S+$", "en": r"^Ana plays \S+, Ben \S+$"}[language]
    assert any(re.match(played, line) for line in words(screen, language)), words(screen, language)
    assert all(text_width(line) <= WIDTH for line in words(screen, language))
    assert_goldens({"named": rig.image(3).copy()}, "spectator-", language, tmp_path)


def test_a_name_that_does_not_fit_keeps_the_colour_and_a_seat_without_one_its_colour():
    reveal = ev.Reveal(round=3, red=7, blue=DT)
    goal = ev.Goal(seat="blue", kind="open_play", shoot="left", dive="right", red=0, blue=1)
    summary = {"score": {"red": 10, "blue": 11}, "over": False}
    screen = SpectatorScreen.of("Chifootmi", summary, [reveal, goal], True, CHIFOOTMI,
                                people={"red": "Maximilien"})
    drawn = words(screen, "fr")
    assert "Rouge" in drawn and "Bleu" in drawn                 # 10-11 leaves no room for it
    assert "Rouge 7 vs D/T Bleu" in drawn and "Bleu marque !" in drawn
    assert not any("Maximilien" in line for line in drawn)
    assert all(text_width(line) <= WIDTH for line in drawn)
    short = SpectatorScreen.of("Chifootmi", {**summary, "score": {"red": 0, "blue": 0}},
                               [reveal], True, CHIFOOTMI, people={"red": "Maximilien", "blue": "Léa"})
    drawn = words(short, "fr")                                  # "Maximilien 7 vs D/T Léa": 138 px
    assert "Rouge joue 7, Léa D/T" in drawn and "Léa" in drawn and "Rouge" in drawn


def test_K_3P_a_spare_pad_names_the_named_players_in_the_points_line():
    summary = {"points": {"white": 0, "red": 2, "black": 1}, "over": False}
    named = SpectatorScreen.of("Chifoumi", summary, [], False, people={"white": "Ana", "red": "Ben"})
    plain = SpectatorScreen.of("Chifoumi", summary, [], False)
    assert "Ana 0 Ben 2 Noir 1" in words(named, "fr") and "Ana 0 Ben 2 Black 1" in words(named, "en")
    assert "B0 R2 N1" in words(plain, "fr")                     # unnamed: as before
    crowded = SpectatorScreen.of("Chifoumi", summary, [], False,
                                 people={"white": "Maximilien", "red": "Jean-Marie", "black": "Sophie"})
    assert "B0 R2 N1" in words(crowded, "fr")                   # names do not fit: initials


def test_the_winner_is_called_by_name():
    over = {"score": {"red": 2, "blue": 1}, "over": True, "winner": "red"}
    assert "Ana gagne !" in words(SpectatorScreen.of("Fotboll", over, [], False, people={"red": "Ana"}), "fr")
    assert "Red wins!" in words(SpectatorScreen.of("Fotboll", over, [], False), "en")


# ----- which steps show a move: each game's steps say so ------------------------------------
def test_the_steps_showing_a_move_are_the_flip_the_reveal_and_the_games_own_that_say_so():
    showing = {str(step) for step in (session.Step.KICKOFF, session.Step.CHOOSE, session.Step.FLIP,
                                      session.Step.REVEAL, session.Step.OVER) if step.shows_move}
    assert showing == {"flip", "reveal"}
    own = {value: session.Step(value).shows_move for steps in own_steps().values()
           for value in steps.values()}
    assert own == {"flag": True, "throw": False, "end": True}


def test_a_step_keeps_what_it_shows_when_found_again_by_name():
    """``Step(name)`` (a copy, an unpickled session) is the declared step, showing what it did."""
    assert session.Step("flag").shows_move and not session.Step("throw").shows_move


@pytest.mark.parametrize("path", sorted(CONSOLE.glob("*.py")), ids=lambda path: path.name)
def test_the_console_names_no_game_s_own_step(path):
    """The console asks a step whether it shows a move; it never lists a game's steps (read
    from the games' own ``Step`` subclasses, so a new game's steps are covered)."""
    found = []
    for cls, steps in own_steps().items():
        for name, value in steps.items():
            pattern = re.compile(rf"\b{name}\b|[\"']{re.escape(value)}[\"']")
            found += [f"{path.name}:{n}: {cls}.{name}: {line.strip()}"
                      for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                      if pattern.search(line)]
    assert found == []


@pytest.mark.parametrize("game", ["chifootmi", "fotboll"])
def test_a_spare_pad_words_a_move_only_while_the_step_shows_one(tmp_path, game):
    rig = Rig(tmp_path, Settings.flat(game=game, players="two"), seed=4, pads=4,
              idle=Idle(screensaver_after=1e9))
    rig.start()
    rig.wait(rig.app.timing.kickoff)
    rng = random.Random(5)
    worded = 0
    for _ in range(300):
        rig.press(rng.choice((1, 2)), rng.choice(list(Button)))
        rig.wait(rng.choice((0.0, 0.3, 1.0)))
        if rig.app.mode != "match":
            break
        screen = rig.screen(3)
        assert isinstance(screen, SpectatorScreen)
        assert not screen.words or rig.app.session.step.shows_move, rig.app.session.step
        worded += bool(screen.words)
    assert worded
