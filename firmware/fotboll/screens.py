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

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.fotboll import FORMATIONS, Card, FotbollView, TeamView
from engine.fotboll import events as ev
from firmware.i18n import text
from firmware.render import HINT_Y, SHEET_Y, WIDTH, Canvas, fitting
from firmware.session import Step
from firmware.sheets import CpuPadScreen, draw_result_sheet

PITCH_TOP, PITCH_BOTTOM = 8, 53
BOX_W, BOX_H, STEP = 14, 10, 9
"""Boxes of a line share their borders: five fit between the top bar and the hints."""
MARKS = {"refill": "+", "replace": "×", "sub": "S"}
SHOOTOUT_BOXES = {"left": 8, "centre": 50, "right": 92}
"""Left edge of each side's box on the shoot-out screen (28 wide, rows 34..50)."""
__all__ = ["build", "flipped", "PitchScreen", "FormationScreen", "DuelScreen", "ShootoutScreen",
           "FlipScreen", "ResultScreen", "KickoffScreen", "CpuPadScreen"]


def face(card: Card | None) -> str:
    return "?" if card is None else card.face


def _columns(team: TeamView, mine: bool) -> list[tuple[int, list[str]]]:
    """(x, positions top to bottom) for each line; yours GK..F left to right, theirs mirrored.
    Facing right, your left hand is up; facing left, theirs is down."""
    formation = FORMATIONS[team.formation]  # type: ignore[index]
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


def _team(c: Canvas, team: TeamView, mine: bool, cursor: str | None,
          marks: dict[str, str]) -> None:
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
        label = MARKS.get(marks.get(position, ""), "") or ("" if slot.empty else face(slot.card))
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
        c.centred(-2, "▶" + view.drawn.label, x0=40, x1=88)
    else:
        c.centred(-2, f"{view.half}/2", x0=40, x1=88)
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

    def draw(self, c: Canvas, language: str) -> None:
        _top(c, self.view, language)
        marks = dict(self.marks)
        mine = self.decision in ("prepare", "send_off", "keeper")
        _team(c, self.view.you, True, self.cursor if mine else None, marks)
        _team(c, self.view.opponent, False, None if mine else self.cursor, {})
        if self.decision is None:
            c.hints(centre=text(language, "fb.their_turn", team=text(language, self.opponent_key)))
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

    def draw(self, c: Canvas, language: str) -> None:
        c.centred(0, text(language, "fb.formation", half=self.view.half))
        c.centred(12, ("" if self.locked else "◀ ") + self.formation + ("" if self.locked else " ▶"),
                  scale=2)
        if self.view.you.red_cards:
            shown = " ".join(self.removing) or "-"
            c.centred(30, text(language, "fb.removed", positions=shown))
            if self.cursor is not None:
                c.centred(40, f"◀ {self.cursor} ▶")
        if self.locked:
            c.hints(centre=text(language, "hint.locked"))
        elif self.cursor is not None:
            c.hints(centre=text(language, "fb.hint.remove"))
        else:
            c.hints(centre=text(language, "fb.hint.formation"))


@dataclass(frozen=True)
class DuelScreen:
    """A duel on both screens: both cards and what came of it."""

    view: FotbollView
    opponent_key: str
    attacker: str
    position: str
    attack: str
    defence: str
    headline: str
    detail: str

    def draw(self, c: Canvas, language: str) -> None:
        who = text(language, "you") if self.attacker == self.view.seat else \
            text(language, self.opponent_key)
        c.centred(0, text(language, "fb.attacks", team=who, position=self.position))
        for x0, label in ((10, self.attack), (74, self.defence)):
            c.box(x0, 11, x0 + 43, 33)
            c.centred(12, label, scale=2, x0=x0, x1=x0 + 44)
        c.centred(16, "vs", x0=54, x1=74)
        words = text(language, self.headline)
        c.centred(36, words, scale=2 if len(words) <= 10 else 1)
        if self.detail:
            c.hints(centre=self.detail)


@dataclass(frozen=True)
class EventScreen:
    """A moment without a duel: half time, a substitution seen, a red card, a kick."""

    view: FotbollView
    headline: str
    detail: str

    def draw(self, c: Canvas, language: str) -> None:
        c.centred(4, text(language, self.headline), scale=2)
        score = self.view.score
        c.centred(26, f"{score[self.view.seat]}-{score[self.view.opponent.seat]}", scale=2)
        if self.detail:
            c.hints(centre=self.detail)


@dataclass(frozen=True)
class ShootoutScreen:
    view: FotbollView
    opponent_key: str
    role: str
    side: str | None
    locked: bool

    def draw(self, c: Canvas, language: str) -> None:
        kicks = self.view.kicks or {}
        for row, seat in enumerate((self.view.seat, self.view.opponent.seat)):
            name = text(language, "you") if seat == self.view.seat else text(language, self.opponent_key)
            c.text(0, row * 11, name[:6])
            c.text(40, row * 11, "".join("●" if k else "✕" for k in kicks.get(seat, ())[-8:]))
        c.centred(22, text(language, "you_shoot" if self.role == "shoot" else "you_dive"))
        for side, x in SHOOTOUT_BOXES.items():
            chosen = side == self.side
            c.box(x, 34, x + 27, 50, filled=chosen, width=2 if chosen and self.locked else 1)
            c.centred(36, {"left": "◀", "centre": "●", "right": "▶"}[side], x0=x, x1=x + 28,
                      ink=0 if chosen else 1)
        key = "hint.locked" if self.locked else "hint.again" if self.side else "hint.pick_side"
        c.hints(centre=text(language, key))


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
    mine: str | None = None
    theirs: str | None = None
    """What this seat and its opponent played (a duel's cards, the formations)."""
    headline: str | None = None
    detail: str = ""
    boxes: tuple[tuple[str, str, str], ...] = ()
    """(owner's seat, position, label) of each pitch box the move touched, drawn inverted."""
    shot: tuple[str, str] | None = None
    """Where the ball went and where the keeper dived, drawn in the shoot-out's boxes."""

    def draw(self, c: Canvas, language: str) -> None:
        self.base.draw(c, language)
        if isinstance(self.base, PitchScreen):
            view = self.base.view
            for owner, position, label in self.boxes:
                mine = owner == view.seat
                x, y = _places(view.you if mine else view.opponent, mine)[position]
                c.box(x, y, x + BOX_W - 1, y + BOX_H - 1, filled=True)
                c.centred(y - 1, label, x0=x, x1=x + BOX_W, ink=0)
        if isinstance(self.base, ShootoutScreen) and self.shot is not None:
            shoot, dive = self.shot
            for x in SHOOTOUT_BOXES.values():
                c.clear(x, 34, x + 27, 50)
                c.box(x, 34, x + 27, 50)
            keeper = SHOOTOUT_BOXES[dive]
            c.box(keeper + 5, 45, keeper + 22, 48, filled=True)
            ball = SHOOTOUT_BOXES[shoot] + 14
            c.draw.ellipse([ball - 4, 36, ball + 3, 43], outline=1, width=2)
        c.banner(self._line(language))

    def _line(self, language: str) -> str:
        if self.mine is not None and self.theirs is not None:
            mine, theirs = self.mine, self.theirs
            you, them = text(language, "you"), text(language, self.opponent_key)
            return fitting(WIDTH, f"{you} {mine}  vs  {theirs} {them}", f"{you} {mine} vs {theirs} {them}",
                           f"{mine} vs {theirs} {them}", f"{mine} vs {theirs}")
        words = text(language, self.headline or "hint.wait")
        return fitting(WIDTH, f"{words} {self.detail}", self.detail or words)


@dataclass(frozen=True)
class KickoffScreen:
    """A sheet over the menu (the app puts it there): who kicks off."""

    you_start: bool
    opponent_key: str
    over_menu: ClassVar[bool] = True

    def draw(self, c: Canvas, language: str) -> None:
        c.sheet()
        c.centred(SHEET_Y + 2, text(language, "kickoff"), scale=2)
        line = text(language, "fb.you_start") if self.you_start else \
            text(language, "fb.they_start", team=text(language, self.opponent_key))
        c.centred(HINT_Y - 1, "⚽ " + line)


@dataclass(frozen=True)
class ResultScreen:
    """The final score on a sheet over the menu (the app puts it there); OK clears it."""

    view: FotbollView
    opponent_key: str
    spectator: bool
    over_menu: ClassVar[bool] = True

    def draw(self, c: Canvas, language: str) -> None:
        draw_result_sheet(c, language, self.view, self.opponent_key, self.spectator, draw_key="fb.draw")


def _reveal(events: tuple[Any, ...], view: FotbollView, opponent_key: str) -> Any:
    duel = next((e for e in events if isinstance(e, ev.Duel)), None)
    if duel is not None:
        headline = "fb.won" if duel.won else "fb.lost"
        detail = ""
        for event in events:
            if isinstance(event, ev.Goal):
                headline = "out.goal"
            elif isinstance(event, ev.Penalty):
                detail = f"{'+'.join(c.label for c in event.cards)}={event.total}"
                headline = "out.goal" if event.scored else "out.penalty"
            elif isinstance(event, ev.Booked):
                headline = "fb.red_card" if event.red_card else "fb.yellow"
        return DuelScreen(view, opponent_key, duel.seat, duel.position, duel.attack.label,
                          "-" if duel.defence is None else duel.defence.label, headline, detail)
    for event in events:
        if isinstance(event, ev.HalfTime):
            return EventScreen(view, "fb.half_time" if event.half == 1 else "fb.full_time", "")
        if isinstance(event, ev.ShootoutKick):
            return EventScreen(view, "out.scored" if event.scored else "out.missed",
                               f"{event.shoot} / {event.dive}")
        if isinstance(event, ev.SentOff):
            return EventScreen(view, "fb.red_card", event.position)
    changes = [e for e in events if isinstance(e, (ev.Substituted, ev.Replaced))]
    detail = " ".join(f"{e.position}:{e.card.label}" for e in changes)
    return EventScreen(view, "fb.changes", detail)




def flipped(before: Any, events: list[Any], opponent_key: str) -> FlipScreen:
    """The flip of a seat's screen ``before`` (made from its own view) for the move that made
    ``events``; only what both seats learn from the move is added to it."""
    view = before.view
    for event in events:
        if isinstance(event, ev.Duel):
            attack = event.attack.label
            defence = "-" if event.defence is None else event.defence.label
            attacking = event.seat == view.seat
            defender = view.opponent.seat if attacking else view.seat
            box = (defender, event.position, "-" if event.defence is None else event.defence.face)
            return FlipScreen(before, opponent_key, *((attack, defence) if attacking else (defence, attack)),
                              boxes=(box,))
        if isinstance(event, ev.ShootoutKick):
            return FlipScreen(before, opponent_key, headline="out.scored" if event.scored else "out.missed",
                              shot=(event.shoot, event.dive))
    formations = {e.seat: e.formation for e in events if isinstance(e, ev.LinedUp)}
    if len(formations) == 2:
        return FlipScreen(before, opponent_key, formations[view.seat], formations[view.opponent.seat])
    for event in events:
        if isinstance(event, ev.SentOff):
            label = "✕" if event.card is None else event.card.face
            return FlipScreen(before, opponent_key, headline="fb.red_card", detail=event.position,
                              boxes=((event.seat, event.position, label),))
    changes = [e for e in events if isinstance(e, (ev.Substituted, ev.Replaced))]
    if changes:
        return FlipScreen(before, opponent_key, headline="fb.changes",
                          detail=" ".join(f"{e.position}:{e.card.label}" for e in changes),
                          boxes=tuple((e.seat, e.position, e.card.face) for e in changes))
    for event in events:
        if isinstance(event, ev.HalfTime):
            headline = "fb.half_time" if event.half == 1 else "fb.full_time"
            return FlipScreen(before, opponent_key, headline=headline)
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


def build(state: SeatState) -> Any:
    view, opponent = state.view, state.opponent_key
    if state.flip is not None:
        return state.flip
    if state.step is Step.KICKOFF:
        return KickoffScreen(view.first == view.seat, opponent)
    if state.step is Step.OVER:
        return ResultScreen(view, opponent, state.spectator)
    if state.step is Step.REVEAL:
        return _reveal(state.events, view, opponent)
    if view.stage == "formation":
        if not state.deciding:
            return FormationScreen(view, "", (), None, True)
        return FormationScreen(view, state.formation, state.removed, state.cursor, state.locked)
    if view.stage == "shoot":
        locked = not state.deciding or state.locked
        return ShootoutScreen(view, opponent, view.decision or "dive", state.side, locked)
    decision = view.decision if state.deciding else None
    return PitchScreen(view, opponent, decision, state.cursor, state.marks, state.why)
