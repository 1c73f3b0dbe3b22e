"""The screen contract and the page layout shared by the OLED backend and the simulators.

A PitchPad screen is 128x64, 1 bit per pixel. The SSD1306/SH1106 controllers store it as 8
*pages* of 8 pixel rows; one byte covers one *column* of a page, least significant bit at the
top. Frames are compared in that layout, so "what changed" is exactly "what must be sent".
"""
from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from typing import Any, ContextManager

from PIL import Image

WIDTH = 128
HEIGHT = 64
PAGES = HEIGHT // 8
SIZE = (WIDTH, HEIGHT)


def blank_frame() -> Image.Image:
    """A black 128x64 1-bit image to draw on."""
    return Image.new("1", SIZE, 0)


def checked_frame(image: Image.Image) -> Image.Image:
    """Return ``image`` as a 128x64 mode-"1" image, or raise ``ValueError`` saying why not.

    Other modes are thresholded by Pillow's ``convert("1")`` (with dithering off, so grey
    anti-aliased text does not sparkle).
    """
    if image.size != SIZE:
        raise ValueError(f"a screen shows {WIDTH}x{HEIGHT} images, not {image.size[0]}x{image.size[1]}")
    if image.mode != "1":
        image = image.convert("1", dither=Image.Dither.NONE)
    return image


def to_pages(image: Image.Image) -> bytes:
    """Pack a 128x64 mode-"1" image into controller order: ``pages[page * 128 + column]``.

    Bit ``n`` of a byte is pixel row ``page * 8 + n``. Done with two Pillow transposes and one
    ``tobytes`` (mode "1" packs 8 pixels per byte, leftmost in the top bit), 50x faster than a
    per-pixel loop: flipping then transposing puts each column in a row, bottom pixel first.
    """
    image = checked_frame(image)
    raw = image.transpose(Image.Transpose.FLIP_TOP_BOTTOM).transpose(Image.Transpose.TRANSPOSE).tobytes()
    return b"".join(raw[PAGES - 1 - page::PAGES] for page in range(PAGES))


def from_pages(pages: bytes) -> Image.Image:
    """Unpack controller-order bytes back into an image (the inverse of :func:`to_pages`)."""
    if len(pages) != WIDTH * PAGES:
        raise ValueError(f"expected {WIDTH * PAGES} bytes, got {len(pages)}")
    raw = bytearray(WIDTH * PAGES)
    for page in range(PAGES):
        raw[PAGES - 1 - page::PAGES] = pages[page * WIDTH:(page + 1) * WIDTH]
    image = Image.frombytes("1", (HEIGHT, WIDTH), bytes(raw))
    return image.transpose(Image.Transpose.TRANSPOSE).transpose(Image.Transpose.FLIP_TOP_BOTTOM)


class Screen(ABC):
    """One player's 128x64 monochrome screen.

    Implementations skip frames identical to the one shown, so the firmware may simply redraw
    on every event.
    """

    pad_id: int
    size: tuple[int, int] = SIZE

    @abstractmethod
    def display(self, image: Image.Image) -> None:
        """Show a 128x64 1-bit image. Never raises for a loose wire: the screen retries."""

    @abstractmethod
    def contrast(self, level: int) -> None:
        """Set brightness 0..255 (dim when idle against burn-in)."""

    @abstractmethod
    def power(self, on: bool) -> None:
        """Switch the panel on or off (sleep mode); the image is kept and shown again on."""

    @abstractmethod
    def close(self) -> None:
        """Switch off and release the bus."""

    def quiet(self) -> ContextManager[Any]:
        """Held while another chip on the screen's bus is read (the battery gauge): the screen
        sends nothing meanwhile, and the read waits for a frame being sent to end."""
        return contextlib.nullcontext()

    def refresh(self) -> None:  # noqa: B027  (optional: most screens keep their state)
        """Re-initialise the panel and redraw it whole, for a panel that may have lost power
        without any transfer failing (the screensaver calls it after each step, when nobody is
        pressing). Screens that cannot lose their state that way (simulators) do nothing."""


def check_contrast(level: int) -> int:
    """Validate a contrast level, so every backend refuses the same values."""
    if not isinstance(level, int) or not 0 <= level <= 255:
        raise ValueError(f"contrast must be an int in 0..255, not {level!r}")
    return level
