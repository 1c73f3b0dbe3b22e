"""The phone page in a real headless Chromium, as a phone: its size, its touch, its screen.

``phone_browser(size)`` opens Debian's chromium (``browser_rig``) emulating a phone: the
viewport ``size`` in CSS pixels at its device pixel ratio, ``mobile`` and touch on. A
:class:`PhonePage` taps and holds the page's buttons with real touch events (the DevTools
protocol's ``Input.dispatchTouchEvent``: the page gets the pointer events a finger makes) and
reads the screen off the page's canvas. Used by the phone link's tests and the whole-match ones.
"""
from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from browser_rig import browser
from PIL import Image
from selenium.common.exceptions import NoSuchWindowException
from selenium.webdriver.remote.webdriver import WebDriver

PHONES = {"small": ((360, 640), 2.0), "tall": ((390, 844), 3.0)}
"""Two phones: a small Android's 360x640 at 2 device pixels a CSS pixel, and a 390x844 iPhone
at 3."""
BUTTONS = ("CARD1", "CARD2", "CARD3", "CARD4", "LEFT", "CENTRE", "RIGHT")


def emulate(driver: WebDriver, size: tuple[int, int], ratio: float) -> None:
    """Make the page a phone's: ``size`` CSS pixels at ``ratio``, mobile, with touch."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": ratio, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})


@contextmanager
def phone_browser(kind: str = "tall", lang: str = "en-GB") -> Iterator[WebDriver]:
    size, ratio = PHONES[kind]
    with browser(size, lang=lang) as driver:
        emulate(driver, size, ratio)
        yield driver


READ_SCREEN = """
const canvas = document.getElementById('screen');
const scale = canvas.width / 128;
const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
let bits = '';
for (let y = 0; y < 64; y++) for (let x = 0; x < 128; x++) {
  const at = ((y * scale + (scale >> 1)) * canvas.width + x * scale + (scale >> 1)) * 4;
  bits += data[at + 1] > 40 ? '1' : '0';
}
const box = canvas.getBoundingClientRect();
return {bits: bits, scale: scale, width: canvas.width, cssWidth: box.width, ratio: devicePixelRatio};
"""


class PhonePage:
    """One tab of a phone browser, on the phone page."""

    def __init__(self, driver: WebDriver, handle: str | None = None) -> None:
        self.driver = driver
        self.handle = handle or driver.current_window_handle

    def focus(self) -> WebDriver:
        """The browser, on this tab (brought to the front if another was)."""
        try:
            here = self.driver.current_window_handle
        except NoSuchWindowException:       # the tab in front was closed
            here = None
        if here != self.handle:
            self.driver.switch_to.window(self.handle)
        return self.driver

    def open(self, url: str) -> PhonePage:
        self.focus().get(url)
        return self

    @property
    def api(self) -> dict[str, Any]:
        """``window.pitchpad``: state, pad, frames, lastFrameAt (no secret in it)."""
        return dict(self.focus().execute_script(
            "return Object.assign({state: null, pad: null, frames: 0, lastFrameAt: null}, window.pitchpad || {})"))

    def status(self) -> str:
        return str(self.focus().execute_script("return document.getElementById('status').textContent"))

    def led(self) -> tuple[bool, bool]:
        """(lit, blinking) of the page's LED dot."""
        lit, blinking = self.focus().execute_script(
            "const c = document.getElementById('led').classList; return [c.contains('lit'), c.contains('blink')]")
        return bool(lit), bool(blinking)

    def wait(self, condition: Any, timeout: float = 10.0) -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = condition(self)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"the page did not get there within {timeout} s: state {self.api}, "
                                     f"status {self.status()!r}")
            time.sleep(0.02)

    def screen(self) -> Image.Image:
        """The 128x64 picture the page's canvas shows (one sample at each OLED pixel's middle)."""
        read = self.focus().execute_script(READ_SCREEN)
        image = Image.new("1", (128, 64))
        image.putdata([int(bit) for bit in read["bits"]])
        return image

    def crisp(self) -> dict[str, Any]:
        """How the canvas is drawn: device pixels a screen pixel (``scale``, a whole number) and
        whether the canvas is shown at exactly its own pixels (no resampling)."""
        read = dict(self.focus().execute_script(READ_SCREEN))
        read["exact"] = abs(read["cssWidth"] * read["ratio"] - read["width"]) < 0.5
        del read["bits"]
        return read

    def centre(self, button: str) -> tuple[float, float]:
        box = self.focus().execute_script(
            "const r = document.querySelector(`button[data-button='${arguments[0]}']`).getBoundingClientRect();"
            "return [r.left + r.width / 2, r.top + r.height / 2, r.width, r.height];", BUTTONS.index(button))
        return box[0], box[1]

    def size_of(self, button: str) -> tuple[float, float]:
        box = self.focus().execute_script(
            "const r = document.querySelector(`button[data-button='${arguments[0]}']`).getBoundingClientRect();"
            "return [r.width, r.height];", BUTTONS.index(button))
        return box[0], box[1]

    def touch(self, kind: str, buttons: tuple[str, ...]) -> None:
        """A touch event: fingers on ``buttons`` (``touchStart``/``touchMove``), or lifted
        (``touchEnd`` with the fingers still down)."""
        points = [{"x": x, "y": y, "id": n} for n, (x, y) in enumerate(self.centre(b) for b in buttons)]
        self.focus().execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def hold(self, *buttons: str) -> None:
        self.touch("touchStart", buttons)

    def lift(self) -> None:
        self.focus().execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

    def tap(self, button: str) -> None:
        self.hold(button)
        self.lift()
