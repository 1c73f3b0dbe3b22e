"""The console with phones that are real phone pages: a headless Chromium tab per phone (the
page's own script, its keys, its touch buttons) joined to the console's phone server on
127.0.0.1. ``PhoneRig.press`` on a phone's pad taps that button on the page with a real touch
(the DevTools protocol's touch events) and waits for the press to reach the console's queue,
so every helper that plays a match by ``rig.press`` plays it through the phone.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from app_rig import Rig
from firmware.storage.settings import Settings
from hal.buttons import Button
from hal.config import PhonesConfig
from hal.phones import PhoneState
from phone_page import PhonePage

PHONES = PhonesConfig(port=0, listen="localhost")
TAP_EVERY = 0.04
"""A quick person's taps (25 a second: a press and a release each, under the unit's limit of
60 messages a second), not a script's flood."""


class PhoneRig(Rig):
    """The app (manual clock) on a simulated console with ``pads`` pads of its own and phones."""

    def __init__(self, state_dir: Path, settings: Settings | None = None, seed: int = 1, pads: int = 1,
                 **options: Any) -> None:
        super().__init__(state_dir, settings, seed, pads=pads, phones=PHONES, **options)
        self.pages: dict[int, PhonePage] = {}
        self.tapped = 0.0

    @property
    def session(self) -> Any:
        return self.app.session

    @property
    def pads(self) -> int:  # type: ignore[override]
        """The pads in use: the console's own and the phones' (helpers walk ``1..pads``)."""
        return len(self.app.pads) if hasattr(self, "app") else self.own

    @pads.setter
    def pads(self, own: int) -> None:
        self.own = own

    def open_phones_page(self, pad: int = 1) -> None:
        """``pad`` goes down the menu to the phones line and opens it."""
        while self.app.mode != "menu":
            self.press(pad, Button.CARD1)
        while self.app.menu.rows()[self.app.menu.cursor].field != "phones":
            self.press(pad, Button.CARD2)
        self.press(pad, Button.CENTRE)
        assert self.app.mode == "phones"

    def join(self, page: PhonePage) -> int:
        """The page scans the seat code on the phones page: the pad it becomes."""
        seat = self.app.phones.seat
        assert seat is not None, "no pad free for a phone"
        page.open(seat.url)
        self.until(lambda: self.console.phones.state(seat.pad) is PhoneState.HERE)
        assert seat.pad is not None
        self.pages[seat.pad] = page
        page.wait(lambda p: p.api.get("pad") == seat.pad)
        return seat.pad

    def until(self, condition: Any, timeout: float = 10.0) -> None:
        """Run the console's loop on what arrives from the phones until ``condition()``."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"not within {timeout} s: {condition}")
            event = self.console.events.get(0.02)
            self.app.step(event)
            if self.app.behind:
                self.app.step(None)

    def press(self, pad: int, button: Button) -> None:
        page = self.pages.get(pad)
        if page is None:
            super().press(pad, button)
            return
        time.sleep(max(0.0, self.tapped + TAP_EVERY - time.monotonic()))
        page.tap(button.name)
        self.tapped = time.monotonic()
        released = False
        deadline = time.monotonic() + 10.0
        while not released:
            assert time.monotonic() < deadline, f"pad {pad}'s {button.name} never arrived from the phone"
            event = self.console.events.get(0.05)
            self.app.step(event)
            if event is not None and event.pad == pad and event.button is button and not event.pressed:
                released = True
        if self.app.behind:
            self.app.step(None)

    def shows(self, pad: int, timeout: float = 5.0) -> bool:
        """Whether the phone at ``pad`` shows what the console drew for that pad (it catches up
        within ``timeout``)."""
        page = self.pages[pad]
        expected = self.image(pad).convert("1").tobytes()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if page.screen().tobytes() == expected:
                return True
            time.sleep(0.05)
        return False
