"""Terminal backend without a tty: blessed writes to a string, keys are fed by name."""
from __future__ import annotations

import io

import blessed
import pytest

import sim
from hal import Button, Console, ConsoleClosed, GOAL, blank_frame
from hal.clock import ManualClock
from sim.terminal import HOLD_KEYS, HOLD_SECONDS, PAD_KEYS, braille_rows, halfblock_rows


class SizedTerminal(blessed.Terminal):
    """A terminal of a given size writing to a string, as over SSH but without a tty."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__(kind="xterm-256color", stream=io.StringIO(), force_styling=True)
        self._size = (width, height)

    @property
    def width(self) -> int:
        return self._size[0]

    @property
    def height(self) -> int:
        return self._size[1]


def open_console(pads: int, width: int = 280, height: int = 80):
    term = SizedTerminal(width, height)
    return sim.open_console(pads, backend="terminal", term=term, read_keys=False), term


def test_halfblocks_pack_two_rows_per_character() -> None:
    image = blank_frame()
    image.putpixel((0, 0), 1)
    image.putpixel((1, 1), 1)
    image.putpixel((2, 0), 1)
    image.putpixel((2, 1), 1)
    rows = halfblock_rows(image)
    assert len(rows) == 32 and all(len(row) == 128 for row in rows)
    assert rows[0][:4] == "\u2580\u2584\u2588 "


def test_braille_packs_eight_pixels_per_character() -> None:
    image = blank_frame()
    for y in range(4):
        image.putpixel((0, y), 1)
    image.putpixel((3, 3), 1)
    rows = braille_rows(image)
    assert len(rows) == 16 and all(len(row) == 64 for row in rows)
    assert rows[0][0] == chr(0x2800 + 0x01 + 0x02 + 0x04 + 0x40)
    assert rows[0][1] == chr(0x2800 + 0x80)


def test_each_pad_has_its_own_keys_and_esc_closes() -> None:
    console, _ = open_console(4)
    assert isinstance(console, Console)
    for pad_id, keys in PAD_KEYS.items():
        for key, button in keys.items():
            console.key(key.upper())
            assert [(e.pad, e.button, e.pressed) for e in console.events.drain()] == [
                (pad_id, button, True), (pad_id, button, False)]
    console.key("", "KEY_LEFT")
    assert [e.button for e in console.events.drain()] == [Button.LEFT, Button.LEFT]
    console.key("\x1b", "KEY_ESCAPE")
    with pytest.raises(ConsoleClosed):
        console.events.get(timeout=0)
    console.close()


def test_keys_of_pads_not_present_do_nothing() -> None:
    console, _ = open_console(2)
    console.key("a")                       # pad 3's key
    assert console.events.drain() == []
    console.close()


def test_a_displayed_frame_is_drawn_in_its_panel() -> None:
    console, term = open_console(2)
    term.stream.truncate(0)
    frame = blank_frame()
    frame.paste(1, (0, 0, 128, 2))         # top two pixel rows lit: a row of full blocks
    console.screen(2).display(frame)
    drawn = term.stream.getvalue()
    assert "\u2588" * 128 in drawn and "Pad 2" in drawn and "cards 7 8 9 0" in drawn
    console.buzzer.play(GOAL)
    assert "\u266a goal" in term.stream.getvalue()
    console.close()


@pytest.mark.parametrize("width, height, style, per_row", [(280, 80, "halfblock", 2), (200, 50, "braille", 2),
                                                           (100, 30, "braille", 1)])
def test_layout_picks_a_style_that_fits(width: int, height: int, style: str, per_row: int) -> None:
    console, _ = open_console(4, width, height)
    assert console.view.style.name == style and console.view.per_row == per_row
    console.close()


def test_too_small_terminal_says_how_big_it_must_be_and_draws_no_panel() -> None:
    console, term = open_console(2, 80, 24)
    console.view.draw_all()
    drawn = term.stream.getvalue()
    assert "This terminal is 80x24: 2 screens need at least 133x20" in drawn
    term.stream.truncate(0)
    term.stream.seek(0)
    console.screen(1).display(blank_frame())
    assert "Pad 1" not in term.stream.getvalue()
    console.close()


def test_the_key_after_right_holds_left_and_right_for_the_leave_question() -> None:
    clock = ManualClock()
    console = sim.open_console(4, backend="terminal", term=SizedTerminal(280, 80),
                               read_keys=False, clock=clock)
    assert isinstance(console, Console)
    for key, pad_id in HOLD_KEYS.items():
        console.key(key)
        assert [(e.pad, e.button, e.pressed) for e in console.events.drain()] == [
            (pad_id, Button.LEFT, True), (pad_id, Button.RIGHT, True)]
        clock.advance(HOLD_SECONDS)
        assert [(e.pad, e.button, e.pressed) for e in console.events.drain()] == [
            (pad_id, Button.LEFT, False), (pad_id, Button.RIGHT, False)]
    console.close()


@pytest.mark.parametrize("pads, width, height, needed", [
    (2, 220, 60, "261x36 or 130x70"), (4, 220, 60, "523x36, 261x70 or 130x138"), (1, 100, 30, "130x36")])
def test_braille_chosen_by_the_size_says_the_size_half_blocks_need(pads: int, width: int, height: int,
                                                                     needed: str) -> None:
    """A 220x60 terminal fell back to braille without a word (issue 40): a line under the
    status says so, with the sizes the sharper half blocks need."""
    console, term = open_console(pads, width, height)
    assert console.view.style.name == "braille"
    assert (f"Small braille screens: this terminal is {width}x{height}, sharper half blocks need "
            f"{needed}: enlarge it") in term.stream.getvalue()
    console.close()


def test_half_blocks_or_braille_asked_for_say_nothing_of_the_size() -> None:
    for pads, width, height, style in ((2, 261, 36, "auto"), (4, 261, 70, "auto"), (2, 220, 60, "braille")):
        term = SizedTerminal(width, height)
        console = sim.open_console(pads, backend="terminal", term=term, read_keys=False, style=style)
        assert "Small braille" not in term.stream.getvalue(), (pads, width, height, style)
        console.close()


def test_the_smallest_braille_terminal_says_it_in_the_log_row_until_a_line_is_logged() -> None:
    """133x20 keeps no row for the note: it stands in the log's row while nothing is logged."""
    console, term = open_console(2, 133, 20)
    assert "Small braille screens: this terminal is 133x20" in term.stream.getvalue()
    term.stream.truncate(0)
    term.stream.seek(0)
    console.show_log("Warning: the battery is low: 14 %")
    drawn = term.stream.getvalue()
    assert "the battery is low" in drawn and "Small braille" not in drawn
    console.close()
