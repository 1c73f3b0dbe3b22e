"""The screens of a console that remembers: the resume offer, the stats page, the card warning."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from firmware.games.sheets import number_text
from firmware.storage.history import GameStats
from firmware.i18n import STRINGS, seat_word, text
from firmware.render import WIDTH, Canvas, fitting, text_width


@dataclass(frozen=True)
class ResumeScreen:
    """Shown on every pad at start when a match was cut off: LEFT forgets it, RIGHT/OK resumes.

    It says which match: the game's title, the people by the names they chose (their seats'
    colours otherwise) and ``score``, each seat's goals or points so far in seat order, from
    the game's summary.
    """

    score: tuple[tuple[str, Any], ...]
    title: str = ""
    """The interrupted game's title (its menu line: "Chifootmi")."""
    people: tuple[tuple[str, str], ...] = ()
    """(seat, name) of the people who chose a name on the pads."""

    @classmethod
    def of(cls, summary: Mapping[str, Any], title: str = "",
           people: Mapping[str, str] | None = None) -> ResumeScreen:
        """From a game's summary line: its ``score`` (goals) or else its ``points``."""
        score = summary.get("score") or summary.get("points") or {}
        return cls(tuple((str(seat), value) for seat, value in dict(score).items()), title,
                   tuple(sorted((people or {}).items())))

    def draw(self, c: Canvas, language: str) -> None:
        c.box(0, 0, WIDTH - 1, 10, filled=True)
        c.centred(0, text(language, "resume.title"), ink=0)
        c.centred(11, self.title)
        names = dict(self.people)
        values = "-".join(number_text(value) for _, value in self.score)
        if len(self.score) == 2:
            room = (WIDTH - text_width(values, 2)) // 2 - 3
            left, right = (names.get(seat) or seat_word(language, seat) for seat, _ in self.score)
            if max(text_width(left), text_width(right)) <= room:
                c.text(0, 27, left)
                c.right(WIDTH, 27, right)
                c.centred(23, values, scale=2)
            else:                                   # long names: the score small between them
                c.centred(27, fitting(WIDTH, f"{left} {values} {right}", values))
        else:
            c.centred(27, " ".join(f"{seat_word(language, seat)[:1]}{number_text(value)}"
                                   for seat, value in self.score))
        c.centred(41, text(language, "resume.question"))
        c.hints(left=text(language, "resume.no"), right=text(language, "resume.yes"))


STATS_ROWS = 4
"""Lines of figures the stats page shows at once; CARD1 ▲ and CARD2 ▼ scroll the rest."""
DIFFICULTY_ORDER = ("easy", "medium", "hard")
"""The CPU difficulties in the menu's order (easiest first); others follow by name."""


def stats_lines(stats: GameStats, language: str) -> list[tuple[str, str]]:
    """Every line of one game's figures, (label, value): matches played, wins between people,
    each CPU difficulty from the easiest, draws and abandoned matches."""
    lines = [(text(language, "stats.played"), str(stats.played))]
    for winner, count in sorted(stats.wins.items(), key=lambda item: (-item[1], item[0])):
        who = "+".join(seat_word(language, seat) for seat in winner.split("+"))
        lines.append((text(language, "stats.won", who=who), str(count)))
    ranked = sorted(stats.vs_cpu, key=lambda level: (
        DIFFICULTY_ORDER.index(level) if level in DIFFICULTY_ORDER else len(DIFFICULTY_ORDER), level))
    for difficulty in ranked:
        person, cpu = stats.vs_cpu[difficulty]
        key = "difficulty." + difficulty
        name = text(language, key) if key in STRINGS else difficulty
        lines.append((f"{text(language, 'cpu')} {name}", f"{text(language, 'you')} {person}-{cpu}"))
    if stats.draws:
        lines.append((text(language, "stats.draws"), str(stats.draws)))
    if stats.abandoned:
        lines.append((text(language, "stats.abandoned"), str(stats.abandoned)))
    return lines



@dataclass(frozen=True)
class StatsScreen:
    """One game's figures, :data:`STATS_ROWS` lines at a time: CARD1 ▲ / CARD2 ▼ scroll,
    ◀ ▶ go to another game's page, OK back to the menu."""

    stats: GameStats
    title: str
    page: int = 0
    pages: int = 1
    top: int = 0

    def lines(self, language: str) -> list[tuple[str, str]]:
        return stats_lines(self.stats, language)

    def draw(self, c: Canvas, language: str) -> None:
        c.title_bar(self.title, f"◀{self.page + 1}/{self.pages}▶" if self.pages > 1 else "")
        lines = self.lines(language)
        for row, (label, value) in enumerate(lines[self.top:self.top + STATS_ROWS]):
            c.list_row(row, label, value, x0=1, x1=WIDTH - 1)
        c.ok_hint(text(language, "result.back"))
        c.card_marks("▲" if self.top > 0 else "", "▼" if self.top + STATS_ROWS < len(lines) else "")


def draw_card_warning(c: Canvas) -> None:
    """A small inverted "SD!" in the top-left corner: the journal cannot be written."""
    c.clear(0, 0, 20, 10)
    c.box(0, 0, 20, 10, filled=True)
    c.text(2, 0, "SD!", ink=0)

