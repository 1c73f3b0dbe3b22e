"""``pitchpad doctor --walk``: a guided check of an assembled unit, part by part.

``pitchpad doctor`` checks what a unit can tell by itself; whether CARD3 of pad 2 is really on
the pin the config names, it cannot. So the walk asks, as a game console's input set-up does:
each screen shows its pad number and a test pattern; the console asks for each button of each
pad in turn, on that pad's screen and in the terminal, and says what arrived instead (a button
on another pin, two swapped, one that never arrives, one that bounces or stays low); each LED
lights and the buzzer plays, answered yes or no on a pad (or in the terminal). At the end it
prints one screen of findings and offers to write the pins it found into the config
(:mod:`firmware.commands.walk_fix`).

The header's buttons are not read through the console's pads: a :class:`~hal.header_watch.
HeaderWatch` takes every free header line besides the configured ones, raw, so a button
soldered to GPIO21 instead of GPIO20 is seen, bounces and all. Serial pads report their own
buttons over their link, so there the walk says which button (and which board) arrived.
Nothing polls: one queue of line edges, pad events and typed lines, waited on with a timeout.
"""
from __future__ import annotations

import functools
import queue
import time
from dataclasses import dataclass, field
from typing import Callable

from PIL import Image

from firmware.commands import walk_screens
from firmware.commands.finding import Finding
from firmware.commands.walk_verdict import Arrival, Press, Verdict, judge
from hal import Button, ButtonEvent, Console, HardwareConfig
from hal.header import gpio_name
from hal.header_watch import HeaderWatch, LineEdge
from hal.pad import Pad
from hal.tunes import WHISTLE

WAIT = 20.0
"""Seconds a button is waited for before it counts as missing (s Enter skips sooner)."""
HOLD = 4.0
"""A press not let go after this many seconds is reported as held, or stuck low."""
QUIET = 0.05
"""A press's burst of edges has ended once its line has had none for this long: a person's
press lasts longer, a switch's bounce far less."""


@dataclass(frozen=True)
class Typed:
    """A line typed in the terminal."""

    line: str

    @property
    def word(self) -> str:
        return self.line.strip().lower()


@dataclass(frozen=True)
class Linked:
    """A pad board came (or went) on its serial link."""

    pad: int
    connected: bool


class WalkStopped(Exception):
    """``q`` was typed: the walk ends where it is."""


class WatchedPad(Pad):
    """A header pad during the walk: its lines are the :class:`HeaderWatch`'s, read raw."""

    detachable = False

    def __init__(self, pad_id: int) -> None:
        self.pad_id = pad_id

    @property
    def connected(self) -> bool:
        return True

    def is_pressed(self, button: Button) -> bool:
        return False

    def close(self) -> None:
        pass


@dataclass
class WalkResult:
    presses: list[Press] = field(default_factory=list)
    verdict: Verdict = field(default_factory=Verdict)
    checks: list[Finding] = field(default_factory=list)
    """Screens, LEDs and buzzer, as answered."""
    stopped: bool = False


@dataclass
class Walk:
    config: HardwareConfig
    console: Console
    inputs: queue.SimpleQueue[object]
    watch: HeaderWatch | None
    say: Callable[[str], None] = print
    wait: float = WAIT
    hold: float = HOLD
    quiet: float = QUIET
    result: WalkResult = field(default_factory=WalkResult)
    lines: dict[int, tuple[int, Button]] = field(default_factory=dict)
    """Header GPIO -> (pad, button), as the walk found the wiring: the answers' buttons."""

    def run(self) -> WalkResult:
        try:
            self._patterns()
            self._buttons()
            self.result.verdict = judge(self.result.presses, self.config)
            self._learn_lines()
            self._screens()
            self._leds()
            self._buzzer()
        except WalkStopped:
            self.result.stopped = True
            self.result.verdict = judge(self.result.presses, self.config)
        problems = len(self.result.verdict.problems) + sum(c.level == "fail" for c in self.result.checks)
        for pad in self.config.pads:
            self._show(pad.pad_id, walk_screens.finished(pad.pad_id, problems))
        return self.result

    # ----- the steps -----------------------------------------------------------------------------
    def _patterns(self) -> None:
        for pad in self.config.pads:
            where = pad.screen.describe().split(" on ")[-1] if pad.screen else "pad board"
            self._show(pad.pad_id, walk_screens.test_pattern(pad.pad_id, _short(where)))
        self.say("Each screen shows its pad number and a frame on its four edges. Then the walk asks "
                 "for each button in turn: press it once. s Enter skips a step, q Enter stops.")

    def _buttons(self) -> None:
        low = self.watch.low_now() if self.watch is not None else set()
        total = sum(len(Button) for _ in self.config.pads)
        step = 0
        for pad in self.config.pads:
            for other in self.config.pads:
                if other.pad_id != pad.pad_id:
                    self._show(other.pad_id, walk_screens.waiting(other.pad_id, pad.pad_id))
            if not pad.buttons and not self._board_there(pad.pad_id, pad.serial_port or ""):
                for button in Button:
                    step += 1
                    self.result.presses.append(Press(pad.pad_id, button, (pad.pad_id, button), skipped=True))
                continue
            for button in Button:
                step += 1
                expected: Arrival = pad.buttons[button] if pad.buttons else (pad.pad_id, button)
                press = Press(pad.pad_id, button, expected, stuck_at_start=expected in low)
                self._show(pad.pad_id, walk_screens.ask_button(pad.pad_id, button, f"{step}/{total}"))
                where = f"the config: {gpio_name(expected)}" if isinstance(expected, int) else "its pad board"
                self.say(f"pad {pad.pad_id}: press {button.name} ({where})")
                self.result.presses.append(press)
                self._await_press(press)
                self.say(f"  {_arrived(press)}")

    def _board_there(self, pad_id: int, port: str) -> bool:
        """A serial pad's board has said hello, or does within the wait (plugged in now)."""
        if self.console.pad(pad_id).connected:
            return True
        self.say(f"pad {pad_id}: no board answers on {port}: plug it in (ls -l /dev/serial/by-id "
                 f"names the boards), or s Enter to go on without it")
        deadline = time.monotonic() + self.wait
        while (item := self._next(deadline)) is not None:
            if isinstance(item, Linked) and item.pad == pad_id and item.connected:
                return True
            if isinstance(item, Typed) and item.word == "s":
                break
        self.say(f"  pad {pad_id}'s board is not there: its buttons are skipped")
        return False

    def _await_press(self, press: Press) -> None:
        deadline = time.monotonic() + self.wait
        while True:
            item = self._next(deadline)
            if item is None:
                return
            if isinstance(item, Typed) and item.word == "s":
                press.skipped = True
                return
            if isinstance(item, LineEdge) and item.low:
                press.arrived = item.gpio
                self._burst(press, item)
                return
            if isinstance(item, ButtonEvent) and item.pressed and not item.repeat:
                press.arrived = (item.pad, item.button)
                self._let_go(press, functools.partial(_releases, item))
                return

    def _burst(self, press: Press, first: LineEdge) -> None:
        """The edges of one press on its line until it has been still for :data:`QUIET`; then
        its release (or not, within :data:`HOLD`), and the release's own bounces."""
        last, low, edges = first, True, 1
        while (item := self._next(time.monotonic() + self.quiet)) is not None:
            if isinstance(item, LineEdge) and item.gpio == first.gpio:
                last, low, edges = item, item.low, edges + 1
        press.edges, press.bounce = edges, last.timestamp - first.timestamp
        if low and not self._let_go(press, lambda item: isinstance(item, LineEdge) and item.gpio == first.gpio
                                    and not item.low):
            return
        while self._next(time.monotonic() + self.quiet) is not None:
            pass

    def _let_go(self, press: Press, released: Callable[[object], bool]) -> bool:
        """Wait for the press's release; not within :data:`HOLD`: the press is held."""
        deadline = time.monotonic() + self.hold
        while (item := self._next(deadline)) is not None:
            if released(item):
                return True
        press.held = True
        return False

    def _learn_lines(self) -> None:
        for pad in self.config.pads:
            for button, gpio in pad.buttons.items():
                self.lines[self.result.verdict.pins.get((pad.pad_id, button), gpio)] = (pad.pad_id, button)

    def _screens(self) -> None:
        for pad in self.config.pads:
            if not pad.buttons and pad.screen is None and not self.console.pad(pad.pad_id).connected:
                continue                               # its screen is on the board that is not there
            where = pad.screen.describe() if pad.screen else "the pad board's own screen"
            short = _short(where.split(" on ")[-1]) if pad.screen else "pad board"
            self._show(pad.pad_id, walk_screens.test_pattern(pad.pad_id, short, question=True))
            answer = self._answer(f"pad {pad.pad_id}'s screen ({where}): is the big {pad.pad_id} upright, "
                                  f"\"TOP\" at the top and the frame whole on all four edges?")
            swapped = ("the two screens' addresses are the other way round" if pad.screen else
                       "the pad boards are on each other's ports")
            self._check(f"pad {pad.pad_id}'s screen", answer,
                        f"upside down: rotation = 180 (or 0) under its [pad.screen]; another pad's number: "
                        f"{swapped}; a frame cut or shifted, or noise at an edge: driver = \"sh1106\" "
                        f"(or \"ssd1306\")")

    def _leds(self) -> None:
        for pad, led in zip(self.config.pads, self.console.leds):
            if pad.led is None:
                continue
            led.on()
            self._ask_on_every_pad(f"is pad {pad.pad_id}'s", "LED lit?")
            answer = self._answer(f"pad {pad.pad_id}'s LED ({gpio_name(pad.led)}) should be lit now: is it?")
            led.off()
            self._check(f"pad {pad.pad_id}'s LED", answer,
                        f"its long leg towards {gpio_name(pad.led)} through the 330 Ω resistor, the "
                        f"short leg to GND; a LED the wrong way round stays dark")

    def _buzzer(self) -> None:
        if self.config.buzzer_pin is None:
            return
        self._ask_on_every_pad("did the buzzer", "whistle?")
        self.console.buzzer.play(WHISTLE)
        answer = self._answer(f"the buzzer ({gpio_name(self.config.buzzer_pin)}) whistles three times: "
                              f"did it?")
        self._check("the buzzer", answer,
                    "its PWM overlay in the boot config (pitchpad doctor names the line), the 1 kΩ to the "
                    "transistor's base, the piezo between 5V and the collector")

    # ----- answers -------------------------------------------------------------------------------
    def _answer(self, question: str) -> bool | None:
        """Yes or no, typed (y/n) or pressed on any pad (CENTRE yes, LEFT no); None: no answer."""
        self.say(f"{question} y/n, or on a pad: CENTRE yes, LEFT no")
        deadline = time.monotonic() + self.wait
        while True:
            item = self._next(deadline)
            if item is None:
                return None
            button = self._button_of(item)
            if (isinstance(item, Typed) and item.word in ("y", "yes")) or button is Button.CENTRE:
                return True
            if (isinstance(item, Typed) and item.word in ("n", "no")) or button is Button.LEFT:
                return False
            if isinstance(item, Typed) and item.word == "s":
                return None

    def _button_of(self, item: object) -> Button | None:
        if isinstance(item, ButtonEvent) and item.pressed:
            return item.button
        if isinstance(item, LineEdge) and item.low and item.gpio in self.lines:
            while self._next(time.monotonic() + self.quiet) is not None:
                pass                                 # its bounces and release
            return self.lines[item.gpio][1]
        return None

    def _check(self, what: str, answer: bool | None, advice: str) -> None:
        if answer:
            self.result.checks.append(Finding("ok", f"{what}: right"))
        elif answer is None:
            self.result.checks.append(Finding("warn", f"{what}: no answer"))
        else:
            self.result.checks.append(Finding("fail", f"{what}: not right; {advice}"))

    def _next(self, until: float) -> object | None:
        timeout = until - time.monotonic()
        if timeout <= 0:
            return None
        try:
            item = self.inputs.get(timeout=timeout)
        except queue.Empty:
            return None
        if isinstance(item, Typed) and item.word in ("q", "quit"):
            raise WalkStopped()
        return item

    def _show(self, pad_id: int, image: Image.Image) -> None:
        self.console.screen(pad_id).display(image)

    def _ask_on_every_pad(self, *lines: str) -> None:
        for pad in self.config.pads:
            self._show(pad.pad_id, walk_screens.ask_yes_no(pad.pad_id, *lines))


def _releases(pressed: ButtonEvent, item: object) -> bool:
    return isinstance(item, ButtonEvent) and (item.pad, item.button) == (pressed.pad, pressed.button) \
        and not item.pressed


def _arrived(press: Press) -> str:
    if press.arrived is None:
        return "skipped" if press.skipped else "nothing arrived"
    got = f"GPIO{press.arrived}" if isinstance(press.arrived, int) else \
        f"pad {press.arrived[0]}'s {press.arrived[1].name}"
    mark = "right" if press.arrived == press.expected else "NOT the config's"
    bounce = f", {press.edges} edges over {press.bounce * 1000:.0f} ms" if press.edges > 2 else ""
    held = ", still held" if press.held else ""
    return f"{got} arrived: {mark}{bounce}{held}"


def _short(where: str) -> str:
    """"I2C bus 1 at 0x3C" -> "I2C1 0x3C" (fits the pattern's line)."""
    return where.replace("I2C bus ", "I2C").replace(" at ", " ")
