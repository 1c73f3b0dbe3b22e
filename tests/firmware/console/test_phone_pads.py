"""Phones as pads, on the console (issue 38): the menu's phones line and page, the pads in use,
a phone's seat that goes away and comes back, the phones that watch.

The console runs on the headless simulator with phones served for real on 127.0.0.1
(``hal.phone``: the websockets server, PyNaCl); each phone is ``phone_rig.PythonPhone``, the
phone's side of the protocol in Python (the page itself in Chromium: test_phone_matches.py).
"""
from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from app_rig import Rig
from firmware.chifootmi.entry import ChifootmiSettings
from firmware.chifoumi.entry import ChifoumiSettings
from firmware.console.phone_screens import JoinedScreen, PhoneListScreen, WatchWaiting
from firmware.render import Canvas
from firmware.storage.settings import Settings
from hal.buttons import Button
from hal.config import PhonesConfig
from hal.phone import protocol
from hal.phones import PhoneState
from phone_rig import PythonPhone, wait_until

PHONES = PhonesConfig(port=0, listen="localhost")


def drawn(model: object, language: str = "fr") -> bytes:
    canvas = Canvas()
    model.draw(canvas, language)  # type: ignore[attr-defined]
    return canvas.image.tobytes()


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    rig = Rig(tmp_path, phones=PHONES)
    try:
        yield rig
    finally:
        rig.console.close()


def port(rig: Rig) -> int:
    return int(rig.console.phones.reach().rsplit(":", 1)[1])


def open_phones_page(rig: Rig) -> None:
    """From the splash, CARD2 down to the phones line, then OK."""
    rig.press(1, Button.CARD1)
    fields = [row.field for row in rig.app.menu.rows()]
    for _ in range(fields.index("phones")):
        rig.press(1, Button.CARD2)
    rig.press(1, Button.CENTRE)
    assert rig.app.mode == "phones"


def play(rig: Rig) -> None:
    """From the phones page: OK back to the menu, CARD1 ▲ up to the game's line, OK plays."""
    rig.press(1, Button.CENTRE)
    while rig.app.menu.cursor:
        rig.press(1, Button.CARD1)
    rig.press(1, Button.CENTRE)


def join(rig: Rig, url: str) -> PythonPhone:
    phone = PythonPhone.scanning(port(rig), url)
    about = phone.join()
    assert isinstance(about, dict), about
    wait_until(lambda: (rig.settle(), True)[1])
    return phone


def test_only_a_console_with_phones_has_the_phones_line(tmp_path):
    plain = Rig(tmp_path / "plain")
    try:
        assert "phones" not in [row.field for row in plain.app.menu.rows()]
    finally:
        plain.console.close()
    with_phones = Rig(tmp_path / "phones", phones=PHONES)
    try:
        assert "phones" in [row.field for row in with_phones.app.menu.rows()]
    finally:
        with_phones.console.close()


def test_a_phone_that_scans_the_code_becomes_the_next_pad_and_the_menu_counts_it(rig):
    open_phones_page(rig)
    seat = rig.app.phones.seat
    assert seat is not None and seat.pad == 3, "a two-pad console: the first phone is pad 3"
    assert list(rig.app.pads) == [1, 2]
    phone = join(rig, seat.url)
    assert phone.about["pad"] == 3 and rig.console.phones.state(3) is PhoneState.HERE
    assert list(rig.app.pads) == [1, 2, 3] and rig.app.menu.pad_count == 3
    phone.frame_until(lambda p: p.image.tobytes() == drawn(JoinedScreen(3)))
    nxt = rig.app.phones.seat
    assert nxt is not None and nxt.pad == 4 and nxt.url != seat.url, "the next pad's code, a new one"
    rig.press(1, Button.CENTRE)                             # back to the menu
    rig.app.menu.settings = Settings(game="chifoumi").with_game("chifoumi", ChifoumiSettings(players=4))
    humans = next(row for row in rig.app.menu.rows() if row.field == "humans")
    assert max(humans.values) == 3, "three people now: two pads and a phone"
    phone.close()


def test_a_code_serves_once_and_every_code_expires_when_the_page_closes(rig):
    open_phones_page(rig)
    seat = rig.app.phones.seat
    watch = rig.app.phones.watch
    assert seat is not None and watch is not None
    first = join(rig, seat.url)
    second = PythonPhone.scanning(port(rig), seat.url)
    assert second.join() is protocol.Refusal.TAKEN, "a second phone cannot take a connected seat"
    later = rig.app.phones.seat
    assert later is not None
    rig.press(1, Button.CENTRE)                             # OK: the page closes
    for url in (later.url, watch.url):
        assert PythonPhone.scanning(port(rig), url).join() is protocol.Refusal.EXPIRED
    assert rig.console.phones.state(3) is PhoneState.HERE, "the phone that joined keeps its pad"
    first.close()
    second.close()


def test_a_phone_let_go_frees_its_pad_and_the_phone_after_it_moves_down(rig):
    open_phones_page(rig)
    three = join(rig, rig.app.phones.seat.url)
    four = join(rig, rig.app.phones.seat.url)
    assert four.about["pad"] == 4 and list(rig.app.pads) == [1, 2, 3, 4]
    while not isinstance(rig.screen(1), PhoneListScreen):   # ▶ to the phones' list
        rig.press(1, Button.RIGHT)
    assert rig.screen(1).lines == ((3, True), (4, True))
    rig.press(1, Button.CARD4)                              # ✕: let phone 3 go
    assert three.closed(), "the phone let go is told and its link closed"
    wait_until(lambda: (rig.settle(), rig.console.phones.state(4) is PhoneState.FREE)[1])
    assert rig.console.phones.state(3) is PhoneState.HERE and list(rig.app.pads) == [1, 2, 3]
    four.frame_until(lambda p: p.about.get("pad") == 3)
    assert rig.screen(1).lines == ((3, True),)
    four.close()


def test_a_phones_seat_that_goes_away_plays_as_an_absent_player_and_gets_it_back(tmp_path):
    """A one-pad console, a phone as pad 2: Chifootmi for two people with the move clock. The
    phone's link drops: pad 1 says so, the clock plays the phone's seat when it runs out (the
    match never waits for it), and the phone comes back to its seat with its own keys (no code:
    the page is closed), seeing the match where it stands."""
    settings = Settings(game="chifootmi").with_game("chifootmi", ChifootmiSettings(players="two", move_clock=10))
    rig = Rig(tmp_path, settings, pads=1, phones=PHONES)
    try:
        open_phones_page(rig)
        phone = join(rig, rig.app.phones.seat.url)
        assert phone.about["pad"] == 2
        play(rig)
        assert rig.app.mode == "match" and rig.app.seat_at(2) == "blue"
        rig.wait(3.0)                                       # past the kick-off
        shared = phone.shared
        phone.close()
        wait_until(lambda: (rig.settle(), rig.console.phones.state(2) is PhoneState.AWAY)[1])
        news = rig.app.phone_news
        assert news is not None and news[0].pad == 2 and not news[0].back
        assert rig.image(1).tobytes()[:16 * 11] == drawn(news[0])[:16 * 11], "pad 1 reads it on its top line"
        decisions = len(rig.app.session.decisions)
        rig.press(1, Button.CARD1)
        rig.press(1, Button.CARD1)                          # pad 1 locks in; the phone's seat is away
        rig.wait(11.0)                                      # the move clock runs out
        assert len(rig.app.session.decisions) > decisions, "the absent seat held the match up"
        back = PythonPhone(port(rig), secret=phone.secret, shared=shared)
        assert isinstance(back.join(), dict), "its own keys bring the phone back, with no code"
        wait_until(lambda: (rig.settle(), rig.console.phones.state(2) is PhoneState.HERE)[1])
        assert rig.app.phone_news is not None and rig.app.phone_news[0].back
        back.frame_until(lambda p: p.image.tobytes() == rig.image(2).tobytes())
        back.close()
    finally:
        rig.console.close()


def test_a_phone_watching_sees_what_a_spare_pad_shows_and_waits_between_matches(rig):
    open_phones_page(rig)
    watch = rig.app.phones.watch
    assert watch is not None
    viewer = PythonPhone.scanning(port(rig), watch.url)
    assert isinstance(viewer.join(), dict)
    wait_until(lambda: (rig.settle(), rig.console.phones.spectators == 1)[1])
    rig.press(1, Button.CENTRE)                             # the menu
    viewer.frame_until(lambda p: p.image.tobytes() == drawn(WatchWaiting()))
    while rig.app.menu.cursor:
        rig.press(1, Button.CARD1)
    rig.press(1, Button.CENTRE)                             # a match
    assert rig.app.mode == "match"
    rng = random.Random(4)
    for _ in range(40):
        rig.press(rng.choice((1, 2)), rng.choice((Button.CARD1, Button.CARD2, Button.LEFT, Button.RIGHT)))
        rig.wait(1.0)
        expected = drawn(rig.app.state.spectator(rig.app))
        viewer.frame_until(lambda p, expected=expected: p.image.tobytes() == expected)
    viewer.close()


def test_phones_keep_their_pads_across_a_power_cut_and_the_resumed_match_seats_them(tmp_path):
    """A phone plays pad 2 of a one-pad console; the console stops. At the next start the resume
    offer counts the phone's pad (away), the match resumes seated as it was, and the phone comes
    back by itself with its page's keys (no code) to its seat, where the match stands."""
    settings = Settings(game="chifootmi").with_game("chifootmi", ChifootmiSettings(players="two"))
    rig = Rig(tmp_path, settings, pads=1, phones=PHONES)
    open_phones_page(rig)
    phone = join(rig, rig.app.phones.seat.url)
    play(rig)
    rig.wait(3.0)
    rig.press(1, Button.CARD1)
    seat, secret, shared = rig.app.seat_at(2), phone.secret, phone.shared
    rig.console.close()                                     # a stop with the phone there (a power cut
    phone.close()                                           # keeps as much: nothing runs then)
    assert (tmp_path / "phones.json").stat().st_mode & 0o077 == 0, "the keys are the service's alone"

    again = Rig(tmp_path, pads=1, phones=PHONES)
    try:
        assert again.console.phones.state(2) is PhoneState.AWAY and list(again.app.pads) == [1, 2]
        assert again.app.mode == "resume"
        again.press(1, Button.RIGHT)                        # resume
        assert again.app.mode == "match" and again.app.seat_at(2) == seat
        back = PythonPhone(port(again), secret=secret, shared=shared)
        assert isinstance(back.join(), dict), "the phone's own keys, kept over the restart"
        wait_until(lambda: (again.settle(), again.console.phones.state(2) is PhoneState.HERE)[1])
        back.frame_until(lambda p: p.image.tobytes() == again.image(2).tobytes())
        back.close()
    finally:
        again.console.close()


def test_a_damaged_keys_file_costs_the_phones_a_new_scan_and_nothing_else(tmp_path, caplog):
    (tmp_path / "phones.json").write_text('[{"pad": 3, "phone": "zz"')
    rig = Rig(tmp_path, phones=PHONES)
    try:
        assert rig.console.phones.state(3) is PhoneState.FREE and list(rig.app.pads) == [1, 2]
        assert [r.message for r in caplog.records if "phones.json" in r.message][0].endswith(
            "the phones that held pads scan a code again")
        open_phones_page(rig)
        phone = join(rig, rig.app.phones.seat.url)
        assert phone.about["pad"] == 3
        phone.close()
    finally:
        rig.console.close()
