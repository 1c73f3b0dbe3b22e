"""A CPU seat's pad never says "You" (issue 20 leftovers): its screen is a spectator's, so
every line on it names the teams by colour — the status line, the flips, the reveals
("Ball: #9 Red", "Tackle 3-1: Blue ✓"), the kick-off sheet ("Blue starts"). The CPU-vs-CPU
demo (``pitchpad sim`` headless, ``--frames``) said "Ball: #9 You", "⚽ You start" and
"Tackle 3-1: CPU ✓" on both pads. Checked on every text drawn: the real console (headless
simulator, simulated time) with a recording canvas."""
from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from soccer_console_rig import SoccerRig, soccer_settings
from soccer_play import intent

import sim
from firmware.console.app import App
from firmware.render import Canvas
from firmware.storage.settings import Settings, save
from hal.clock import ManualClock

SECOND_PERSON = {"en": re.compile(r"\b(You|you|Your|your)\b"),
                 "fr": re.compile(r"\b(Toi|toi|Tu|tu|Ton|ton|Ta|ta|Tes|tes)\b")}
"""Words that speak to the reader: a CPU's pad has nobody to speak to."""
MENU_WORDS = {"CPU", "vs CPU"}
"""The menu's own lines (the demo is drawn over the menu): the only place "CPU" may show."""


@contextmanager
def recorded() -> Iterator[list[str]]:
    """Every text drawn on any canvas while inside."""
    said: list[str] = []
    original = Canvas.text

    def text(self: Canvas, x: int, y: int, line: str, scale: int = 1, ink: int = 1) -> None:
        said.append(line)
        original(self, x, y, line, scale, ink)

    Canvas.text = text  # type: ignore[method-assign]
    try:
        yield said
    finally:
        Canvas.text = original  # type: ignore[method-assign]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_cpu_vs_cpu_demo_names_both_teams_by_colour_on_every_screen(tmp_path, language):
    """The headless ``pitchpad sim`` match (both pads CPUs), with the shoot-out and the Pro
    rules on, so the rarer sheets are drawn too."""
    clock = ManualClock()
    settings = Settings.flat(game="simulator-soccer", language=language, tiebreak=True,
                             pro_rules=True, half_steps=10)
    save(tmp_path, settings)
    with recorded() as said, sim.open_console(2, clock=clock) as console:
        app = App(console, state_dir=tmp_path, demo=True, seed=5)  # a draw: the shoot-out is drawn too
        app.run_simulated(clock)
        assert app.session is not None and app.session.match.is_over
        assert app.session.match.shootout is not None      # its screens were drawn too
    shown = [line for line in said if line not in MENU_WORDS]
    assert len(set(shown)) > 40                      # a match's worth of screens
    speaking = sorted({line for line in shown if SECOND_PERSON[language].search(line)})
    assert not speaking, speaking
    assert not [line for line in shown if "CPU" in line]
    colours = ("Red", "Blue") if language == "en" else ("Rouge", "Bleu")
    starts = [line for line in shown if line.startswith("⚽")]
    assert starts and all(any(colour in line for colour in colours) for line in starts), starts
    assert any(line.startswith(("Ball: #", "Ballon : n°")) and line.endswith(colours)
               for line in shown)
    goals = [line for line in shown if line.startswith(("GOAL", "BUT"))]   # whose goal
    assert goals and all(any(colour in line for colour in colours) for line in goals), goals


def test_the_cpu_pad_of_a_match_against_a_person_names_the_teams_by_colour(tmp_path):
    """One person (pad 1) against the CPU (pad 2): whatever the person does, the CPU's pad
    never says "You" (the person's pad does, of course)."""
    rig = SoccerRig(tmp_path, soccer_settings("cpu", difficulty="medium", language="en"),
                    seed=2)
    rig.start()
    rng = random.Random(2)
    cpu_lines: list[str] = []
    person_lines: list[str] = []
    for _ in range(400):
        if rig.app.mode != "match":
            break
        for pad, lines in ((2, cpu_lines), (1, person_lines)):
            with recorded() as said:
                rig.screen(pad).draw(Canvas(), "en")
            lines.extend(said)
        button = intent(rig.screen(1), rng)
        if button is not None:
            rig.press(1, button)
        else:
            rig.wait_for_change(5.0)
    assert len(set(cpu_lines)) > 20
    speaking = sorted({line for line in cpu_lines if SECOND_PERSON["en"].search(line)})
    assert not speaking, speaking
    assert any(SECOND_PERSON["en"].search(line) for line in person_lines)
    assert any(line.startswith("Ball: #") and line.endswith(("Red", "Blue")) for line in cpu_lines)
