"""A tournament on the pads: set it up, see the fixtures, play the next one, see the winner.

From the menu's "Tournoi"/"Tournament" line (◀ or ▶), once the unit has three names:

- **Set-up**: CARD1 ▲ / CARD2 ▼ move; ◀ ▶ on the first line choose round robin or knockout;
  OK on a name takes it in or out (3 to 8); OK on the last line starts it, or, with fewer
  than three names taken, goes to the first name left out; with fewer than three names on the
  unit the last line says so and its OK opens the Names page to add them. CARD4 ✕: the menu.
- **Fixtures**: every match, its result once played; OK plays the next one (the home name on
  pad 1, the away name on pad 2, the game and level of the menu); CARD4 ✕: the menu (the
  tournament waits); CARD3 twice: abandon it.
- **Over**: the winner (and the round robin's table); OK: done (a new one can be set up).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from firmware.storage import tournament as tournaments
from firmware.i18n import STRINGS, text
from firmware.render import WIDTH, Canvas, fitting
from firmware.console.roster_screens import list_rows
from hal.buttons import Button

STRINGS.update({
    "menu.tournament": ("Tournoi", "Tournament"),
    "tour.title": ("Tournoi", "Tournament"),
    "tour.format": ("Formule", "Format"),
    "tour.league": ("Championnat", "Round robin"),
    "tour.knockout": ("Élimination", "Knockout"),
    "tour.start": ("Commencer", "Start"),
    "tour.need": ("Choisis 3 à 8 noms", "Pick 3 to 8 names"),
    "tour.few": ("Il faut 3 noms", "It needs 3 names"),
    "tour.add": ("OK : ajoute des noms", "OK: add names"),
    "tour.bye": ("exempt", "bye"),
    "tour.abandon": ("3 encore: abandon", "3 again: abandon"),
    "tour.winner": ("Vainqueur", "Winner"),
    "tour.new": ("Fini", "Done"),
    "tour.none": ("Nouveau", "New"),
    "tour.back": ("✕=menu", "✕=menu"),
})
def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


@dataclass(frozen=True)
class SetupScreen:
    format: str
    names: tuple[str, ...]
    chosen: tuple[str, ...]
    cursor: int

    def draw(self, c: Canvas, language: str) -> None:
        c.title_bar(f"{text(language, 'tour.title')} {len(self.chosen)}", text(language, "tour.back"))
        if len(self.names) < tournaments.MIN_PLAYERS:    # not enough names on the unit yet
            c.centred(16, text(language, "tour.few"))
            c.centred(30, text(language, "tour.add"))
            c.hints()
            c.ok_chip()
            c.card_marks("", "", "", "✕")
            return
        count_ok = tournaments.MIN_PLAYERS <= len(self.chosen) <= tournaments.MAX_PLAYERS
        lines = [(text(language, "tour.format"), f"◀{text(language, 'tour.' + self.format)}▶")]
        lines += [(name, "✓" if name in self.chosen else "○") for name in self.names]
        lines.append((text(language, "tour.start" if count_ok else "tour.need"), ""))
        list_rows(c, lines, self.cursor)
        c.ok_chip()
        c.card_marks("▲", "▼", "", "✕")


@dataclass(frozen=True)
class FixturesScreen:
    lines: tuple[tuple[str, str], ...]
    cursor: int
    played: int
    abandoning: bool

    def draw(self, c: Canvas, language: str) -> None:
        c.title_bar(f"{text(language, 'tour.title')} {self.played}/{len(self.lines)}",
               text(language, "tour.back"))
        list_rows(c, self.lines, self.cursor)
        if self.abandoning:
            c.banner(text(language, "tour.abandon"))
            return
        c.ok_chip()
        c.card_marks("▲", "▼", "", "✕")


@dataclass(frozen=True)
class WinnerScreen:
    """The champion; after a round robin, the whole table under it (▲ ▼ scroll it when it
    has more lines than fit: every name is there, not the first two)."""

    winner: str
    table: tuple[str, ...]
    top: int = 0
    """The first table line shown."""

    def draw(self, c: Canvas, language: str) -> None:
        if not self.table:
            c.hints()
            c.ok_hint(text(language, "tour.new"))
            c.centred(0, text(language, "tour.winner"))
            c.centred(11, self.winner, scale=2)
        else:
            c.title_bar(fitting(WIDTH - 4, f"{text(language, 'tour.winner')} : {self.winner}",
                                self.winner))
            for row, line in enumerate(self.table[self.top:self.top + TABLE_ROWS]):
                c.list_row(row, line)
            c.ok_hint(text(language, "tour.new"))
            if len(self.table) > TABLE_ROWS:
                c.card_marks("▲", "▼")


TABLE_ROWS = 4
"""Table lines under the winner's bar, above the hints."""


class TournamentFlow:
    """The tournament's screens and buttons (shared by every pad, like the menu)."""

    def __init__(self, state_dir: str | Path) -> None:
        self.state_dir = state_dir
        self.current = tournaments.load(state_dir)
        self.format = "league"
        self.chosen: list[str] = []
        self.cursor = 0
        self.abandoning = False

    def status(self) -> str | None:
        """The menu line's value: played/fixtures, or None when there is none."""
        if self.current is None:
            return None
        real = [f for f in self.current.fixtures if f.away]
        return f"{sum(f.played for f in real)}/{len(real)}"

    def open(self) -> None:
        """Entering from the menu: the cursor on the next match (or the first line)."""
        self.abandoning = False
        self.cursor = 0
        following = None if self.current is None else self.current.next_fixture()
        if following is not None:
            self.cursor = self._shown().index(following)

    def _shown(self) -> list[int]:
        """The fixtures listed (byes are not matches)."""
        assert self.current is not None
        return [i for i, f in enumerate(self.current.fixtures) if f.away]

    def press(self, button: object, names: Sequence[str], game: str) -> str | int | None:
        """``"menu"``; ``"names"`` (the Names page, to add some); a fixture's index to play
        now; or None."""
        if button is Button.CARD4 and not self.abandoning:
            return "menu"
        if self.current is None:
            if len(names) < tournaments.MIN_PLAYERS:
                return "names" if button is Button.CENTRE else None
            return self._setup(button, list(names), game)
        if self.current.over:
            if button in (Button.CARD1, Button.CARD2):
                step = -1 if button is Button.CARD1 else 1
                rows = len(self.current.table()) if self.current.format == "league" else 0
                self.cursor = max(0, min(max(0, rows - TABLE_ROWS), self.cursor + step))
            if button is Button.CENTRE:
                self.current = None
                tournaments.save(self.state_dir, None)
                self.cursor = 0
            return "menu" if button is Button.CENTRE else None
        if button is Button.CARD3:
            if self.abandoning:
                self.current = None
                tournaments.save(self.state_dir, None)
                self.abandoning = False
                return "menu"
            self.abandoning = True
            return None
        self.abandoning = False
        shown = self._shown()
        if button in (Button.CARD1, Button.CARD2):
            step = -1 if button is Button.CARD1 else 1
            self.cursor = max(0, min(len(shown) - 1, self.cursor + step))
        elif button is Button.CENTRE:
            return self.current.next_fixture()
        return None

    def _setup(self, button: object, names: list[str], game: str) -> str | None:
        self.chosen = [n for n in self.chosen if n in names]
        last = len(names) + 1
        if button in (Button.CARD1, Button.CARD2):
            step = -1 if button is Button.CARD1 else 1
            self.cursor = max(0, min(last, self.cursor + step))
        elif button in (Button.LEFT, Button.RIGHT) and self.cursor == 0:
            self.format = tournaments.FORMATS[1 - tournaments.FORMATS.index(self.format)]
        elif button is Button.CENTRE and 0 < self.cursor < last:
            name = names[self.cursor - 1]
            if name in self.chosen:
                self.chosen.remove(name)
            elif len(self.chosen) < tournaments.MAX_PLAYERS:
                self.chosen.append(name)
        elif button is Button.CENTRE and self.cursor == last:
            if len(self.chosen) < tournaments.MIN_PLAYERS:    # to the first name left out
                self.cursor = next(i + 1 for i, name in enumerate(names) if name not in self.chosen)
                return None
            try:
                self.current = tournaments.Tournament.create(self.format, game, self.chosen)
            except ValueError:
                return None
            tournaments.save(self.state_dir, self.current)
            self.open()
        return None

    def record(self, index: int, home: float, away: float, winner: str | None) -> None:
        if self.current is not None and index < len(self.current.fixtures):
            self.current.record(index, home, away, winner)
            tournaments.save(self.state_dir, self.current)
            self.open()

    def screen(self, names: Sequence[str], language: str = "fr") -> object:
        if self.current is None:
            return SetupScreen(self.format, tuple(names), tuple(self.chosen), self.cursor)
        if self.current.over:
            table: tuple[str, ...] = ()
            if self.current.format == "league":
                table = tuple(f"{i + 1}. {r['name']} {r['points']} pts"
                              for i, r in enumerate(self.current.table()))
            return WinnerScreen(self.current.champion or "", table,
                                min(self.cursor, max(0, len(table) - TABLE_ROWS)))
        lines = []
        for index in self._shown():
            f = self.current.fixtures[index]
            result = "" if f.score is None else f"{_number(f.score[0])}-{_number(f.score[1])}"
            home, away = (name + ("✓" if name == f.winner else "") for name in (f.home, f.away))
            lines.append((fitting(WIDTH - 30, f"{home}-{away}", f"{home[:5]}-{away[:5]}"), result))
        played = sum(1 for i in self._shown() if self.current.fixtures[i].played)
        return FixturesScreen(tuple(lines), self.cursor, played, self.abandoning)
