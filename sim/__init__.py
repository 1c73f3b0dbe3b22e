"""Simulated backends of the HAL: the same :class:`hal.Console` with no hardware.

- ``headless``: scripted presses in, every frame captured (tests, benchmarks, CI).
- ``terminal``: every screen drawn in the terminal, keys per pad (works over SSH).
- ``window``: a pygame window through luma.emulator (extra ``window``).

The firmware's composition root chooses by config or flag only::

    console = sim.open_console(2, backend="terminal")   # or hal.open_console(config)
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from hal.clock import Clock
from hal.config import HardwareConfig, PhonesConfig, load_config
from sim.console import SimConsole, pad_count
from sim.terminal import open_terminal_console
from sim.window import open_window_console

BACKENDS = ("headless", "terminal", "window")


def open_console(config_or_pads: HardwareConfig | int | str | Path = 2, backend: str = "headless",
                 *, clock: Clock | None = None, phones: PhonesConfig | None = None,
                 **options: Any) -> SimConsole:
    """Open a simulated console with as many pads as ``config_or_pads`` says (a number 1..4, a
    :class:`hal.HardwareConfig`, or a path to a config file).

    ``options`` go to the backend (e.g. ``scale=3`` for the window). ``clock`` may be a
    :class:`hal.ManualClock` so a test controls time stamps. ``battery=True`` gives the console
    a simulated cell and gauge (``sim.battery``; a config with a ``[gauge]`` does too); every
    simulated console has a power button (``console.power_button``). ``phones`` (a
    :class:`hal.config.PhonesConfig`; None: none) serves phones for real as the pads after the
    simulated ones (``hal.phone``; ``PhonesConfig(listen="localhost")`` keeps them to this
    machine).
    """
    if isinstance(config_or_pads, (str, Path)):
        config_or_pads = load_config(config_or_pads)
    count = pad_count(config_or_pads)
    if isinstance(config_or_pads, HardwareConfig) and config_or_pads.gauge is not None:
        options.setdefault("battery", True)
    if backend == "headless":
        battery = bool(options.pop("battery", False))
        if options:
            raise TypeError(f"the headless backend takes no options, not {', '.join(options)}")
        return SimConsole(count, clock=clock, battery=battery, phones=phones)
    if backend == "terminal":
        return open_terminal_console(count, clock=clock, phones=phones, **options)
    if backend == "window":
        return open_window_console(count, clock=clock, phones=phones, **options)
    raise ValueError(f"unknown simulator backend {backend!r}; choose one of {', '.join(BACKENDS)}")


__all__ = ["BACKENDS", "SimConsole", "open_console"]
