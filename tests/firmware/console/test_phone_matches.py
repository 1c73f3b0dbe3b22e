"""Whole matches played on a phone (issue 38): the real phone page in a headless Chromium with
touch, at a phone's size, scans the console's code and plays a seat of every registered game to
the end, against the CPU (the phone starts the match: the pad that starts one plays in it) and
against a pad of the console (the simulator's pad 1), each game once in French and once in
English; what it shows at the end is what the console drew for its pad. No game has a line of phone code: the page shows
the pad's screen and sends its buttons (``tests/firmware/games/test_phone_plugin.py`` plays the
test-only plugin game the same way).

Each person presses what a person would, looking at their own screen's model (the games' test
players in ``tests/rigs``; a game without one gets random presses, which also end a match).
Time is the console's manual clock; the presses are real touches on the page.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import chifootmi_play
import chifoumi_rig
import fotboll_play
import soccer_play
from firmware.games.registry import GAMES
from firmware.storage.settings import Settings
from hal.buttons import Button
from phone_console_rig import PhoneRig
from phone_page import PhonePage, phone_browser

Intent = Callable[[Any, random.Random], Button | None]
PLAYERS: dict[str, Intent] = {"chifootmi": chifootmi_play.intent, "fotboll": fotboll_play.intent,
                              "simulator-soccer": soccer_play.intent}


def anything(model: Any, rng: random.Random) -> Button | None:
    """A game with no test player of its own: any button (each is a tap, never the ◀+▶ hold),
    or now and then none (the time the table waits: a kick-off sheet passes)."""
    return None if rng.random() < 0.3 else rng.choice(list(Button))


@pytest.fixture(scope="module")
def page() -> Iterator[PhonePage]:
    with phone_browser("small") as driver:
        yield PhonePage(driver)


def play_out(rig: PhoneRig, game: str, rng: random.Random, people: tuple[int, ...]) -> None:
    """The people at ``people`` (pads) play the match on to the result, and clear it."""
    for _ in range(6000):
        if rig.app.mode != "match":
            return
        if game == "chifoumi" and not rig.session.finished:
            chifoumi_rig.play_to_the_end(rig, rng)   # type: ignore[arg-type]
            rig.wait_for_change()
            continue
        rig.act(PLAYERS.get(game, anything), rng, pads=people, limit=30, in_match=True)
    raise AssertionError(f"{game}: the match did not end")


def start(rig: PhoneRig, pad: int) -> None:
    """``pad`` goes back up the menu to the game's line and presses OK."""
    rig.press(pad, Button.CENTRE)                    # the phones page closes
    while rig.app.menu.cursor:
        rig.press(pad, Button.CARD1)
    rig.press(pad, Button.CENTRE)
    if rig.app.mode == "pick":                       # names on this unit: the guest each
        for each in rig.app.pick.pads:
            rig.press(each, Button.CENTRE)
    assert rig.app.mode == "match", rig.app.mode


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_phone_plays_a_whole_match_against_the_cpu(tmp_path: Path, page: PhonePage, game: str):
    spec = GAMES[game]
    language = ("fr", "en")[sorted(GAMES).index(game) % 2]   # each game in one, both languages seen
    settings = Settings(game=game, language=language)
    rig = PhoneRig(tmp_path, settings, seed=sorted(GAMES).index(game) + 7)
    try:
        rig.open_phones_page()
        phone = rig.join(page)
        start(rig, phone)
        seat = rig.app.seat_at(phone)
        session = rig.session
        assert seat is not None and seat not in session.seats.cpus, "the phone that started it plays it"
        assert session.seats.cpus, f"{game}'s default settings are against the CPU"
        assert rig.shows(phone), "the phone shows its seat's screen"
        play_out(rig, spec.name, random.Random(game), (phone,))
        assert session.finished and not session.abandoned
        assert rig.shows(phone), "the phone shows what the console drew at the end"
    finally:
        rig.console.close()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_phone_plays_a_whole_match_against_a_pad_of_the_console(tmp_path: Path, page: PhonePage, game: str):
    spec = GAMES[game]
    chosen = spec.console.two_people(Settings().of(game, spec.console.settings))
    language = ("en", "fr")[sorted(GAMES).index(game) % 2]
    settings = Settings(game=game, language=language).with_game(game, chosen)
    rig = PhoneRig(tmp_path, settings, seed=3)
    try:
        rig.open_phones_page()
        phone = rig.join(page)
        start(rig, 1)
        session = rig.session
        people = tuple(pad for pad in rig.app.pads if rig.app.seat_at(pad) not in (None, *session.seats.cpus))
        assert people == (1, phone), "pad 1 and the phone play each other"
        play_out(rig, spec.name, random.Random(game + "-pad"), people)
        assert session.finished and not session.abandoned
        assert rig.shows(phone)
    finally:
        rig.console.close()


def test_a_child_plays_kids_mode_on_a_phone_and_leaves_with_the_hold(tmp_path: Path, page: PhonePage):
    """Kids' mode on a phone: the big reveals with their picture reach the phone as they reach a
    pad; ◀ and ▶ held together on the phone for a second (two fingers) ask to leave, and ◀ on the
    phone leaves (against the CPU one yes ends it)."""
    rig = PhoneRig(tmp_path, Settings(game="chifootmi", kids=True), seed=5)
    try:
        rig.open_phones_page()
        phone = rig.join(page)
        start(rig, phone)
        rng = random.Random(5)
        for _ in range(200):
            if type(rig.screen(phone)).__name__ == "KidsRevealScreen":
                break
            rig.act(chifootmi_play.intent, rng, pads=(phone,), limit=3)
        assert type(rig.screen(phone)).__name__ == "KidsRevealScreen"
        assert rig.shows(phone), "the phone shows the big reveal and its picture"
        rig.wait(10.0)
        page.hold("LEFT", "RIGHT")                           # two fingers
        rig.until(lambda: {Button.LEFT, Button.RIGHT} <= set(rig.app.presence.held.get(phone, {})))
        rig.wait(1.2)
        assert type(rig.screen(phone)).__name__ == "LeaveScreen" and rig.shows(phone)
        page.lift()
        rig.until(lambda: not rig.app.presence.held.get(phone))
        rig.press(phone, Button.LEFT)                        # ◀ Quitter
        assert rig.session.abandoned and rig.session.finished
    finally:
        rig.console.close()
