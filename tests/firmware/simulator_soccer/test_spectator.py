"""Spare pads watching Simulator Soccer (issue 20): the score and the last move in the game's
own words, FR/EN (who scored, cards, the shot duel's result, substitutions...), and nothing
secret before the reveal: a formation or a shot/dive locked in changes nothing on a spare
pad, and the spectator's screen is the same for every match either seat could be in."""
from __future__ import annotations

import random

from soccer_console_rig import SoccerRig, play_until, soccer_settings
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from soccer_play import intent

from firmware.games.registry import game_named
from engine.simulator_soccer import MatchConfig, Options, new_match
from engine.simulator_soccer import events as ev
from engine.simulator_soccer.bots import SoccerBot
from firmware.console.app import Idle
from firmware.render import WIDTH, Canvas, text_width
from firmware.games.session import Step
from firmware.console.spectator import SpectatorScreen
from hal.buttons import Button

GAME = "simulator-soccer"
WORDS = game_named("simulator-soccer").spectator_words      # through the spec: its words loaded


def _lines(screen: SpectatorScreen, language: str) -> list[str]:
    return [SpectatorScreen._line(language, key, dict(values)) for key, values in screen.words]


def test_a_spectator_reads_simulator_soccer_in_its_own_words_in_both_languages():
    events = [ev.Duel("tackle", "blue", 4, 9, (12, 4), (3, 5), won=True),
              ev.Shot("red", 9, "left", False, "right", result="goal"),
              ev.Goal("red", 9, score={"red": 1, "blue": 0})]
    screen = SpectatorScreen.of("Sim. Soccer", {"score": {"red": 1, "blue": 0}, "over": False},
                                events, True, WORDS)
    assert _lines(screen, "fr") == ["Tir Rouge G/D : but", "BUT ! Rouge n°9"]
    assert _lines(screen, "en") == ["Red shot L/R: goal", "GOAL! Red #9"]
    cards = [ev.Foul("blue", 4, (15, 4), "penalty"), ev.Card("blue", 4, "yellow", count_=2),
             ev.Card("blue", 4, "red")]
    screen = SpectatorScreen.of("Sim. Soccer", {"score": {"red": 1, "blue": 0}}, cards, True, WORDS)
    assert _lines(screen, "fr") == ["Bleu n°4 averti", "Bleu n°4 expulsé"]
    assert _lines(screen, "en") == ["Blue #4 booked", "Blue #4 sent off"]
    others = [ev.Shot("blue", 10, "centre", True, "centre", result="saved"),
              ev.Substituted("red", 7, 14)]
    screen = SpectatorScreen.of("Sim. Soccer", {"score": {"red": 1, "blue": 0}}, others, True, WORDS)
    assert _lines(screen, "fr") == ["Tir Bleu C/C : arrêt", "Rouge: 14 remplace 7"]
    assert _lines(screen, "en") == ["Blue shot C/C: saved", "Red: #14 on for #7"]
    for words in (events, cards, others):         # every line fits the panel
        for language in ("fr", "en"):
            shown = SpectatorScreen.of("Sim. Soccer", {"score": {"red": 1, "blue": 0}}, words,
                                       True, WORDS)
            assert all(text_width(line) <= WIDTH for line in _lines(shown, language))


def _four_pads(tmp_path, seed: int = 4, **more) -> SoccerRig:
    rig = SoccerRig(tmp_path, soccer_settings("two", **more), seed=seed, pads=4,
                    idle=Idle(screensaver_after=1e9))
    rig.start()
    return rig


def _watched(rig: SoccerRig) -> tuple[SpectatorScreen, bytes]:
    screen = rig.screen(3)
    assert isinstance(screen, SpectatorScreen) and screen == rig.screen(4)
    return screen, rig.image(3).tobytes()


def test_spare_pads_watch_a_whole_match_and_read_its_goals_shots_and_cards(tmp_path):
    rig = _four_pads(tmp_path, seed=4)
    rng = random.Random(8)
    keys: set[str] = set()
    for _ in range(20000):
        if rig.app.mode != "match":
            break
        screen, _ = _watched(rig)
        keys.update(key for key, _values in screen.words)
        summary = game_named(GAME).rules.summary(rig.session.match)
        assert dict(screen.score) == {"team.red": str(summary["score"]["red"]),
                                      "team.blue": str(summary["score"]["blue"])}
        decisions = len(rig.session.decisions)
        rig.press(3, rng.choice(list(Button)))   # a spectator's buttons do nothing
        assert len(rig.session.decisions) == decisions
        rig.act(intent, rng, one=True, limit=5.0)
    assert rig.app.mode == "menu"
    assert any(key.startswith("watch.ss.shot_") for key in keys), keys
    assert {"ss.ev.half_time"} & keys and keys <= {
        "watch.ss.goal", "watch.ss.card_yellow", "watch.ss.card_red", "watch.ss.shot_goal",
        "watch.ss.shot_saved", "watch.ss.shot_wide", "watch.ss.shot_blocked", "watch.ss.var_no",
        "watch.ss.var_yes", "watch.ss.foul_free_kick", "watch.ss.foul_penalty",
        "watch.ss.offside", "watch.ss.sub", "ss.ev.half_time", "ss.ev.full_time",
        "watch.duel_won", "watch.duel_lost"}


def test_a_formation_or_a_shot_locked_in_shows_nothing_on_a_spare_pad_before_the_reveal(tmp_path):
    rig = _four_pads(tmp_path, seed=6)
    rig.wait(rig.app.timing.kickoff)
    assert rig.session.match.decision == "formation"
    before = _watched(rig)
    rig.press(1, Button.CARD3)                    # 3-5-2, locked in
    rig.press(1, Button.CENTRE)
    assert rig.session.pending["red"].locked is not None
    assert _watched(rig) == before
    play_until(rig, lambda: rig.session.step is Step.CHOOSE
               and rig.session.match.decision == "shoot"
               and set(rig.session.match.to_act()) == {"red", "blue"}, random.Random(2))
    shooter = next(seat for seat in ("red", "blue")
                   if rig.session.view(seat).body["decision"] == "shoot")
    keeper = "blue" if shooter == "red" else "red"
    pad, other = (1, 2) if shooter == "red" else (2, 1)
    before = _watched(rig)
    rig.press(pad, Button.RIGHT)                  # aim right, then the same again locks
    rig.press(pad, Button.RIGHT)
    assert rig.session.pending[shooter].locked is not None
    assert _watched(rig) == before
    rig.press(other, Button.LEFT)                 # the keeper dives left and locks
    rig.press(other, Button.LEFT)
    for _ in range(5):
        words = dict(_watched(rig)[0].words)
        if any(key.startswith("watch.ss.shot_") for key in words):
            break
        rig.wait_for_change(5.0)
    shot = next(values for key, values in _watched(rig)[0].words if key.startswith("watch.ss.shot_"))
    shot = dict(shot)
    assert shot["team"] == f"team.{shooter}"
    if "sides" in shot:                           # on target: the aim and the dive, revealed
        assert shot["sides"] == "ss.side.right/ss.side.left"
    del keeper


def _random_match(seed: int, moves: int):
    """A match after ``moves`` decisions of the engine's random policy, and its last events."""
    match = new_match(MatchConfig(Options(half_steps=3)), seed)
    bot, rng = SoccerBot("random"), random.Random(seed)
    events: list = []
    for _ in range(moves):
        if match.is_over:
            break
        joint = {seat: bot.choose(match.view(seat), match.legal_choices(seat), rng) for seat in match.to_act()}
        events = list(match.apply(joint))
    return match, events


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 80), twin_seed=st.integers(0, 10**6))
def test_a_soccer_spectator_screen_is_the_same_for_every_match_either_seat_could_be_in(
        seed, moves, twin_seed):
    match, events = _random_match(seed, moves)
    engine = game_named(GAME).rules
    real = SpectatorScreen.of("Sim. Soccer", engine.summary(match), events, True, WORDS)
    for seat in match.seats:
        twin = engine.determinize(match.view(seat), random.Random(twin_seed))
        assert SpectatorScreen.of("Sim. Soccer", engine.summary(twin), events, True, WORDS) == real
    for language in ("fr", "en"):
        real.draw(Canvas(), language)
