"""Players' names on the pads: the list, typing a name, and choosing who plays at match start.

Everything is done with the seven buttons, the same on every pad:

- **The list** (menu line "Noms"/"Names", ◀ or ▶): CARD1 ▲ / CARD2 ▼ move, OK on "+ new name"
  types one, CARD4 ✕ twice deletes the name under the cursor, LEFT ◀ goes back to the menu.
- **Typing a name**: ◀ ▶ change the letter under the cursor, CARD2 ▼ keeps it and moves on,
  CARD1 « goes back a letter, OK saves, CARD4 ✕ gives up.
- **Who plays?** (OK in the menu when the unit has names): each person's pad shows the list
  (guest first); CARD1 ▲ / CARD2 ▼ move, OK picks (a name picked on one pad is not offered on
  another), OK again un-picks; LEFT ◀ on any pad goes back to the menu. The match starts when
  every person has picked.

The flows are plain objects: :meth:`press` returns what the app must do (``"menu"``,
``"start"``), :meth:`screen` the screen model of a pad.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from firmware.storage import roster
from firmware.i18n import STRINGS, text
from firmware.render import WIDTH, Canvas, text_width
from hal.buttons import Button

STRINGS.update({
    "menu.roster": ("Noms", "Names"),
    "roster.title": ("Noms", "Names"),
    "roster.new": ("+ Nouveau nom", "+ New name"),
    "roster.delete": ("✕ encore: effacer", "✕ again: delete"),
    "roster.full": ("Liste pleine", "List full"),
    "roster.back": ("◀ = menu", "◀ = menu"),
    "name.title": ("Nouveau nom", "New name"),
    "name.help": ("◀▶ lettre ▼ suivante", "◀▶ letter ▼ next"),
    "name.taken": ("Déjà pris", "Already taken"),
    "name.cancel": ("✕=annuler", "✕=cancel"),
    "pick.title": ("Qui joue ?", "Who plays?"),
    "pick.guest": ("Invité", "Guest"),
    "pick.wait": ("On attend les autres", "Waiting for others"),
    "pick.bench": ("Choix des joueurs…", "Players choosing…"),
    "pick.ok": ("Moi", "Me"),
})
ROWS = 4


def list_rows(c: Canvas, lines: Sequence[tuple[str, str]], cursor: int) -> None:
    """Up to four lines (left text, right text) under the title, the cursor's inverted and
    kept in view."""
    top = max(0, min(cursor - ROWS + 2, len(lines) - ROWS))
    for row, (left, right) in enumerate(lines[top:top + ROWS]):
        c.list_row(row, left, right, chosen=top + row == cursor)


@dataclass(frozen=True)
class RosterScreen:
    names: tuple[str, ...]
    cursor: int
    deleting: bool

    def draw(self, c: Canvas, language: str) -> None:
        c.title_bar(text(language, "roster.title"), text(language, "roster.back"))
        new = text(language, "roster.new" if len(self.names) < roster.MAX_NAMES else "roster.full")
        list_rows(c, [(line, "") for line in (new, *self.names)], self.cursor)
        if self.deleting:
            c.banner(text(language, "roster.delete"))
            return
        c.hint_words(left="◀")
        if self.cursor == 0:
            c.ok_hint()
        c.card_marks("▲", "▼", "", "✕" if self.cursor > 0 else "")


@dataclass(frozen=True)
class NameScreen:
    letters: str
    current: str
    message: str = ""

    def draw(self, c: Canvas, language: str) -> None:
        c.title_bar(text(language, "name.title"), text(language, "name.cancel"))
        shown = roster.tidy(self.letters + self.current + "x")[:-1] or self.current
        done, cursor = shown[:len(self.letters)], shown[len(self.letters):] or " "
        width = text_width(done, 2) + text_width(cursor, 2) + 4
        x = max(0, (WIDTH - width) // 2)
        c.text(x, 14, done, scale=2)
        x += text_width(done, 2) + 1
        c.box(x, 13, x + text_width(cursor, 2) + 2, 35, filled=True)
        c.text(x + 1, 14, cursor, scale=2, ink=0)
        c.centred(40, text(language, self.message or "name.help"))
        c.hints()
        c.ok_chip()
        c.card_marks("«", "▼", "", "✕")


class RosterFlow:
    """The list of names and the typing of a new one; shared by every pad, like the menu."""

    def __init__(self, state_dir: str | Path) -> None:
        self.state_dir = state_dir
        self.names = roster.load(state_dir)
        self.cursor = 0
        self.deleting = False
        self.typing: list[str] | None = None
        self.current = "A"
        self.message = ""

    def press(self, button: Button) -> str | None:
        """``"menu"`` when leaving for the menu, else None."""
        if self.typing is not None:
            self._type(button)
            return None
        if button is Button.CARD4 and self.cursor > 0:
            if self.deleting:
                del self.names[self.cursor - 1]
                roster.save(self.state_dir, self.names)
                self.cursor = min(self.cursor, len(self.names))
            self.deleting = not self.deleting
            return None
        self.deleting = False
        if button in (Button.CARD1, Button.CARD2):
            step = -1 if button is Button.CARD1 else 1
            self.cursor = max(0, min(len(self.names), self.cursor + step))
        elif button is Button.LEFT:
            return "menu"
        elif button is Button.CENTRE and self.cursor == 0 and len(self.names) < roster.MAX_NAMES:
            self.typing, self.current, self.message = [], "A", ""
        return None

    def _type(self, button: Button) -> None:
        assert self.typing is not None
        self.message = ""
        if button in (Button.LEFT, Button.RIGHT):
            step = 1 if button is Button.RIGHT else -1
            alphabet = roster.ALPHABET
            self.current = alphabet[(alphabet.index(self.current) + step) % len(alphabet)]
        elif button is Button.CARD2 and len(self.typing) + 1 < roster.MAX_LENGTH:
            self.typing.append(self.current)
            self.current = "A"
        elif button is Button.CARD1:
            if self.typing:
                self.current = self.typing.pop()
            else:
                self.typing = None                       # « on an empty name: give up
        elif button is Button.CARD4:
            self.typing = None
        elif button is Button.CENTRE:
            name = roster.tidy("".join(self.typing) + self.current)
            if not roster.valid(name):
                self.message = "name.help"
            elif name in self.names:
                self.message = "name.taken"
            else:
                self.names.append(name)
                roster.save(self.state_dir, self.names)
                self.cursor = 0                          # ready for the next name
                self.typing = None

    def screen(self) -> RosterScreen | NameScreen:
        if self.typing is not None:
            return NameScreen("".join(self.typing), self.current, self.message)
        return RosterScreen(tuple(self.names), self.cursor, self.deleting)


@dataclass(frozen=True)
class PickScreen:
    seat_label: str
    options: tuple[str, ...]
    cursor: int
    picked: bool
    taken: tuple[int, ...]

    def draw(self, c: Canvas, language: str) -> None:
        c.title_bar(f"{text(language, 'pick.title')} {self.seat_label}")
        names = (text(language, "pick.guest"), *self.options[1:])
        marks = {i: "✕" for i in self.taken}
        if self.picked:
            marks[self.cursor] = "✓"
        list_rows(c, [(name, marks.get(i, "")) for i, name in enumerate(names)], self.cursor)
        if self.picked:
            c.banner(text(language, "pick.wait"))
            return
        c.hint_words(left="◀")
        c.ok_hint(text(language, "pick.ok"))
        c.card_marks("▲", "▼")


@dataclass(frozen=True)
class PickBenchScreen:
    """A pad with no person in this match, while the others choose."""

    def draw(self, c: Canvas, language: str) -> None:
        c.centred(20, text(language, "pick.bench"))
        c.centred(34, "…")


class PickFlow:
    """Each person's pad chooses a name (or guest) before the match starts."""

    def __init__(self, names: Sequence[str], seats: Mapping[int, str],
                 labels: Mapping[str, str] | None = None) -> None:
        self.options = ("guest", *names)
        self.seats = dict(seats)
        """The pads that choose, and the seat each plays."""
        self.labels = dict(labels or {})
        self.cursor = {pad: 0 for pad in seats}
        self.picked: dict[int, bool] = {pad: False for pad in seats}

    def _taken(self, pad: int) -> set[int]:
        return {self.cursor[other] for other, done in self.picked.items()
                if done and other != pad and self.cursor[other] != 0}

    def press(self, pad: int, button: Button) -> str | None:
        """``"menu"`` (given up), ``"start"`` (everyone has chosen), or None."""
        if button is Button.LEFT:
            return "menu"
        if pad not in self.seats:
            return None
        if button is Button.CENTRE:
            if self.picked[pad]:
                self.picked[pad] = False
            elif self.cursor[pad] not in self._taken(pad):
                self.picked[pad] = True
            return "start" if all(self.picked.values()) else None
        if button in (Button.CARD1, Button.CARD2) and not self.picked[pad]:
            step = -1 if button is Button.CARD1 else 1
            self.cursor[pad] = max(0, min(len(self.options) - 1, self.cursor[pad] + step))
        return None

    def people(self) -> dict[str, str]:
        """The names chosen, by seat (guests left out)."""
        return {seat: self.options[self.cursor[pad]] for pad, seat in self.seats.items()
                if self.cursor[pad] != 0}

    def screen(self, pad: int) -> PickScreen | PickBenchScreen:
        if pad not in self.seats:
            return PickBenchScreen()
        seat = self.seats[pad]
        return PickScreen(self.labels.get(seat, seat), self.options, self.cursor[pad],
                          self.picked[pad], tuple(sorted(self._taken(pad))))
