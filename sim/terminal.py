"""Terminal backend: every player's screen drawn in the terminal, keys per pad.

Works over SSH with no X server, through `blessed` (a maintained curses-free terminal library).
Each 128x64 screen is drawn with half-block characters (2 pixels per cell, 128x32 cells) when the
terminal is big enough, else with braille (8 pixels per cell, 64x16 cells), and a line under the
screens says the size half blocks need (two screens: 261x36 side by side). A terminal reports
key presses but not releases, so each key is a press immediately followed by a release (a tap).

Run the test-pattern demo with ``python -m sim.terminal --demo --pads 2``.
"""
from __future__ import annotations

import argparse
import contextlib
import math
import threading
from dataclasses import dataclass
from typing import Any, Callable

from PIL import Image, ImageDraw

from hal.buttons import Button
from hal.clock import Clock
from hal.config import PhonesConfig
from hal.errors import BackendUnavailable, ConsoleClosed
from hal.screen import HEIGHT, WIDTH, blank_frame
from hal.tunes import GOAL, SAVE, WHISTLE
from sim.battery import CHARGER_KEY, DRAIN_KEY, POWER_HOLD_KEY, POWER_KEY
from sim.console import SimConsole
from sim.screen import SimScreen

B = Button
#: Keyboard keys of each pad: four card keys in a row and three direction keys below them.
PAD_KEYS: dict[int, dict[str, Button]] = {
    1: {"1": B.CARD1, "2": B.CARD2, "3": B.CARD3, "4": B.CARD4, "q": B.LEFT, "w": B.CENTRE, "e": B.RIGHT},
    2: {"7": B.CARD1, "8": B.CARD2, "9": B.CARD3, "0": B.CARD4, "u": B.LEFT, "i": B.CENTRE, "o": B.RIGHT},
    3: {"a": B.CARD1, "s": B.CARD2, "d": B.CARD3, "f": B.CARD4, "z": B.LEFT, "x": B.CENTRE, "c": B.RIGHT},
    4: {"h": B.CARD1, "j": B.CARD2, "k": B.CARD3, "l": B.CARD4, "b": B.LEFT, "n": B.CENTRE, "m": B.RIGHT},
}
#: Extra keys for pad 1, handy in menus: arrows and Enter.
PAD1_NAMED_KEYS: dict[str, Button] = {"KEY_LEFT": B.LEFT, "KEY_RIGHT": B.RIGHT, "KEY_ENTER": B.CENTRE}
QUIT_KEYS = {"KEY_ESCAPE"}
#: The key after a pad's RIGHT key holds its LEFT and RIGHT down together for
#: :data:`HOLD_SECONDS` (a terminal reports no releases, so a hold is made here): the
#: console's "leave the match?". Upper case works too (caps lock), as for every pad key.
HOLD_KEYS: dict[str, int] = {"r": 1, "p": 2, "v": 3, ",": 4}
HOLD_SECONDS = 1.5


def key_legend(pad_id: int) -> str:
    keys = PAD_KEYS[pad_id]
    cards = " ".join(key for key, button in keys.items() if button.name.startswith("CARD"))
    directions = " ".join(key for key, button in keys.items() if not button.name.startswith("CARD"))
    extra = "  (also \u2190 Enter \u2192)" if pad_id == 1 else ""
    return f"cards {cards}  L/C/R {directions}{extra}"


def _lit(image: Image.Image) -> Callable[[int, int], bool]:
    """Whether the pixel at (x, y) of ``image`` in black and white is lit. Pillow's ``load`` may
    answer None only for an image without pixel data, which a converted image never is."""
    pixels = image.convert("1").load()
    if pixels is None:
        raise ValueError("the frame has no pixel data")
    return lambda x, y: bool(pixels[x, y])


def halfblock_rows(image: Image.Image) -> list[str]:
    """Two pixel rows per text row: upper half, lower half, both or none."""
    lit = _lit(image)
    glyphs = (" ", "\u2580", "\u2584", "\u2588")
    return ["".join(glyphs[(1 if lit(x, y) else 0) | (2 if lit(x, y + 1) else 0)] for x in range(WIDTH))
            for y in range(0, HEIGHT, 2)]


# Braille dot bits by (column, row) inside a 2x4 cell (Unicode U+2800 block).
_BRAILLE_BITS = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))


def braille_rows(image: Image.Image) -> list[str]:
    """Eight pixels per text cell (2 wide, 4 high) with Unicode braille."""
    lit = _lit(image)
    rows = []
    for top in range(0, HEIGHT, 4):
        cells = []
        for left in range(0, WIDTH, 2):
            bits = 0
            for dx in range(2):
                for dy in range(4):
                    if lit(left + dx, top + dy):
                        bits |= _BRAILLE_BITS[dx][dy]
            cells.append(chr(0x2800 + bits))
        rows.append("".join(cells))
    return rows


@dataclass(frozen=True)
class Style:
    name: str
    render: Callable[[Image.Image], list[str]]
    columns: int
    rows: int


HALFBLOCK = Style("halfblock", halfblock_rows, WIDTH, HEIGHT // 2)
BRAILLE = Style("braille", braille_rows, WIDTH // 2, HEIGHT // 4)
STYLES = {"halfblock": HALFBLOCK, "braille": BRAILLE}


class TerminalView:
    """Lays the screens out in a grid and redraws one panel when its screen changes."""

    def __init__(self, console: SimConsole, term: Any, style: str = "auto") -> None:
        self.console = console
        self.term = term
        self.requested = style
        self.lock = threading.RLock()
        self.size = (0, 0)
        self.relayout()

    def relayout(self) -> None:
        with self.lock:
            self.size = (self.term.width, self.term.height)
            count = self.console.own
            for style in ([STYLES[self.requested]] if self.requested in STYLES else [HALFBLOCK, BRAILLE]):
                self.style = style
                panel_w, panel_h = style.columns + 2, style.rows + 2
                per_row = max(1, min(count, (self.term.width + 1) // (panel_w + 1)))
                grid_rows = math.ceil(count / per_row)
                per_row = math.ceil(count / grid_rows)      # 2x2 rather than 3+1
                self.fits = (grid_rows * panel_h + 2 <= self.term.height
                             and per_row * (panel_w + 1) - 1 <= self.term.width)
                if self.fits:
                    break
            self.per_row = per_row
            self.panel = (panel_w, panel_h)

    def sharper_sizes(self) -> list[tuple[int, int]]:
        """The terminal sizes (columns, rows) at which every screen is drawn with half blocks,
        one for each way of laying the panels out (side by side, in rows of two, stacked),
        widest first: what a person in a smaller terminal must reach to leave braille."""
        count = self.console.own
        panel_w, panel_h = HALFBLOCK.columns + 2, HALFBLOCK.rows + 2
        sizes: list[tuple[int, int]] = []
        for per_row in range(count, 0, -1):
            grid_rows = math.ceil(count / per_row)
            size = (math.ceil(count / grid_rows) * (panel_w + 1) - 1, grid_rows * panel_h + 2)
            if size not in sizes:
                sizes.append(size)
        return sizes

    def braille_note(self) -> str:
        """Why the screens are braille, when the terminal's size chose it: the size half
        blocks need, and the ways there. "" when they are half blocks or braille was asked."""
        if self.style is not BRAILLE or self.requested == BRAILLE.name:
            return ""
        sizes = [f"{w}x{h}" for w, h in self.sharper_sizes()]
        needed = sizes[0] if len(sizes) == 1 else f"{', '.join(sizes[:-1])} or {sizes[-1]}"
        return (f"Small braille screens: this terminal is {self.term.width}x{self.term.height}, "
                f"sharper half blocks need {needed}: enlarge it or make its font smaller "
                f"(Ctrl -), or use --window.")

    def origin(self, index: int) -> tuple[int, int]:
        panel_w, panel_h = self.panel
        return (index % self.per_row) * (panel_w + 1), (index // self.per_row) * panel_h

    def write(self, text: str) -> None:
        self.term.stream.write(text)
        self.term.stream.flush()

    def draw_all(self) -> None:
        with self.lock:
            if (self.term.width, self.term.height) != self.size:
                self.relayout()
            self.write(self.term.home + self.term.clear)
            if not self.fits:
                self.write(self.term.move_xy(0, 0) + self.too_small()[: max(0, self.term.width - 1)])
                return
            for index in range(self.console.own):
                self.draw_screen(index)
            self.draw_status()

    def too_small(self) -> str:
        """What to do when not even braille panels fit: say so rather than draw over itself."""
        count = self.console.own
        width = count * (BRAILLE.columns + 3) - 1
        return (f"This terminal is {self.term.width}x{self.term.height}: {count} screens need at "
                f"least {width}x{BRAILLE.rows + 4}. Enlarge it, or use --window. Esc quits.")

    def draw_screen(self, index: int) -> None:
        if not self.fits:
            return
        screen = self.console.screens[index]
        led = self.console.leds[index]
        x, y = self.origin(index)
        panel_w, _ = self.panel
        lamp = "\u25d0" if led.blinking else ("\u25cf" if led.lit else "\u25cb")
        state = "" if screen.is_on else " off"
        title = f" Pad {index + 1} {lamp}{state} "
        legend = f" {key_legend(index + 1)} "
        top = "\u250c" + title + "\u2500" * max(0, panel_w - 2 - len(title)) + "\u2510"
        bottom_fill = max(0, panel_w - 2 - len(legend))
        rule = "\u2500" * (bottom_fill if bottom_fill else panel_w - 2)
        bottom = "\u2514" + (legend if bottom_fill else "") + rule + "\u2518"
        rows = self.style.render(screen.image if screen.is_on else blank_frame())
        term = self.term
        out = [term.move_xy(x, y) + top[:panel_w]]
        for offset, row in enumerate(rows, start=1):
            out.append(term.move_xy(x, y + offset) + "\u2502" + term.bright_white_on_black(row) + "\u2502")
        out.append(term.move_xy(x, y + len(rows) + 1) + bottom[:panel_w])
        with self.lock:
            self.write("".join(out))

    def draw_status(self) -> None:
        if not self.fits:
            return
        playing = self.console.buzzer.playing
        sound = f"\u266a {playing.name}.  " if playing else ""
        _, panel_h = self.panel
        y = math.ceil(self.console.own / self.per_row) * panel_h
        battery = self.console.battery
        cell = (f"{battery.describe()} ({DRAIN_KEY} drains, {CHARGER_KEY} charger).  "
                if battery is not None else "")
        # What changes (the tune, the cell) and the power keys first: the line is cut at the
        # terminal's width, and the smallest layout (two braille screens) has 133 columns.
        line = (f"Esc quits.  {sound}{cell}Power button: {POWER_KEY} press, {POWER_HOLD_KEY} hold.  "
                f"r/p/v/, holds pad 1/2/3/4's \u25c0+\u25b6 (leave a match).  Keys give a press and a "
                f"release (terminals report no releases).")
        # The row under it (the layout keeps two): the console's last log line, never a line
        # written to stderr wherever the cursor stands (sim.log). Braille the size chose says
        # so in the row under that, or, with no row to spare, in the log's row until a line
        # is logged.
        logged = self.console.log_line
        note = self.braille_note()
        below = ""
        if note and y + 2 < self.term.height:
            below = note
        elif note and not logged:
            logged = note
        width = max(0, self.term.width - 1)
        with self.lock:
            self.write(self.term.move_xy(0, y) + self.term.clear_eol + line[:width]
                       + self.term.move_xy(0, y + 1) + self.term.clear_eol + logged[:width]
                       + (self.term.move_xy(0, y + 2) + self.term.clear_eol + below[:width]
                          if below else ""))


class TerminalScreen(SimScreen):
    def __init__(self, pad_id: int, redraw: Callable[[int], None]) -> None:
        super().__init__(pad_id)
        self._redraw = redraw

    def shown(self) -> None:
        self._redraw(self.pad_id - 1)


class TerminalConsole(SimConsole):
    """A :class:`SimConsole` drawn in a terminal, with a key-reading thread."""

    def __init__(self, count: int, *, term: Any = None, style: str = "auto", clock: Clock | None = None,
                 read_keys: bool = True, battery: bool = False, phones: PhonesConfig | None = None) -> None:
        try:
            import blessed
        except ImportError:
            raise BackendUnavailable("the terminal simulator needs blessed: pip install blessed") from None
        self.term = term or blessed.Terminal()
        self.view: TerminalView | None = None
        super().__init__(count, clock=clock,
                         make_screen=lambda pad_id: TerminalScreen(pad_id, self._redraw_screen),
                         on_change=self._redraw_all, battery=battery, phones=phones)
        self.view = TerminalView(self, self.term, style)
        self._modes = contextlib.ExitStack()
        self._reader: threading.Thread | None = None
        if read_keys:
            self._modes.enter_context(self.term.fullscreen())
            self._modes.enter_context(self.term.hidden_cursor())
            self._modes.enter_context(self.term.cbreak())
            self._reader = threading.Thread(target=self._read_keys, name="terminal-keys", daemon=True)
        self.view.draw_all()
        if self._reader is not None:
            self._reader.start()

    def _redraw_screen(self, index: int) -> None:
        if self.view is not None and index < self.own:          # a phone's pad shows on the phone
            self.view.draw_screen(index)

    def _redraw_all(self) -> None:
        if self.view is not None:
            self.view.draw_all()

    def log_changed(self) -> None:
        if self.view is not None:
            self.view.draw_status()

    def key(self, key: str, name: str | None = None) -> bool:
        """Handle one key (its text, or blessed's name such as ``KEY_LEFT``); False for quit."""
        if name in QUIT_KEYS:
            self.events.close()
            return False
        if name in PAD1_NAMED_KEYS:
            self.tap(1, PAD1_NAMED_KEYS[name])
            return True
        if self.power_key(key.lower()):
            if self.view is not None:
                self.view.draw_status()
            return True
        held = HOLD_KEYS.get(key.lower())
        if held is not None and held <= self.own:
            self.hold_left_right(held)
            return True
        for pad_id in range(1, self.own + 1):
            button = PAD_KEYS[pad_id].get(key.lower())
            if button is not None:
                self.tap(pad_id, button)
        return True

    def power_key(self, key: str) -> bool:
        """The handheld's power keys: the power button pressed (:data:`POWER_KEY`) or held
        (:data:`POWER_HOLD_KEY`), the cell drained (:data:`DRAIN_KEY`) or the charger plugged in
        or out (:data:`CHARGER_KEY`). False for any other key."""
        if key == POWER_KEY:
            self.power_button.tap()
        elif key == POWER_HOLD_KEY:
            self.power_button.hold()
        elif key == DRAIN_KEY and self.battery is not None:
            self.battery.drain()
        elif key == CHARGER_KEY and self.battery is not None:
            self.battery.plug()
        else:
            return False
        return True

    def hold_left_right(self, pad_id: int) -> None:
        """Hold LEFT and RIGHT of ``pad_id`` down together, released :data:`HOLD_SECONDS` later."""
        self.press(pad_id, Button.LEFT)
        self.press(pad_id, Button.RIGHT)

        def release() -> None:
            self.release(pad_id, Button.LEFT)
            self.release(pad_id, Button.RIGHT)

        self.clock.call_later(HOLD_SECONDS, release)

    def _read_keys(self) -> None:
        # inkey() sleeps in select() between keys; the timeout only lets a resize or close be
        # noticed, so the idle cost is two wake-ups a second.
        while not self.closed and not self.events.closed:
            keystroke = self.term.inkey(timeout=0.5)
            assert self.view is not None
            if (self.term.width, self.term.height) != self.view.size:
                self.view.draw_all()
            if keystroke and not self.key(str(keystroke), keystroke.name):
                break

    def close(self) -> None:
        if self.closed:
            return
        super().close()
        if self._reader is not None and self._reader is not threading.current_thread():
            self._reader.join(timeout=2)
        self._modes.close()


def open_terminal_console(count: int, *, clock: Clock | None = None, style: str = "auto",
                          term: Any = None, read_keys: bool = True, battery: bool = False,
                          phones: PhonesConfig | None = None) -> TerminalConsole:
    if style not in ("auto", *STYLES):
        raise ValueError(f"style must be auto, halfblock or braille, not {style!r}")
    return TerminalConsole(count, term=term, style=style, clock=clock, read_keys=read_keys, battery=battery,
                           phones=phones)


def test_pattern(pad_id: int, caption: str, tick: int) -> Image.Image:
    """A frame that shows the pad number, the panel's edges and corners, and a moving bar, so
    orientation, clipping and refresh can be checked by eye."""
    frame = blank_frame()
    draw = ImageDraw.Draw(frame)
    draw.rectangle((0, 0, WIDTH - 1, HEIGHT - 1), outline=1)
    for corner in range(4):
        draw.rectangle((2 + corner, 2 + corner * 2, 3 + corner, 3 + corner * 2), fill=1)  # top-left marker
    draw.text((8, 4), f"PAD {pad_id}", fill=1)
    draw.text((8, 18), caption[:19], fill=1)
    for x in range(88, 124, 4):
        for y in range(4, 16, 4):
            if (x // 4 + y // 4) % 2 == 0:
                draw.rectangle((x, y, x + 3, y + 3), fill=1)
    bar = tick % (WIDTH - 8)
    draw.rectangle((4 + bar, 40, 8 + bar, 58), fill=1)
    draw.line((4, 60, WIDTH - 5, 60), fill=1)
    return frame


def demo(pads: int, style: str) -> None:
    """Test patterns on every screen; a key shows its button on its pad's screen; CENTRE plays
    the whistle, CARD4 the goal tune; RIGHT toggles the LED. Esc quits."""
    console = open_terminal_console(pads, style=style)
    captions = {pad_id: "press a key" for pad_id in range(1, pads + 1)}
    tick = 0
    try:
        while True:
            for pad_id in range(1, pads + 1):
                console.screen(pad_id).display(test_pattern(pad_id, captions[pad_id], tick))
            try:
                event = console.events.get(timeout=0.25)
            except ConsoleClosed:
                break
            tick += 3
            if event is None or not event.pressed:
                continue
            captions[event.pad] = f"{event.button.name} pressed"
            if event.button is Button.CENTRE:
                console.buzzer.play(WHISTLE)
            elif event.button is Button.CARD4:
                console.buzzer.play(GOAL)
            elif event.button is Button.LEFT:
                console.buzzer.play(SAVE)
            elif event.button is Button.RIGHT:
                led = console.led(event.pad)
                led.off() if led.is_lit else led.on()
    finally:
        console.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m sim.terminal", description=__doc__.splitlines()[0])
    parser.add_argument("--demo", action="store_true", help="show test patterns (the default)")
    parser.add_argument("--pads", type=int, default=2, choices=range(1, 5))
    parser.add_argument("--style", default="auto", choices=("auto", *STYLES))
    args = parser.parse_args(argv)
    demo(args.pads, args.style)


if __name__ == "__main__":
    main()
