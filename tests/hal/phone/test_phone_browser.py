"""The phone page in a real headless Chromium (Debian's, through chromedriver), on the real server.

The page's tweetnacl-js and the unit's PyNaCl must agree byte for byte (every message is sealed
by one and opened by the other); touch is real touch (the DevTools protocol's touch events, so
the page gets a finger's pointer events, two at once for ◀+▶); the two sizes are a small
Android's and an iPhone's. Screenshots land in tests/hal/phone/out/ (not committed) to be looked at.
One browser for the module: its tabs are the phones.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from phone_page import PHONES, PhonePage, emulate, phone_browser
from phone_rig import TESTING, served, wait_until
from PIL import Image, ImageDraw

from hal.buttons import Button
from hal.phones import PhoneState
from hal.screen import blank_frame

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
