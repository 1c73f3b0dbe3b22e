"""The screens of a console that remembers: the resume offer, the stats page, the card warning."""
from __future__ import annotations

from dataclasses import dataclass

from firmware.history import Stats
from firmware.i18n import STRINGS, text
from firmware.render import WIDTH, Canvas


@dataclass(frozen=True)
class ResumeScreen:
    """Shown on every pad at start when a match was cut off: LEFT forgets it, RIGHT/OK resumes."""

    red: int
    blue: int

    def draw(self, c: Canvas, language: str) -> None:
        c.centred(0, text(language, "resume.title"))
        c.text(0, 18, text(language, "team.red"))
        c.right(WIDTH, 18, text(language, "team.blue"))
        c.centred(14, f"{self.red}-{self.blue}", scale=2)
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

