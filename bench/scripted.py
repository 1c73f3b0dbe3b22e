"""A scripted match on the handheld rig: button presses from a seeded script, simulated time.

The console powers on (splash), a press reaches the menu, OK starts the match the saved
settings describe, the script plays every human seat with real button presses (pick a
button, sometimes change its mind, press again to lock in; sometimes raise the offside
flag), waits for the app's own timers (kick-off, reveals, CPU answers) by moving a
``ManualClock``, and presses OK on the result screen to go back to the menu.

Each press is timed on the wall clock from the GPIO edge to the last bus write it caused,
and the bytes it put on the bus give its bus time (see :mod:`rig`).
"""
from __future__ import annotations

import random
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from firmware.console.app import SEATS_BY_PAD, App
from firmware.chifootmi.session import Step, button_choice
from firmware.storage.settings import Settings, save
from hal import Button, ManualClock
if __package__ == "bench":            # imported by the tests as bench.scripted
    from bench.rig import Handheld, bus_seconds
else:                                  # a bench script with bench/ on its path
    from rig import Handheld, bus_seconds

PAD_OF_SEAT = {seat: pad for pad, seat in SEATS_BY_PAD.items()}
RELEASE_AFTER = 0.08
"""Seconds a scripted finger holds a button (longer than the 20 ms debounce)."""
THINK = 0.6
"""Seconds between a scripted player's presses."""


@dataclass
class Update:
    """What one press or timer did to the screens."""

    cause: str
    processing: float
    """Wall seconds from the event to the last bus write (or to the end of the step)."""
    bus: float
    """Seconds the bytes it wrote take on a 400 kHz bus."""
    wire_bytes: int
    shows: str = ""
    """Pad 1's screen kind before and after (``FlipScreen>RevealScreen``)."""
    journal: float = 0.0
    """Wall seconds of it spent making the match journal durable (``fsync``)."""

    @property
    def total(self) -> float:
        return self.processing + self.bus


@dataclass
class Run:
    presses: list[Update] = field(default_factory=list)
    """Presses that changed at least one screen."""
    silent_presses: int = 0
    timers: list[Update] = field(default_factory=list)
    models: dict[str, list[Any]] = field(default_factory=lambda: defaultdict(list))
    """Every screen model shown, by kind (for the render benchmark)."""
    decisions: int = 0
    score: tuple[int, int] = (0, 0)


class ScriptedMatch:
    def __init__(self, settings: Settings, seed: int, state_dir: Path) -> None:
        save(state_dir, settings)
        self.clock = ManualClock()
        self.rig = Handheld(self.clock)
        self.bus = self.rig.bus
        self.app = App(self.rig.console, state_dir=state_dir, seed=seed)
        self.script = random.Random(seed)
        self.journal_seconds = 0.0
        self.run = Run()
        self.app.refresh()
        self._collect()

    # ----- timing ---------------------------------------------------------------------
    def _timed(self, cause: str, act: Any) -> Update:
        before = self._kind()
        mark = len(self.bus.transfers)
        self.journal_seconds = 0.0
        start = time.perf_counter()
        act()
        end = time.perf_counter()
        wire, transfers, last = self.bus.since(mark)
        self._collect()
        return Update(cause, (last or end) - start, bus_seconds(wire, transfers), wire,
                      f"{before}>{self._kind()}", self.journal_seconds)

    def _kind(self) -> str:
        shown = self.app.shown.get(1)
        return type(shown[0]).__name__ if shown else ""

    def _time_journal(self) -> None:
        """Wrap the journal's append so the time it spends (its fsync) is known per press."""
        journal = self.app.journal
        if journal is None or getattr(journal, "timed", False):
            return
        append = journal.append

        def timed_append(turn: Any) -> None:
            start = time.perf_counter()
            append(turn)
            self.journal_seconds += time.perf_counter() - start

        journal.append = timed_append  # type: ignore[method-assign]
        journal.timed = True  # type: ignore[attr-defined]

    def press(self, pad: int, button: Button, cause: str) -> None:
        def act() -> None:
            self.rig.pin_edge(pad, button, True)
            for event in self.app.console.events.drain():
                self.app.step(event)

        update = self._timed(cause, act)
        if update.wire_bytes:
            self.run.presses.append(update)
        else:
            self.run.silent_presses += 1
        self.clock.advance(RELEASE_AFTER)
        self.rig.pin_edge(pad, button, False)
        for event in self.app.console.events.drain():
            self.app.step(event)
        self._wait(THINK)

    def _wait(self, seconds: float) -> None:
        """Let time pass, running the app's timers on the way (each one timed)."""
        target = self.clock.now() + seconds
        while True:
            deadline = self.app.deadline()
            if deadline is None or deadline > target:
                break
            self.clock.advance(max(0.0, deadline - self.clock.now()))
            self._timer_step()
        self.clock.advance(target - self.clock.now())
        self._timer_step()

    def _next_timer(self) -> None:
        deadline = self.app.deadline()
        assert deadline is not None, "the match waits for nobody"
        self.clock.advance(max(0.0, deadline - self.clock.now()))
        self._timer_step()

    def _timer_step(self) -> None:
        update = self._timed(self.app.mode, lambda: self.app.step(None))
        if update.wire_bytes:
            self.run.timers.append(update)

    def _collect(self) -> None:
        for model, _language in self.app.shown.values():
            kind = type(model).__name__
            shown = self.run.models[kind]
            if not shown or shown[-1] is not model:
                shown.append(model)

    # ----- the script -------------------------------------------------------------------
    def play(self) -> Run:
        self.press(1, Button.CENTRE, "splash")
        self.press(1, Button.CENTRE, "menu")
        flagged_at = -1
        for _ in range(5000):
            if self.app.mode != "match":
                break
            self._time_journal()
            session = self.app.session
            assert session is not None
            humans = [seat for seat, pending in session.pending.items()
                      if seat not in session.seats.cpus and pending.locked is None]
            if session.step is Step.OVER:
                self.run.decisions = len(session.decisions)
                self.run.score = session.match.score
                self.press(1, Button.CENTRE, "result")
            elif session.step is Step.CHOOSE and humans:
                self._decide(self.script.choice(humans))
            elif (session.step is Step.FLAG and humans and flagged_at != len(session.decisions)
                  and self.script.random() < 0.5):
                flagged_at = len(session.decisions)
                self.press(PAD_OF_SEAT[humans[0]], Button.CENTRE, "flag")
            else:
                flagged_at = len(session.decisions) if session.step is Step.FLAG else flagged_at
                self._next_timer()
        assert self.app.mode == "menu", f"the script ended in {self.app.mode}"
        return self.run

    def _decide(self, seat: str) -> None:
        """Highlight a button that means a legal choice, now and then change to another one,
        then press the highlighted button again to lock it in."""
        session = self.app.session
        assert session is not None
        view, legal = session.match.view(seat), session.match.legal_choices(seat)
        meaning = {button: button_choice(view.decision, view, legal, button) for button in Button}
        buttons = [button for button, choice in meaning.items() if choice is not None]
        highlight = session.pending[seat].highlight
        others = [button for button in buttons if button is not highlight]
        if highlight is None or (others and self.script.random() < 0.25):
            self.press(PAD_OF_SEAT[seat], self.script.choice(others), "highlight")
        else:
            self.press(PAD_OF_SEAT[seat], highlight, "lock")

    def close(self) -> None:
        self.rig.close()


def play(settings: Settings, seed: int) -> Run:
    """One scripted match from power-on back to the menu."""
    with tempfile.TemporaryDirectory(prefix="pitchpad-bench-") as state_dir:
        match = ScriptedMatch(settings, seed, Path(state_dir))
        try:
            return match.play()
        finally:
            match.close()
