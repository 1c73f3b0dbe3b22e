"""A phone's pad, screen and LED: the same contracts as every other pad's, shown on a web page.

The console draws on a :class:`PhoneScreen` and lights a :class:`PhoneLed` from its own thread;
both only change a :class:`Surface` (what one phone page shows) and, when a phone watches it,
tell the server once that it changed. The server's loop then sends the phone what differs from
what it has. Nothing waits on the network in the console's thread, and a surface nobody watches
wakes nobody.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable

from PIL import Image

from hal.led import Led
from hal.pad import SoftwarePad
from hal.screen import PAGES, WIDTH, Screen, check_contrast, to_pages

DEFAULT_CONTRAST = 0xCF
"""The SSD1306's own contrast after reset (and the simulators')."""
BLANK = bytes(WIDTH * PAGES)


@dataclass(frozen=True)
class Shown:
    """What a surface shows at one moment."""

    pages: bytes
    """The 128x64 picture in the controller's layout (8 pages of 128 bytes)."""
    on: bool
    contrast: int
    lit: bool
    blinking: bool


class Surface:
    """What one phone page shows: a screen's pages, its contrast and power, and the LED.

    :meth:`watch` sets who is told of a change (the server, while a phone shows this surface):
    told once, then not again until it :meth:`take` s the change, so a burst of frames costs
    the server one wake-up and the phone gets the latest.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._shown = Shown(BLANK, True, DEFAULT_CONTRAST, False, False)
        self._watcher: Callable[[], None] | None = None
        self._told = False

    def watch(self, watcher: Callable[[], None] | None) -> None:
        """Tell ``watcher`` (thread-safe, quick) of the next change; None: tell nobody."""
        with self._lock:
            self._watcher = watcher
            self._told = False

    def take(self) -> Shown:
        """What the surface shows now; the watcher is told of the next change again."""
        with self._lock:
            self._told = False
            return self._shown

    @property
    def shown(self) -> Shown:
        return self._shown

    def change(self, *, pages: bytes | None = None, on: bool | None = None, contrast: int | None = None,
               lit: bool | None = None, blinking: bool | None = None) -> None:
        with self._lock:
            was = self._shown
            now = Shown(was.pages if pages is None else pages, was.on if on is None else on,
                        was.contrast if contrast is None else contrast, was.lit if lit is None else lit,
                        was.blinking if blinking is None else blinking)
            if now == was:
                return
            self._shown = now
            watcher = None if self._told else self._watcher
            self._told = self._told or watcher is not None
        if watcher is not None:
            watcher()


class PhoneScreen(Screen):
    """A phone's 128x64 screen: keeps the last frame, the contrast and the power, which the
    phone shows (a phone that comes back is shown the current frame at once)."""

    def __init__(self, pad_id: int, surface: Surface | None = None) -> None:
        self.pad_id = pad_id
        self.surface = surface or Surface()

    def display(self, image: Image.Image) -> None:
        self.surface.change(pages=to_pages(image))

    def contrast(self, level: int) -> None:
        self.surface.change(contrast=check_contrast(level))

    def power(self, on: bool) -> None:
        self.surface.change(on=bool(on))

    def close(self) -> None:
        self.surface.change(on=False)


class PhoneLed(Led):
    """A phone's possession LED: a lit dot on its page (blinking where the LED blinks)."""

    def __init__(self, surface: Surface) -> None:
        self.surface = surface

    def on(self) -> None:
        self.surface.change(lit=True, blinking=False)

    def off(self) -> None:
        self.surface.change(lit=False, blinking=False)

    def blink(self, on_time: float = 0.25, off_time: float = 0.25) -> None:
        self.surface.change(lit=True, blinking=True)

    @property
    def is_lit(self) -> bool:
        return self.surface.shown.lit

    def close(self) -> None:
        self.off()


class PhonePad(SoftwarePad):
    """A phone's seven buttons.

    Never detachable and always connected: a phone that went away is an absent player (its
    seat plays on under the move clock), not an unplugged pad (for which the firmware holds the
    match); whether a phone holds the pad now is :meth:`hal.phones.Phones.state`. When its phone
    goes away or is let go, its held buttons are released (:meth:`release_all`)."""
