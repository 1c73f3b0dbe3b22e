"""Issue 40, items 1 and 3: the last screen of a match tells the whole story, naming the people.

After a shoot-out every pad shows the match's score *and* the shoot-out's ("Toi 2-2 Ordi" over
"3-1 aux tirs au but"): the person's pad, the CPU's and a spare pad's, in every registered game
whose matches can end in one (the registry read: found by playing each game's example
settings). The CPU's pad names the winner as the people's pads do ("Ana gagne !", never
"Rouge gagne !" when Ana played), and the result's OK chip stands over the OK button (the
bottom line's middle), not over CARD4.
"""
from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest

import any_game
from app_rig import Rig
from firmware.chifootmi.screens import standing
from firmware.console.app import Idle
from firmware.games.registry import GAMES
from firmware.games.session import Step
from firmware.games.sheets import ResultScreen
from firmware.render import HINT_Y, WIDTH, Canvas
from reading import visible_words

SEEDS = 24
"""Seeds tried per example settings to find a match that ends in a shoot-out."""


@lru_cache(maxsize=None)
def shootout_match(name: str) -> Any:
    """A finished match of ``name`` that ended in a shoot-out (random legal play over its
    rules' example settings), or None when none did."""
    game = GAMES[name].rules
    for config in game.example_configs:
        for seed in range(SEEDS):
            match, rng = game.new_match(config, seed), random.Random(seed)
            while not match.is_over:
                match.apply({seat: rng.choice(list(match.legal_choices(seat))) for seat in match.to_act()})
            if game.summary(match).get("shootout"):
                return match
    return None


SHOOTOUT_GAMES = [name for name in GAMES if shootout_match(name) is not None]


def test_the_games_whose_matches_end_in_a_shoot_out_are_found():
    assert {"chifootmi", "fotboll", "simulator-soccer"} <= set(SHOOTOUT_GAMES)


def at_the_end(tmp_path: Path, name: str, language: str, match: Any) -> Rig:
    """Ana (pad 1) against the CPU (pad 2), a spare pad (3) watching, the match ``match``."""
    rig = Rig(tmp_path, any_game.settings(GAMES[name], people=1, played=True, language=language), seed=3, pads=3,
              idle=Idle(screensaver_after=1e9))
    rig.start()
    session = rig.app.session
    person = next(seat for seat in session.match.seats if seat not in session.seats.cpus)
    session.name_people({person: "Ana"})
    session.go_to(match, rig.clock.now())
    rig.wait(0)
    assert session.step is Step.OVER
    return rig


def pair(scores: Any) -> set[str]:
    """"2-1" and "1-2": a score as either side's pad orders it."""
    a, b = (str(v) for v in dict(scores).values())
    return {f"{a}-{b}", f"{b}-{a}"}


@pytest.mark.parametrize("language", ["fr", "en"])
@pytest.mark.parametrize("name", SHOOTOUT_GAMES)
def test_after_a_shoot_out_every_pad_shows_the_match_s_score_and_the_shoot_out_s(tmp_path, name,
                                                                                language):
    match = shootout_match(name)
    summary = GAMES[name].summary(match)
    rig = at_the_end(tmp_path, name, language, match)
    for pad in (1, 2, 3):
        shown = " / ".join(visible_words(rig.screen(pad), language))
        assert any(score in shown for score in pair(summary["score"])), (pad, shown)
        assert any(score in shown for score in pair(summary["shootout"])), (pad, shown)


@pytest.mark.parametrize("name", SHOOTOUT_GAMES)
def test_the_cpu_s_pad_names_the_person_who_played_it(tmp_path, name):
    match = shootout_match(name)
    rig = at_the_end(tmp_path, name, "fr", match)
    session = rig.app.session
    winner = match.winner
    cpu_pad = visible_words(rig.screen(2), "fr")
    told = "Ana gagne !" if winner not in session.seats.cpus else "Ordi gagne !"
    assert told in cpu_pad, cpu_pad
    assert any("Ana" in line and "Ordi" in line for line in cpu_pad), cpu_pad
    assert not any(colour in " ".join(cpu_pad) for colour in ("Rouge", "Bleu")), cpu_pad


def test_the_result_s_ok_chip_stands_over_the_ok_button():
    """The chip's middle is the bottom line's: the centre button is OK (at the line's right end
    it stood over CARD4's column)."""
    match = shootout_match("chifootmi")
    canvas = Canvas()
    ResultScreen(standing(match.view("red")), "red", "cpu", False).draw(canvas, "fr")
    chip = canvas.image.crop((0, HINT_Y + 1, WIDTH, HINT_Y + 2)).getbbox()     # the chip's top row
    assert chip is not None and abs((chip[0] + chip[2]) / 2 - WIDTH / 2) <= 1, chip
