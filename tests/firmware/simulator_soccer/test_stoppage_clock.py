"""Stoppage time on the status line (S-TIME-1, S-TIME-2; issue 20 leftovers): the rules count
stoppage in clock steps (turns: S = min(5, goals + substitutions), then until the ball is at
rest), and the minute of every step, stoppage ones included, is ⌊45·clock/H⌋. The screen
shows that minute as a scoreboard does, so a stoppage turn is worth what any turn of the half
is worth: 45/H minutes (4.5 at 10-turn halves, where 4 turns past the 90th read 90+18'; about
1.4 at the book's 33). Checked on the drawn status line (docs/simulator-soccer.md, "The map")."""
from __future__ import annotations

import pytest

from engine.simulator_soccer import Options
from engine.simulator_soccer.position import position
from engine.simulator_soccer.view import view_of
from firmware.render import Canvas, text_width
from firmware.simulator_soccer.screens import PitchScreen


def _status(half_steps: int, half: int, clock: int, language: str = "en",
            score: tuple[int, int] = (0, 0)) -> str:
    """The status line a person's pad draws (red to kick) at that point of a half."""
    m = position(red={9: (15, 3)}, carrier=("red", 9), clock=clock, half=half, score=score,
                 options=Options(half_steps=half_steps))
    said: list[str] = []

    class Recording(Canvas):
        def text(self, x: int, y: int, line: str, scale: int = 1, ink: int = 1) -> None:
            said.append(line)
            super().text(x, y, line, scale, ink)

    PitchScreen(view_of(m, "red"), "red").draw(Recording(), language)
    assert len(said) == 1
    return said[0]


@pytest.mark.parametrize(("half_steps", "half", "clock", "shown"), [
    (10, 2, 9, "85'"),           # the last turn before the 90th: 45 + ⌊45·9/10⌋
    (10, 2, 10, "90'"),
    (10, 2, 11, "90+4'"),        # one stoppage turn: 4.5 minutes, like every turn of the half
    (10, 2, 14, "90+18'"),       # four: the "90+18'" a 10-turn match shows
    (10, 1, 12, "45+9'"),
    (20, 2, 22, "90+4'"),        # two turns of 2.25 minutes
    (33, 2, 35, "90+2'"),        # the book's length: a turn is 45/33 minutes
    (33, 2, 38, "90+6'"),
])
def test_S_TIME_1_S_TIME_2_stoppage_turns_show_at_the_clocks_minutes_per_turn(
        half_steps, half, clock, shown):
    line = _status(half_steps, half, clock)
    assert line == f"{shown} 0-0 You: Kick", line
    turns = clock - half_steps
    if turns > 0:                          # the same scale before and after the 90th (45th)
        assert int(shown.split("+")[1][:-1]) == 45 * turns // half_steps


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_long_stoppage_at_10_turn_halves_still_fits_the_status_line(language):
    # S-TIME-2: from H + S on (S ≤ 5), the half ends at the first ball at rest outside the
    # attack zone, so at 10-turn halves stoppage can run past 90+22'.
    for clock in range(10, 19):
        line = _status(10, 2, clock, language, score=(10, 10))
        assert len(line) <= 21 and text_width(line) <= 128, line
        assert line.startswith(f"{90 + 45 * (clock - 10) // 10}'" if clock == 10
                               else f"90+{45 * (clock - 10) // 10}'"), line
