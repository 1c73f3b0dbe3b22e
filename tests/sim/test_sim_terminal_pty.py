"""``pitchpad sim`` in a real terminal: the command runs in a pseudo-terminal of a given size and
pyte (a terminal emulator) keeps the screen a user would see, so a test reads it row by row."""
from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pyte
import pytest
from PIL import Image

from sim.battery import POWER_HOLD_KEY, POWER_KEY
from sim.log import LOG_FILE

ROOT = Path(__file__).resolve().parents[2]


class Terminal:
    """``pitchpad sim`` on a pty of ``columns`` x ``rows``: keys typed, the screen read."""

    def __init__(self, columns: int, rows: int, *args: str) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        master = self.master

        class Answering(pyte.Screen):
            """Answers the terminal's queries (blessed asks where the cursor is)."""

            def write_process_input(self, data: str) -> None:
                os.write(master, data.encode())

        self.screen = Answering(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.lock = threading.Lock()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "firmware.cli", "sim", *args], stdin=slave, stdout=slave, stderr=slave,
            cwd=ROOT, env={**os.environ, "TERM": "xterm-256color"}, start_new_session=True)
        os.close(slave)
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:              # the command ended and its side of the pty closed
                return
            if not data:
                return
            with self.lock:
                self.stream.feed(data)

    def rows(self) -> list[str]:
        with self.lock:
            return list(self.screen.display)

    def resize(self, columns: int, rows: int) -> None:
        """The person enlarges the terminal (the simulator notices within half a second)."""
        with self.lock:
            self.screen.resize(rows, columns)
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def wait_for(self, condition: Callable[[list[str]], bool], what: str, timeout: float = 20.0) -> list[str]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            rows = self.rows()
            if condition(rows):
                return rows
            time.sleep(0.05)
        raise AssertionError(f"not within {timeout:.0f} s: {what}\n" + "\n".join(self.rows()))

    def ended(self, timeout: float = 20.0) -> int:
        status = self.process.wait(timeout)
        self.reader.join(5)
        return status

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        os.close(self.master)


@pytest.fixture
def terminal() -> Iterator[Callable[..., Terminal]]:
    opened: list[Terminal] = []

    def open_terminal(columns: int, rows: int, *args: str) -> Terminal:
        opened.append(Terminal(columns, rows, *args))
        return opened[-1]

    yield open_terminal
    for each in opened:
        each.close()


def clean_picture(rows: list[str], log: Path) -> None:
    """Two panels of 66 columns with one blank between them, the status line under them, and
    the console's last log line under that: nothing else anywhere."""
    for number, row in enumerate(rows[:18]):
        assert row[0] in "\u250c\u2502\u2514" and row[65] in "\u2510\u2502\u2518", (number, row)
        assert row[66] == " " and row[67] in "\u250c\u2502\u2514" and row[132] in "\u2510\u2502\u2518", (number, row)
    status = "Esc quits.  battery 100 % (g drains, 5 charger).  Power button: t press, y hold."
    assert rows[18].startswith(status), rows[18]
    logged = f"Warning: powering off: the power button, held  (all in {log})"
    assert rows[19].rstrip() == logged[:132]                # cut at the last column but one
    assert not any("powering off" in row for row in rows[:19])


def test_a_log_line_goes_under_the_screens_not_over_them(terminal, tmp_path: Path) -> None:
    """The smallest terminal two screens fit (braille, 133 x 20): the power-off's log line
    ("powering off: ...") used to go to stderr wherever the cursor stood, over the status line.
    Now it is the row under the status line, during the goodbye and once the simulator has
    ended, and the whole log is in the state directory. The status line, cut at the width,
    still shows the battery and the power keys (they come first)."""
    term = terminal(133, 20, "--state-dir", str(tmp_path))
    term.wait_for(lambda rows: rows[18].startswith("Esc quits."), "the simulator drawn")
    term.type(POWER_HOLD_KEY)                     # the power button held: the power-off
    term.wait_for(lambda rows: any("powering off" in row for row in rows), "the power-off's log line")
    time.sleep(0.3)                               # the goodbye drawn on both screens
    clean_picture(term.rows(), tmp_path / LOG_FILE)
    assert term.ended() == 0
    rows = term.rows()
    assert rows[0].startswith("\u250c Pad 1 \u25cb off") and "\u250c Pad 2 \u25cb off" in rows[0]
    clean_picture(rows, tmp_path / LOG_FILE)
    assert "WARNING pitchpad.power: powering off: the power button, held" in (tmp_path / LOG_FILE).read_text()


def test_a_bad_club_file_is_said_under_the_screens(terminal, tmp_path: Path) -> None:
    """``pitchpad sim --club`` with a club.toml it cannot use plays on without the league; the
    line saying so used to go to the screen the simulator's own then hid (never seen)."""
    (tmp_path / "club.toml").write_text('[club]\nname = "Bad Name"\n')
    term = terminal(133, 20, "--state-dir", str(tmp_path / "state"), "--club", str(tmp_path / "club.toml"))
    rows = term.wait_for(lambda rows: rows[18].startswith("Esc quits."), "the simulator drawn")
    rows = term.wait_for(lambda rows: rows[19].startswith("Error: club play is off: "), "the club's line")
    assert not any("club play is off" in row for row in rows[:19])
    assert "ERROR pitchpad.club: club play is off: " in (tmp_path / "state" / LOG_FILE).read_text()
    term.type("\x1b")                               # Esc quits
    assert term.ended() == 0


def test_a_220x60_terminal_says_why_braille_and_half_blocks_come_once_it_is_enlarged(terminal, tmp_path: Path) -> None:
    """A newcomer's 220x60 terminal fell back to braille without a word (issue 40): the row
    under the log says the size half blocks need; at that size they come, and the row goes.
    The power button's sleep and a press's wake both show in the log's row (it said "asleep"
    after waking)."""
    term = terminal(220, 60, "--state-dir", str(tmp_path))
    rows = term.wait_for(lambda rows: rows[18].startswith("Esc quits.") and rows[20].strip(),
                         "the simulator drawn")
    assert rows[0].startswith("\u250c Pad 1") and rows[1][1] >= "\u2800"      # braille panels
    assert rows[20].startswith("Small braille screens: this terminal is 220x60, sharper half blocks "
                               "need 261x36 or 130x70: enlarge it or make its font smaller (Ctrl -), "
                               "or use --window."), rows[20]
    term.type(POWER_KEY)                                 # the power button: sleep
    term.wait_for(lambda rows: rows[19].startswith("Info: asleep: the power button"), "asleep said")
    term.type("w")                                       # any pad's key wakes it
    term.wait_for(lambda rows: rows[19].startswith("Info: awake: a press"), "awake said")
    term.resize(261, 36)
    rows = term.wait_for(lambda rows: rows[34].startswith("Esc quits."), "half blocks at 261x36")
    assert rows[0][129:132] == "\u2510 \u250c"                             # two 130-column panels
    assert not any("braille" in row for row in rows)
    term.type("\x1b")
    assert term.ended() == 0


def test_frames_are_saved_from_a_match_played_in_the_terminal(terminal, tmp_path: Path) -> None:
    """``--frames`` saved PNGs only in the headless CPU-vs-CPU mode (issue 40): the screens a
    person played through are saved when the terminal simulator ends, and it says where."""
    frames = tmp_path / "frames"
    term = terminal(133, 20, "--state-dir", str(tmp_path / "state"), "--frames", str(frames))
    term.wait_for(lambda rows: rows[18].startswith("Esc quits."), "the simulator drawn")
    for _ in range(2):                                   # (the first may only leave the splash)
        term.type("e")                                   # pad 1's RIGHT: the menu moves on
        time.sleep(0.5)
    term.type("\x1b")
    assert term.ended() == 0
    saved = sorted(frames.glob("*.png"))
    assert {path.name.split("-")[0] for path in saved} == {"pad1", "pad2"}
    assert len({Image.open(path).convert("1").tobytes() for path in saved}) >= 3
    assert any(f"{len(saved)} screens saved in {frames}" in row for row in term.rows())
