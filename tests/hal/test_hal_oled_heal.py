"""Screens that heal (issue 14, section 3), on the real luma.oled drivers over a recording bus,
checked with the independent panel model of ``oled_model.py``.

- A panel that loses power between two transfers (no transfer fails, the bus still ACKs) comes
  back dark with RAM garbage; the screen notices nothing, so it heals on a timer and after each
  screensaver step, never inside a press's burst of redraws.
- A wire that comes and goes a thousand times must not grow the process: luma keeps every device
  it ever built alive through its ``atexit`` hook, so the device is built once.
- ``power()`` never raises, even on a panel that was absent at start.
"""
from __future__ import annotations

import gc
import logging

import pytest
from luma.core.interface.serial import i2c
from luma.oled.device import ssd1306
from PIL import Image

from hal import ManualClock
from hal.mock_bus import MockSMBus
from hal.oled import HEAL_EVERY, HEAL_QUIET, OledScreen
from oled_model import OledModel
from oled_rig import BUS_BYTES_PER_SECOND, drawing, managed_i2c


class Panel:
    """A panel on a recording bus, fed to the model as the bytes arrive."""

    def __init__(self, chip: str = "ssd1306", plugged: bool = True) -> None:
        self.clock = ManualClock()
        self.bus = MockSMBus()
        if not plugged:
            self.bus.unplug()
        self.model = OledModel(chip, address=0x3C, seed=3)
        self.screen = OledScreen(1, i2c(bus=self.bus, address=0x3C), driver=chip, clock=self.clock)

    def sync(self) -> int:
        """Feed what the bus carried to the model; the wire bytes it was."""
        sent = self.bus.wire_bytes()
        self.model.feed(self.bus.transfers)
        self.bus.clear()
        return sent

    def shows(self, image: Image.Image) -> bool:
        self.sync()
        shown = self.model.shown()
        return shown is not None and shown.tobytes() == image.tobytes()


@pytest.mark.parametrize("chip", ["ssd1306", "sh1106"])
def test_a_panel_that_lost_power_unseen_is_healed_within_the_heal_period(chip: str) -> None:
    panel = Panel(chip)
    frame = drawing(1)
    panel.screen.display(frame)
    assert panel.shows(frame)
    panel.model.lose_power()                       # VCC wire loose for a moment: nothing failed
    panel.clock.advance(1.0)
    assert not panel.shows(frame)                  # dark, and the screen cannot know
    panel.clock.advance(HEAL_EVERY + HEAL_QUIET)
    assert panel.shows(frame)
    assert panel.screen.heals >= 1 and panel.screen.failures == 0


@pytest.mark.parametrize("chip", ["ssd1306", "sh1106"])
def test_a_still_panel_that_lost_power_unseen_shows_its_frame_again_within_5_seconds(chip: str) -> None:
    """Whenever the power goes, relative to the heals (before: up to 20 s dark, HEAL_EVERY)."""
    worst = 0.0
    for lost_after in (0.05, 1.3, 2.9, 4.1, 4.75):
        panel = Panel(chip)
        frame = drawing(3)
        panel.screen.display(frame)
        panel.clock.advance(2 * HEAL_EVERY)
        heals = panel.screen.heals
        while panel.screen.heals == heals:             # to just after a heal
            panel.clock.advance(0.01)
        panel.clock.advance(lost_after)
        panel.sync()
        panel.model.lose_power()
        dark = 0.0
        while not panel.shows(frame):
            panel.clock.advance(0.05)
            dark += 0.05
            assert dark < 5.0, f"{chip}: still dark {dark:.2f} s after the power went"
        worst = max(worst, dark)
    assert worst > HEAL_EVERY - 0.5                    # the last loss came just after a heal


@pytest.mark.parametrize("chip, most_per_heal, most_shared", [("ssd1306", 1070, 0.01), ("sh1106", 1120, 0.0105)])
def test_the_heals_take_under_1_percent_of_the_bus_per_screen_and_cost_one_wake_up_a_period(
        monkeypatch: pytest.MonkeyPatch, chip: str, most_per_heal: int, most_shared: float) -> None:
    """The handheld: two still screens on bus 1. Bytes as luma sends them on the Pi. A blind heal
    must send the whole frame (no transfer tells a panel that lost power), so the share is what
    the period costs: each screen under 1 % of a 400 kHz bus, two SSD1306 together too. Two
    SH1106 that cannot be asked (nothing answers their status read here), whose pages are
    addressed one by one, take 1.04 %; those that answer are asked instead
    (test_hal_oled_status.py)."""
    clock = ManualClock()
    bus = MockSMBus()
    screens = [OledScreen(pad, managed_i2c(monkeypatch, bus, address), driver=chip, clock=clock)
               for pad, address in ((1, 0x3C), (2, 0x3D))]
    for number, screen in enumerate(screens):
        screen.display(drawing(number))
    clock.advance(3 * HEAL_EVERY)
    bus.clear()
    heals = sum(screen.heals for screen in screens)
    clock.advance(50 * HEAL_EVERY)
    healed = sum(screen.heals for screen in screens) - heals
    assert healed == 100
    per_heal = bus.wire_bytes() / healed
    assert per_heal < most_per_heal                    # init, contrast, addressing, 1,024 bytes, on
    shared = bus.wire_bytes() / (50 * HEAL_EVERY) / BUS_BYTES_PER_SECOND
    assert shared / 2 < 0.01 and shared < most_shared, f"the heals take {shared:.2%} of the bus"
    assert clock.pending == 2                          # one timer each, due at the same instant
    due = sorted(when for when, _, timer, _ in clock._due if not timer.cancelled)
    assert due[0] == due[1]


def test_a_heal_never_blinks_a_lit_panel() -> None:
    """The init's display-off is not replayed: fed transfer by transfer, the model never goes
    dark during a heal (before, every heal switched the panel off for the 24 ms of the frame)."""
    panel = Panel()
    panel.screen.display(drawing(9))
    panel.sync()
    for _ in range(3):
        panel.clock.advance(HEAL_EVERY)
        for transfer in panel.bus.transfers:
            panel.model.feed([transfer])
            assert panel.model.shown() is not None
        panel.bus.clear()
    assert panel.screen.heals >= 3


def test_a_power_loss_during_a_match_is_healed_between_two_moves_not_at_the_end() -> None:
    """Frames change every few seconds (a match): the heal lands in a pause of the screen, so a
    panel that blinked out does not stay dark until the match is over."""
    panel = Panel()
    panel.screen.display(drawing(0))
    panel.sync()
    panel.model.lose_power()
    frame = drawing(0)
    for move in range(1, 30):                      # a move every 3 s for 90 s
        frame = drawing(move)
        panel.screen.display(frame)
        panel.clock.advance(3.0)
        if panel.shows(frame):
            break
    assert panel.shows(frame)
    assert move * 3.0 <= HEAL_EVERY + 2 * HEAL_QUIET + 3.0


def test_no_heal_lands_while_the_screen_keeps_changing() -> None:
    """A press redraws at once; a heal (24 ms of bus) must not join it: while frames come faster
    than the quiet time, the heal waits."""
    panel = Panel()
    panel.sync()
    every = 0.8 * HEAL_QUIET
    for step in range(int(3 * HEAL_EVERY / every)):   # frames faster than the quiet time, 3 periods
        panel.screen.display(drawing(step))
        panel.clock.advance(every)
    assert panel.screen.heals == 0
    panel.clock.advance(HEAL_QUIET + 0.1)
    assert panel.screen.heals == 1


def test_a_still_screen_heals_once_per_period_and_it_costs_one_init_and_one_frame() -> None:
    panel = Panel()
    panel.screen.display(drawing(5))
    panel.sync()
    panel.clock.advance(10 * HEAL_EVERY + HEAL_QUIET)
    assert 9 <= panel.screen.heals <= 10
    per_heal = panel.sync() / panel.screen.heals
    # init (~30 bytes) + the whole frame (1,034); luma sends data to a bus object in 32-byte
    # SMBus blocks, 2 bytes more each (on the Pi's i2c_rdwr path it is one message)
    assert per_heal < 1130
    assert panel.clock.pending == 1                # one timer: an idle console wakes once a period


def test_refresh_after_a_screensaver_step_heals_at_once() -> None:
    panel = Panel()
    frame = drawing(7)
    panel.screen.display(frame)
    panel.sync()
    panel.model.lose_power()
    panel.screen.refresh()
    assert panel.shows(frame)


def test_a_panel_switched_off_stays_off_through_a_heal() -> None:
    panel = Panel()
    panel.screen.display(drawing(2))
    panel.screen.power(False)
    panel.sync()
    panel.model.lose_power()
    panel.screen.refresh()
    panel.sync()
    assert panel.model.shown() is None
    panel.screen.power(True)
    assert panel.shows(drawing(2))


def test_power_never_raises_on_a_panel_absent_at_start() -> None:
    panel = Panel(plugged=False)
    assert not panel.screen.answering
    panel.screen.power(False)
    panel.screen.power(True)
    panel.screen.contrast(10)
    panel.screen.display(drawing(4))
    panel.bus.plug()
    panel.clock.advance(1.0)
    assert panel.screen.answering
    assert panel.shows(drawing(4))
    assert panel.model.contrast == 10


def test_a_heal_on_a_panel_that_went_away_hands_over_to_the_retries() -> None:
    panel = Panel()
    panel.screen.display(drawing(1))
    panel.bus.unplug()
    panel.clock.advance(HEAL_EVERY + HEAL_QUIET)
    assert not panel.screen.answering
    panel.bus.plug()
    panel.clock.advance(10.0)
    assert panel.screen.answering and panel.shows(drawing(1))


def rss_kb() -> int:
    for line in open("/proc/self/status", encoding="ascii"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def luma_devices() -> int:
    return sum(isinstance(thing, ssd1306) for thing in gc.get_objects())


def test_a_thousand_reconnections_do_not_grow_the_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each reconnection used to build a new luma device that luma's atexit hook kept alive
    (about 330 kB each): 1,000 of them were a third of a Pi Zero 2 W's memory.

    The screen's two warnings per reconnection are kept out of pytest's log capture, which
    would hold all 2,000 records in memory (on the Pi they go to the journal)."""
    monkeypatch.setattr(logging.getLogger("hal.oled"), "disabled", True)
    panel = Panel()

    def reconnect(step: int) -> None:
        panel.bus.unplug()
        panel.screen.display(drawing(step % 5))    # fails: the screen goes down
        panel.bus.plug()
        panel.clock.advance(0.3)                   # first retry after 0.25 s: back, redrawn
        assert panel.screen.answering
        panel.bus.clear()

    for step in range(20):                         # warm up allocator and caches
        reconnect(step)
    gc.collect()
    before, devices = rss_kb(), luma_devices()
    for step in range(1000):
        reconnect(step)
    gc.collect()
    assert panel.screen.reconnections == 1020
    assert luma_devices() == devices
    assert rss_kb() - before < 8 * 1024, "RSS grew by more than 8 MB over 1,000 reconnections"
