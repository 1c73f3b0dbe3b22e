"""Window backend: every screen side by side in one pygame window, through luma.emulator.

Needs the ``window`` extra (luma.emulator and pygame) and a display (X11, Wayland, or
``SDL_VIDEODRIVER=dummy`` for tests). Unlike a terminal, a window reports key releases, so a
held key is a held button. One thread owns pygame (SDL wants its window and events on one
thread): it sleeps in ``pygame.event.wait`` and wakes for keys or a changed screen.

Run the test-pattern demo with ``python -m sim.window --pads 2``.
"""
from __future__ import annotations

import argparse
import functools
import math
import threading
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from hal.buttons import Button
from hal.clock import Clock
from hal.config import PhonesConfig
from hal.errors import BackendUnavailable, ConsoleClosed
from hal.screen import HEIGHT, WIDTH, blank_frame
from sim.battery import CHARGER_KEY, DRAIN_KEY, POWER_HOLD_KEY, POWER_KEY
from sim.console import SimConsole, with_phones
from sim.screen import SimScreen
from sim.terminal import PAD1_NAMED_KEYS, PAD_KEYS, key_legend, test_pattern

GAP = 6
LABEL = 12
LIT = (200, 240, 255)          # the blue-white of a typical SSD1306 module
DARK = (0, 0, 0)
FRAME = (60, 60, 70)
_PYGAME_KEYS = {"KEY_LEFT": "left", "KEY_RIGHT": "right", "KEY_ENTER": "return"}
_KEYPAD = {"keypad enter": "return", **{f"[{digit}]": str(digit) for digit in range(10)}}
"""The keypad's keys with NumLock on, each as its twin on the main keyboard: what a terminal
reads from them too (Enter is OK, a digit is that digit's pad key), where pygame tells them apart."""
_KEYPAD_NUMLOCK_OFF = {"keypad enter": "return", "[4]": "left", "[6]": "right"}
"""With NumLock off, the keypad's 4 and 6 are its ← and → (pad 1's LEFT and RIGHT, as in a
terminal); its other digits are keys the console has no use for."""


class WindowScreen(SimScreen):
    def __init__(self, pad_id: int, wake: Any) -> None:
        super().__init__(pad_id)
        self._wake = wake

    def shown(self) -> None:
        self._wake()


class WindowConsole(SimConsole):
    """A :class:`SimConsole` drawn in one pygame window (luma.emulator's ``pygame`` device)."""

    def __init__(self, count: int, *, scale: int = 3, clock: Clock | None = None,
                 battery: bool = False, phones: PhonesConfig | None = None) -> None:
        try:
            import pygame
            from luma.emulator.device import pygame as emulator
        except ImportError:
            raise BackendUnavailable("the window simulator needs the 'window' extra: "
                                     "pip install 'pitchpad[window]'") from None
        self._pygame = pygame
        self._twins: tuple[dict[int, int], dict[int, int]] = ({}, {})
        """The keypad's keys as the main keyboard's, NumLock on and off (:meth:`_main_key`)."""
        self._emulator_class = emulator
        self.scale = scale
        shown = with_phones(count, phones)
        self.per_row = shown if shown <= 2 else 2
        rows = math.ceil(shown / self.per_row)
        # Three more lines at the bottom: the battery, the power keys and the last log line
        # (never narrower than two screens).
        self.size = (max(self.per_row * (WIDTH + GAP) + GAP, 2 * (WIDTH + GAP) + GAP),
                     rows * (HEIGHT + LABEL + GAP) + GAP + 3 * LABEL)
        self.composite: Image.Image | None = None
        self._wake_type = pygame.USEREVENT + 1
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._dirty = threading.Event()
        super().__init__(count, clock=clock, make_screen=lambda pad_id: WindowScreen(pad_id, self._request),
                         on_change=self._request, battery=battery, phones=phones)
        self._thread = threading.Thread(target=self._run, name="window", daemon=True)
        self._thread.start()
        self._ready.wait(timeout=30)
        if self._failure is not None:
            raise BackendUnavailable(f"cannot open the simulator window: {self._failure}") from self._failure

    def _request(self) -> None:
        self._dirty.set()
        if self._ready.is_set() and self._pygame.display.get_init():
            try:
                self._pygame.event.post(self._pygame.event.Event(self._wake_type))
            except self._pygame.error:
                pass

    def _key_map(self) -> dict[int, tuple[int, Button]]:
        keys: dict[int, tuple[int, Button]] = {}
        for pad_id in range(1, self.own + 1):
            for key, button in PAD_KEYS[pad_id].items():
                keys[self._pygame.key.key_code(key)] = (pad_id, button)
        for name, button in PAD1_NAMED_KEYS.items():
            keys[self._pygame.key.key_code(_PYGAME_KEYS[name])] = (1, button)
        return keys

    def _keypad_twins(self) -> tuple[dict[int, int], dict[int, int]]:
        """The keypad's key codes -> their main keyboard twins', with NumLock on and off."""
        code = self._pygame.key.key_code
        return ({code(key): code(twin) for key, twin in _KEYPAD.items()},
                {code(key): code(twin) for key, twin in _KEYPAD_NUMLOCK_OFF.items()})

    def _main_key(self, event: Any) -> int:
        """The key ``event`` is on the main keyboard: a keypad key as its twin (NumLock on: its
        digit; off: its arrow), any other as itself. SDL gives the keypad codes of their own, so
        without this its Enter and digits would do nothing in the window (a terminal never
        sees the difference)."""
        numlock = getattr(event, "mod", 0) & self._pygame.KMOD_NUM
        return self._twins[0 if numlock else 1].get(event.key, event.key)

    def _run(self) -> None:
        """The window's thread: open the window, then draw and read keys until the console
        closes. However it ends (Esc, the window closed, an error), the console's events are
        closed with it, so the app never serves a window that is gone."""
        pygame = self._pygame
        try:
            device = self._emulator_class(width=self.size[0], height=self.size[1], mode="RGB",
                                          transform="identity", scale=self.scale, frame_rate=60)
            # luma's own check for Esc or a closed window, at each frame, quits pygame and
            # raises SystemExit in this thread: the app would go on with no window, never to
            # end. This loop reads those keys and events itself.
            device._abort = lambda: False
            pygame.display.set_caption(f"PitchPad simulator - {self.own} pads (Esc quits)")
            keys = self._key_map()
            self._twins = self._keypad_twins()
        except BaseException as error:      # no display, no video driver…
            self._failure = error
            self._ready.set()
            return
        self._ready.set()
        self._dirty.set()
        try:
            self._serve(device, keys)
        finally:
            self.events.close()
            pygame.display.quit()

    def _serve(self, device: Any, keys: dict[int, tuple[int, Button]]) -> None:
        pygame = self._pygame
        power_keys = {pygame.key.key_code(key): key for key in (POWER_KEY, POWER_HOLD_KEY, DRAIN_KEY, CHARGER_KEY)}
        while not self.closed:
            if self._dirty.is_set():
                self._dirty.clear()
                self.composite = self.compose()
                device.display(self.composite)
            event = pygame.event.wait(500)
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                return
            if event.type not in (pygame.KEYDOWN, pygame.KEYUP):
                continue
            key = self._main_key(event)
            if key in keys:
                pad_id, button = keys[key]
                (self.press if event.type == pygame.KEYDOWN else self.release)(pad_id, button)
            elif key in power_keys:
                self.power_key(power_keys[key], event.type == pygame.KEYDOWN)

    def power_key(self, key: str, down: bool) -> None:
        """The power button is a real key here (:data:`POWER_KEY`: held as long as the key is);
        :data:`POWER_HOLD_KEY` holds it long enough to power off, :data:`DRAIN_KEY` drains the
        cell, :data:`CHARGER_KEY` plugs the charger in or out."""
        if key == POWER_KEY:
            self.power_button.press() if down else self.power_button.release()
        elif not down:
            return
        elif key == POWER_HOLD_KEY:
            self.power_button.hold()
        elif key == DRAIN_KEY and self.battery is not None:
            self.battery.drain()
        elif key == CHARGER_KEY and self.battery is not None:
            self.battery.plug()
        self._dirty.set()

    def compose(self) -> Image.Image:
        """All screens side by side (two per row beyond two pads), each with its pad number,
        LED and keys underneath."""
        canvas = Image.new("RGB", self.size, FRAME)
        draw = ImageDraw.Draw(canvas)
        for index, screen in enumerate(self.screens):
            x = GAP + (index % self.per_row) * (WIDTH + GAP)
            y = GAP + (index // self.per_row) * (HEIGHT + LABEL + GAP)
            frame = screen.image if screen.is_on else blank_frame()
            panel = Image.new("RGB", (WIDTH, HEIGHT), DARK)
            shade = tuple(int(c * (0.35 + 0.65 * screen.level / 255)) for c in LIT)
            panel.paste(shade, mask=frame)
            canvas.paste(panel, (x, y))
            led = self.leds[index]
            draw.ellipse((x, y + HEIGHT + 3, x + 6, y + HEIGHT + 9), fill=(255, 60, 40) if led.lit else (40, 20, 20))
            legend = key_legend(index + 1).replace("  (also \u2190 Enter \u2192)", "")
            draw.text((x + 10, y + HEIGHT + 1), f"{index + 1}: {legend}", fill=(180, 180, 180))
        if self.battery is not None:
            draw.text((GAP, self.size[1] - 3 * LABEL),
                      f"{self.battery.describe()} ({DRAIN_KEY} drains, {CHARGER_KEY} charger)", fill=(180, 180, 180))
        power = (f"asleep: a key wakes it (power button {POWER_KEY}, {POWER_HOLD_KEY} holds it)" if self.asleep
                 else f"power button: {POWER_KEY} (held as long as the key), {POWER_HOLD_KEY} holds it")
        draw.text((GAP, self.size[1] - 2 * LABEL), fitted(power, self.size[0] - 2 * GAP), fill=(180, 180, 180))
        draw.text((GAP, self.size[1] - LABEL), fitted(self.log_line, self.size[0] - 2 * GAP),
                  fill=(230, 200, 120))
        return canvas

    def log_changed(self) -> None:
        self._request()

    def close(self) -> None:
        if self.closed:
            return
        super().close()
        self._request()
        if self._thread is not threading.current_thread():
            self._thread.join(timeout=5)


@functools.lru_cache(maxsize=8)
def fitted(line: str, width: int) -> str:
    """``line`` cut (with "...") to ``width`` pixels of the window's font (Pillow's default, the
    one ``draw.text`` uses). Remembered: :meth:`WindowConsole.compose` runs for every frame the
    screens change, while its status lines change only with a log line or the power state, and
    cutting a long log line measures it once per character dropped."""
    font = ImageFont.load_default()
    if font.getlength(line) <= width:
        return line
    while line and font.getlength(line + "...") > width:
        line = line[:-1]
    return line + "..."


def open_window_console(count: int, *, clock: Clock | None = None, scale: int = 3,
                        battery: bool = False, phones: PhonesConfig | None = None) -> WindowConsole:
    return WindowConsole(count, scale=scale, clock=clock, battery=battery, phones=phones)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m sim.window", description=__doc__.splitlines()[0])
    parser.add_argument("--pads", type=int, default=2, choices=range(1, 5))
    parser.add_argument("--scale", type=int, default=3)
    args = parser.parse_args(argv)
    console = open_window_console(args.pads, scale=args.scale)
    captions = {pad_id: "press a key" for pad_id in range(1, args.pads + 1)}
    tick = 0
    try:
        while True:
            for pad_id in range(1, args.pads + 1):
                console.screen(pad_id).display(test_pattern(pad_id, captions[pad_id], tick))
            try:
                event = console.events.get(timeout=0.25)
            except ConsoleClosed:
                break
            tick += 3
            if event is not None:
                captions[event.pad] = f"{event.button.name} {'down' if event.pressed else 'up'}"
    finally:
        console.close()


if __name__ == "__main__":
    main()
