"""A whole CPU-vs-CPU match as ``pitchpad sim`` plays it without a terminal (the café demo),
with every screen model each pad showed, in order."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import sim
from firmware.console.app import App
from firmware.storage.settings import Settings, save
from hal.clock import ManualClock


def demo_screens(state_dir: Path, settings: Settings, seed: int,
                 pads: int = 2) -> tuple[App, dict[int, list[Any]]]:
    """Play the demo match of ``settings`` with ``seed`` in simulated time, as
    :meth:`App.run_simulated` does, noting each new model on each pad."""
    save(state_dir, settings)
    clock = ManualClock()
    console = sim.open_console(pads, clock=clock)
    app = App(console, state_dir=state_dir, demo=True, seed=seed)
    seen: dict[int, list[Any]] = {pad: [] for pad in range(1, pads + 1)}

    def note() -> None:
        for pad, (model, _) in app.shown.items():
            inner = getattr(model, "inner", model)          # the game's model, told of a team
            if not seen[pad] or seen[pad][-1] is not inner:
                seen[pad].append(inner)

    app.refresh()
    note()
    while not app.done:
        for event in console.events.drain():
            app.step(event)
            note()
        deadline = app.deadline()
        if deadline is None:
            break
        clock.advance(max(0.0, deadline - clock.now()))
        app.step(None)
        note()
    return app, seen
