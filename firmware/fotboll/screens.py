"""What each Fotboll screen shows, and how it is drawn on 128x64.

:func:`build` makes a small frozen model from the seat's frozen state (:class:`SeatState`,
computed by the session once per change from the seat's view only; never the match).
The pitch is seen from the side, your goal on the left, theirs on the right; each line
of the formation is a column of small card boxes::

    [1] 32 ▶9D        1/2     30 [0]     score, library, the card you drew, half
    [A]  [K] [3] [7]  [?] [?] [?]  [?]   your GK D M F   |   their F M D GK
         [8] [Q] [5]  [?] [4] [?]        (values where known, ? face down,
         ...                              dotted when empty, ✕ when removed)
    ◀▶ cible  OK=attaque                 what the buttons do now

The cursor (a filled box) only ever stands on a legal choice.

Both screens of a two-player console share one 400 kHz I2C bus, where two whole frames take
46 ms: a press that changes both screens must keep most of their pages (``docs/performance.md``).
So a move both screens show first *flips* (:class:`FlipScreen`: each screen as it was, with the
move shown in place and on an inverted bottom bar), and the kick-off and the result are sheets
over the menu (the bottom half only).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Union

from engine.fotboll import FORMATIONS, Card, FotbollView, TeamView
from engine.fotboll import events as ev
from firmware.i18n import text
from firmware.render import HINT_Y, SHEET_Y, WIDTH, Canvas, fitting, text_width
from firmware.games.spec import HeadlineNames
from firmware.games.session import Step
from firmware.games.sheets import (CpuPadScreen, ResultScreen, Standing, draw_you_are, word_in,
                                   you_are_label)

PITCH_TOP, PITCH_BOTTOM = 8, 53
BOX_W, BOX_H, STEP = 14, 10, 9
"""Boxes of a line share their borders: five fit between the top bar and the hints."""
MARKS = {"refill": "+", "replace": "×", "sub": "S"}
SHOOTOUT_BOXES = {"left": 8, "centre": 50, "right": 92}
"""Left edge of each side's box on the shoot-out screen (28 wide, rows 34..50)."""
__all__ = ["build", "flipped", "PitchScreen", "FormationScreen", "DuelScreen", "ShootoutScreen",
           "FlipScreen", "ResultScreen", "KickoffScreen", "CpuPadScreen"]


SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
FRENCH_FACES = {"J": "V", "Q": "D", "K": "R"}
"""Valet, Dame, Roi: the letters on a French deck."""


def face(card: Card | None, language: str = "en") -> str:
    """The rank alone, as the players' own deck prints it: ``"10"``, FR ``"V"`` (valet)."""
    if card is None:
        return "?"
    return FRENCH_FACES.get(card.face, card.face) if language == "fr" else card.face


def card_label(card: Card | None, language: str) -> str:
    """Rank and suit symbol, ``"10♦"``, FR ``"D♠"`` (dame); ``"-"`` for no card."""
    if card is None:
        return "-"
    return face(card, language) + SUITS.get(card.suit, "")


def position_name(position: str, language: str, short: bool = False) -> str:
    """A position in words a child knows: "gardien", "défenseur 2"; ``short``: "G", "D2"
    (French letters in French: A for attaquant)."""
    line = "GK" if position == "GK" else position[0]
    number = "" if position == "GK" else position[1:]
    if short:
        return text(language, "fb.pos_short." + line) + number
    return (text(language, "fb.pos." + line) + " " + number).strip()


def positions_text(positions: tuple[str, ...], language: str, width: int) -> str:
    """Positions in words when they fit ``width`` px, else their short names."""
    return fitting(width, ", ".join(position_name(p, language) for p in positions),
                   " ".join(position_name(p, language, short=True) for p in positions))


def _columns(team: TeamView, mine: bool) -> list[tuple[int, list[str]]]:
    """(x, positions top to bottom) for each line; yours GK..F left to right, theirs mirrored.
    Facing right, your left hand is up; facing left, theirs is down."""
    assert team.formation is not None                   # a pitch is drawn once the teams line up
    formation = FORMATIONS[team.formation]
    lines = [["GK"]] + [[p for p in formation.outfield if p[0] == line] for line in "DMF"]
    if mine:
        return [(i * 16 + 1, positions) for i, positions in enumerate(lines)]
    return [(WIDTH - 15 - i * 16, positions[::-1]) for i, positions in enumerate(lines)]


def _places(team: TeamView, mine: bool) -> dict[str, tuple[int, int]]:
    """The top-left corner of each position's box, each line centred on the pitch."""
    places = {}
    for x, positions in _columns(team, mine):
        y0 = PITCH_TOP + (PITCH_BOTTOM - PITCH_TOP - len(positions) * STEP) // 2
        for i, position in enumerate(positions):
            places[position] = (x, y0 + i * STEP)
    return places


def reading_order(team: TeamView, positions: Sequence[str], mine: bool) -> tuple[str, ...]:
    """``positions`` of ``team`` as the pitch shows them, column by column from the left, each
    from the top: the order ◀ ▶ step through, so ▶ goes right. The formation's order (GK, D,
    M, F) runs right to left on the other team's half, which is drawn mirrored: ▶ went left,
    jumping from the top of a column to the bottom of the next."""
    places = _places(team, mine)
    return tuple(sorted(positions, key=lambda position: places[position]))


def _team(c: Canvas, team: TeamView, mine: bool, cursor: str | None,
          marks: dict[str, str], language: str) -> None:
    for position, (x, y) in _places(team, mine).items():
        slot = team.slot(position)
        chosen = position == cursor
        if slot is None:                                     # removed by a red card
            c.draw.line([(x + 3, y + 1), (x + BOX_W - 4, y + BOX_H - 2)], fill=1)
            c.draw.line([(x + 3, y + BOX_H - 2), (x + BOX_W - 4, y + 1)], fill=1)
            continue
        if slot.empty and not chosen:
            c.draw.point([(px, py) for px in range(x, x + BOX_W, 2) for py in (y, y + BOX_H - 1)],
                         fill=1)
        else:
            c.box(x, y, x + BOX_W - 1, y + BOX_H - 1, filled=chosen)
        label = MARKS.get(marks.get(position, ""), "") or ("" if slot.empty else face(slot.card, language))
        if label:
            c.centred(y - 1, label, x0=x, x1=x + BOX_W, ink=0 if chosen else 1)
        if not mine and slot.shown and not chosen:
            c.draw.point((x + BOX_W - 2, y + 1), fill=1)   # a card you have seen


def _top(c: Canvas, view: FotbollView, language: str) -> None:
    for x, seat in ((0, view.seat), (WIDTH - 11, view.opponent.seat)):
        c.box(x, 0, x + 10, 7, filled=True)
        c.centred(-2, str(view.score[seat]), x0=x, x1=x + 11, ink=0)
    c.text(13, -2, str(view.you.library))
    c.right(WIDTH - 13, -2, str(view.opponent.library))
    for x, team, direction in ((27, view.you, 1), (WIDTH - 30, view.opponent, -1)):
        marks = "Y" * (team.yellow - 2 * team.red_cards) + "R" * team.red_cards
        for i, mark in enumerate(marks[:3]):
            mx = x + direction * i * 5
            c.box(mx, 1, mx + 2, 6, filled=mark == "R")
    if view.drawn is not None:
        c.centred(-2, "▶" + card_label(view.drawn, language), x0=40, x1=88)
    else:
        c.centred(-2, text(language, f"fb.half_short.{view.half}"), x0=40, x1=88)
    c.draw.line([(64, PITCH_TOP), (64, PITCH_BOTTOM)], fill=1)


@dataclass(frozen=True)
class PitchScreen:
    """Both line-ups; what you decide now (or whose turn it is) on the bottom line."""

    view: FotbollView
    opponent_key: str
    decision: str | None
    cursor: str | None
    marks: tuple[tuple[str, str], ...]
    why: str | None = None
    """Why your last press did nothing (``fb.why.<why>`` on the hint line), if it did."""
    cpu: bool = False
    """A CPU plays this seat (a demo): the hint line says what its team does, no button."""

    def draw(self, c: Canvas, language: str) -> None:
        _top(c, self.view, language)
        marks = dict(self.marks)
        mine = self.decision in ("prepare", "send_off", "keeper")
        _team(c, self.view.you, True, self.cursor if mine else None, marks, language)
        _team(c, self.view.opponent, False, None if mine else self.cursor, {}, language)
        if self.decision is None:
            c.hints(centre=text(language, "fb.their_turn", team=text(language, self.opponent_key)))
        elif self.cpu:
            key = {"prepare": "fb.cpu.prepare", "attack": "fb.cpu.attack"}.get(self.decision,
                                                                               "cpu.choosing")
            c.hints(centre=text(language, key, team=text(language, "team." + self.view.seat)))
        elif self.why is not None:
            c.hints(centre=text(language, "fb.why." + self.why))
        else:
            c.hints(centre=text(language, "fb.hint." + self.decision))


@dataclass(frozen=True)
class FormationScreen:
    view: FotbollView
    formation: str
    removing: tuple[str, ...]
    cursor: str | None
    locked: bool
    cpu: bool = False
    """A CPU chooses for this seat (a demo): "?-?-?" until the flip shows its formation, and
    the hint line says what its team does ("Rouge choisit…"), no button."""

    def draw(self, c: Canvas, language: str) -> None:
        c.centred(0, text(language, f"fb.half.{self.view.half}"))
        if self.cpu:
            c.centred(12, "?-?-?", scale=2)
            key = "cpu.chosen" if self.locked else "cpu.choosing"
            c.hints(centre=text(language, key, team=text(language, "team." + self.view.seat)))
            return
        c.centred(12, ("" if self.locked else "◀ ") + self.formation + ("" if self.locked else " ▶"),
                  scale=2)
        if self.view.you.red_cards:
            room = WIDTH - text_width(text(language, "fb.removed", positions=""))
            shown = positions_text(self.removing, language, room) or "-"
            c.centred(30, text(language, "fb.removed", positions=shown))
            if self.cursor is not None:
                c.centred(40, f"◀ {position_name(self.cursor, language)} ▶")
        if self.locked:
            c.hints(centre=text(language, "hint.locked"))
        elif self.cursor is not None:
            c.hints(centre=text(language, "fb.hint.remove"))
        else:
            c.hints(centre=text(language, "fb.hint.formation"))


@dataclass(frozen=True)
class Told:
    """A move told from one seat's side: big words, a sentence (``{team}``: the other seat)
    and a detail (a penalty's sum) after it. i18n keys but ``detail``."""

    big: str
    line: str = ""
    detail: str = ""


def _yours(mine: bool, you: str, them: str) -> str:
    return you if mine else them


def told(events: Sequence[Any], seat: str) -> Told:
    """What a move's events mean for ``seat``, in words from its side: a duel's result for
    the attacker is the opposite for the defender (F-TURN-3: a win attacks again, a loss
    passes the turn; F-TURN-5: beating the keeper is a goal)."""
    duel = next((e for e in events if isinstance(e, ev.Duel)), None)
    if duel is not None:
        attacking = duel.seat == seat
        keeper = duel.position == "GK"
        if duel.won:
            result = Told(_yours(attacking, "tell.duel_won", "tell.duel_beaten"),
                          _yours(attacking, "fb.you_again", "fb.they_again"))
        else:
            result = Told(_yours(attacking, "tell.duel_lost",
                                 "fb.you_saved" if keeper else "fb.you_blocked"),
                          _yours(attacking, "fb.their_go", "fb.your_go"))
        for event in events:
            if isinstance(event, ev.Goal):
                result = Told("out.goal", _yours(event.seat == seat, "tell.you_score",
                                                 "tell.they_score"), result.detail)
            elif isinstance(event, ev.Penalty):
                detail = f"{'+'.join(str(c.penalty_points) for c in event.cards)}={event.total}"
                if event.scored:
                    result = Told("out.goal", _yours(event.seat == seat, "tell.you_score",
                                                     "tell.they_score"), detail)
                else:
                    result = Told("out.penalty", _yours(event.seat == seat, "tell.they_save",
                                                        "tell.you_save"), detail)
            elif isinstance(event, ev.Booked):
                result = Told("fb.red_card" if event.red_card else "fb.yellow",
                              _yours(event.seat == seat, "fb.for_you", "fb.for_them"))
        return result
    for event in events:
        if isinstance(event, ev.ShootoutKick):
            mine = event.shooter == seat
            if event.scored:
                return Told("out.goal", _yours(mine, "tell.you_score", "tell.they_score"))
            return Told("out.saved", _yours(mine, "tell.they_save", "tell.you_save"))
        if isinstance(event, ev.HalfTime):
            return Told("fb.half_time" if event.half == 1 else "fb.full_time")
        if isinstance(event, ev.SentOff):
            return Told("fb.red_card", _yours(event.seat == seat, "fb.for_you", "fb.for_them"))
    return Told("fb.changes")


DUEL_WORDS = frozenset({"tell.duel_won", "tell.duel_lost", "tell.duel_beaten", "fb.you_saved",
                        "fb.you_blocked"})
"""Big words already from one side: the kids' mode shows them rather than the sentence."""


def reveal_headline(view: FotbollView, events: Sequence[Any], language: str,
                    names: HeadlineNames | None = None) -> str:
    """The reveal in two or three words from ``view``'s seat's side ("Tu marques !", "Arrêt !"
    for a defender whose keeper held): what the kids' mode shows big. ``names.opponent`` names
    the other seat (``cpu``, ``team.*`` or a person's name; its colour by default)."""
    said = told(events, view.seat)
    key = names.opponent if names else "team." + view.opponent.seat
    if not said.line or said.big in DUEL_WORDS:
        return text(language, said.big)
    return text(language, said.line, team=text(language, key))


def _told_line(language: str, said: Told, opponent_key: str) -> str:
    if not said.line:
        return said.detail
    line = text(language, said.line, team=text(language, opponent_key))
    return fitting(WIDTH, f"{line} {said.detail}", line)


def _score_row(c: Canvas, y: int, language: str, opponent_key: str, mine: int,
               theirs: int) -> None:
    """"Toi  1-0  Bleu": the score big between the names, yours first (a name too long for
    its side, the other player's colour)."""
    score = f"{mine}-{theirs}"
    c.centred(y, score, scale=2)
    room = (WIDTH - text_width(score, 2)) // 2 - 5
    c.text(2, y + 6, text(language, "you"))
    c.right(WIDTH - 2, y + 6, word_in(language, opponent_key, room))


@dataclass(frozen=True)
class DuelScreen:
    """A duel on both screens: both cards and what came of it, from this seat's side."""

    view: FotbollView
    opponent_key: str
    attacker: str
    position: str
    attack: Card
    defence: Card | None
    told: Told

    def draw(self, c: Canvas, language: str) -> None:
        mine = self.attacker == self.view.seat
        who = text(language, "you") if mine else text(language, self.opponent_key)
        c.centred(0, fitting(WIDTH, f"{who} ▶ {position_name(self.position, language)}",
                             f"{who} ▶ {position_name(self.position, language, short=True)}"))
        for x0, card in ((10, self.attack), (74, self.defence)):
            c.box(x0, 11, x0 + 43, 31)
            c.centred(12, card_label(card, language), scale=2, x0=x0, x1=x0 + 44)
        c.centred(16, "vs", x0=54, x1=74)
        c.big(32, HINT_Y - 3, text(language, self.told.big))
        c.hints(centre=_told_line(language, self.told, self.opponent_key))


@dataclass(frozen=True)
class EventScreen:
    """A moment without a duel: half time, a substitution seen, a red card, a shoot-out kick
    (with the shoot-out's score), from this seat's side."""

    view: FotbollView
    opponent_key: str
    told: Told
    score: tuple[int, int]
    """Yours first: the match's, or the shoot-out's after a kick (:func:`_score_after`)."""
    changes: tuple[tuple[str, Card], ...] = ()
    """(position, card taken off) of each change seen."""

    def draw(self, c: Canvas, language: str) -> None:
        c.centred(4, text(language, self.told.big), scale=2)
        _score_row(c, 26, language, self.opponent_key, *self.score)
        if self.changes:
            c.hints(centre=changes_text(self.changes, language))
        else:
            c.hints(centre=_told_line(language, self.told, self.opponent_key))


def changes_text(changes: tuple[tuple[str, Card], ...], language: str) -> str:
    """"milieu 4 : D♠" (a card taken off and where), short when several; "4 changements"
    when even the short ones do not fit the line (four changes at once)."""
    return fitting(WIDTH, "  ".join(f"{position_name(p, language)}: {card_label(card, language)}"
                                    for p, card in changes),
                   " ".join(f"{position_name(p, language, short=True)}:{card_label(card, language)}"
                            for p, card in changes),
                   text(language, "fb.changes_n", n=len(changes)))


KICK_MARKS = 10
"""Kicks a shoot-out row has room for between the name and the score (6 px each)."""


def kick_marks(kicks: Sequence[bool]) -> str:
    """A row of kicks, ● scored ✕ missed: every one while they fit, else "…" and the latest
    (sudden death can pass ten kicks a side; a row cut short without a mark miscounts)."""
    marks = "".join("●" if k else "✕" for k in kicks)
    return marks if len(marks) <= KICK_MARKS else "…" + marks[-(KICK_MARKS - 1):]


@dataclass(frozen=True)
class ShootoutScreen:
    view: FotbollView
    opponent_key: str
    role: str
    side: str | None
    locked: bool

    opponent_locked: bool = False
    """The other seat has locked its side in (a ✓ beside its row; never which side)."""
    cpu: bool = False
    """A CPU kicks or dives for this seat (a demo): "Rouge tire", "Rouge choisit…"."""

    def draw(self, c: Canvas, language: str) -> None:
        kicks = self.view.kicks or {}
        goals = self.view.shootout or {}
        for row, seat in enumerate((self.view.seat, self.view.opponent.seat)):
            name = text(language, "you") if seat == self.view.seat else text(language, self.opponent_key)
            c.text(0, row * 11, name[:6])
            c.text(40, row * 11, kick_marks(kicks.get(seat, ())))
            c.right(WIDTH - 12, row * 11, str(goals.get(seat, 0)))
        if self.opponent_locked:
            c.box(WIDTH - 10, 11, WIDTH - 1, 21, filled=True)
            c.text(WIDTH - 8, 11, "✓", ink=0)
        team = text(language, "team." + self.view.seat)
        if self.cpu:
            title = text(language, "tell.their_shot" if self.role == "shoot" else "tell.their_dive",
                         team=team)
        else:
            title = text(language, "you_shoot" if self.role == "shoot" else "you_dive")
        c.centred(22, title)
        for side, x in SHOOTOUT_BOXES.items():
            chosen = side == self.side
            c.box(x, 34, x + 27, 50, filled=chosen, width=2 if chosen and self.locked else 1)
            c.centred(36, {"left": "◀", "centre": "●", "right": "▶"}[side], x0=x, x1=x + 28,
                      ink=0 if chosen else 1)
        if self.cpu:
            c.hints(centre=text(language, "cpu.chosen" if self.locked else "cpu.choosing", team=team))
            return
        key = "hint.locked" if self.locked else "hint.again" if self.side else "hint.pick_side"
        c.hints(centre=text(language, key))


Shown = Union[Card, str, None]
"""What a flip shows of a move: a card (worded per language), a formation, nothing."""


def _shown(thing: Shown, language: str, small: bool = False) -> str:
    if isinstance(thing, Card):
        return face(thing, language) if small else card_label(thing, language)
    return "-" if thing is None else thing


@dataclass(frozen=True)
class FlipScreen:
    """The instant a move that both screens show is made: the screen each seat was on, with
    the move shown in place; the reveal with its words follows ``Timing.flip`` later.

    As in Chifootmi, like turning the cards face up before the referee speaks. It changes only
    the bottom line and the boxes the move touched (the card attacked, a card taken off or sent
    off, the inside of the shoot-out's boxes), so both screens of a two-player console show it
    within one 30 ms frame on the shared 400 kHz I2C bus. It is made from the seat's screen
    before the move (its own view) and the move's events, which both seats may know (a duel's
    two cards, the cards taken off, the formations once laid out, a kick's two sides).
    """

    base: Any
    opponent_key: str
    mine: Shown = None
    theirs: Shown = None
    """What this seat and its opponent played (a duel's cards, the formations)."""
    told: Told | None = None
    changes: tuple[tuple[str, Card], ...] = ()
    position: str = ""
    """The position a red card took off."""
    boxes: tuple[tuple[str, str, Shown], ...] = ()
    """(owner's seat, position, card or mark) of each pitch box the move touched, inverted."""
    shot: tuple[str, str] | None = None
    """Where the ball went and where the keeper dived, drawn in the shoot-out's boxes."""

    @property
    def headline(self) -> str | None:
        """The big words' key of what the bar says (None for a duel's or formations' cards)."""
        return None if self.told is None else self.told.big

    def draw(self, c: Canvas, language: str) -> None:
        self.base.draw(c, language)
        if isinstance(self.base, PitchScreen):
            view = self.base.view
            for owner, position, label in self.boxes:
                mine = owner == view.seat
                x, y = _places(view.you if mine else view.opponent, mine)[position]
                c.box(x, y, x + BOX_W - 1, y + BOX_H - 1, filled=True)
                c.centred(y - 1, _shown(label, language, small=True), x0=x, x1=x + BOX_W, ink=0)
        if isinstance(self.base, ShootoutScreen) and self.shot is not None:
            shoot, dive = self.shot
            for x in SHOOTOUT_BOXES.values():
                c.clear(x, 34, x + 27, 50)
                c.box(x, 34, x + 27, 50)
            keeper = SHOOTOUT_BOXES[dive]
            c.box(keeper + 5, 45, keeper + 22, 48, filled=True)
            ball = SHOOTOUT_BOXES[shoot] + 14
            c.draw.ellipse([ball - 4, 36, ball + 3, 43], outline=1, width=2)
        c.banner(self._line(language), top=HINT_Y - 1)     # the hint's "À Ordi…" under it

    def _line(self, language: str) -> str:
        if self.mine is not None and self.theirs is not None:
            mine, theirs = _shown(self.mine, language), _shown(self.theirs, language)
            you, them = text(language, "you"), text(language, self.opponent_key)
            return fitting(WIDTH, f"{you} {mine}  vs  {theirs} {them}", f"{you} {mine} vs {theirs} {them}",
                           f"{mine} vs {theirs} {them}", f"{mine} vs {theirs}")
        if self.changes:
            words = text(language, "fb.changes")
            return fitting(WIDTH, f"{words} {changes_text(self.changes, language)}",
                           changes_text(self.changes, language))
        if self.told is None:
            return text(language, "hint.wait")
        if self.position:
            words = text(language, self.told.big)
            return fitting(WIDTH, f"{words} {position_name(self.position, language)}",
                           f"{words} {position_name(self.position, language, short=True)}")
        if self.told.line:
            return text(language, self.told.line, team=text(language, self.opponent_key))
        return text(language, self.told.big)


@dataclass(frozen=True)
class KickoffScreen:
    """A sheet over the menu (the app puts it there): which team you are (``seat``; None on a
    pad that only watches, a CPU's), and who kicks off."""

    you_start: bool
    opponent_key: str
    seat: str | None = None
    person: str | None = None
    """The name this pad's player chose (a named player's kick-off says whose pad it is)."""
    over_menu: ClassVar[bool] = True

    def draw(self, c: Canvas, language: str) -> None:
        c.sheet()
        if self.seat is None:
            c.big(SHEET_Y + 2, HINT_Y - 3, text(language, "kickoff"))
        else:
            label, name = you_are_label(language, self.person), text(language, "team." + self.seat)
            draw_you_are(c, label, name)
        line = text(language, "fb.you_start") if self.you_start else \
            text(language, "fb.they_start", team=text(language, self.opponent_key))
        c.centred(HINT_Y - 1, "⚽ " + line)


def result_screen(view: FotbollView, opponent_key: str, spectator: bool,
                  called: tuple[tuple[str, str], ...] = ()) -> ResultScreen:
    """The final score and a shoot-out's on the shared result screen; OK clears it."""
    return ResultScreen(standing(view), view.seat, opponent_key, spectator, draw_key="fb.draw",
                        called=called)


def standing(view: FotbollView) -> Standing:
    """The goals, the shoot-out's and the winner, as the shared screens read them."""
    return Standing.tallied(view.score, view.shootout, view.winner, view.over)


def _changes(events: Sequence[Any]) -> tuple[tuple[str, Card], ...]:
    return tuple((e.position, e.card) for e in events if isinstance(e, (ev.Substituted, ev.Replaced)))


def _score_after(events: Sequence[Any], view: FotbollView) -> tuple[int, int]:
    """The score a moment shows, yours first: after a shoot-out kick the shoot-out's as that
    kick left it (the deciding one too, when the view already says the match is over), else
    the match's (full time reads 1-1 even once the view has moved on to an empty shoot-out)."""
    kick = next((e for e in reversed(events) if isinstance(e, ev.ShootoutKick)), None)
    score = {"red": kick.red, "blue": kick.blue} if kick is not None else view.score
    return score[view.seat], score[view.opponent.seat]


def reveal_screen(events: tuple[Any, ...], view: FotbollView, opponent_key: str) -> Any:
    """What ``view.seat`` reads after the move that made ``events``, told from its side."""
    said = told(events, view.seat)
    duel = next((e for e in events if isinstance(e, ev.Duel)), None)
    if duel is not None:
        return DuelScreen(view, opponent_key, duel.seat, duel.position, duel.attack,
                          duel.defence, said)
    if said.big == "fb.changes":
        return EventScreen(view, opponent_key, said, _score_after(events, view), _changes(events))
    return EventScreen(view, opponent_key, said, _score_after(events, view))


def flipped(before: Any, events: list[Any], opponent_key: str) -> FlipScreen:
    """The flip of a seat's screen ``before`` (made from its own view) for the move that made
    ``events``; only what both seats learn from the move is added to it."""
    view = before.view
    for event in events:
        if isinstance(event, ev.Duel):
            attacking = event.seat == view.seat
            defender = view.opponent.seat if attacking else view.seat
            box = (defender, event.position, event.defence)
            mine, theirs = (event.attack, event.defence) if attacking else (event.defence, event.attack)
            return FlipScreen(before, opponent_key, mine if mine is not None else "-",
                              theirs if theirs is not None else "-", boxes=(box,))
        if isinstance(event, ev.ShootoutKick):
            return FlipScreen(before, opponent_key, told=told(events, view.seat),
                              shot=(event.shoot, event.dive))
    formations = {e.seat: e.formation for e in events if isinstance(e, ev.LinedUp)}
    if len(formations) == 2:
        return FlipScreen(before, opponent_key, formations[view.seat], formations[view.opponent.seat])
    for event in events:
        if isinstance(event, ev.SentOff):
            label = "✕" if event.card is None else event.card
            return FlipScreen(before, opponent_key, told=Told("fb.red_card"), position=event.position,
                              boxes=((event.seat, event.position, label),))
    changes = [e for e in events if isinstance(e, (ev.Substituted, ev.Replaced))]
    if changes:
        return FlipScreen(before, opponent_key, told=Told("fb.changes"), changes=_changes(events),
                          boxes=tuple((e.seat, e.position, e.card) for e in changes))
    for event in events:
        if isinstance(event, ev.HalfTime):
            return FlipScreen(before, opponent_key, told=told(events, view.seat))
    return FlipScreen(before, opponent_key)


@dataclass(frozen=True)
class SeatState:
    """What one seat's screen is built from, computed by the session once per change."""

    view: FotbollView
    opponent_key: str
    step: Step
    flip: FlipScreen | None
    spectator: bool
    events: tuple[Any, ...]
    """The last move's events while the reveal shows them."""
    deciding: bool
    """The seat has a decision in the making (else it waits, or has played it)."""
    locked: bool
    formation: str
    removed: tuple[str, ...]
    cursor: str | None
    """The position the cursor stands on (only ever a legal choice)."""
    marks: tuple[tuple[str, str], ...]
    why: str | None
    side: str | None
    opponent_locked: bool = False
    """The other seat has locked in its simultaneous choice (nothing of what it chose)."""
    person: str | None = None
    """The name this seat's player chose on the pads, if any."""
    cpu: bool = False
    """A CPU plays the seat (its screen is drawn only in a demo): no button hints on it."""


def build(state: SeatState) -> Any:
    view, opponent = state.view, state.opponent_key
    if state.flip is not None:
        return state.flip
    if state.step is Step.KICKOFF:
        return KickoffScreen(view.first == view.seat, opponent, view.seat, state.person)
    if state.step is Step.OVER:
        return result_screen(view, opponent, state.spectator)
    if state.step is Step.REVEAL:
        return reveal_screen(state.events, view, opponent)
    if view.stage == "formation":
        if state.cpu:
            return FormationScreen(view, "", (), None, not state.deciding or state.locked, cpu=True)
        if not state.deciding:
            return FormationScreen(view, "", (), None, True)
        return FormationScreen(view, state.formation, state.removed, state.cursor, state.locked)
    if view.stage == "shoot":
        locked = not state.deciding or state.locked
        return ShootoutScreen(view, opponent, view.decision or "dive", state.side, locked,
                              state.opponent_locked, cpu=state.cpu)
    decision = view.decision if state.deciding else None
    if state.cpu:                       # a CPU's pick in the making is nobody's to see
        return PitchScreen(view, opponent, decision, None, (), cpu=True)
    return PitchScreen(view, opponent, decision, state.cursor, state.marks, state.why)
