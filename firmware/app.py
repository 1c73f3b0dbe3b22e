"""The console application: splash, menu, match, result, and back to the menu.

One thread, one loop: block on the console's event queue with a timeout that ends at the
next timer (a CPU answering, a move clock, the offside window, a reveal, the screensaver),
then handle the press or the timer, then redraw only the screens whose content changed.
Idle, the loop sleeps in ``EventQueue.get``: near-zero CPU.

Time is read from one injectable clock (``console.clock``); tests drive a ``ManualClock``
and call :meth:`App.step` themselves, so nothing ever sleeps.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from firmware import settings as settings_file
from firmware.chifootmi import screens as chifootmi_screens
from firmware.chifootmi.cpu import difficulties, make_cpu
from firmware.chifootmi.session import ChifootmiSession, Seats, Timing
from firmware.menu import Menu
from firmware.render import HINT_Y, WIDTH, Canvas
from hal.buttons import ButtonEvent
from hal.clock import ManualClock
from hal.console import Console
from hal.errors import ConsoleClosed
from hal.tunes import TUNES

SEATS_BY_PAD = {1: "red", 2: "blue"}
BRIGHT, DIM = 0xCF, 0x08


@dataclass(frozen=True)
class Idle:
    """All-day café unit: dim and move a screensaver in the menu, drop abandoned matches."""

    screensaver_after: float = 180.0
    screensaver_move: float = 8.0
    abandon_after: float = 600.0
    splash: float = 2.0


@dataclass(frozen=True)
class SplashScreen:
    def draw(self, c: Canvas, language: str) -> None:
        c.centred(6, "PitchPad", scale=2)
        c.centred(30, "Chifootmi")
        c.draw.ellipse([58, 44, 69, 55], outline=1, width=2)
        c.draw.regular_polygon((64, 50, 2), 5, fill=1)


@dataclass(frozen=True)
class SaverScreen:
    """A small logo that hops around, so no pixel stays lit for hours."""

    position: int

    def draw(self, c: Canvas, language: str) -> None:
        rng = random.Random(self.position)
        c.text(rng.randrange(0, WIDTH - 54), rng.randrange(0, HINT_Y), "⚽PitchPad")


class App:
    """The whole console behaviour on top of a :class:`hal.Console`."""

    def __init__(self, console: Console, *, state_dir: str | Path, timing: Timing = Timing(),
                 idle: Idle = Idle(), demo: bool = False, seed: int | None = None) -> None:
        self.console = console
        self.clock = console.clock
        self.state_dir = Path(state_dir)
        self.timing = timing
        self.idle = idle
        self.demo = demo
        self.seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        self.next_seed = seed
        """``seed`` is the first match's seed; later matches draw theirs from it."""
        self.menu = Menu(settings_file.load(self.state_dir), difficulties())
        self.session: ChifootmiSession | None = None
        self.done = False
        self.mode = "splash"
        now = self.clock.now()
        self.mode_since = now
        self.last_press = now
        self.shown: dict[int, tuple[Any, str]] = {}
        self.saver_position = 0
        self.leds: dict[int, bool] = {}
        if demo:
            self.start_match()

    @property
    def settings(self) -> settings_file.Settings:
        return self.menu.settings

    @property
    def pads(self) -> range:
        return range(1, min(self.console.pad_count, 2) + 1)

    # ----- the loop ---------------------------------------------------------------------
    def run(self) -> None:
        """Serve until the console closes (or, in demo mode, the match ends)."""
        self.refresh()
        try:
            while not self.done:
                deadline = self.deadline()
                timeout = None if deadline is None else max(0.0, deadline - self.clock.now())
                self.step(self.console.events.get(timeout))
        except ConsoleClosed:
            return

    def run_simulated(self, clock: ManualClock) -> None:
        """Serve with simulated time: handle what is queued, then jump to the next timer.

        The headless simulator's loop: a whole match takes milliseconds, not minutes.
        """
        self.refresh()
        while not self.done:
            for event in self.console.events.drain():
                self.step(event)
            deadline = self.deadline()
            if deadline is None:
                return
            clock.advance(max(0.0, deadline - clock.now()))
            self.step(None)

    def step(self, event: ButtonEvent | None) -> None:
        """Handle one press (or none), run the timers due now, redraw what changed."""
        if event is not None and event.pressed and not event.repeat:
            self.press(event)
        self.tick()
        self.refresh()

    def deadline(self) -> float | None:
        """When the loop must wake up even if nobody presses anything."""
        now = self.clock.now()
        if self.mode == "splash":
            return self.mode_since + self.idle.splash
        if self.mode == "menu":
            return self.last_press + self.idle.screensaver_after
        if self.mode == "saver":
            return self.mode_since + (self.saver_position + 1) * self.idle.screensaver_move
        assert self.session is not None
        times = [self.session.deadline(now)]
        if self._has_human():
            times.append(self.last_press + self.idle.abandon_after)
        return min((t for t in times if t is not None), default=None)

    # ----- input ---------------------------------------------------------------------------
    def press(self, event: ButtonEvent) -> None:
        if event.pad not in self.pads:
            return
        now = self.clock.now()
        self.last_press = now
        if self.mode == "splash":
            self._enter("menu")
        elif self.mode == "saver":
            self._wake()
        elif self.mode == "menu":
            action = self.menu.press(event.button)
            if action == "changed":
                settings_file.save(self.state_dir, self.settings)
            elif action == "start":
                self.start_match()
        elif self.mode == "match" and self.session is not None:
            seat = SEATS_BY_PAD[event.pad]
            self.session.press(seat, event.button, now)

    def start_match(self) -> None:
        settings = self.settings
        cpus: dict[str, Any] = {}
        if self.demo:
            cpus = {"red": make_cpu(settings.difficulty), "blue": make_cpu(settings.difficulty)}
        elif settings.players == "cpu" or self.console.pad_count < 2:
            cpus = {"blue": make_cpu(settings.difficulty)}
        names = {"red": "cpu" if "blue" in cpus else "team.blue",
                 "blue": "cpu" if "red" in cpus else "team.red"}
        if self.demo:
            names = {"red": "team.blue", "blue": "team.red"}
        now = self.clock.now()
        seed = self.next_seed if self.next_seed is not None else self.seeds.randrange(2**31)
        self.next_seed = None
        self.session = ChifootmiSession(
            settings.match_config(), seed, Seats(cpus, names), now,
            timing=self.timing, move_clock=float(settings.move_clock))
        self._enter("match")

    # ----- timers ----------------------------------------------------------------------------
    def tick(self) -> None:
        now = self.clock.now()
        if self.mode == "splash" and now >= self.mode_since + self.idle.splash:
            self._enter("menu")
        elif self.mode == "menu" and now >= self.last_press + self.idle.screensaver_after:
            self._enter("saver")
            for pad in self.pads:
                self.console.screen(pad).contrast(DIM)
        elif self.mode == "saver":
            self.saver_position = int((now - self.mode_since) // self.idle.screensaver_move)
        elif self.mode == "match" and self.session is not None:
            self.session.tick(now)
            if self._has_human() and now >= self.last_press + self.idle.abandon_after:
                self.session.finished = True
            for name in self.session.tunes:
                if self.settings.sound:
                    self.console.buzzer.play(TUNES[name])
            self.session.tunes.clear()
            if self.session.finished:
                if self.demo:
                    self.done = True
                else:
                    self._enter("menu")

    def _has_human(self) -> bool:
        return self.session is not None and len(self.session.seats.cpus) < 2

    def _enter(self, mode: str) -> None:
        now = self.clock.now()
        self.mode = mode
        self.mode_since = now
        self.last_press = now
        self.saver_position = 0

    def _wake(self) -> None:
        self._enter("menu")
        for pad in self.pads:
            self.console.screen(pad).contrast(BRIGHT)

    # ----- output ------------------------------------------------------------------------------
    def screen_for(self, pad: int) -> Any:
        """The screen model pad ``pad`` shows now."""
        if self.mode == "splash":
            return SplashScreen()
        if self.mode == "saver":
            return SaverScreen(self.saver_position)
        if self.mode == "menu":
            return self.menu.screen()
        assert self.session is not None
        seat = SEATS_BY_PAD[pad]
        if seat in self.session.seats.cpus and not self.demo:
            score = self.session.match.view(seat).score
            return chifootmi_screens.CpuPadScreen(score["red"], score["blue"])
        return self.session.screen(seat, self.clock.now())

    def refresh(self) -> None:
        """Redraw each screen whose content changed, and set the possession LEDs."""
        language = self.settings.language
        for pad in self.pads:
            model = self.screen_for(pad)
            if self.shown.get(pad) == (model, language):
                continue
            self.shown[pad] = (model, language)
            canvas = Canvas()
            model.draw(canvas, language)
            self.console.screen(pad).display(canvas.image)
        for pad in self.pads:
            lit = (self.mode == "match" and self.session is not None
                   and self.session.match.view(SEATS_BY_PAD[pad]).ball == SEATS_BY_PAD[pad])
            if self.leds.get(pad) != lit:
                self.leds[pad] = lit
                led = self.console.led(pad)
                led.on() if lit else led.off()


def describe(event: Any) -> str:
    """One line of commentary for an engine event (the headless sim's summary)."""
    line = event.to_json()
    name = line.pop("event")
    if name == "kickoff":
        return f"Kick-off: {line['seat']} has the ball."
    if name == "reveal":
        return f"Round {line['round']}: red plays {line['red']}, blue plays {line['blue']}."
    if name == "goal":
        return f"GOAL for {line['seat']}! {line['red']}-{line['blue']}"
    if name == "draw":
        card = "a hidden card" if line["card"] is None else line["card"]
        return f"  {line['seat']} draws {card} from {line['pile']}."
    if name == "match_over":
        return f"Final whistle: {line['winner']} wins ({line['red']}-{line['blue']})."
    fields = ", ".join(f"{k}={v}" for k, v in line.items())
    return f"{name.replace('_', ' ').capitalize()}: {fields}"


