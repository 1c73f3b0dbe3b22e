"""Phones at the table: which pads they hold, and the page that lets them join.

The menu's "Téléphones"/"Phones" line (a console with phones: a ``[phones]`` table in its config,
or the simulator) opens a page on the screens. ◀ ▶ turn its views:

- **Wi-Fi** (a unit that makes its own): a code that joins the phone to the unit's Wi-Fi;
- **Play**: a code for the first pad no phone holds ("Manette 3"); once a phone takes it, the
  next pad's code comes (a code serves once);
- the same as **text**, for a phone that cannot scan: the address, then the code;
- **Watch**: a code to follow the match as a spectator, and it as text;
- **Phones**: who is connected; CARD1 ▲ / CARD2 ▼ choose a phone, CARD4 ✕ lets it go (its pad
  is free again).

OK goes back to the menu. Every code on offer expires when the page closes. A phone that just
joined shows "Manette 3 ✓" while the page stays open: the console's screens keep the codes.

The pads a console counts are its own, then the phones' pads a phone holds (:class:`PhonePads`),
without gaps: a phone let go makes the phones after it move down one pad, outside a match.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from firmware.i18n import STRINGS, text
from firmware.render import HEIGHT, HINT_Y, WIDTH, Canvas, text_width, wrap
from firmware.render.qr import TooLong, draw_code
from firmware.console.roster_screens import list_rows
from hal.buttons import Button
from hal.console import Console
from hal.phones import Hotspot, Invite, NoPhones, PhoneState, Phones

STRINGS.update({
    "menu.phones": ("Téléphones", "Phones"),
    "phones.pad": ("Manette {pad}", "Pad {pad}"),
    "phones.scan": ("Scanne", "Scan"),
    "phones.to_play": ("pour jouer", "to play"),
    "phones.watch": ("Regarder", "Watch"),
    "phones.to_watch": ("pour voir", "to watch"),
    "phones.wifi": ("Wi-Fi", "Wi-Fi"),
    "phones.wifi_first": ("d'abord", "first"),
    "phones.no_camera": ("Sans appareil photo", "Without a camera"),
    "phones.too_long": ("Code trop long", "Code too long"),
    "phones.list": ("Portables", "Phones"),
    "phones.here": ("✓ là", "✓ here"),
    "phones.away": ("parti…", "away…"),
    "phones.none": ("Aucun téléphone", "No phone yet"),
    "phones.watching": ("Spectateurs", "Watching"),
    "phones.you_are": ("Tu es la", "You are"),
    "phones.this_phone": ("Tu joues ici", "You play here"),
    "phones.back": ("OK=menu", "OK=menu"),
    "phones.password": ("Mot de passe", "Password"),
    "phones.waiting": ("En attente d'un match", "Waiting for a match"),
    "phones.gone": ("Téléphone {pad} parti…", "Phone {pad} went away…"),
    "phones.back_in": ("Téléphone {pad} revenu ✓", "Phone {pad} is back ✓"),
})


NEWS_FOR = 3.0
"""How long the other pads say that a phone went away or came back, in a match."""


class PhonePads:
    """The pads the console counts: its own, then each phone's pad a phone holds (here or
    away), kept without gaps."""

    def __init__(self, console: Console) -> None:
        self.phones: Phones = console.phones
        self.own = console.pad_count - len(self.phones.pads)
        self.seen = {pad: PhoneState.FREE for pad in self.phones.pads}
        """Each phone pad's state when last looked at (:meth:`changes`)."""

    def changes(self) -> list[tuple[int, PhoneState]]:
        """The phone pads whose state changed since the last look, with the new state."""
        changed = []
        for pad in self.phones.pads:
            state = self.phones.state(pad)
            if state is not self.seen[pad]:
                changed.append((pad, state))
                self.seen[pad] = state
        return changed

    @property
    def offered(self) -> bool:
        """The console has phones (its menu shows the phones' line)."""
        return not isinstance(self.phones, NoPhones)

    def held(self) -> tuple[int, ...]:
        """The phones' pads a phone holds now, in order."""
        return tuple(pad for pad in self.phones.pads if self.phones.state(pad) is not PhoneState.FREE)

    def count(self) -> int:
        """How many pads the console counts now: its own and the held phones' pads before the
        first free one."""
        count = self.own
        for pad in self.phones.pads:
            if self.phones.state(pad) is PhoneState.FREE:
                break
            count += 1
        return count

    def tidy(self) -> bool:
        """Move phones down into free pads before them (outside a match only: a match's seats
        stand at their pads); True when one moved."""
        moved = False
        free: list[int] = []
        for pad in self.phones.pads:
            if self.phones.state(pad) is PhoneState.FREE:
                free.append(pad)
            elif free:
                to = free.pop(0)
                self.phones.move(pad, to)
                free.append(pad)
                moved = True
        return moved

    def next_free(self) -> int | None:
        return next((pad for pad in self.phones.pads if self.phones.state(pad) is PhoneState.FREE), None)

    def summary(self) -> str:
        """The menu line's value: how many phones are connected now."""
        here = sum(1 for pad in self.phones.pads if self.phones.state(pad) is PhoneState.HERE)
        return str(here + self.phones.spectators)


VIEWS = ("wifi", "play", "play_text", "watch", "watch_text", "list")


@dataclass
class PhonesFlow:
    """The phones page: its view, the codes it shows, the phone chosen in its list."""

    pads: PhonePads
    view: str = "play"
    cursor: int = 0
    seat: Invite | None = None
    watch: Invite | None = None
    shown: tuple[str, ...] = field(default_factory=tuple)

    def open(self) -> None:
        """Fresh codes: a seat's (when a phone pad is free) and a spectator's."""
        phones = self.pads.phones
        self.views()
        free = self.pads.next_free()
        self.seat = phones.invite(free) if free is not None else None
        self.watch = phones.invite(None)
        self.view = self.views()[0]
        self.cursor = 0

    def close(self) -> None:
        """Every code on offer expires."""
        self.pads.phones.withdraw()
        self.seat = self.watch = None

    def tick(self) -> None:
        """A seat's code serves once: when its pad was taken, the next free pad's code."""
        seat = self.seat
        if seat is not None and seat.pad is not None and self.pads.phones.state(seat.pad) is not PhoneState.FREE:
            free = self.pads.next_free()
            self.seat = self.pads.phones.invite(free) if free is not None else None
        elif seat is None and (free := self.pads.next_free()) is not None:
            self.seat = self.pads.phones.invite(free)
        if self.view not in self.views():
            self.view = self.views()[0]

    def views(self) -> tuple[str, ...]:
        hotspot = self.pads.phones.hotspot is not None
        return tuple(view for view in VIEWS
                     if (view != "wifi" or hotspot) and (not view.startswith("play") or self.seat is not None))

    def press(self, button: Button) -> str | None:
        """What a press does; ``"menu"`` when the page closes."""
        views = self.views()
        if button is Button.CENTRE:
            self.close()
            return "menu"
        if button in (Button.LEFT, Button.RIGHT):
            step = 1 if button is Button.RIGHT else -1
            index = views.index(self.view) if self.view in views else 0
            self.view = views[(index + step) % len(views)]
        elif self.view == "list" and button in (Button.CARD1, Button.CARD2):
            step = -1 if button is Button.CARD1 else 1
            self.cursor = max(0, min(len(self.pads.held()) - 1, self.cursor + step))
        elif self.view == "list" and button is Button.CARD4:
            held = self.pads.held()
            if held:
                self.pads.phones.release(held[min(self.cursor, len(held) - 1)])
                self.pads.tidy()
                self.cursor = max(0, min(self.cursor, len(self.pads.held()) - 1))
        return None

    def screen(self, pad: int) -> object:
        """Pad ``pad``'s screen: a phone that joined says so; the others show the view."""
        phones = self.pads.phones
        if pad in phones.pads and phones.state(pad) is not PhoneState.FREE:
            return JoinedScreen(pad)
        views = self.views()
        place = (views.index(self.view) + 1 if self.view in views else 1, len(views))
        if self.view == "wifi" and phones.hotspot is not None:
            return WifiScreen(phones.hotspot, place)
        if self.view in ("play", "play_text") and self.seat is not None:
            return CodeScreen(self.seat, self.view == "play_text", place)
        if self.view in ("watch", "watch_text") and self.watch is not None:
            return CodeScreen(self.watch, self.view == "watch_text", place)
        lines = tuple((pad, phones.state(pad) is PhoneState.HERE) for pad in self.pads.held())
        return PhoneListScreen(lines, phones.spectators, min(self.cursor, max(0, len(lines) - 1)), place)


def _place(c: Canvas, place: tuple[int, int], x: int, y: int) -> None:
    c.text(x, y, f"◀{place[0]}/{place[1]}▶")


def _code_or_text(c: Canvas, content: str, language: str) -> bool:
    """The code in the left square, or (too long for a panel's code) a word saying so."""
    try:
        draw_code(c, content)
    except TooLong:
        c.text(0, 22, text(language, "phones.too_long"))
        return False
    return True


COLUMN_X = HEIGHT + 3
"""Where the words beside a code start: the code's square is the panel's height wide."""


@dataclass(frozen=True)
class CodeScreen:
    """A join code: the QR code on the left, what it is for on the right; or (``as_text``)
    the address and the code written out, for a phone that cannot scan."""

    invite: Invite
    as_text: bool
    place: tuple[int, int]

    def draw(self, c: Canvas, language: str) -> None:
        title = (text(language, "phones.pad", pad=self.invite.pad) if self.invite.pad is not None
                 else text(language, "phones.watch"))
        if self.as_text:
            self._as_text(c, language, title)
            return
        _code_or_text(c, self.invite.url, language)
        c.box(COLUMN_X - 1, 0, WIDTH - 1, 10, filled=True)
        c.text(COLUMN_X + 1, 0, title, ink=0)
        first, second = (("phones.scan", "phones.to_play") if self.invite.pad is not None
                         else ("phones.scan", "phones.to_watch"))
        c.text(COLUMN_X, 14, text(language, first))
        c.text(COLUMN_X, 25, text(language, second))
        _place(c, self.place, COLUMN_X, 41)
        c.text(COLUMN_X, HINT_Y - 1, text(language, "phones.back"))

    def _as_text(self, c: Canvas, language: str, title: str) -> None:
        c.title_bar(text(language, "phones.no_camera"))
        address = self.invite.address.lower().removeprefix("http://").rstrip("/")
        c.text(1, 12, address)
        code = "#" + self.invite.code
        groups = " ".join(code[i:i + 5] for i in range(0, len(code), 5))
        for row, line in enumerate(wrap(groups, WIDTH - 2)[:2]):
            c.text(1, 22 + 10 * row, line)
        _place(c, self.place, 0, HINT_Y - 1)
        c.ok_chip()                             # OK (the menu) over the centre button
        c.right(WIDTH - 1, HINT_Y - 1, title if text_width(title) <= 54 else "")


@dataclass(frozen=True)
class WifiScreen:
    """The unit's own Wi-Fi: a code that joins it (then the play code's view)."""

    hotspot: Hotspot
    place: tuple[int, int]

    def draw(self, c: Canvas, language: str) -> None:
        if not _code_or_text(c, self.hotspot.join_text(), language):
            c.text(0, 33, self.hotspot.ssid[:10])
            c.text(0, 44, self.hotspot.password[:10])
        c.box(COLUMN_X - 1, 0, WIDTH - 1, 10, filled=True)
        c.text(COLUMN_X + 1, 0, text(language, "phones.wifi"), ink=0)
        c.text(COLUMN_X, 14, text(language, "phones.scan"))
        c.text(COLUMN_X, 25, text(language, "phones.wifi_first"))
        _place(c, self.place, COLUMN_X, 41)
        c.text(COLUMN_X, HINT_Y - 1, text(language, "phones.back"))


@dataclass(frozen=True)
class PhoneListScreen:
    """Who is connected: each phone's pad, here or away; the spectators. ✕ (CARD4) lets the
    chosen phone go."""

    lines: tuple[tuple[int, bool], ...]
    spectators: int
    cursor: int
    place: tuple[int, int]

    def draw(self, c: Canvas, language: str) -> None:
        c.title_bar(text(language, "phones.list"), f"◀{self.place[0]}/{self.place[1]}▶")
        rows = [(text(language, "phones.pad", pad=pad), text(language, "phones.here" if here else "phones.away"))
                for pad, here in self.lines]
        if not rows:
            c.list_row(0, text(language, "phones.none"))
        else:
            list_rows(c, rows[:3], min(self.cursor, 2))
        c.list_row(3, text(language, "phones.watching"), str(self.spectators))
        c.ok_chip()                             # OK (the menu) over the centre button
        if rows:                                # CARD1 ▲, CARD2 ▼, CARD4 ✕ under their columns
            c.card_marks("▲", "▼", "", "✕")


@dataclass(frozen=True)
class JoinedScreen:
    """A phone that holds a pad, while the phones page is open: it is in."""

    pad: int

    def draw(self, c: Canvas, language: str) -> None:
        c.centred(2, text(language, "phones.you_are"))
        c.centred(15, text(language, "phones.pad", pad=self.pad), scale=2)
        c.centred(38, "✓ " + text(language, "phones.this_phone"))
        c.hints()
        c.ok_hint(text(language, "result.back"))


@dataclass(frozen=True)
class WatchWaiting:
    """A phone that watches, while no match is played."""

    def draw(self, c: Canvas, language: str) -> None:
        c.centred(8, "PitchPad", scale=2)
        c.centred(30, text(language, "watch.header"))
        c.centred(44, text(language, "phones.waiting"))


@dataclass(frozen=True)
class PhoneNews:
    """A phone that holds a seat went away or came back, in a match: an inverted top bar over
    the other pads' screens for :data:`NEWS_FOR` seconds (its seat plays as an absent player's
    meanwhile: the move clock, the unattended rule)."""

    pad: int
    back: bool

    def draw(self, c: Canvas, language: str) -> None:
        c.box(0, 0, WIDTH - 1, 10, filled=True)
        c.centred(0, text(language, "phones.back_in" if self.back else "phones.gone", pad=self.pad), ink=0)
