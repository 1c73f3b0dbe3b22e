"""The wire format shared by the console and the pad board: COBS, CRC, frames, screen windows."""
from __future__ import annotations

import ast
import binascii
import random
from pathlib import Path

import pytest
import serial
from hypothesis import given
from hypothesis import strategies as st

from hal import serial_protocol as wire
from hal.serial_pad import SCREEN_CHUNK, screen_chunk, screen_messages
from hal.screen import to_pages

ROOT = Path(__file__).resolve().parents[2]


def test_crc_is_ccitt_false_with_and_without_binascii(monkeypatch: pytest.MonkeyPatch) -> None:
    assert wire.crc16(b"123456789") == 0x29B1          # the CRC-16/CCITT-FALSE check value
    rng = random.Random(7)
    for size in (0, 1, 2, 63, 1031):
        data = bytes(rng.randrange(256) for _ in range(size))
        assert wire.crc16_pure(data) == binascii.crc_hqx(data, 0xFFFF)
    frame = wire.encode_frame(wire.BUTTON, 9, wire.button_payload(3, True, 123456))
    monkeypatch.setattr(wire, "crc_hqx", None)        # as on MicroPython
    assert wire.encode_frame(wire.BUTTON, 9, wire.button_payload(3, True, 123456)) == frame
    assert wire.FrameDecoder().feed(frame) == [(wire.BUTTON, 9, wire.button_payload(3, True, 123456))]


@given(st.binary(max_size=1200))
def test_cobs_round_trip_and_no_zero_inside(data: bytes) -> None:
    encoded = wire.cobs_encode(data)
    assert 0 not in encoded
    assert len(encoded) <= len(data) + len(data) // 254 + 1
    assert wire.cobs_decode(encoded) == data


@pytest.mark.parametrize("data", [b"", b"\x00", b"\x00\x00", b"\x01" * 253, b"\x01" * 254,
                                  b"\x01" * 255, b"\x01" * 254 + b"\x00", b"\x00" + b"\x02" * 508])
def test_cobs_block_edges(data: bytes) -> None:
    assert wire.cobs_decode(wire.cobs_encode(data)) == data


def test_cobs_refuses_broken_blocks() -> None:
    assert wire.cobs_decode(b"\x05\x01\x02") is None       # block runs past the end
    assert wire.cobs_decode(b"\x00\x01") is None            # a zero code


@given(st.lists(st.tuples(st.sampled_from([wire.HEARTBEAT, wire.CONTRAST]), st.integers(0, 255),
                          st.integers(0, 255)), max_size=20),
       st.lists(st.integers(1, 50), min_size=1))
def test_decoder_gives_the_same_frames_however_the_bytes_are_split(
        messages: list[tuple[int, int, int]], cuts: list[int]) -> None:
    expected = [(kind, seq, bytes((value,)) * (4 if kind == wire.HEARTBEAT else 1)) for kind, seq, value in messages]
    stream = b"".join(wire.encode_frame(*frame) for frame in expected)
    decoder, got, at, turn = wire.FrameDecoder(), [], 0, 0
    while at < len(stream):
        got += decoder.feed(stream[at:at + cuts[turn % len(cuts)]])
        at += cuts[turn % len(cuts)]
        turn += 1
    assert got == expected


def test_garbage_is_dropped_to_the_next_delimiter() -> None:
    good = wire.encode_frame(wire.BUTTON, 1, wire.button_payload(0, True, 5))
    decoder = wire.FrameDecoder()
    frames = decoder.feed(b"\x13\x37garbage" + good + b"\xff" * 40 + b"\x00" + good[3:] + good)
    assert frames == [(wire.BUTTON, 1, wire.button_payload(0, True, 5))] * 2
    assert decoder.dropped == 3              # the noise, the burst, the cut frame


def test_every_single_byte_error_in_a_button_frame_is_caught() -> None:
    good = wire.encode_frame(wire.BUTTON, 200, wire.button_payload(6, False, 0xDEADBEEF))
    for at in range(len(good) - 1):
        for value in range(256):
            if value == good[at]:
                continue
            bad = bytearray(good)
            bad[at] = value
            assert wire.FrameDecoder().feed(bytes(bad)) == [], (at, value)


def test_overlong_frames_are_dropped_and_the_next_one_read() -> None:
    good = wire.encode_frame(wire.HEARTBEAT, 0, wire.ms_bytes(77))
    decoder = wire.FrameDecoder()
    assert decoder.feed(b"\x01" * (wire.MAX_ENCODED + 50) + b"\x00" + good) == [(wire.HEARTBEAT, 0, wire.ms_bytes(77))]
    assert decoder.dropped == 1


def test_payload_shapes_are_checked_behind_the_crc() -> None:
    decoder = wire.FrameDecoder()
    assert decoder.feed(wire.encode_frame(wire.BUTTON, 1, bytes((7, 1, 0, 0, 0, 0)))) == []     # no button 8
    assert decoder.feed(wire.encode_frame(wire.POWER, 1, b"\x02")) == []
    assert decoder.feed(wire.encode_frame(wire.SCREEN, 1, bytes((0, 8, 0, 0)) + b"\x00" * 9)) == []
    assert decoder.feed(wire.encode_frame(0x7F, 1, b"")) == []


def test_frames_cross_a_real_pyserial_port() -> None:
    port = serial.serial_for_url("loop://", timeout=0.5)
    sent = [(wire.HELLO, 0, wire.hello_payload(2, wire.CAP_BUTTONS, 0xBEEF)),
            (wire.SCREEN, 3, bytes(wire.window_payload(0, 7, 0, 127, bytes(range(256)) * 4)))]
    for frame in sent:
        port.write(wire.encode_frame(*frame))
    decoder, got = wire.FrameDecoder(), []
    while len(got) < 2:
        got += decoder.feed(port.read(max(1, port.in_waiting)))
    assert got == sent
    port.close()


def test_screen_messages_rebuild_the_frame_in_page_sized_pieces() -> None:
    rng = random.Random(3)
    panel = bytes(1024)
    for _ in range(30):
        frame = bytearray(panel)
        for _ in range(rng.choice([1, 20, 400, 1024])):
            frame[rng.randrange(1024)] = rng.randrange(256)
        frame = bytes(frame)
        rebuilt = bytearray(panel)
        for payload in screen_messages(panel, frame):
            data = sum(len(window[4]) for window in wire.windows(payload))
            assert data <= SCREEN_CHUNK or len(list(wire.windows(payload))) == 1
            wire.apply_windows(payload, rebuilt)
        assert rebuilt == frame
        panel = frame
    assert screen_chunk(panel, panel) == b""


def test_one_changed_digit_is_one_small_window() -> None:
    from PIL import Image, ImageDraw
    before = Image.new("1", (128, 64))
    ImageDraw.Draw(before).text((60, 20), "1", fill=1)
    after = Image.new("1", (128, 64))
    ImageDraw.Draw(after).text((60, 20), "2", fill=1)
    messages = screen_messages(to_pages(before), to_pages(after))
    assert len(messages) == 1 and len(messages[0]) < 40


SHARED = [ROOT / "hal" / "serial_protocol.py", ROOT / "deploy" / "padboard" / "padloop.py",
          ROOT / "deploy" / "padboard" / "board.py", ROOT / "deploy" / "padboard" / "main.py"]


@pytest.mark.parametrize("path", SHARED, ids=lambda p: p.name)
def test_pad_code_stays_within_micropython(path: Path) -> None:
    """What MicroPython lacks at run time: annotations evaluated, dataclasses, typing, enum,
    ``from __future__``, walrus, match; the board runs these files as they are. Only a block
    under ``if TYPE_CHECKING:``, with ``TYPE_CHECKING = False`` in the file, may hold what the
    type check alone reads (the board never runs it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    allowed = {"binascii", "hal", "json", "os", "select", "sys", "machine", "micropython", "time",
               "board", "padloop"}
    checked_only = [node for node in tree.body if isinstance(node, ast.If)
                    and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"]
    if checked_only:
        assert any(isinstance(node, ast.Assign) and ast.unparse(node) == "TYPE_CHECKING = False"
                   for node in tree.body), path
    for guarded in checked_only:
        tree.body.remove(guarded)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            assert {alias.name.split(".")[0] for alias in node.names} <= allowed, ast.dump(node)
        elif isinstance(node, ast.ImportFrom):
            assert node.module and node.module.split(".")[0] in allowed, ast.dump(node)
        assert not isinstance(node, (ast.AnnAssign, ast.NamedExpr, ast.Match)), ast.dump(node)
        if isinstance(node, ast.arguments):
            assert all(arg.annotation is None for arg in node.args + node.kwonlyargs), path
        if isinstance(node, ast.FunctionDef):
            assert node.returns is None and not node.decorator_list, node.name
        if isinstance(node, ast.JoinedStr):
            assert all(not isinstance(part, ast.FormattedValue) or part.format_spec is None
                       for part in node.values), path


@given(st.sampled_from([wire.HELLO, wire.BUTTON, wire.ACK, wire.HEARTBEAT]), st.integers(0, 255),
       st.binary(max_size=2 + wire.MAX_CHANGES * wire.CHANGE_SIZE - 2))
def test_the_pads_frame_writer_builds_the_very_bytes_of_encode_frame(kind: int, seq: int, payload: bytes) -> None:
    writer = wire.FrameWriter()
    writer.start(kind, seq)
    for byte in payload:
        writer.add(byte)
    length = writer.finish()
    assert bytes(writer.out[:length]) == wire.encode_frame(kind, seq, payload)
    writer.start(wire.HEARTBEAT, 0)
    writer.add_ms(0xDEAD00EF)
    assert bytes(writer.out[:writer.finish()]) == wire.encode_frame(wire.HEARTBEAT, 0, wire.ms_bytes(0xDEAD00EF))
