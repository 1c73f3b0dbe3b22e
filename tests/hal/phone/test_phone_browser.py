"""The phone page in a real headless Chromium (Debian's, through chromedriver), on the real server.

The page's tweetnacl-js and the unit's PyNaCl must agree byte for byte (every message is sealed
by one and opened by the other); touch is real touch (the DevTools protocol's touch events, so
the page gets a finger's pointer events, two at once for ◀+▶); the two sizes are a small
Android's and an iPhone's. Screenshots land in tests/hal/phone/out/ (not committed) to be looked at.
One browser for the module: its tabs are the phones.
"""
from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path

import pytest
from nacl.exceptions import CryptoError
from nacl.secret import SecretBox
from phone_page import PHONES, PhonePage, emulate, phone_browser
from phone_rig import TESTING, RecordingProxy, served, wait_until, websocket_frame, websocket_messages
from PIL import Image, ImageDraw

from hal.buttons import Button
from hal.phone import protocol
from hal.phones import PhoneState
from hal.screen import blank_frame, to_pages

OUT = Path(__file__).parent / "out"


def scoreboard(text: str) -> Image.Image:
    frame = blank_frame()
    draw = ImageDraw.Draw(frame)
    draw.rectangle((0, 0, 127, 63), outline=1)
    draw.text((6, 4), text, fill=1)
    for card in range(4):
        draw.rectangle((card * 32 + 3, 28, card * 32 + 28, 60), outline=1)
        draw.text((card * 32 + 12, 38), str(card + 1), fill=1)
    return frame


@pytest.fixture(scope="module")
def driver():
    with phone_browser("tall") as driver:
        yield driver


@pytest.fixture
def console():
    with served(first_pad=3, limits=TESTING, language="en") as (phones, events):
        yield phones, events


def events_of(events, count: int) -> list[tuple[int, Button, bool]]:
    got = []
    while len(got) < count:
        got.append(wait_until(lambda: events.get(timeout=0.05)))
    return [(e.pad, e.button, e.pressed) for e in got]


@pytest.mark.parametrize("kind", sorted(PHONES))
def test_the_page_joins_with_the_code_and_shows_the_seats_screen_crisp_and_large(driver, console, kind) -> None:
    phones, events = console
    size, ratio = PHONES[kind]
    emulate(driver, size, ratio)
    frame = scoreboard("CHIFOOTMI  2 - 1")
    phones.phone_screens[3].display(frame)
    phones.phone_leds[3].on()
    invite = phones.invite(3)
    page = PhonePage(driver).open(invite.url)          # upper case, as a QR code holds it
    page.wait(lambda p: p.api["state"] == "here" and p.api["frames"] >= 1)
    assert page.status() == "Pad 3" and page.api["pad"] == 3
    assert page.screen().tobytes() == frame.tobytes()
    assert page.led() == (True, False)
    crisp = page.crisp()
    assert crisp["exact"] and crisp["scale"] == int(crisp["scale"]) >= 5, crisp
    assert crisp["cssWidth"] >= 0.85 * size[0], "the screen takes the phone's width"
    assert driver.current_url.endswith(f":{phones.server.port}/"), "the code is out of the address bar"
    width, height = page.size_of("CARD1")
    assert width >= 0.2 * size[0] and height >= 64, "big buttons"
    left, _ = page.centre("CARD1")
    assert abs(left - (size[0] - crisp["cssWidth"]) / 2 - crisp["cssWidth"] / 8) < 4, \
        "CARD1 under the screen's first 32-pixel column"
    OUT.mkdir(exist_ok=True)
    driver.save_screenshot(str(OUT / f"phone-{size[0]}x{size[1]}.png"))
    phones.phone_screens[3].display(scoreboard("GOAL!"))
    page.wait(lambda p: p.screen().tobytes() == scoreboard("GOAL!").tobytes())
    assert phones.state(3) is PhoneState.HERE
    driver.get("about:blank")
    wait_until(lambda: phones.state(3) is PhoneState.AWAY)


def test_taps_and_the_left_right_hold_are_the_pads_presses(driver, console) -> None:
    phones, events = console
    page = PhonePage(driver).open(phones.invite(4).url)
    page.wait(lambda p: p.api["state"] == "here")
    while events.get(timeout=0.1) is None and events.drain():
        pass
    page.tap("CARD2")
    assert events_of(events, 2) == [(4, Button.CARD2, True), (4, Button.CARD2, False)]
    page.hold("LEFT", "RIGHT")                         # two fingers at once: the leave gesture
    assert sorted(events_of(events, 2), key=str) == [(4, Button.LEFT, True), (4, Button.RIGHT, True)]
    assert phones.phone_pads[4].is_pressed(Button.LEFT) and phones.phone_pads[4].is_pressed(Button.RIGHT)
    page.lift()
    assert sorted(events_of(events, 2), key=str) == [(4, Button.LEFT, False), (4, Button.RIGHT, False)]
    driver.refresh()                                   # a reload keeps the seat (sessionStorage)
    page.wait(lambda p: p.api["state"] == "here" and p.api["pad"] == 4)
    assert phones.state(4) is PhoneState.HERE
    driver.get("about:blank")


def test_a_touch_is_the_pages_own_so_the_browser_holds_no_screen_back_waiting_for_a_scroll(
        driver, console) -> None:
    """A touch the page does not claim at ``touchstart`` may still become a scroll, so Chromium
    holds the page's network messages back for 100 ms after it: every tap's new screen came
    100 ms late (bench/bench_phones.py). The page claims every touch (no scroll, zoom or
    long-press menu); its buttons still press and release."""
    phones, events = console
    page = PhonePage(driver).open(phones.invite(3).url)
    page.wait(lambda p: p.api["state"] == "here")
    driver.execute_script("window.claimed = [];"
                          "window.addEventListener('touchstart', e => window.claimed.push(e.defaultPrevented));")
    events.drain()
    page.hold("CARD3")
    assert events_of(events, 1) == [(3, Button.CARD3, True)]
    page.lift()
    assert events_of(events, 1) == [(3, Button.CARD3, False)]
    assert driver.execute_script("return window.claimed") == [True]
    driver.get("about:blank")


# ----- the wire: what crosses, captured by a proxy between the browser and the unit -------------
@pytest.fixture
def wire(console):
    phones, events = console
    proxy = RecordingProxy(phones.server.port)
    yield phones, events, proxy
    proxy.close()


def kept_keys(page: PhonePage) -> dict:
    """What the page keeps in sessionStorage (the phone's own keys)."""
    return json.loads(page.focus().execute_script("return sessionStorage.getItem('pitchpad')"))


def test_nothing_on_the_wire_opens_without_the_link_key_and_the_code_never_crosses(driver, wire, caplog) -> None:
    phones, events, proxy = wire
    before, after = scoreboard("YOUR CARDS"), scoreboard("BLUE SCORES")
    phones.phone_screens[3].display(before)
    invite = phones.invite(3)
    page = PhonePage(driver).open(proxy.url(invite.url))
    page.wait(lambda p: p.screen().tobytes() == before.tobytes())
    page.tap("CARD3")
    page.hold("LEFT", "RIGHT")
    page.lift()
    assert len(events_of(events, 6)) == 6
    phones.phone_screens[3].display(after)
    page.wait(lambda p: p.screen().tobytes() == after.tobytes())
    shared = bytes.fromhex(kept_keys(page)["shared"])
    [link] = proxy.link_pipes()
    to_phone, to_unit = websocket_messages(bytes(link.to_phone)), websocket_messages(bytes(link.to_unit))
    challenge = protocol.read_hello(to_phone[0])
    assert to_unit[0][0] == protocol.JOIN and to_phone[1][0] == protocol.WELCOME
    sealed_to_unit, sealed_to_phone = to_unit[1:], to_phone[2:]
    assert all(m[0] == protocol.SEALED for m in sealed_to_unit + sealed_to_phone)

    # With the link's key (the phone's and the unit's alone) every message opens, in order...
    unit_side = protocol.unit_link(shared, challenge)
    presses = [unit_side.open(m) for m in sealed_to_unit]
    assert presses == [protocol.press(b, d) for b, d in ((Button.CARD3, True), (Button.CARD3, False))] + presses[2:]
    assert sorted(presses[2:]) == sorted(protocol.press(b, d) for b in (Button.LEFT, Button.RIGHT) for d in (1, 0))
    phone_side = protocol.phone_link(shared, challenge)
    frames = [phone_side.open(m) for m in sealed_to_phone]
    assert frames[0] == protocol.frame(0xFF, protocol.PANEL_ON, 0xCF, to_pages(before))

    # ...and with anything else none does: the code's key (a second phone that saw the QR code
    # has it), a link key made from it, or another code's.
    _, code = protocol.read_fragment(invite.code)
    guesses = [protocol.code_key("3", code), protocol.link_key(protocol.code_key("3", code), challenge),
               protocol.link_key(os.urandom(32), challenge)]
    for key in guesses:
        for direction, message in [(protocol.TO_UNIT, m) for m in sealed_to_unit] + \
                                  [(protocol.TO_PHONE, m) for m in sealed_to_phone]:
            counter = int.from_bytes(message[1:9], "big")
            with pytest.raises(CryptoError):
                SecretBox(key).decrypt(message[9:], protocol.Link.nonce(direction, counter))

    # No screen, card or choice in the clear anywhere, nor the code (the fragment never leaves).
    everything = proxy.everything()
    readable = everything + b"".join(to_phone + to_unit)
    for picture in (before, after):
        for page_bytes in _pages(to_pages(picture)):
            assert page_bytes not in readable
    for plain in presses + [b'"pad":3', invite.code.encode(), invite.code[1:].lower().encode(), code]:
        assert plain not in readable
    assert b"GET / HTTP/1.1" in everything and b"#" not in everything.split(b"\r\n\r\n")[0]
    driver.get("about:blank")


def _pages(pages: bytes) -> list[bytes]:
    return [pages[n * 128:(n + 1) * 128] for n in range(8) if any(pages[n * 128:(n + 1) * 128])]


@pytest.mark.parametrize("tamper", ["replayed", "altered"])
def test_a_replayed_or_altered_message_on_the_wire_is_refused(driver, wire, caplog, tamper) -> None:
    phones, events, proxy = wire
    caplog.set_level(logging.WARNING, logger="pitchpad.phones")
    page = PhonePage(driver).open(proxy.url(phones.invite(3).url))
    page.wait(lambda p: p.api["state"] == "here")
    page.tap("CARD1")
    assert events_of(events, 2) == [(3, Button.CARD1, True), (3, Button.CARD1, False)]
    [link] = proxy.link_pipes()
    press = websocket_messages(bytes(link.to_unit))[1]                    # the CARD1 press, sealed
    if tamper == "replayed":
        proxy.inject(websocket_frame(press))
        says = "message number 1 where 3 was due"
    else:
        altered = bytearray(press)
        altered[1:9] = (3).to_bytes(8, "big")                           # the number due, the box kept
        proxy.inject(websocket_frame(bytes(altered)))
        says = "does not open"
    wait_until(lambda: any(says in r.getMessage() for r in caplog.records))
    page.wait(lambda p: len(proxy.link_pipes()) == 2 and p.api["state"] == "here")   # it came back
    assert events.drain() == [], "the injected press pressed nothing"
    page.tap("CARD2")
    assert events_of(events, 2) == [(3, Button.CARD2, True), (3, Button.CARD2, False)]
    driver.get("about:blank")


def test_a_second_phone_scanning_the_same_code_is_told_the_seat_is_taken(driver, console) -> None:
    phones, events = console
    url = phones.invite(3).url
    first = PhonePage(driver).open(url)
    first.wait(lambda p: p.api["state"] == "here")
    driver.switch_to.new_window("tab")
    second = PhonePage(driver).open(url)
    second.wait(lambda p: p.api["state"] == "taken")
    assert second.status() == "This seat is taken"
    second.focus().close()
    first.wait(lambda p: p.api["state"] == "here")      # back to the front: still its seat
    first.tap("CENTRE")
    assert events_of(events, 2)[0] == (3, Button.CENTRE, True)
    assert phones.state(3) is PhoneState.HERE
    driver.get("about:blank")


# ----- a seat that drops ----------------------------------------------------------------------------
def test_a_cut_line_releases_held_buttons_and_the_phone_is_back_with_the_current_frame_within_2_s(
        driver, wire) -> None:
    phones, events, proxy = wire
    page = PhonePage(driver).open(proxy.url(phones.invite(3).url))
    page.wait(lambda p: p.api["state"] == "here")
    page.hold("LEFT", "RIGHT")
    assert len(events_of(events, 2)) == 2
    proxy.cut()
    assert sorted(events_of(events, 2), key=str) == [(3, Button.LEFT, False), (3, Button.RIGHT, False)]
    wait_until(lambda: phones.state(3) is PhoneState.AWAY)
    page.wait(lambda p: p.api["state"] == "away")
    assert page.status() == "Coming back…"
    page.lift()
    meanwhile = scoreboard("WHILE YOU WERE OUT")
    phones.phone_screens[3].display(meanwhile)
    time.sleep(1.0)                                      # the page keeps knocking on a closed door
    proxy.restore()
    back_at = time.monotonic()
    page.wait(lambda p: p.screen().tobytes() == meanwhile.tobytes(), timeout=2.0)
    assert time.monotonic() - back_at < 2.0 and phones.state(3) is PhoneState.HERE
    driver.get("about:blank")


def test_a_link_gone_silent_is_found_out_when_the_phone_is_back_online(driver, wire) -> None:
    phones, _, proxy = wire
    page = PhonePage(driver).open(proxy.url(phones.invite(3).url))
    page.wait(lambda p: p.api["state"] == "here")
    network(driver, online=False)
    proxy.stall()                                       # the Wi-Fi went away without a word
    meanwhile = scoreboard("MOVE ON")
    phones.phone_screens[3].display(meanwhile)
    proxy.restore()
    back_at = time.monotonic()
    network(driver, online=True)                         # the phone finds a network again
    page.wait(lambda p: p.screen().tobytes() == meanwhile.tobytes(), timeout=2.0)
    assert time.monotonic() - back_at < 2.0
    assert len(proxy.link_pipes()) == 2 and phones.state(3) is PhoneState.HERE
    driver.get("about:blank")


def test_a_phone_put_away_is_away_and_back_within_2_s_when_shown_again(driver, console) -> None:
    phones, events = console
    page = PhonePage(driver).open(phones.invite(3).url)
    page.wait(lambda p: p.api["state"] == "here")
    page.hold("CARD4")
    assert events_of(events, 1) == [(3, Button.CARD4, True)]
    driver.switch_to.new_window("tab")                   # the page hidden (its phone locked)
    assert events_of(events, 1) == [(3, Button.CARD4, False)]
    wait_until(lambda: phones.state(3) is PhoneState.AWAY)
    meanwhile = scoreboard("KICK OFF")
    phones.phone_screens[3].display(meanwhile)
    driver.close()
    back_at = time.monotonic()
    page.focus()                                         # shown again
    page.wait(lambda p: p.screen().tobytes() == meanwhile.tobytes(), timeout=2.0)
    assert time.monotonic() - back_at < 2.0 and phones.state(3) is PhoneState.HERE
    driver.get("about:blank")


def network(driver, *, online: bool) -> None:
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
        "offline": not online, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1})


# ----- what the page says -----------------------------------------------------------------------------
def test_the_page_says_where_it_stands_in_the_consoles_language(driver, console) -> None:
    phones, _ = console
    phones.language = "fr"
    page = PhonePage(driver).open(f"http://127.0.0.1:{phones.server.port}/")
    page.wait(lambda p: p.api["state"] == "nocode")
    assert page.status() == "Scan the console's code", "before the console speaks: the browser's language"
    page.open(phones.invite(3).url)
    page.wait(lambda p: p.api["state"] == "here")
    assert page.status() == "Manette 3"
    phones.language = "en"
    page.wait(lambda p: p.status() == "Pad 3")
    phones.release(3)
    page.wait(lambda p: p.api["state"] == "released")
    assert page.status() == "You left the pad: scan a new code to play again"
    typed = phones.invite(4)                          # typed by hand: small letters, in groups
    groups = " ".join(typed.code.lower()[n:n + 4] for n in range(0, len(typed.code), 4))
    page.open(typed.address.lower() + "#" + groups)
    page.wait(lambda p: p.api["state"] == "here" and p.api["pad"] == 4)
    phones.release(4)
    page.wait(lambda p: p.api["state"] == "released")
    stale = phones.invite(4).url
    phones.withdraw()
    page.open(stale)
    page.wait(lambda p: p.api["state"] == "expired")
    assert page.status() == "This code expired: ask the console for a new one"
    phones.spectator_screen.display(scoreboard("RED 1 - 0 BLUE"))
    page.open(phones.invite(None).url)
    page.wait(lambda p: p.api["state"] == "watching" and p.screen().tobytes() == scoreboard("RED 1 - 0 BLUE").tobytes())
    assert page.status() == "Watching" and page.api["pad"] is None
    assert not driver.find_element("id", "cards").is_displayed(), "a watcher has no buttons"
    wait_until(lambda: phones.spectators == 1)
    OUT.mkdir(exist_ok=True)
    driver.save_screenshot(str(OUT / "phone-watching.png"))
    driver.get("about:blank")
    wait_until(lambda: phones.spectators == 0)
