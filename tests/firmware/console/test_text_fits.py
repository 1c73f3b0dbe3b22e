"""No text cut off at the panel's edge, on any screen of any game, in either language (issue 18).

Every string the screens draw goes through :meth:`firmware.render.Canvas.text`; here that method
also measures the ink the real font puts down (the rendered mask's bounding box, scaled as
drawn: not a count of characters) and records any text whose ink leaves the 128x64 panel.

Two walks:

* every registered game (the registry read, so a game added to it is measured too): whole
  matches on the headless simulator between two people and a child against the CPU (kids'
  mode), played by :mod:`any_game`'s people, and its café demo told of each pad's team, both
  languages, every screen each pad shows;
* scripted console walks: whole matches of the games here played by buttons, two people and
  against the CPU, 2, 3 and 4 Chifoumi armies (the test names the screen models it must have met);
* every reveal sentence of Chifootmi and Fotboll, from each seat's side, against each opponent
  name ("Rouge", "Bleu", "Ordi"...), drawn on its real screen.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from app_rig import Rig

from engine.chifootmi import events as cev
from engine.chifootmi import new_match as chifootmi_match
from engine.chifootmi import MatchConfig as ChifootmiConfig
from engine.fotboll import Card
from engine.fotboll import MatchConfig as FotbollConfig
from engine.fotboll import events as fev
from engine.fotboll import new_match as fotboll_match
from firmware import render
from firmware.chifootmi import screens as cs
from firmware.chifoumi import screens as ks
from firmware.console.modes import demo_voice
from firmware.fotboll import screens as fs
from firmware.games.registry import GAMES
from firmware.games.spec import HeadlineNames
from firmware.i18n import LANGUAGES
from firmware.render import HEIGHT, WIDTH, Canvas
from firmware.storage.settings import Settings
from hal.buttons import Button

import any_game
from chifootmi_play import intent as chifootmi_intent
import fotboll_play
import chifoumi_rig
from demo_play import demo_screens

OPPONENTS = ("team.red", "team.blue", "cpu")


class Cuts:
    """Texts whose ink left the panel, with the screen that drew them."""

    def __init__(self) -> None:
        self.found: list[tuple[str, str, str, tuple[int, int, int, int]]] = []
        self.screen = "?"
        self.language = "?"
        self.drawn = 0
        self.measuring = False
        """Only while a game's screen is drawn here (not the app's menu behind a sheet)."""

    def measure(self, x: int, y: int, text: str, scale: int) -> None:
        if not self.measuring:
            return
        self.drawn += 1
        box = render._line_image(text).getbbox()
        if box is None:
            return
        ink = (x + box[0] * scale, y + box[1] * scale, x + box[2] * scale, y + box[3] * scale)
        if ink[0] < 0 or ink[1] < 0 or ink[2] > WIDTH or ink[3] > HEIGHT:
            self.found.append((self.screen, self.language, text, ink))


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch) -> Cuts:
    """Every ``Canvas.text`` measured while the test runs (the app's own drawing included)."""
    found = Cuts()
    drawing = Canvas.text

    def text(self: Canvas, x: int, y: int, text: str, scale: int = 1, ink: int = 1) -> None:
        found.measure(x, y, text, scale)
        drawing(self, x, y, text, scale, ink)

    monkeypatch.setattr(Canvas, "text", text)
    return found


def draw(model: Any, language: str, cuts: Cuts) -> None:
    cuts.screen, cuts.language = type(model).__name__, language
    cuts.measuring = True
    try:
        model.draw(Canvas(), language)
    finally:
        cuts.measuring = False


# ----- the scripted walks ------------------------------------------------------------------------
def walk(rig: Rig, pads: tuple[int, ...], act: Any, cuts: Cuts, language: str,
         seen: set[str], limit: int = 6000) -> None:
    """Play by ``act(rig, pad, model, rng)`` (True when it pressed) on ``pads`` until the match
    is over and back on the menu, drawing every new screen of every pad once more (after each
    press and each timer) with the measuring canvas."""
    rng = random.Random(3)
    shown: dict[int, Any] = {}
    """Each screen drawn so far by its id, kept alive so that no id is reused."""

    def look() -> None:
        for pad in range(1, rig.pads + 1):
            model = rig.screen(pad)
            if id(model) not in shown:
                shown[id(model)] = model
                seen.add(type(model).__name__)
                draw(model, language, cuts)

    pressing = rig.press

    def press(pad: int, button: Button) -> None:
        pressing(pad, button)
        look()

    rig.press = press  # type: ignore[method-assign]
    for _ in range(limit):
        look()
        if rig.app.mode != "match":
            return
        acted = False
        for pad in pads:
            acted = act(rig, pad, rig.screen(pad), rng) or acted
        if not acted:
            rig.wait_for_change()
    raise AssertionError("the walk did not reach the end of the match")


def chifoumi_act(rig: Rig, pad: int, model: Any, rng: random.Random) -> bool:
    """A person at a Chifoumi pad: a hand picked then thrown, a legend now and then, a move
    made by buttons (``tests/firmware/chifoumi/console_rig.play_turn``), OK on the result."""
    if isinstance(model, ks.LegendScreen):
        rig.press(pad, Button.CARD4)
    elif isinstance(model, ks.ThrowScreen) and not model.locked:
        rig.press(pad, chifoumi_rig.throw_button(model, rng))
    elif isinstance(model, ks.BoardScreen) and model.mode in ("pick", "chain", "place") \
            and rig.app.seat_at(pad) in rig.app.session.match.to_act():
        if rng.random() < 0.05:
            rig.press(pad, Button.CARD4)
        else:
            chifoumi_rig.play_turn(rig, pad, rng)
    elif isinstance(model, ks.ResultScreen):
        rig.press(pad, Button.CENTRE)
    else:
        return False
    return True


def pressing(intent: Any) -> Any:
    """An ``act`` that presses what ``intent(model, rng)`` says (OK on a result sheet)."""
    def act(rig: Rig, pad: int, model: Any, rng: random.Random) -> bool:
        button = Button.CENTRE if isinstance(model, (cs.ResultScreen, fs.ResultScreen)) \
            else intent(model, rng)
        if button is None:
            return False
        rig.press(pad, button)
        return True
    return act





WALKS = {
    "chifootmi-two-pro-plus": (dict(game="chifootmi", players="two", level="pro_plus"), 2, (1, 2), 5),
    "chifootmi-cpu-amateur": (dict(game="chifootmi", players="cpu", level="amateur"), 2, (1,), 2),
    "fotboll-two-jokers": (dict(game="fotboll", players="two", jokers=True), 2, (1, 2), 5),
    "fotboll-cpu": (dict(game="fotboll", players="cpu", difficulty="easy"), 2, (1,), 3),
    "chifoumi-two-placement": (dict(game="chifoumi", chifoumi_players=2, chifoumi_humans=2,
                                    placement=True), 2, (1, 2), 5),
    "chifoumi-three": (dict(game="chifoumi", chifoumi_players=3, chifoumi_humans=1), 2, (1,), 4),
    "chifoumi-four-closed": (dict(game="chifoumi", chifoumi_players=4, chifoumi_humans=2,
                                  closed_stacks=True), 2, (1, 2), 3),
}
MUST_SEE = {
    "chifootmi-two-pro-plus": {"KickoffScreen", "CardScreen", "FlipScreen", "RevealScreen",
                               "DrawScreen", "ShotScreen", "ResultScreen"},
    "chifootmi-cpu-amateur": {"KickoffScreen", "CardScreen", "RevealScreen", "CpuPadScreen",
                              "ResultScreen"},
    "fotboll-two-jokers": {"KickoffScreen", "FormationScreen", "PitchScreen", "FlipScreen",
                           "DuelScreen", "EventScreen", "ResultScreen"},
    "fotboll-cpu": {"KickoffScreen", "FormationScreen", "PitchScreen", "DuelScreen",
                    "CpuPadScreen", "ResultScreen"},
    "chifoumi-two-placement": {"KickoffScreen", "ThrowScreen", "FlipScreen", "ThrowRevealScreen",
                               "BoardScreen", "LegendScreen", "EndScreen", "ResultScreen"},
    "chifoumi-three": {"KickoffScreen", "BoardScreen", "EndScreen", "ResultScreen"},
    "chifoumi-four-closed": {"KickoffScreen", "BoardScreen", "EndScreen", "ResultScreen"},
}


def measure_shown(rig: Rig, cuts: Cuts, language: str, shown: dict[int, Any]) -> None:
    """Draw each pad's screen once more with the measuring canvas, when it is new."""
    for pad in range(1, rig.pads + 1):
        model = rig.screen(pad)
        if id(model) not in shown:
            shown[id(model)] = model
            draw(model, language, cuts)


def reported(cuts: Cuts) -> str:
    return "text cut off at the panel's edge: " + "; ".join(
        f"{screen} ({language}) {text!r} ink {ink}" for screen, language, text, ink in cuts.found[:12])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("people, kids", [(2, False), (1, True)], ids=["two-people", "kids-vs-cpu"])
@pytest.mark.parametrize("name", list(GAMES))
def test_every_registered_game_s_screens_cut_no_text_at_the_edge(tmp_path: Path, cuts: Cuts, name: str,
                                                                people: int, kids: bool,
                                                                language: str) -> None:
    """A whole match of every registered game, every screen of both pads measured: two people,
    and a child against the CPU (kids' mode: the big reveals too)."""
    rig = Rig(tmp_path, any_game.settings(GAMES[name], people=people, kids=kids, language=language),
              seed=5)
    rig.start()
    shown: dict[int, Any] = {}
    any_game.play_to_the_end(rig, (1, 2), random.Random(name),
                             each=lambda: measure_shown(rig, cuts, language, shown))
    assert len(shown) > 4 and cuts.drawn > 20
    assert not cuts.found, reported(cuts)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", list(WALKS))
def test_a_walk_through_every_screen_cuts_no_text_at_the_edge(tmp_path: Path, cuts: Cuts,
                                                             name: str, language: str) -> None:
    values, pads, players, seed = WALKS[name]
    settings = Settings.flat(language=language, **values)
    if values["game"] == "chifoumi":
        rig = chifoumi_rig.Rig(tmp_path, pads, settings, seed)
        rig.kick_off()
    else:
        rig = Rig(tmp_path, settings, seed=seed, pads=pads)
        rig.start()
    act = {"chifootmi": pressing(chifootmi_intent), "fotboll": pressing(fotboll_play.intent),
           "chifoumi": chifoumi_act}[values["game"]]
    seen: set[str] = set()
    walk(rig, players, act, cuts, language, seen)
    assert MUST_SEE[name] <= seen, f"screens never reached: {MUST_SEE[name] - seen}"
    assert cuts.drawn > 100
    assert not cuts.found, "text cut off at the panel's edge: " + "; ".join(
        f"{screen} ({language}) {text!r} ink {ink}" for screen, language, text, ink in cuts.found[:12])


# ----- every reveal sentence, on its screen, from each side ---------------------------------------
def chifootmi_moves() -> list[list[Any]]:
    """Each kind of Chifootmi reveal, as the engine's public events (Red shoots or attacks)."""
    goal = cev.Goal(seat="red", kind="open_play", shoot="left", dive="right", red=1, blue=0)
    saved = cev.Saved(seat="red", kind="last_card", shoot="left", dive="left")
    return [
        [cev.Reveal(round=3, red=9, blue=4), cev.BallKept(seat="red", retention=1, dribble=False)],
        [cev.Reveal(round=3, red=0, blue=4), cev.BallKept(seat="red", retention=1, dribble=True),
         cev.ShootingPhase(seat="red")],
        [cev.Reveal(round=3, red=2, blue=11), cev.BallWon(seat="blue", how="duel", counter_attack=False)],
        [cev.Reveal(round=3, red=0, blue=0), cev.BallWon(seat="blue", how="tackle", counter_attack=True)],
        [cev.Reveal(round=3, red=8, blue=0), cev.ShotCalled(kind="free_kick", shooter="red",
                                                            keeper="blue", sides=2)],
        [cev.Reveal(round=3, red=8, blue=7), cev.OneTwo(seat="red", value=8),
         cev.BallKept(seat="red", retention=2, dribble=False),
         cev.ShotCalled(kind="open_play", shooter="red", keeper="blue", sides=2)],
        [cev.Reveal(round=9, red=11, blue=3), cev.OverTheBar(seat="red")],
        [cev.Reveal(round=9, red=5, blue=5), cev.PushedAway(seat="red")],
        [cev.Offside(seat="blue")],
        [cev.PlayOn(seat="red"), cev.BallKept(seat="red", retention=2, dribble=False)],
        [goal],
        [saved, cev.ShootoutStart(first="blue"),
         cev.ShotCalled(kind="shootout", shooter="blue", keeper="red", sides=3)],
        [cev.ShootoutKick(seat="red", shoot="centre", dive="left", scored=True, red=3, blue=2)],
        [cev.ShootoutKick(seat="red", shoot="centre", dive="centre", scored=False, red=2, blue=2)],
    ]


def fotboll_moves() -> list[list[Any]]:
    """Each kind of Fotboll reveal (Red attacks)."""
    five, nine, joker = Card.parse("5H"), Card.parse("9S"), Card.parse("JK")
    duel = dict(seat="red", attack=nine, defence=five)
    return [
        [fev.Duel(position="D2", won=True, **duel)],
        [fev.Duel(seat="red", position="M4", attack=five, defence=nine, won=False)],
        [fev.Duel(seat="red", position="GK", attack=five, defence=nine, won=False)],
        [fev.Duel(position="GK", won=True, **duel), fev.Goal(seat="red", how="keeper", red=1, blue=0)],
        [fev.Duel(seat="red", position="D1", attack=Card.parse("3D"), defence=joker, won=False),
         fev.Penalty(seat="red", cards=(Card.parse("QC"), Card.parse("AS")), total=13,
                     keeper=Card.parse("KH"), scored=False)],
        [fev.Duel(seat="red", position="F1", attack=five, defence=joker, won=False),
         fev.Booked(seat="blue", yellow=2, red_card=True)],
        [fev.ShootoutKick(shooter="red", shoot="left", dive="right", scored=True, red=4, blue=3)],
        [fev.ShootoutKick(shooter="red", shoot="left", dive="left", scored=False, red=3, blue=3)],
        [fev.HalfTime(half=1, red=2, blue=1)],
        [fev.SentOff(seat="red", position="M3", card=Card.parse("10D"))],
        [fev.Substituted(seat="red", position="M4", card=Card.parse("QS"), used=1),
         fev.Replaced(seat="red", position="D3", card=Card.parse("10H"))],
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reveal_sentence_fits_its_screen_from_each_side(cuts: Cuts, language: str) -> None:
    chifootmi = chifootmi_match(ChifootmiConfig(), 1)
    fotboll = fotboll_match(FotbollConfig(jokers=True, tiebreak=True), 1)
    for opponent in OPPONENTS:
        for seat in ("red", "blue"):
            view = chifootmi.view(seat)
            for events in chifootmi_moves():
                draw(cs.reveal_screen(view, opponent, events), language, cuts)
                assert cs.reveal_headline(view, events, language, HeadlineNames(opponent))
            view = fotboll.view(seat)
            for events in fotboll_moves():
                draw(fs.reveal_screen(tuple(events), view, opponent), language, cuts)
                assert fs.reveal_headline(view, events, language, HeadlineNames(opponent))
    assert not cuts.found, cuts.found[:12]


DEMOS = [(name, 2, None) for name in GAMES] + [("chifoumi", 4, Settings.flat(game="chifoumi", players=4)),
                                              ("fotboll", 2, Settings.flat(game="fotboll", tiebreak=True))]
"""Every registered game's demo from its menu's defaults; and the Chifoumi of four armies and
the Fotboll with a shoot-out the defaults do not show."""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game, players, settings", DEMOS,
                         ids=[f"{name}-{players}{'' if settings is None else '-more'}"
                              for name, players, settings in DEMOS])
def test_every_screen_of_the_cafe_demo_cuts_no_text_at_the_edge(tmp_path: Path, cuts: Cuts,
                                                                game: str, players: int,
                                                                settings: Settings | None,
                                                                language: str) -> None:
    """The demo's screens, told of each pad's team ("Rouge choisit…" where a person reads
    a button hint), as :class:`firmware.console.modes.Attract` draws them."""
    app, seen = demo_screens(tmp_path, settings or any_game.settings(GAMES[game]), 3, pads=players)
    session = app.session
    for pad, models in seen.items():
        for model in models:
            draw(demo_voice(session, session.match.seats[pad - 1], model), language, cuts)
    assert cuts.drawn > 100
    assert not cuts.found, "text cut off at the panel's edge: " + "; ".join(
        f"{screen} ({language}) {text!r} ink {ink}" for screen, language, text, ink in cuts.found[:12])
