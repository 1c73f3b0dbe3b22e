"""The console's power service: the battery, the power button, sleep and the safe power-off.

It owns no loop and no screen of the game: the console's loop gives it the time (:meth:`tick`),
tells it of every pad press (:meth:`pressed`) and asks when it must wake next
(:meth:`deadline`); it answers with what the console must do (:class:`Want`). What it does by
itself is the HAL's part: read the gauge now and then, switch the console to sleep and back
(``Console.sleep``/``wake``), draw the goodbye on every screen, switch the panels off and ask
the system to power off (``hal.halt``).

- **The gauge** is read every :attr:`PowerService.read_every` seconds awake and
  :attr:`PowerService.read_every_asleep` asleep (every :data:`LOW_READ_EVERY` seconds, awake or
  asleep, once the cell is low), only from the loop (so never while the console draws a frame;
  the gauge also waits for a frame a screen heal is sending). At :data:`LOW` (15 %) on battery
  the console warns once (:attr:`PowerService.warning`; again after a charge above
  :data:`REARM`); at :data:`EMPTY` (5 %) with a voltage that agrees (under :data:`EMPTY_VOLTS`),
  or when the gauge says the cell is about to drop, it powers off as below. **One reading never
  decides**: a reading that would warn or power off is read again :data:`CONFIRM_AFTER` seconds
  later and acted on only if that one says so too (a reading no cell gives is none at all:
  ``hal.gauge``). A console without a gauge reads nothing and never warns.
- **The power button** held :data:`hal.power.HOLD_TO_POWER_OFF` seconds powers off; a shorter
  press sleeps, or wakes. **A power board's request** powers off at once.
- **Sleep**: after :attr:`PowerService.sleep_after` seconds without a press, when the console
  says it may (nothing playing by itself), every panel and LED goes off; the press that wakes it
  is taken for nothing else, and everything is back as it was.
- **The power-off**: the console first ends what is on as a power cut would leave it (the match
  journal closed and kept, so the next start offers to resume it: :attr:`Want.save`), then the
  goodbye stays on every screen :data:`GOODBYE_FOR` seconds, the panels and LEDs go off, and the
  system is asked to power off. If it refuses, the screens say so (and the log why).
"""
from __future__ import annotations

import enum
import logging
import threading
from dataclasses import dataclass
from typing import Any

from firmware.console.power_screens import LOW, GoodbyeScreen, PowerOffFailedScreen
from firmware.render import Canvas
from hal.console import Console
from hal.gauge import LOW_VOLTS, RECOVERED, Charge
from hal.halt import Halt
from hal.power import BUTTON, HOLD_TO_POWER_OFF, REQUEST

log = logging.getLogger("pitchpad.power")

EMPTY = 5
"""Percent at and under which the console saves and powers off (on battery)."""
REARM = 20
"""The low warning comes again only after the charge has been above this (or on a charger)."""
WARN_FOR = 5.0
"""Seconds the low-battery warning stays on the screens."""
GOODBYE_FOR = 1.5
"""Seconds the goodbye stays on every screen before the panels go dark."""
CONFIRM_AFTER = 2.0
"""Seconds to the second reading that confirms one that would warn or power off: a glitch on
the bus does not last that long, a cell near empty does."""
EMPTY_VOLTS = 3.70
"""The charge says empty only with a voltage under this: a LiPo at 5 % rests near 3.6 V and
reads less under load, while 3.70 V is about 15 % at rest. A gauge that says 5 % above it is
wrong (just reset, not yet matched to its cell); the voltage alert (``hal.gauge.LOW_VOLTS``)
still stops the console before the cell drops out."""
LOW_READ_EVERY = 15.0
"""Seconds between readings, awake or asleep, once the cell is low (at most :data:`LOW` %, or
within 0.2 V of the voltage alert): at 300 s apart, a sleeping console would learn of an empty
cell minutes late."""


class Reason(enum.Enum):
    MENU = "the menu's power-off line"
    BUTTON = "the power button, held"
    BOARD = "the power board asked"
    EMPTY = "the battery is empty"
    SYSTEM = "the system is shutting down"
    """SIGTERM from systemd (a shutdown asked elsewhere): the same ending, but no power-off
    asked (the system is doing it)."""


class Want(enum.Enum):
    """What the service asks of the console's loop."""

    SAVE = "save"
    """End what is on as a power cut would leave it (the journal closed and kept), now: the
    goodbye follows."""
    REDRAW = "redraw"
    """The screens changed meaning (asleep, awake, a warning came or went): draw them again."""


@dataclass
class Ending:
    reason: Reason
    since: float
    kept: bool = False
    saved: bool = False
    """The console has ended what was on (:meth:`PowerService.saved`): once per ending."""
    dark: bool = False
    refused: str | None = None


class PowerService:
    def __init__(self, console: Console, halt: Halt, *, sleep_after: float | None = 300.0,
                 read_every: float = 60.0, read_every_asleep: float = 300.0,
                 offers_power_off: bool = True) -> None:
        self.console = console
        self.halt = halt
        self.offers_power_off = offers_power_off
        """The menu has a power-off line and a sleep line: the console can really power off
        (a power board or power button in the config; the simulator)."""
        self.clock = console.clock
        self.sleep_after = sleep_after
        self.read_every = read_every
        self.read_every_asleep = read_every_asleep
        now = self.clock.now()
        self.charge: Charge | None = None
        """The last reading (None: no gauge, or none answering yet)."""
        self.warning: float | None = None
        """Until when the low-battery warning shows."""
        self._warned = False
        self.warnings = 0
        """Low-battery warnings given so far."""
        self._next_read = now if console.gauge.present else None
        self._unconfirmed: Charge | None = None
        """A reading that would warn or power off, waiting for the one that confirms it."""
        self._last_press = now
        self._button_down: float | None = None
        self.ending: Ending | None = None
        self.language = "fr"
        """The language of the goodbye (the console sets it from its settings)."""
        self._system_end = threading.Event()

    # ----- what the loop asks ---------------------------------------------------------------
    @property
    def asleep(self) -> bool:
        return self.console.asleep

    def deadline(self, may_sleep: bool = True) -> float | None:
        """When the loop must call :meth:`tick` even if nothing happens."""
        if self.ending is not None:
            waiting = self.ending.dark or self.ending.refused is not None   # for nothing, or for OK
            return None if waiting else self.ending.since + GOODBYE_FOR
        due = [self._next_read]
        if self._button_down is not None:
            due.append(self._button_down + HOLD_TO_POWER_OFF)
        if self.warning is not None:
            due.append(self.warning)
        if may_sleep and self.sleep_after is not None and not self.asleep:
            due.append(self._last_press + self.sleep_after)
        times = [t for t in due if t is not None]
        return min(times) if times else None

    @property
    def finished(self) -> bool:
        """The ending is done: the panels are dark and the power-off was asked (or the system
        is shutting down anyway); the console's loop stops."""
        return self.ending is not None and self.ending.dark

    def end_for_system(self) -> None:
        """The system is shutting down (SIGTERM): end as for a power-off at the loop's next
        turn. Safe from a signal handler: it only sets a flag and wakes the loop."""
        self._system_end.set()
        self.console.events.nudge()

    def pressed(self, now: float) -> bool:
        """A pad was pressed. True when the press woke the console (take it for nothing else),
        or a power-off is under way."""
        self._last_press = now
        if self.ending is not None:
            return True
        if self.asleep:
            self._wake(now, "a press")
            return True
        return False

    def tick(self, now: float, *, may_sleep: bool = True) -> set[Want]:
        """The power inputs, the gauge when due, sleep when due; what the console must do."""
        wants: set[Want] = set()
        if self.ending is None and self._system_end.is_set():
            self.power_off(Reason.SYSTEM, now)
            return {Want.SAVE}
        if self.ending is not None:
            self._go_on_ending(now)
            return wants
        wants |= self._inputs(now)
        if self.ending is None:
            wants |= self._battery(now)
        if self.ending is None and self.warning is not None and now >= self.warning:
            self.warning = None
            wants.add(Want.REDRAW)
        if (self.ending is None and may_sleep and self.sleep_after is not None and not self.asleep
                and now - self._last_press >= self.sleep_after):
            self.console.sleep()
            log.info("asleep after %.0f s without a press", now - self._last_press)
        if self.ending is not None:
            wants.add(Want.SAVE)
        return wants

    def power_off(self, reason: Reason, now: float) -> set[Want]:
        """Start the power-off (the menu's line calls this); the loop saves, then shows
        :meth:`screen` until the panels go dark."""
        if self.ending is None:
            log.warning("powering off: %s", reason.value)
            self.ending = Ending(reason, now)
            if self.asleep:
                self.console.wake()
        return {Want.SAVE}

    def saved(self, kept: bool) -> None:
        """The loop saved what was on (``kept``: a match, resumed at the next start): the
        goodbye goes on every screen now."""
        assert self.ending is not None
        self.ending.kept = kept
        self.ending.saved = True
        screen = GoodbyeScreen(kept=kept, empty=self.ending.reason is Reason.EMPTY)
        self._show(screen)

    def screen(self) -> Any | None:
        """The screen every pad shows while powering off (None: the console's own)."""
        if self.ending is None:
            return None
        if self.ending.refused is not None:
            return PowerOffFailedScreen()
        return GoodbyeScreen(kept=self.ending.kept, empty=self.ending.reason is Reason.EMPTY)

    def dismiss_refusal(self) -> bool:
        """OK on "could not power off": back to the console (True if there was one)."""
        if self.ending is None or self.ending.refused is None:
            return False
        self.ending = None
        return True

    # ----- inside ------------------------------------------------------------------------------
    def _wake(self, now: float, why: str) -> None:
        """Everything back on, and a fresh reading for the battery mark at once. Logged as its
        sleep is: the simulators show the last log line, which said "asleep" until now."""
        self.console.wake()
        log.info("awake: %s", why)
        if self._next_read is not None:
            self._next_read = now

    def _inputs(self, now: float) -> set[Want]:
        wants: set[Want] = set()
        power = self.console.power
        for change in power.take():
            if change.what == REQUEST and change.active:
                self.power_off(Reason.BOARD, now)
                return wants
            if change.what != BUTTON:
                continue
            if change.active:
                self._button_down = change.at
                continue
            down, self._button_down = self._button_down, None
            if down is None:
                continue
            if change.at - down >= HOLD_TO_POWER_OFF:
                self.power_off(Reason.BUTTON, now)
                return wants
            self._last_press = now                   # a short press: sleep, or wake
            if self.asleep:
                self._wake(now, "the power button")
            else:
                self.console.sleep()
                log.info("asleep: the power button")
            wants.add(Want.REDRAW)
        if self._button_down is not None and now - self._button_down >= HOLD_TO_POWER_OFF:
            self._button_down = None
            self.power_off(Reason.BUTTON, now)
        return wants

    def _battery(self, now: float) -> set[Want]:
        if self._next_read is None or now < self._next_read:
            return set()
        charge = self.console.gauge.read()
        self._next_read = now + self._read_interval(charge)
        if charge is not None and _alarming(charge) and self._unconfirmed is None:
            self._unconfirmed = charge                  # acted on only if the next one agrees
            self._next_read = now + CONFIRM_AFTER
            return set()
        if self._unconfirmed is not None and (charge is None or not _alarming(charge)):
            log.warning("a battery reading of %d %% at %.2f V was not confirmed %.0f s later: ignored",
                        self._unconfirmed.shown_percent, self._unconfirmed.volts, CONFIRM_AFTER)
        self._unconfirmed = None
        changed = charge != self.charge
        self.charge = charge
        if charge is None:
            return {Want.REDRAW} if changed else set()
        percent = charge.shown_percent
        if _empty(charge):
            self.power_off(Reason.EMPTY, now)
            return set()
        if charge.charging or percent > REARM:
            self._warned = False
        if not charge.charging and percent <= LOW and not self._warned:
            self._warned = True
            self.warnings += 1
            self.warning = now + WARN_FOR
            log.warning("the battery is low: %d %%", percent)
            if self.asleep:
                self.console.wake()
                self._last_press = now
        return {Want.REDRAW} if changed or self.warning is not None else set()

    def _read_interval(self, charge: Charge | None) -> float:
        """Seconds to the next reading: sooner once the cell is low, asleep too."""
        if charge is not None and not charge.charging and (
                charge.shown_percent <= LOW or charge.volts < LOW_VOLTS + 2 * RECOVERED):
            return LOW_READ_EVERY
        return self.read_every_asleep if self.asleep else self.read_every

    def _go_on_ending(self, now: float) -> None:
        ending = self.ending
        assert ending is not None
        if ending.dark or ending.refused is not None or now < ending.since + GOODBYE_FOR:
            return
        ending.dark = True
        for led in self.console.leds:
            led.off()
        for screen in self.console.screens:
            screen.power(False)
        if ending.reason is Reason.SYSTEM:
            return
        refused = self.halt.power_off()
        if refused is not None:
            log.error("could not power off: %s", refused)
            ending.refused = refused
            ending.dark = False
            for screen in self.console.screens:
                screen.power(True)
            self._show(PowerOffFailedScreen())

    def _show(self, screen: Any) -> None:
        language = self.language
        for pad in range(1, self.console.pad_count + 1):
            canvas = Canvas()
            screen.draw(canvas, language)
            self.console.screen(pad).display(canvas.image)


def _empty(charge: Charge) -> bool:
    """The cell is empty: the charge says so and the voltage agrees, or the voltage alert."""
    if charge.charging:
        return False
    return charge.shown_percent <= EMPTY and charge.volts < EMPTY_VOLTS or charge.about_to_drop


def _alarming(charge: Charge) -> bool:
    """A reading the console would act on (a warning, a power-off): confirmed before it is."""
    return not charge.charging and (charge.shown_percent <= LOW or charge.about_to_drop)


def battery_mark(service: PowerService | None) -> tuple[int, bool] | None:
    """(percent, charging) for the battery mark, or None when there is nothing to show."""
    if service is None or service.charge is None:
        return None
    return service.charge.shown_percent, service.charge.charging
