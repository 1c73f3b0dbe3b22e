"""Whatever a stranger sends, on 127.0.0.1: one log line naming its address, that connection
closed, and nothing else. Another seat's phone plays on (its screen changes reach it, its
presses reach the console) and the console's event queue gets nothing from the stranger.

Each test attacks with the real ``websockets`` client (or a raw socket) a console whose pad 4 is
held by a bystander phone, then checks all of the above.
"""
from __future__ import annotations

import logging
import os
import socket
import time
from dataclasses import replace

import pytest
from phone_rig import TESTING, PythonPhone, served, wait_until
from PIL import ImageDraw
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from hal.buttons import Button
from hal.phone import protocol
from hal.phones import PhoneState
from hal.screen import blank_frame


@pytest.fixture
def table(caplog):
    """A console (pads 3 and 4 for phones), a bystander on pad 4, a code on offer for pad 3."""
    caplog.set_level(logging.WARNING, logger="pitchpad.phones")
    with served(first_pad=3, limits=replace(TESTING, join_within=0.5)) as (phones, events):
        bystander = PythonPhone.scanning(phones.server.port, phones.invite(4).url)
        bystander.join()
        bystander.next_payload()
        wait_until(lambda: events.drain() == [] and phones.state(4) is PhoneState.HERE)
        caplog.clear()
        yield phones, events, bystander
        bystander.close()


def unharmed(table, caplog, says: str) -> None:
    """One log line naming the address and ``says``; the bystander plays on; no event but its."""
    phones, events, bystander = table
    lines = wait_until(lambda: [r.getMessage() for r in caplog.records if r.name == "pitchpad.phones"])
    time.sleep(0.1)
    lines = [r.getMessage() for r in caplog.records if r.name == "pitchpad.phones"]
    assert len(lines) == 1 and lines[0].startswith("phone 127.0.0.1: ") and says in lines[0], lines
    assert "\n" not in lines[0]
    frame = blank_frame()
    ImageDraw.Draw(frame).text((0, 0), f"STILL HERE {time.monotonic()}", fill=1)
    phones.phone_screens[4].display(frame)
    bystander.frame_until(lambda p: p.image.tobytes() == frame.tobytes())
    bystander.press(1, True)
    bystander.press(1, False)
    got = [wait_until(lambda: events.get(timeout=0.05)) for _ in range(2)]
    assert [(e.pad, e.button, e.pressed) for e in got] == [(4, Button.CARD2, True), (4, Button.CARD2, False)]
    assert events.drain() == [] and phones.state(3) is PhoneState.FREE


def attacker(phones) -> PythonPhone:
    return PythonPhone(phones.server.port, "3", os.urandom(16))


def test_garbage_instead_of_a_join(table, caplog) -> None:
    stranger = attacker(table[0])
    stranger.open()
    stranger.send(b"\xff" + os.urandom(129))                 # 130 bytes, as a join, but not one
    assert stranger.recv() == protocol.refusal(protocol.Refusal.BAD) and stranger.closed()
    unharmed(table, caplog, "not a join")


def test_a_wrong_key(table, caplog) -> None:
    assert attacker(table[0]).join() is protocol.Refusal.EXPIRED          # a made-up code for pad 3
    unharmed(table, caplog, "no such code (expired, or a wrong key)")


def test_no_join_at_all(table, caplog) -> None:
    stranger = attacker(table[0])
    stranger.open()
    assert stranger.closed(timeout=3)
    unharmed(table, caplog, "no join within 0.5 s")


def test_a_huge_frame(table, caplog) -> None:
    stranger = attacker(table[0])
    stranger.open()
    stranger.send(os.urandom(1 << 20))
    assert stranger.closed()
    unharmed(table, caplog, "exceeds limit of 160 bytes")


def test_a_text_message(table, caplog) -> None:
    stranger = attacker(table[0])
    stranger.open()
    stranger.send("hello")
    assert stranger.closed()
    unharmed(table, caplog, "a text message")


def test_garbage_after_joining(table, caplog) -> None:
    phones = table[0]
    stranger = PythonPhone.scanning(phones.server.port, phones.invite(3).url)
    stranger.join()
    stranger.send(bytes((protocol.SEALED,)) + os.urandom(60))
    assert stranger.closed()
    phones.release(3)
    unharmed(table, caplog, "message number")


@pytest.mark.parametrize("tamper", ["replayed", "altered"])
def test_a_replayed_or_altered_message(table, caplog, tamper) -> None:
    phones, events, _ = table
    stranger = PythonPhone.scanning(phones.server.port, phones.invite(3).url)
    stranger.join()
    sealed = stranger.link.seal(protocol.press(Button.CARD1, True))
    stranger.send(sealed)
    wait_until(lambda: events.get(timeout=0.05))                       # the real press
    if tamper == "replayed":
        stranger.send(sealed)
    else:
        message = bytearray(stranger.link.seal(protocol.press(Button.CARD2, True)))
        message[-1] ^= 1
        stranger.send(bytes(message))
    assert stranger.closed()
    released = wait_until(lambda: events.get(timeout=0.05))
    assert (released.pad, released.button, released.pressed) == (3, Button.CARD1, False), \
        "nothing pressed by it: only the release of what its phone held, when its link closed"
    phones.release(3)
    unharmed(table, caplog, "message number 1 where 2 was due" if tamper == "replayed" else "does not open")


def test_a_message_of_the_unit_sent_back_to_it(table, caplog) -> None:
    """The unit's second message and the phone's second are both number 2 under one key: the
    direction byte in the nonce is what refuses it."""
    phones = table[0]
    stranger = PythonPhone.scanning(phones.server.port, phones.invite(3).url)
    stranger.join()
    stranger.next_payload()                                # the unit's 1: the screen
    stranger.send(stranger.link.seal(bytes((protocol.PROBE,))))                     # the phone's 1
    assert stranger.next_payload() == bytes((protocol.PROBE,))                      # the unit's 2
    stranger.send(stranger.received[-1])                   # as the phone's 2
    assert stranger.closed()
    phones.release(3)
    unharmed(table, caplog, "does not open with this link's key")


def test_a_flood(table, caplog) -> None:
    phones = table[0]
    stranger = PythonPhone.scanning(phones.server.port, phones.invite(3).url)
    stranger.join()
    try:
        for _ in range(400):
            stranger.send(stranger.link.seal(bytes((protocol.PROBE,))))
    except ConnectionClosed:
        pass
    assert stranger.closed()
    phones.release(3)
    unharmed(table, caplog, "more than 60 messages a second")


def test_not_http_at_all(table, caplog) -> None:
    with socket.create_connection(("127.0.0.1", table[0].server.port), timeout=5) as raw:
        raw.sendall(os.urandom(300) + b"\r\n\r\n")
        assert raw.recv(100) == b"", "closed without a word"
    unharmed(table, caplog, "not a request this console answers")


def test_a_link_opened_from_another_page(table, caplog) -> None:
    with pytest.raises(InvalidStatus, match="403"):
        connect(f"ws://127.0.0.1:{table[0].server.port}/link", origin="http://evil.example").close()
    unharmed(table, caplog, "a link opened from another page (http://evil.example)")


def test_too_many_links_from_one_address_and_too_many_connections() -> None:
    limits = replace(TESTING, links_per_address=2, loopback_exempt=False, connections=6, open_within=30)
    with served(first_pad=3, limits=limits) as (phones, _):
        first = PythonPhone.scanning(phones.server.port, phones.invite(3).url)
        first.join()
        second = PythonPhone(phones.server.port)
        second.open()
        with pytest.raises(InvalidStatus, match="503"):
            PythonPhone(phones.server.port).open()
        second.close()
        idle = [socket.create_connection(("127.0.0.1", phones.server.port)) for _ in range(12)]
        try:
            closed = [_closed_by_peer(sock) for sock in idle]
            assert closed == [True] * 7 + [False] * 5, \
                "beyond 6 connections (the joined phone's and 5 more) the oldest not joined are closed"
            back = PythonPhone(phones.server.port, "3", b"", first.secret, first.shared)
            first.close()
            assert back.join() == {"pad": 3, "lang": "fr"}, "a phone still joins through a flood of idle sockets"
        finally:
            for sock in idle:
                sock.close()


def _closed_by_peer(sock: socket.socket) -> bool:
    sock.settimeout(0.3)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def test_this_machine_may_open_more_links_than_another_address() -> None:
    """``pitchpad sim``: every browser tab on the computer a phone, all from 127.0.0.1."""
    with served(first_pad=3, limits=replace(TESTING, links_per_address=2)) as (phones, _):
        tabs = [PythonPhone(phones.server.port) for _ in range(5)]
        for tab in tabs:
            tab.open()
        for tab in tabs:
            tab.close()


def test_refusals_are_logged_at_most_so_many_a_minute(caplog) -> None:
    caplog.set_level(logging.WARNING, logger="pitchpad.phones")
    with served(first_pad=3, limits=replace(TESTING, log_lines=3)) as (phones, _):
        for _ in range(6):
            assert attacker(phones).join() is protocol.Refusal.EXPIRED
    assert len([r for r in caplog.records if r.name == "pitchpad.phones"]) == 3
