"""The page packing every screen backend relies on, checked against a per-pixel definition."""
from __future__ import annotations

from hypothesis import given, settings, strategies as st
from PIL import Image

from hal.screen import from_pages, to_pages


def pixel_pages(image: Image.Image) -> bytes:
    pixels = image.load()
    out = bytearray(1024)
    for page in range(8):
        for column in range(128):
            out[page * 128 + column] = sum(1 << bit for bit in range(8) if pixels[column, page * 8 + bit])
    return bytes(out)


@settings(max_examples=25, deadline=None)
@given(st.binary(min_size=1024, max_size=1024))
def test_to_pages_matches_the_controller_layout(raw: bytes) -> None:
    image = Image.frombytes("1", (128, 64), raw)
    assert to_pages(image) == pixel_pages(image)
    assert from_pages(to_pages(image)).tobytes() == image.tobytes()


def test_greyscale_images_are_thresholded() -> None:
    image = Image.new("L", (128, 64), 0)
    image.putpixel((3, 9), 255)
    pages = to_pages(image)
    assert pages[1 * 128 + 3] == 1 << 1
    assert sum(pages) == 2
