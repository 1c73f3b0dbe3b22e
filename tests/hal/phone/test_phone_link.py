"""A phone's pad over the real server on 127.0.0.1, from a phone written in Python.

The phone (``phone_rig.PythonPhone``) speaks the page's protocol with PyNaCl; the server, its
seats and its pads are the real ones. These are the promises the firmware builds on: a code
takes a pad once, presses become the pad's events, the phone sees its screen (only the pages
that changed), a phone that comes back has its seat and its current frame, held buttons are
released when a phone goes, and every change the console shows wakes its loop.
"""
from __future__ import annotations

import pytest
from phone_rig import PythonPhone, served, wait_until
from PIL import Image, ImageDraw

from hal.buttons import Button, ButtonEvent
from hal.events import EventQueue
from hal.phone import protocol
from hal.phones import PhoneState
from hal.screen import blank_frame


def picture(text: str, y: int = 4) -> Image.Image:
    frame = blank_frame()
    ImageDraw.Draw(frame).text((4, y), text, fill=1)
    return frame


def presses(events: EventQueue, count: int) -> list[tuple[int, Button, bool]]:
    """The next ``count`` button events (nudges, which wake the loop, are skipped)."""
    got: list[ButtonEvent] = []
    while len(got) < count:
        event = wait_until(lambda: events.get(timeout=0.05) or None)
        got.append(event)
    return [(event.pad, event.button, event.pressed) for event in got]


def nudged(events: EventQueue) -> bool:
    """Whether the loop was woken (``get`` returns None at once: a nudge, not a timeout)."""
    return events.get(timeout=2) is None


@pytest.fixture
def console():
    with served(first_pad=3) as (phones, events):
        yield phones, events


def joined(phones, pad: int | None) -> PythonPhone:
    phone = PythonPhone.scanning(phones.server.port, phones.invite(pad).url)
    assert isinstance(phone.join(), dict)
    return phone


def test_a_code_gives_its_pad_to_the_phone_that_scans_it_and_the_console_is_woken(console) -> None:
    phones, events = console
    assert phones.pads == (3, 4) and phones.state(3) is PhoneState.FREE
    phones.language = "en"
    invite = phones.invite(3)
    assert invite.url.startswith(f"HTTP://127.0.0.1:{phones.server.port}/#3") and invite.url == invite.url.upper()
    phone = PythonPhone.scanning(phones.server.port, invite.url)
    assert phone.join() == {"pad": 3, "lang": "en"}
    assert nudged(events)
    assert phones.state(3) is PhoneState.HERE and phones.state(4) is PhoneState.FREE
    phone.close()


def test_the_phone_shows_its_pads_screen_at_once_then_only_the_pages_that_changed(console) -> None:
    phones, _ = console
    screen = phones.phone_screens[3]
    screen.display(picture("KICK OFF"))
    phone = joined(phones, 3)
    phone.frame_until(lambda p: p.image.tobytes() == picture("KICK OFF").tobytes())
    assert phone.flags & protocol.PANEL_ON
    screen.display(picture("GOAL", y=40))          # rows 40..50: the first two pages clear, pages 5, 6 drawn
    payload = phone.next_payload()
    assert payload[0] == protocol.FRAME and payload[1] == 0b01100011
    assert len(phone.received[-1]) == protocol.SEALED_OVERHEAD + 4 + 4 * 128
    assert phone.image.tobytes() == picture("GOAL", y=40).tobytes()
    screen.display(picture("GOAL", y=40))          # the same frame again: nothing is sent
    phones.phone_leds[3].on()                     # the LED: flags only, no page
    payload = phone.next_payload()
    assert payload[1] == 0 and payload[2] & protocol.LED_LIT
    assert len(phone.received[-1]) == protocol.SEALED_OVERHEAD + 4
    screen.contrast(0x20)
    screen.power(False)
    phone.frame_until(lambda p: p.contrast == 0x20 and not p.flags & protocol.PANEL_ON)
    phone.close()


def test_presses_are_the_pads_events_with_a_real_pads_promises(console) -> None:
    phones, events = console
    phone = joined(phones, 4)
    assert nudged(events)
    phone.press(0, True)
    phone.press(0, True)                          # pressed twice: one press
    phone.press(4, True)
    phone.press(6, True)
    phone.press(0, False)
    phone.press(5, False)                         # a release of a button not held: nothing
    assert presses(events, 4) == [(4, Button.CARD1, True), (4, Button.LEFT, True), (4, Button.RIGHT, True),
                                  (4, Button.CARD1, False)]
    assert phones.phone_pads[4].is_pressed(Button.LEFT) and phones.phone_pads[4].connected
    assert not phones.phone_pads[4].detachable
    phone.close()                                 # gone with LEFT and RIGHT held: both released
    assert sorted(presses(events, 2), key=str) == [(4, Button.LEFT, False), (4, Button.RIGHT, False)]
    assert phones.state(4) is PhoneState.AWAY
    assert events.get(timeout=0.2) is None


def test_a_second_phone_with_the_same_code_cannot_take_a_connected_seat_nor_an_away_one(console) -> None:
    phones, events = console
    invite = phones.invite(3)
    first = PythonPhone.scanning(phones.server.port, invite.url)
    first.join()
    second = PythonPhone.scanning(phones.server.port, invite.url)
    assert second.join() is protocol.Refusal.TAKEN and second.closed()
    first.press(1, True)
    assert presses(events, 1) == [(3, Button.CARD2, True)]
    first.close()
    wait_until(lambda: phones.state(3) is PhoneState.AWAY)
    third = PythonPhone.scanning(phones.server.port, invite.url)
    assert third.join() is protocol.Refusal.TAKEN
    back = PythonPhone(phones.server.port, "3", b"", first.secret, first.shared)
    assert back.join() == {"pad": 3, "lang": "fr"}
    assert phones.state(3) is PhoneState.HERE
    back.close()


def test_a_phone_that_comes_back_is_shown_the_current_frame_at_once(console) -> None:
    phones, _ = console
    phone = joined(phones, 3)
    phone.close()
    wait_until(lambda: phones.state(3) is PhoneState.AWAY)
    phones.phone_screens[3].display(picture("WHILE AWAY"))       # drawn while nobody watched
    back = PythonPhone(phones.server.port, "3", b"", phone.secret, phone.shared)
    back.join()
    payload = back.next_payload()
    assert payload[1] == 0xFF and back.image.tobytes() == picture("WHILE AWAY").tobytes()
    back.close()


def test_a_phone_coming_back_on_a_new_link_replaces_the_one_it_left_behind(console) -> None:
    phones, events = console
    phone = joined(phones, 3)
    phone.press(2, True)
    assert presses(events, 1) == [(3, Button.CARD3, True)]
    back = PythonPhone(phones.server.port, "3", b"", phone.secret, phone.shared)
    back.join()                                   # the first link is still open (its Wi-Fi went silent)
    assert phone.closed()
    assert presses(events, 1) == [(3, Button.CARD3, False)]
    assert phones.state(3) is PhoneState.HERE
    back.press(3, True)
    assert presses(events, 1) == [(3, Button.CARD4, True)]
    back.close()


def test_a_code_expires_when_taken_when_given_again_and_when_withdrawn(console) -> None:
    phones, _ = console
    old = phones.invite(4)
    new = phones.invite(4)
    assert PythonPhone.scanning(phones.server.port, old.url).join() is protocol.Refusal.EXPIRED
    watch = phones.invite(None)
    phones.withdraw()
    assert PythonPhone.scanning(phones.server.port, new.url).join() is protocol.Refusal.EXPIRED
    assert PythonPhone.scanning(phones.server.port, watch.url).join() is protocol.Refusal.EXPIRED
    code_for_3 = phones.invite(3)
    wrong_pad = code_for_3.url.replace("#3", "#4")         # a code is bound to its pad
    assert PythonPhone.scanning(phones.server.port, wrong_pad).join() is protocol.Refusal.EXPIRED
    assert phones.state(3) is phones.state(4) is PhoneState.FREE


def test_release_lets_the_phone_go_its_buttons_released_and_its_keys_forgotten(console) -> None:
    phones, events = console
    phone = joined(phones, 3)
    phone.press(4, True)
    phone.press(6, True)
    assert len(presses(events, 2)) == 2
    phones.release(3)
    assert sorted(presses(events, 2), key=str) == [(3, Button.LEFT, False), (3, Button.RIGHT, False)]
    phone.frame_until(lambda p: p.about.get("released") is True)
    assert phone.closed()
    assert phones.state(3) is PhoneState.FREE
    back = PythonPhone(phones.server.port, "3", b"", phone.secret, phone.shared)
    assert back.join() is protocol.Refusal.EXPIRED


def test_a_pad_given_again_goes_to_the_next_phone_and_the_first_is_let_go(console) -> None:
    phones, _ = console
    dead_battery = joined(phones, 3)
    dead_battery.close()
    replacement = joined(phones, 3)
    assert phones.state(3) is PhoneState.HERE
    back = PythonPhone(phones.server.port, "3", b"", dead_battery.secret, dead_battery.shared)
    assert back.join() is protocol.Refusal.EXPIRED
    replacement.close()


def test_move_hands_the_phone_another_pad_with_its_screen_and_its_presses(console) -> None:
    phones, events = console
    phone = joined(phones, 4)
    phones.phone_screens[3].display(picture("PAD 3"))
    phones.phone_screens[4].display(picture("PAD 4"))
    phone.frame_until(lambda p: p.image.tobytes() == picture("PAD 4").tobytes())
    phones.move(4, 3)
    assert phones.state(3) is PhoneState.HERE and phones.state(4) is PhoneState.FREE
    phone.frame_until(lambda p: p.about.get("pad") == 3 and p.image.tobytes() == picture("PAD 3").tobytes())
    phone.press(5, True)
    assert presses(events, 1) == [(3, Button.CENTRE, True)]
    phone.close()
    wait_until(lambda: phones.state(3) is PhoneState.AWAY)
    back = PythonPhone(phones.server.port, "4", b"", phone.secret, phone.shared)     # its page still says 4
    assert back.join() == {"pad": 3, "lang": "fr"}
    back.close()
    with pytest.raises(ValueError, match="no phone holds pad 4"):
        phones.move(4, 3)


def test_spectators_share_one_code_and_one_screen_up_to_the_limit() -> None:
    with served(first_pad=3, spectators=2) as (phones, events):
        code = phones.invite(None).url
        watchers = [PythonPhone.scanning(phones.server.port, code) for _ in range(3)]
        assert watchers[0].join() == {"pad": 0, "lang": "fr"}
        assert watchers[1].join() == {"pad": 0, "lang": "fr"}
        assert watchers[2].join() is protocol.Refusal.FULL
        wait_until(lambda: phones.spectators == 2)
        phones.spectator_screen.display(picture("2 - 1"))
        for watcher in watchers[:2]:
            watcher.frame_until(lambda p: p.image.tobytes() == picture("2 - 1").tobytes())
        watchers[0].press(0, True)                           # a watcher has no buttons
        watchers[0].close()
        wait_until(lambda: phones.spectators == 1)
        assert all(event is None for event in (events.get(timeout=0.05) for _ in range(10)))
        assert watchers[2].join() == {"pad": 0, "lang": "fr"}
        watchers[1].close()
        watchers[2].close()


def test_a_change_of_language_is_told_to_every_phone(console) -> None:
    phones, _ = console
    phone = joined(phones, 3)
    phones.language = "en"
    phone.frame_until(lambda p: p.about.get("lang") == "en")
    phone.close()
