"""``pitchpad doctor --walk`` on a café table's serial pads, over their real link: the console's
serial backend (pyserial on a pty) and the pad boards' own loop (``deploy/padboard/padloop.py``,
run under CPython by ``tests/rigs/serial_rig.py``).

The table: the two boards are plugged into each other's ports (the config's pad 1 path leads
to the board in front of player 2), and the board in front of player 1 has its CARD3 and CARD4
wires the other way round. The person presses what the walk asks on the board in front of
them."""
from __future__ import annotations

import os
import queue
import threading
from pathlib import Path

from firmware.commands import doctor_walk, walk_screens
from hal import Button, load_config
from hal.screen import to_pages
from serial_rig import PadBoard, wait_for

CONFIG = """# Café table 3: a board at each end (comments must survive the walk's rewrite)
profile = "tabletop"

[[pad]]             # the window end
[pad.serial]
port = "{one}"   # board with the red sticker

[[pad]]
[pad.serial]
port = "{two}"
"""


class Walking:
    """The walk in a thread, as run from a terminal: what it says, what is typed."""

    def __init__(self, config: Path) -> None:
        self.said: queue.SimpleQueue[str] = queue.SimpleQueue()
        self.heard: list[str] = []
        read, write = os.pipe()
        self.typed = os.fdopen(write, "w", buffering=1)
        parts = doctor_walk.WalkParts(stdin=os.fdopen(read), say=self.said.put, wait=5.0, hold=2.0,
                                      console_pid=lambda: None)
        self.outcome: list[int] = []
        self.thread = threading.Thread(target=lambda: self.outcome.append(doctor_walk.run(str(config), parts)))
        self.thread.start()

    def expect(self, prefix: str) -> str:
        while True:
            try:
                line = self.said.get(timeout=30)
            except queue.Empty:
                raise AssertionError(f"no {prefix!r} from the walk; it said: {self.heard[-8:]}") from None
            self.heard.append(line)
            if line.startswith(prefix):
                return line

    def type(self, line: str) -> None:
        self.typed.write(line + "\n")

    def end(self) -> None:
        self.thread.join(timeout=30)
        self.typed.close()
        while not self.said.empty():
            self.heard.append(self.said.get())


def test_the_walk_says_which_board_and_button_arrived_and_swaps_the_ports_back(tmp_path: Path) -> None:
    one, two = tmp_path / "by-id" / "usb-board-aaaa-if00", tmp_path / "by-id" / "usb-board-bbbb-if00"
    in_front_of = {1: PadBoard(two, pad_id=1), 2: PadBoard(one, pad_id=2)}   # each on the other's port
    miswired = {Button.CARD3: Button.CARD4, Button.CARD4: Button.CARD3}       # on player 1's board
    config = tmp_path / "hardware.toml"
    config.write_text(CONFIG.format(one=one, two=two))
    walk = Walking(config)
    try:
        for pad in (1, 2):
            for button in Button:
                walk.expect(f"pad {pad}: press {button.name} (its pad board)")
                board = in_front_of[pad]
                wired = miswired.get(button, button) if pad == 1 else button
                board.press(wired)
                board.release(wired)
                walk.expect("  ")
        for pad, other in ((1, 2), (2, 1)):
            walk.expect(f"pad {pad}'s screen (the pad board's own screen)")
            # pad N's pattern goes to the board on pad N's port: the one in front of the other player
            wanted = bytes(to_pages(walk_screens.test_pattern(pad, "pad board", question=True)))
            board = in_front_of[other]
            wait_for(lambda board=board, wanted=wanted: board.frame == wanted,
                     what=f"pad {pad}'s pattern on the other board")
            walk.type("n")
        start = len(walk.heard)
        walk.expect("Write this into")
        report = walk.heard[start:]
        walk.type("y")
        walk.expect("Written; the old config is ")
    finally:
        walk.end()
        for board in in_front_of.values():
            board.unplug()
    assert walk.outcome == [1]
    text = "\n".join(report)
    assert ("the pad boards are on each other's ports: pad 1's board is on pad 2's port, pad 2's board "
            "is on pad 1's port") in text
    assert ("pad 1's board has CARD3 and CARD4 the other way round: swap their wires on the board, or "
            "their places in BUTTON_PINS (deploy/padboard/board.py)") in text
    assert "FAIL  buttons: 12 of 14 arrive where the config says" in text
    assert "FAIL  pad 1's screen: not right; upside down: rotation = 180" in text
    assert "FAIL  pad 2's screen: not right" in text
    assert "another pad's number: the pad boards are on each other's ports" in text
    assert "  pad 1 port: " + str(one) + " -> " + str(two) in text
    fixed = load_config(config)
    assert [pad.serial_port for pad in fixed.pads] == [str(two), str(one)]
    assert config.read_text() == CONFIG.format(one=two, two=one)               # comments kept


def test_a_board_that_is_not_plugged_in_is_said_once_and_its_buttons_skipped(tmp_path: Path) -> None:
    one, two = tmp_path / "by-id" / "usb-board-aaaa-if00", tmp_path / "by-id" / "usb-board-bbbb-if00"
    board = PadBoard(one, pad_id=1)                                   # pad 2's board stays in the drawer
    config = tmp_path / "hardware.toml"
    config.write_text(CONFIG.format(one=one, two=two))
    walk = Walking(config)
    try:
        for button in Button:
            walk.expect(f"pad 1: press {button.name}")
            board.press(button)
            board.release(button)
        assert walk.expect("pad 2: no board answers on ") == (
            f"pad 2: no board answers on {two}: plug it in (ls -l /dev/serial/by-id names the boards), "
            f"or s Enter to go on without it")
        walk.type("s")
        walk.expect("  pad 2's board is not there: its buttons are skipped")
        walk.expect("pad 1's screen (the pad board's own screen)")     # none for the absent board
        walk.type("y")
        walk.expect("Wiring check of")
    finally:
        walk.end()
        board.unplug()
    assert walk.outcome == [1]
    assert "FAIL  buttons: 7 of 14 arrive where the config says" in walk.heard
    assert "        pad 2: none of its buttons was checked (skipped, or its board not there)" in walk.heard
    assert not [line for line in walk.heard if line.startswith("pad 2: press")]
    assert not [line for line in walk.heard if "pad 2's CARD" in line or "pad 2's screen" in line]   # said once
