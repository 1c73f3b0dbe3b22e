"""The phones page's codes scan off the panel (issue 38): a real decoder (zbar, through pyzbar)
reads each code from the screen as the console renders it, at the panel's own 128x64 pixels,
a lit pixel being the light colour a camera sees; and the code is small enough for a 0.96-inch
panel (version 3 at most, 2 pixels a module) even for the longest address and port."""
from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image
from pyzbar import pyzbar

from app_rig import Rig
from reading import misfits, visible_words
from firmware.console.phone_screens import (
    CodeScreen, JoinedScreen, PhoneListScreen, PhoneNews, WatchWaiting, WifiScreen,
)
from firmware.render import Canvas
from firmware.render.qr import MAX_VERSION, MODULE_PX, draw_code, matrix
from firmware.storage.settings import Settings
from hal.buttons import Button
from hal.config import PhonesConfig
from hal.phone import protocol
from hal.phones import Hotspot, Invite

HOTSPOT = Hotspot("Café du Port", "motdepasse-du-cafe")


def read_codes(image: Image.Image) -> list[str]:
    """What zbar reads off a panel's picture, as it is (a lit pixel is light)."""
    return [found.data.decode() for found in pyzbar.decode(image.convert("L"), symbols=[pyzbar.ZBarSymbol.QRCODE])]


def rig_with_page(tmp_path: Path, language: str, hotspot: Hotspot | None = None) -> Rig:
    rig = Rig(tmp_path, Settings(language=language),
              phones=PhonesConfig(port=0, listen="localhost", hotspot=hotspot))
    rig.press(1, Button.CARD1)
    while rig.app.menu.rows()[rig.app.menu.cursor].field != "phones":
        rig.press(1, Button.CARD2)
    rig.press(1, Button.CENTRE)
    return rig


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_code_on_the_phones_page_scans_off_the_panel(tmp_path, language):
    rig = rig_with_page(tmp_path, language, HOTSPOT)
    try:
        seen: dict[str, str] = {}
        for _ in range(len(rig.app.phones.views())):
            model = rig.screen(1)
            if isinstance(model, (CodeScreen, WifiScreen)) and not getattr(model, "as_text", False):
                read = read_codes(rig.image(1))
                assert len(read) == 1, f"zbar read {read} off {type(model).__name__}"
                seen[rig.app.phones.view] = read[0]
            rig.press(1, Button.RIGHT)
        assert seen == {"wifi": HOTSPOT.join_text(), "play": rig.app.phones.seat.url,
                        "watch": rig.app.phones.watch.url}
        assert seen["play"].startswith("HTTP://127.0.0.1:") and "#3" in seen["play"]
    finally:
        rig.console.close()


@pytest.mark.parametrize("view", ["play_text", "watch_text"])
def test_the_code_written_out_is_the_same_link(tmp_path, view):
    """A phone that cannot scan types the address, then # and the code as the screen shows it
    (in groups of five): the same host, port, pad and key as the QR code's link."""
    rig = rig_with_page(tmp_path, "en")
    try:
        while rig.app.phones.view != view:
            rig.press(1, Button.RIGHT)
        model = rig.screen(1)
        assert isinstance(model, CodeScreen) and model.as_text
        shown = visible_words(model, "en")
        address, typed = shown[1], "".join(shown[2:4]).replace(" ", "")
        invite = rig.app.phones.seat if view == "play_text" else rig.app.phones.watch
        assert f"HTTP://{address.upper()}/" == invite.address
        assert typed == "#" + invite.code
        assert protocol.read_fragment(typed) == protocol.read_fragment(invite.code)
    finally:
        rig.console.close()


LONGEST = "HTTP://255.255.255.255:65535/#3" + "A" * 26
"""The longest IPv4 link: every address and port digit there can be, a pad and a 128-bit key."""


@pytest.mark.parametrize("content", [LONGEST, HOTSPOT.join_text(), "WIFI:T:WPA;S:PitchPad;P:" + "x" * 20 + ";;"])
def test_the_longest_link_fits_version_3_at_two_pixels_a_module_and_scans(content):
    modules = matrix(content)
    assert (len(modules) - 17) // 4 <= MAX_VERSION and len(modules) * MODULE_PX <= 64
    canvas = Canvas()
    draw_code(canvas, content)
    assert read_codes(canvas.image) == [content]


def test_a_link_too_long_for_the_panel_says_so_instead_of_a_code_no_camera_reads():
    invite = Invite(3, "HTTP://[2001:DB8:85A3:1234:5678:8A2E:370:7334]:65535/#3" + "A" * 26)
    canvas = Canvas()
    CodeScreen(invite, False, (1, 4)).draw(canvas, "en")
    assert read_codes(canvas.image) == []
    assert "Code too long" in visible_words(CodeScreen(invite, False, (1, 4)), "en")


@pytest.mark.parametrize("language", ["fr", "en"])
def test_every_view_of_the_phones_page_reads_clean(language):
    """The shared fit check (glyph ink: nothing cut at an edge, covered or touching) on every
    view of the phones page, the longest of each: three phones in the list, the longest IPv4
    link, a café's Wi-Fi, a phone's news over a match."""
    link = Invite(3, LONGEST)
    watch = Invite(None, LONGEST.replace("#3", "#0"))
    views = [CodeScreen(link, False, (2, 6)), CodeScreen(link, True, (3, 6)), CodeScreen(watch, False, (4, 6)),
             CodeScreen(watch, True, (5, 6)), WifiScreen(HOTSPOT, (1, 6)),
             PhoneListScreen(((2, True), (3, False), (4, True)), 8, 2, (6, 6)), PhoneListScreen((), 0, 0, (6, 6)),
             JoinedScreen(4), WatchWaiting(), PhoneNews(4, False), PhoneNews(4, True)]
    assert {type(view).__name__: misfits(view, language) for view in views if misfits(view, language)} == {}
