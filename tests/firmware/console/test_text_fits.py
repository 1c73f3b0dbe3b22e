"""No word cut, clipped or run into another, on any screen of any game, in either language
(issues 18 and 40): by the ink the real font puts down, never by counting characters.

Every screen a pad shows is read as the console drew it (its sheet over the menu, the battery
mark over it, the demo's banner over it: ``App.display``), with :func:`reading.misfits`: a
text whose ink leaves the panel, one partly covered by what is drawn after it (a banner, a
chip, a cleared line), two texts whose ink meets or touches (the g of a big "Gagné !" on the
line under it), the battery mark touching a text. Walks:

* every registered game (the registry read: a game added to it, a test's plugin game too, is
  measured as well): whole matches on the console as people play them (:mod:`any_game`),
  with a spare pad watching and the battery mark drawn — two people who chose the longest
  names the pads type (accents and descenders in them), a named child against the CPU in
  kids' mode, a named person against the CPU, two people with no name (their colours) — and
  its café demo on three pads as they show it ("Appuie pour jouer" over each);
* the settings beyond the menu's defaults that change the screens (three and four Chifoumi
  armies, a Fotboll match to a shoot-out);
* scripted console walks: whole matches of the games here played by buttons, two people and
  against the CPU, 2, 3 and 4 Chifoumi armies (the test names the screen models it must meet);
* every reveal sentence of Chifootmi and Fotboll, from each seat's side, against each
  opponent's name ("Rouge", "Bleu", "Ordi", a 10-letter name), drawn on its real screen.
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from app_rig import Refusing, Rig

from engine.chifootmi import events as cev
from engine.chifootmi import new_match as chifootmi_match
from engine.chifootmi import MatchConfig as ChifootmiConfig
from engine.fotboll import Card
from engine.fotboll import MatchConfig as FotbollConfig
from engine.fotboll import events as fev
from engine.fotboll import new_match as fotboll_match
from firmware.chifootmi import screens as cs
from firmware.chifoumi import screens as ks
from firmware.console.app import App, Idle
from firmware.fotboll import screens as fs
from firmware.games.registry import GAMES
from firmware.games.spec import HeadlineNames
from firmware.i18n import LANGUAGES, person_key
from firmware.storage import roster
from firmware.storage.settings import Settings, save
from hal.buttons import Button
from hal.clock import ManualClock

import any_game
import sim
from chifootmi_play import intent as chifootmi_intent
import fotboll_play
import chifoumi_rig
from reading import misfits

NAMES = ("Élise-Gaby", "Jérémy-Guy", "Maximilien", "Anne-Sophy")
"""Names as long as the pads type (``roster.MAX_LENGTH``), with a capital's accent and
descenders: what runs into a line over or under it, or off the panel's edge."""
OPPONENTS = ("team.red", "team.blue", "cpu", person_key("Maximilien", "team.blue"),
             person_key("Jérémy-Guy", "team.red"))
NEVER = Idle(screensaver_after=1e9, abandon_after=1e9)


class Fits:
    """What :func:`reading.misfits` found on the screens the pads drew."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.found: dict[str, str] = {}
        """Each problem (its first screen's name beside it)."""
        self.screens = 0
        self.seen: set[str] = set()
        self._shown: dict[tuple[int, int], tuple[Any, Any]] = {}
        """Each (model, over) measured, by ids, kept alive so that no id is reused."""
        self._equal: set[tuple[Any, Any]] = set()

    def look(self, app: App) -> None:
        """Every pad's screen as the app drew it last, when new: the model under it (a
        sheet's menu, the demo's banner) and what it drew over it (the battery mark)."""
        for pad, (drawn, _language) in app.display.drawn.items():
            over = app.display.over.get(pad)
            key = (id(drawn), id(over))
            if key in self._shown:
                continue
            self._shown[key] = (drawn, over)
            try:                                   # a screen equal to one read already
                if (drawn, over) in self._equal:
                    continue
                self._equal.add((drawn, over))
            except TypeError:                      # a model holding a list: read it again
                pass
            self.screens += 1
            name = type(getattr(drawn, "sheet", getattr(drawn, "inner", drawn))).__name__
            self.seen.add(type(app.shown[pad][0]).__name__)
            for problem in misfits(drawn, self.language, over):
                self.found.setdefault(problem, name)

    def check(self, model: Any) -> None:
        """One model drawn alone."""
        self.screens += 1
        for problem in misfits(model, self.language):
            self.found.setdefault(problem, type(model).__name__)

    def report(self) -> str:
        return f"{len(self.found)} words that do not fit: " + "; ".join(
            f"{screen} ({self.language}): {problem}" for problem, screen in list(self.found.items())[:12])


def start(tmp_path: Path, settings: Settings, people: int, named: bool, pads: int = 3,
          seed: int = 5) -> Rig:
    """The console with ``pads`` pads and a battery, ``settings`` played from the menu: the
    people at pads 1 to ``people`` take :data:`NAMES` on "who plays?" when ``named``."""
    if named:
        roster.save(tmp_path, list(NAMES))
    rig = Rig(tmp_path, settings, seed=seed, pads=pads, battery=60.0, halt=Refusing(), idle=NEVER)
    rig.start()
    if rig.app.mode == "pick":
        for pad in range(1, people + 1):
            rig.choose(pad, NAMES[pad - 1])
    assert rig.app.mode == "match"
    return rig


def play_measuring(rig: Rig, people: int, seed: Any) -> Fits:
    fits = Fits(rig.app.settings.language)
    fits.look(rig.app)
    any_game.play_to_the_end(rig, tuple(range(1, people + 1)), random.Random(seed),
                             each=lambda: fits.look(rig.app))
    fits.look(rig.app)
    return fits


PLAYERS = {"two-named": (2, False, True), "kids-vs-cpu-named": (1, True, True),
           "vs-cpu-named": (1, False, True), "two-colours": (2, False, False)}
"""How many people, kids' mode, whether they chose names."""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("players", list(PLAYERS))
@pytest.mark.parametrize("name", list(GAMES))
def test_every_registered_game_s_words_fit_every_pad(tmp_path: Path, name: str, players: str,
                                                     language: str) -> None:
    """A whole match of every registered game, every screen of every pad read as it was drawn."""
    people, kids, named = PLAYERS[players]
    settings = any_game.settings(GAMES[name], people=people, kids=kids, played=True, language=language)
    rig = start(tmp_path, settings, people, named)
    fits = play_measuring(rig, people, name)
    assert fits.screens > 8
    assert not fits.found, fits.report()


MORE = {"chifoumi-3": (Settings.flat(game="chifoumi", chifoumi_players=3, chifoumi_humans=1), 1, 3),
        "chifoumi-4": (Settings.flat(game="chifoumi", chifoumi_players=4, chifoumi_humans=2), 2, 4),
        "chifoumi-4-people": (Settings.flat(game="chifoumi", chifoumi_players=4, chifoumi_humans=4), 4, 4),
        "fotboll-shoot-out": (Settings.flat(game="fotboll", players="two", tiebreak=True), 2, 3)}
"""Settings beyond the menu's defaults that change the screens: (settings, people, pads)."""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("variant", list(MORE))
def test_the_settings_beyond_the_defaults_fit_every_pad(tmp_path: Path, variant: str,
                                                        language: str) -> None:
    chosen, people, pads = MORE[variant]
    rig = start(tmp_path, Settings.from_json({**chosen.to_json(), "language": language, "sound": False}),
                people, True, pads=pads)
    fits = play_measuring(rig, people, variant)
    assert fits.screens > 8
    assert not fits.found, fits.report()


def demo_fits(tmp_path: Path, settings: Settings, pads: int) -> Fits:
    """The CPU-vs-CPU match of ``pitchpad sim`` without a terminal, every pad read as it
    showed it (each screen told of its team)."""
    save(tmp_path, settings)
    clock = ManualClock()
    app = App(sim.open_console(pads, clock=clock), state_dir=tmp_path, demo=True, seed=3)
    app.refresh()
    fits = Fits(settings.language)
    while not app.done:
        fits.look(app)
        deadline = app.deadline()
        if deadline is None:
            break
        clock.advance(max(0.0, deadline - clock.now()))
        app.step(None)
    return fits


DEMOS = [(name, 3, None) for name in GAMES] + [
    ("chifoumi", 4, Settings.flat(game="chifoumi", players=4)),
    ("fotboll", 2, Settings.flat(game="fotboll", tiebreak=True))]
"""Every registered game's demo from its menu's defaults, a spare pad watching; and the
Chifoumi of four armies and the Fotboll with a shoot-out the defaults do not show."""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game, pads, settings", DEMOS,
                         ids=[f"{name}-{pads}{'' if settings is None else '-more'}"
                              for name, pads, settings in DEMOS])
def test_every_screen_of_the_headless_cpu_match_fits(tmp_path: Path, game: str, pads: int,
                                                     settings: Settings | None, language: str) -> None:
    chosen = settings or any_game.settings(GAMES[game])
    fits = demo_fits(tmp_path, Settings.from_json({**chosen.to_json(), "language": language}), pads)
    assert fits.screens > 20
    assert not fits.found, fits.report()


CAFE = Idle(screensaver_after=5.0, attract_for=10**6)
"""A café unit: the demo comes 5 s after the last press and stays."""


def attract_fits(tmp_path: Path, settings: Settings, pads: int, matches: int = 1) -> Fits:
    """The café demo (``Attract``: the menu idle, CPU against CPU on every pad), every pad read
    as it showed it: "Appuie pour jouer" over each screen, a spare pad's moves above it."""
    rig = Rig(tmp_path, settings, seed=4, pads=pads, idle=CAFE)
    rig.wait(rig.app.idle.splash + CAFE.screensaver_after + 1)
    assert rig.app.mode == "attract"
    fits = Fits(settings.language)
    played = 0
    while played < matches:
        session = rig.app.state.session                  # type: ignore[attr-defined]
        fits.look(rig.app)
        rig.wait_for_change()
        played += rig.app.state.session is not session   # type: ignore[attr-defined]
    return fits


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game, pads, settings", DEMOS,
                         ids=[f"{name}-{pads}{'' if settings is None else '-more'}"
                              for name, pads, settings in DEMOS])
def test_every_screen_of_the_cafe_demo_fits(tmp_path: Path, game: str, pads: int,
                                            settings: Settings | None, language: str) -> None:
    chosen = settings or any_game.settings(GAMES[game])
    fits = attract_fits(tmp_path, Settings.from_json({**chosen.to_json(), "language": language}), pads)
    assert fits.screens > 20
    assert not fits.found, fits.report()


# ----- the scripted walks ------------------------------------------------------------------------
def walk(rig: Rig, pads: tuple[int, ...], act: Any, fits: Fits, limit: int = 6000) -> None:
    """Play by ``act(rig, pad, model, rng)`` (True when it pressed) on ``pads`` until the match
    is over and back on the menu, reading every new screen of every pad (after each press and
    each timer) as it was drawn."""
    rng = random.Random(3)
    pressing = rig.press

    def press(pad: int, button: Button) -> None:
        pressing(pad, button)
        fits.look(rig.app)

    rig.press = press  # type: ignore[method-assign]
    for _ in range(limit):
        fits.look(rig.app)
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


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", list(WALKS))
def test_a_walk_through_every_screen_fits(tmp_path: Path, name: str, language: str) -> None:
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
    fits = Fits(language)
    walk(rig, players, act, fits)
    assert MUST_SEE[name] <= fits.seen, f"screens never reached: {MUST_SEE[name] - fits.seen}"
    assert fits.screens > 40
    assert not fits.found, fits.report()


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
def test_every_reveal_sentence_fits_its_screen_from_each_side(language: str) -> None:
    chifootmi = chifootmi_match(ChifootmiConfig(), 1)
    fotboll = fotboll_match(FotbollConfig(jokers=True, tiebreak=True), 1)
    fits = Fits(language)
    for opponent in OPPONENTS:
        for seat in ("red", "blue"):
            view = chifootmi.view(seat)
            for events in chifootmi_moves():
                fits.check(cs.reveal_screen(view, opponent, events))
                assert cs.reveal_headline(view, events, language, HeadlineNames(opponent))
            view = fotboll.view(seat)
            for events in fotboll_moves():
                fits.check(fs.reveal_screen(tuple(events), view, opponent))
                assert fs.reveal_headline(view, events, language, HeadlineNames(opponent))
    assert not fits.found, fits.report()
