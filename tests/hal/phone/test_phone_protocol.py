"""The link's bytes (hal/phone/protocol.py) and the page's files as the server gives them.

The protocol is pure: these check what it promises without a network (a code fits a small QR
code; a code's key is its pad's alone; a JOIN or WELCOME cannot be bent on its way; a sealed
message is accepted once, in order, unaltered, in its own direction), then one attack on the
real server that the first design let through: a phone key swapped in a JOIN on its way.
"""
from __future__ import annotations

import hashlib
import http.client
import os
import re
from pathlib import Path

import pytest
import segno
from nacl.public import PrivateKey
from phone_rig import PythonPhone, served

from hal.buttons import Button
from hal.phone import protocol
from hal.phone.address import url
from hal.phones import Invite

PAGE = Path(__file__).resolve().parents[3] / "hal" / "phone" / "page"
QR_ALPHANUMERIC = re.compile(r"[0-9A-Z $%*+\-./:]*")


def test_a_code_fits_a_version_3_qr_code() -> None:
    """The address and the code are alphanumeric (5.5 bits a character); the ``#`` between them
    is not, so it goes in a byte segment of its own: segno.make([address, "#", code])."""
    fragment = protocol.fragment("3", protocol.new_code())
    assert len(fragment) == 1 + protocol.CODE_CHARS and QR_ALPHANUMERIC.fullmatch(fragment)
    for port, error, version in ((8733, "m", "3-M"), (65535, "l", "3-L")):
        invite = Invite(3, url("192.168.100.200", port) + "#" + fragment)       # the longest IPv4
        assert QR_ALPHANUMERIC.fullmatch(invite.address)
        code = segno.make([invite.address, "#", invite.code], error=error, boost_error=False)
        assert code.designator == version, (invite.url, code.designator)
    typed = " ".join(fragment.lower()[n:n + 4] for n in range(0, len(fragment), 4))     # "3abc defg ..."
    assert protocol.read_fragment("#" + typed) == ("3", protocol.read_fragment(fragment)[1])
    for bad in ("", "#5" + fragment[1:], fragment[:-1], fragment[:-1] + "1"):
        with pytest.raises(protocol.BadMessage):
            protocol.read_fragment(bad)


def test_a_codes_key_is_its_pads_alone() -> None:
    code = protocol.new_code()
    keys = {protocol.code_key(char, code) for char in "01234"}
    assert len(keys) == 5


def test_a_join_names_its_phone_key_inside_its_box() -> None:
    challenge, key, phone = os.urandom(24), os.urandom(32), bytes(PrivateKey.generate().public_key)
    join = protocol.read_join(protocol.join("3", phone, key, challenge))
    assert join.opens(key, challenge)
    assert not join.opens(key, os.urandom(24)), "another connection's challenge"
    assert not join.opens(os.urandom(32), challenge), "another key"
    swapped = protocol.Join(join.pad_char, bytes(PrivateKey.generate().public_key), join.nonce, join.box)
    assert not swapped.opens(key, challenge), "a phone key swapped on the way"


def test_a_welcome_is_for_its_challenge_and_carries_the_units_key_sealed() -> None:
    challenge, key, unit = os.urandom(24), os.urandom(32), os.urandom(32)
    message = protocol.welcome(key, challenge, unit, {"pad": 3, "lang": "fr"})
    assert unit not in message
    assert protocol.read_welcome(key, challenge, message) == (unit, {"pad": 3, "lang": "fr"})
    with pytest.raises(protocol.BadMessage, match="another challenge"):
        protocol.read_welcome(key, os.urandom(24), message)
    with pytest.raises(protocol.BadMessage, match="does not open"):
        protocol.read_welcome(os.urandom(32), challenge, message)


def test_a_sealed_message_is_accepted_once_in_order_unaltered_and_one_way() -> None:
    shared, challenge = os.urandom(32), os.urandom(24)
    phone, unit = protocol.phone_link(shared, challenge), protocol.unit_link(shared, challenge)
    first, second, third = (phone.seal(protocol.press(Button.CARD1, pressed)) for pressed in (True, False, True))
    assert len(first) == protocol.SEALED_OVERHEAD + 3 == 28
    assert protocol.read_press(unit.open(first)) == (Button.CARD1, True)
    with pytest.raises(protocol.BadMessage, match="number 1 where 2 was due"):
        unit.open(first)                                              # replayed
    with pytest.raises(protocol.BadMessage, match="number 3 where 2 was due"):
        unit.open(third)                                              # the one before it lost
    altered = bytearray(second)
    altered[12] ^= 0x40
    with pytest.raises(protocol.BadMessage, match="does not open"):
        unit.open(bytes(altered))
    assert protocol.read_press(unit.open(second)) == (Button.CARD1, False)
    mirror = protocol.phone_link(shared, challenge)
    with pytest.raises(protocol.BadMessage, match="does not open"):
        mirror.open(mirror.seal(b"P"))                                # a phone's own message back to it
    other = protocol.unit_link(shared, os.urandom(24))                 # the same keys, another link
    with pytest.raises(protocol.BadMessage, match="does not open"):
        other.open(protocol.phone_link(shared, challenge).seal(b"P"))


def test_a_phone_key_swapped_in_a_join_on_its_way_is_refused() -> None:
    """Someone on the path without the code swaps the phone's key for their own: with the
    unit's key in the WELCOME they would have had the seat's shared key, and the phone none."""
    with served() as (phones, _):
        phone = PythonPhone.scanning(phones.server.port, phones.invite(3).url)
        challenge = phone.open()
        join = bytearray(protocol.join("3", phone.public, protocol.code_key(phone.char, phone.code), challenge))
        join[2:34] = bytes(PrivateKey.generate().public_key)
        phone.send(bytes(join))
        assert phone.recv() == protocol.refusal(protocol.Refusal.EXPIRED)
        assert isinstance(PythonPhone(phones.server.port, phone.char, phone.code).join(), dict), \
            "the code is still on offer to its rightful phone"


# ----- the page's files -------------------------------------------------------------------------
def get(port: int, path: str, method: str = "GET") -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request(method, path)
    return connection.getresponse()


def test_the_page_is_served_whatever_the_case_with_a_strict_policy() -> None:
    with served() as (phones, _):
        port = phones.server.port
        page = get(port, "/")
        body = page.read()
        assert page.status == 200 and page.headers["Content-Type"].startswith("text/html")
        assert get(port, "/INDEX.HTML").read() == body
        policy = page.headers["Content-Security-Policy"]
        assert "default-src 'none'" in policy and "script-src 'self'" in policy and "connect-src 'self'" in policy
        assert page.headers["Referrer-Policy"] == "no-referrer" and page.headers["Cache-Control"] == "no-store"
        assert page.headers["X-Content-Type-Options"] == "nosniff"
        for path, kind in (("/PITCHPAD.JS", "text/javascript"), ("/pitchpad.css", "text/css"),
                           ("/nacl-fast.min.js", "text/javascript")):
            answer = get(port, path)
            assert answer.status == 200 and answer.headers["Content-Type"].startswith(kind)
            assert answer.read() == (PAGE / path.lower().lstrip("/")).read_bytes()
        assert get(port, "/README.md").status == 404 and get(port, "/../server.py").status == 404
        assert get(port, "/", method="POST").status == 405
    scripts = re.findall(rb"<script[^>]*>", body)
    assert scripts and all(b" src=" in tag for tag in scripts), "no inline script: the policy forbids it"
    assert b"<style" not in body and b" style=" not in body and not re.search(rb"\son[a-z]+\s*=", body)


def test_the_vendored_tweetnacl_is_the_one_its_readme_names() -> None:
    readme = (PAGE / "README.md").read_text()
    digest = hashlib.sha256((PAGE / "nacl-fast.min.js").read_bytes()).hexdigest()
    assert "TweetNaCl.js version 1.0.3" in readme and f"sha256 `{digest}`" in readme
    assert "public domain" in (PAGE / "LICENSE-tweetnacl.txt").read_text()
