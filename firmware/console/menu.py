"""The main menu: one list of settings, driven from either pad.

Buttons (the same on every pad): CARD1 ▲ and CARD2 ▼ move between lines, LEFT ◀ and
RIGHT ▶ change the value of the highlighted line, CENTRE (OK) starts the match — except on a
line that opens a page (stats, names, tournament), where OK opens it like ◀ ▶: a stray OK
there never starts a match. Lines appear only when they matter: each game adds its own (its
entry's ``rows``), e.g. Chifootmi's CPU difficulty with "vs CPU" and its three optional rules
with "Pro+" or "House rules".

Kids' mode (the "Kids" line) hides the lines it fixes (each game's ``ConsoleEntry.kids``). With the
settings locked (a café unit: :data:`LOCK_CODE` typed on the card buttons, or
``--lock-settings``), only the game and who plays can be changed; the other lines show their
value without ◀ ▶ and a padlock sits in the title bar.
"""
from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any

from firmware.games.spec import Row
from firmware.games.registry import GAMES, entry_for
from firmware.i18n import STRINGS, text
from firmware.render import LIST_ROWS, WIDTH, Canvas
from firmware.storage.settings import Settings
from hal.buttons import Button

VISIBLE_ROWS = LIST_ROWS
LOCK_CODE = (Button.CARD4, Button.CARD4, Button.CARD3, Button.CARD4, Button.CARD3, Button.CARD3)
"""Typed on the card buttons in the menu (any pad), it locks or unlocks the settings; any
other button starts it again. CARD3 and CARD4 do nothing else in the menu."""
__all__ = ["LOCK_CODE", "Menu", "MenuAction", "MenuScreen", "Row", "rows", "value_text"]


class MenuAction(enum.Enum):
    """What a press in the menu asks of the console."""

    START = "start"
    """OK: play the game with these settings."""
    CHANGED = "changed"
    """A setting changed (the console saves them)."""
    MOVED = "moved"
    STATS = "stats"
    """◀ ▶ on the stats line: show the stats page."""
    ROSTER = "roster"
    """◀ ▶ on the names line: the players' names."""
    TOURNAMENT = "tournament"
    """◀ ▶ on the tournament line."""
    POWER = "power"
    """OK or ◀ ▶ on the power-off line: ask whether to power off."""
    PHONES = "phones"
    """OK or ◀ ▶ on the phones line: the page with the codes that let phones join."""


PAGES = ("stats", "roster", "tournament", "phones", "power")
"""Lines that open a page (◀ ▶) instead of changing a setting."""
SLEEP_MINUTES = (0, 2, 5, 10, 30)
"""The sleep line's choices (0: never)."""
INFO = ("club", "buzzer")
"""Lines that only say something (◀ ▶ do nothing)."""


def rows(settings: Settings, played: int = 0, pad_count: int = 2, names: int | None = None,
         tournament: str | None = None, club: str | None = None, power: bool = False,
         silent: bool = False, phones: str | None = None) -> list[Row]:
    """The menu lines now: the game, that game's own lines (its entry's), then the
    console's (sound, language, and the stats once a match was played); on a console with
    phones, the phones' line; on a console that can power off, when to sleep and the
    power-off line; a buzzer fitted but ``silent`` (it could not be opened) says so under the
    sound line."""
    entry = entry_for(settings.game)
    shown = [Row("game", "menu.game", tuple(GAMES), unlocked=True)]
    kids = entry.console.kids
    shown += [replace(row, game=entry.name)
              for row in entry.console.rows(settings.for_match(entry.name, entry.console.settings, kids), pad_count)
              if not (settings.kids and row.field in kids)]
    shown += [Row("kids", "menu.kids", (False, True)),
              Row("sound", "menu.sound", (True, False))]
    if silent:
        shown.append(Row("buzzer", "menu.buzzer", ("",)))
    shown.append(Row("language", "menu.language", ("fr", "en")))
    if power:
        shown.append(Row("sleep", "menu.sleep", SLEEP_MINUTES))
    if played:
        shown.append(Row("stats", "menu.stats", (played,)))
    if names is not None:
        shown.append(Row("roster", "menu.roster", (names,)))
    if tournament is not None:
        shown.append(Row("tournament", "menu.tournament", (tournament,)))
    if club is not None:
        shown.append(Row("club", "menu.club", (club,)))
    if phones is not None:
        shown.append(Row("phones", "menu.phones", (phones,), unlocked=True))
    if power:
        shown.append(Row("power", "power.menu", ("",)))
    return shown


def value_text(row: Row, value: object, language: str) -> str:
    if row.field == "game":
        return entry_for(str(value)).title
    if row.field in ("stats", "roster", "phones"):
        return str(value)
    if row.field == "tournament":
        return str(value) or text(language, "tour.none")
    if row.field == "club":
        return text(language, f"club.{value}")
    if row.field == "buzzer":
        return text(language, "menu.buzzer_unset")
    if row.field == "language":
        return text(str(value), "language.name")
    if row.field == "sleep":
        return text(language, "sleep.minutes", minutes=value) if value else text(language, "sleep.off")
    if row.field == "power":
        return ""
    if row.show is not None:
        return row.show(value, language)
    if row.prefix is not None:
        key = row.prefix + str(value)
        return text(language, key) if key in STRINGS else str(value)
    if isinstance(value, bool):
        return text(language, "yes" if value else "no")
    return str(value)


@dataclass(frozen=True)
class MenuScreen:
    lines: tuple[tuple[str, str], ...]
    cursor: int
    top: int
    locked: bool = False
    """The settings are locked: a padlock in the title bar."""
    fixed: frozenset[int] = frozenset()
    """Lines whose value cannot be changed now (shown without ◀ ▶)."""
    alert: bool = False
    """Club play cannot reach the league: the title says so (the club line says why)."""
    opens: bool = False
    """The cursor's line opens a page (stats, names, tournament): OK opens it, not a match."""

    def draw(self, c: Canvas, language: str) -> None:
        c.title_bar(text(language, "menu.club_alert") if self.alert else "PitchPad")
        if self.locked:
            draw_padlock(c, 58, 0)
        c.text(WIDTH - 32, -2, f"{self.cursor + 1:>2}/{len(self.lines)}", ink=0)
        for row, (label, value) in enumerate(self.lines[self.top:self.top + VISIBLE_ROWS]):
            if self.top + row == self.cursor:
                shown = value if self.top + row in self.fixed else f"◀{value}▶"
                c.list_row(row, label, shown, chosen=True, x0=1, x1=WIDTH - 1)
            else:
                c.list_row(row, label, value, x0=1, x1=WIDTH - 7)
        c.ok_hint(text(language, "menu.open" if self.opens else "menu.play"))
        c.card_marks("▲", "▼")


def draw_padlock(c: Canvas, x: int, y: int) -> None:
    """A 7x9 padlock in black on the inverted title bar: the settings are locked."""
    c.draw.rectangle([x, y + 4, x + 6, y + 8], fill=0)
    c.draw.arc([x + 1, y, x + 5, y + 7], 180, 360, fill=0)


class Menu:
    """The menu's cursor over the settings; returns what a press asks for."""

    def __init__(self, settings: Settings, pad_count: int = 2) -> None:
        self.settings = settings
        self.pad_count = pad_count
        """Pads attached: a game's lines offer only what they allow."""
        self.cursor = 0
        self.top = 0
        self.played = 0
        """Matches in the results history; the stats line shows only once there is one."""
        self.names: int | None = None
        """Players' names on this unit (``firmware.storage.roster``); None: no names line."""
        self.tournament: str | None = None
        """The tournament line's value (``""``: none yet); None: no tournament line."""
        self.club: str | None = None
        """Club play's state (``firmware.club.unit.ClubLink.state``); None: no club line."""
        self.silent = False
        """The buzzer is fitted but could not be opened (``hal.buzzer.Buzzer.trouble``): a line
        says it is not set up, so whoever runs the unit knows to run ``pitchpad doctor``."""
        self.phones: str | None = None
        """How many phones are connected (``firmware.console.phone_screens``); None: a console
        without phones, no phones line."""
        self.power = False
        """The console can power off (a battery handheld, the simulator): the sleep and
        power-off lines."""
        self.forced_lock = False
        """Locked by the unit's owner (``--lock-settings``): the button code cannot lift it."""
        self.code_typed: tuple[Button, ...] = ()
        """The last presses, as many as :data:`LOCK_CODE` has."""

    @property
    def locked(self) -> bool:
        return self.forced_lock or self.settings.locked

    def fixed(self, row: Row) -> bool:
        """Whether ``row``'s value cannot be changed now (the settings lock, or a line that
        only says something)."""
        return (row.field in INFO or row.field == "power"
                or self.locked and not row.unlocked and row.field not in PAGES)

    def set_pad_count(self, count: int) -> None:
        """Pads came or went (a phone joined or was let go): the game's lines offer what the
        pads allow now, and the cursor stays on the line it was on."""
        if count == self.pad_count:
            return
        field = self.rows()[self.cursor].field
        self.pad_count = count
        now = [row.field for row in self.rows()]
        self.cursor = now.index(field) if field in now else min(self.cursor, len(now) - 1)
        self.top = max(min(self.top, self.cursor), self.cursor - VISIBLE_ROWS + 1)

    def rows(self) -> list[Row]:
        return rows(self.settings, self.played, self.pad_count, self.names, self.tournament, self.club,
                    self.power, self.silent, self.phones)

    def game_settings(self) -> Any:
        """The settings of the game the menu shows (its entry's dataclass), as chosen (kids'
        mode does not change them: see :meth:`firmware.storage.settings.Settings.for_match`)."""
        entry = entry_for(self.settings.game)
        return self.settings.of(entry.name, entry.console.settings)

    def value(self, row: Row) -> Any:
        """The value ``row`` shows now."""
        if row.field in PAGES or row.field in INFO:
            return row.values[0]
        if row.game is None:
            return getattr(self.settings, row.field)
        entry = entry_for(self.settings.game)
        return getattr(self.settings.for_match(entry.name, entry.console.settings, entry.console.kids), row.field)

    def _set(self, row: Row, value: Any) -> None:
        if row.game is None:
            self.settings = replace(self.settings, **{row.field: value})
        else:
            self.settings = self.settings.with_game(
                row.game, replace(self.game_settings(), **{row.field: value}))

    def press(self, button: Button) -> MenuAction | None:
        """What the press asks for (:class:`MenuAction`), or None."""
        shown = self.rows()
        if self._typed_code(button):
            if self.forced_lock:
                return None
            self.settings = replace(self.settings, locked=not self.settings.locked)
            return MenuAction.CHANGED
        if button is Button.CENTRE:
            row = shown[self.cursor]
            return MenuAction(row.field) if row.field in PAGES else MenuAction.START
        if button in (Button.CARD1, Button.CARD2):
            step = -1 if button is Button.CARD1 else 1
            cursor = max(0, min(len(shown) - 1, self.cursor + step))
            if cursor == self.cursor:
                return None
            self.cursor = cursor
            self.top = max(min(self.top, cursor), cursor - VISIBLE_ROWS + 1)
            return MenuAction.MOVED
        if button in (Button.LEFT, Button.RIGHT):
            row = shown[self.cursor]
            if row.field in PAGES:
                return MenuAction(row.field)
            if self.fixed(row):
                return None
            value = self.value(row)
            index = row.values.index(value) if value in row.values else 0
            index = (index + (1 if button is Button.RIGHT else -1)) % len(row.values)
            self._set(row, row.values[index])
            now = [each.field for each in self.rows()]   # lines come and go: stay on this one
            self.cursor = now.index(row.field) if row.field in now else min(self.cursor, len(now) - 1)
            self.top = max(min(self.top, self.cursor), self.cursor - VISIBLE_ROWS + 1)
            return MenuAction.CHANGED
        return None

    def _typed_code(self, button: Button) -> bool:
        """Follow :data:`LOCK_CODE`; True when this press completes it."""
        self.code_typed = (self.code_typed + (button,))[-len(LOCK_CODE):]
        if self.code_typed == LOCK_CODE:
            self.code_typed = ()
            return True
        return False

    def screen(self) -> MenuScreen:
        language = self.settings.language
        shown = self.rows()
        lines = tuple((text(language, row.label), value_text(row, self.value(row), language))
                      for row in shown)
        fixed = frozenset(index for index, row in enumerate(shown) if self.fixed(row))
        alert = self.club not in (None, "connected", "connecting")
        return MenuScreen(lines, self.cursor, self.top, self.locked, fixed, alert,
                          shown[self.cursor].field in PAGES)
