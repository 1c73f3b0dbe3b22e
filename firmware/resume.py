"""The screens of a console that remembers: the resume offer, the stats page, the card warning."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from firmware.history import Stats
from firmware.i18n import STRINGS, text
from firmware.render import WIDTH, Canvas


@dataclass(frozen=True)
class ResumeScreen:
    """Shown on every pad at start when a match was cut off: LEFT forgets it, RIGHT/OK resumes.

    ``score`` is each seat's goals or points so far, in seat order, from the game's summary.
    """

    score: tuple[tuple[str, Any], ...]

    @classmethod
    def of(cls, summary: Mapping[str, Any]) -> ResumeScreen:
        """From a game's summary line: its ``score`` (goals) or else its ``points``."""
        score = summary.get("score") or summary.get("points") or {}
        return cls(tuple((str(seat), value) for seat, value in dict(score).items()))

    def _label(self, language: str, seat: str) -> str:
        for key in ("team." + seat, "ck.army." + seat):
            if key in STRINGS:
                return text(language, key)
        return seat

    def draw(self, c: Canvas, language: str) -> None:
        c.centred(0, text(language, "resume.title"))
        values = "-".join(str(value) for _, value in self.score)
        if len(self.score) == 2:
            c.text(0, 18, self._label(language, self.score[0][0]))
            c.right(WIDTH, 18, self._label(language, self.score[1][0]))
            c.centred(14, values, scale=2)
        else:
            c.centred(18, " ".join(f"{self._label(language, seat)[:1]}{value}"
                                   for seat, value in self.score))
        c.centred(34, text(language, "resume.question"))
        c.hints(left=text(language, "resume.no"), right=text(language, "resume.yes"))


@dataclass(frozen=True)
class StatsScreen:
    """Matches played, wins per seat (two players) and per CPU difficulty; any key goes back."""

    stats: Stats

    def lines(self, language: str) -> list[str]:
        stats = self.stats
        lines = [f"{text(language, 'stats.played')} {stats.played}"]
        if stats.wins:
            lines.append(f"{text(language, 'team.red')} {stats.wins.get('red', 0)} - "
                         f"{text(language, 'team.blue')} {stats.wins.get('blue', 0)}")
        for difficulty, (person, cpu) in sorted(stats.vs_cpu.items()):
            key = "difficulty." + difficulty
            name = text(language, key) if key in STRINGS else difficulty
            lines.append(f"{text(language, 'cpu')} {name}: {text(language, 'you')} {person}-{cpu}")
        return lines[:4]

    def draw(self, c: Canvas, language: str) -> None:
        c.box(0, 0, WIDTH - 1, 10, filled=True)
        c.text(2, 0, text(language, "menu.stats"), ink=0)
        for row, line in enumerate(self.lines(language)):
            c.text(1, 12 + row * 10, line)
        c.hints(centre=text(language, "result.back"))


def draw_card_warning(c: Canvas) -> None:
    """A small inverted "SD!" in the top-left corner: the journal cannot be written."""
    c.clear(0, 0, 20, 10)
    c.box(0, 0, 20, 10, filled=True)
    c.text(2, 0, "SD!", ink=0)

