"""Goofspiel's screens and words: built from one seat's frozen state (never from a session).

Told from the reading pad's side. A bid to make::

    Toi 4-2 Nord             2/5      your points first, the round
    Lot 4                     ✓       the prize up; the other has bid
     [1] [2] [3] [4] [5]              your hand: CARD1-CARD4 pick the first four,
       Choisis une carte              ◀ ▶ move the pick along it, OK (or the card again) bids

then both bids side by side ("5 vs 3") and what came of them ("Tu gagnes 4 !"). The result is
the shared sheet (points, not goals: :class:`firmware.games.sheets.ResultScreen`), and so is a
CPU's pad (the spec gives no ``cpu_screen``).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from firmware.games.session import Step
from firmware.games.sheets import ResultScreen, Standing, draw_you_are, you_are_label
from firmware.games.spec import HeadlineNames
from firmware.i18n import seat_word, text
from firmware.render import HINT_Y, SHEET_Y, WIDTH, Canvas, fitting, text_width

from .rules import Bids, GoofView, other

STRINGS: dict[str, tuple[str, str]] = {
    "team.north": ("Nord", "North"),
    "team.south": ("Sud", "South"),
    "gs.menu.cards": ("Cartes", "Cards"),
    "gs.prize": ("Lot {value}", "Prize {value}"),
    "gs.first_prize": ("Premier lot : {value}", "First prize: {value}"),
    "gs.hint.pick": ("Choisis une carte", "Pick a card"),
    "gs.you_win": ("Tu gagnes {prize} !", "You win {prize}!"),
    "gs.they_win": ("{team} gagne {prize}", "{team} wins {prize}"),
    "gs.tie": ("Égalité, lot perdu", "A tie: prize lost"),
    "gs.draw": ("Égalité", "A tie"),
    "gs.versus": ("{a} contre {b}", "{a} vs {b}"),
    "gs.watch.bids": ("{n} {north} vs {south} {s}", "{n} {north} vs {south} {s}"),
    "gs.watch.won": ("{team} gagne {prize} pts", "{team} wins {prize} pts"),
    "gs.watch.tie": ("Lot {prize} perdu", "Prize {prize} lost"),
}
"""The words only Goofspiel shows (its spec's ``strings``); its seats' names among them."""

THIRD_PERSON = {"gs.you_win": ("gs.they_win", "team")}
"""Its words that address the reading pad, told of a team on a demo's screens."""

CARD_W = 25
"""One card of the hand on the screen (five fit the panel's 128 px)."""


@dataclass(frozen=True)
class SeatState:
    """Everything one seat's screen shows: its view, and of the other only "has bid"."""

    view: GoofView
    opponent_key: str
    step: Step
    spectator: bool
    """Nobody plays at this pad (a demo): no button hints, both seats by their colour."""
    pick: int | None
    """The card this seat has picked (its own secret: only its own screen shows it)."""
    locked: bool
    opponent: str
    """``""``, ``"choosing"`` or ``"locked"``."""
    person: str | None = None
    """The name this seat's player chose on the pads, if any."""


def _points_line(c: Canvas, language: str, view: GoofView, opponent_key: str, played: bool = False) -> None:
    """"Toi 4-2 Nord" (yours first), and at the right the round bid for (``played``: the
    round just played)."""
    mine, theirs = view.points[view.seat], view.points[other(view.seat)]
    round_text = f"{view.round - played}/{view.cards}"
    room = WIDTH - text_width(round_text) - 4
    you, them = text(language, "you"), text(language, opponent_key)
    c.text(0, 0, fitting(room, f"{you} {mine}-{theirs} {them}", f"{mine}-{theirs}"))
    if round_text:
        c.right(WIDTH, 0, round_text)


@dataclass(frozen=True)
class BidScreen:
    """A bid to make: the points, the prize up, your hand, what to press."""

    state: SeatState

    def draw(self, c: Canvas, language: str) -> None:
        state, view = self.state, self.state.view
        _points_line(c, language, view, state.opponent_key)
        c.text(0, 12, text(language, "gs.prize", value=view.prize), scale=2)
        if state.opponent == "locked":
            c.box(117, 13, 126, 23, filled=True)
            c.text(119, 13, "✓", ink=0)
        elif state.opponent == "choosing":
            c.text(119, 13, "…")
        x = (WIDTH - CARD_W * len(view.hand)) // 2
        for card in view.hand:
            chosen = card == state.pick
            c.box(x + 1, 34, x + CARD_W - 2, 48, filled=chosen, width=2 if chosen and state.locked else 1)
            c.centred(35, str(card), x0=x + 1, x1=x + CARD_W - 1, ink=0 if chosen else 1)
            x += CARD_W
        if state.spectator:
            key = "cpu.chosen" if state.locked else "cpu.choosing"
            c.hints(centre=text(language, key, team=text(language, "you")))
        else:
            c.hints(centre=text(language, "hint.locked" if state.locked
                                else "hint.again" if state.pick is not None else "gs.hint.pick"))


def headline(language: str, seat: str, bids: Bids, opponent_key: str) -> str:
    """What a round did, from ``seat``'s side: "Tu gagnes 4 !", "Nord gagne 4", a tie."""
    if bids.winner is None:
        return text(language, "gs.tie")
    if bids.winner == seat:
        return text(language, "gs.you_win", prize=bids.prize)
    return text(language, "gs.they_win", team=text(language, opponent_key), prize=bids.prize)


def reveal_headline(view: Any, events: Sequence[Any], language: str, names: HeadlineNames) -> str | None:
    """Kids' mode: the round in three words from the seat's side (its spec's ``headline``)."""
    bids = next((event for event in events if isinstance(event, Bids)), None)
    return None if bids is None else headline(language, view.seat, bids, names.opponent)


def bid_cards(view: Any, events: Sequence[Any], language: str) -> tuple[str, str] | None:
    """Kids' mode: the two bids of the round, the reading seat's first (its spec's ``kids_cards``)."""
    bids = next((event for event in events if isinstance(event, Bids)), None)
    if bids is None:
        return None
    mine, theirs = (bids.north, bids.south) if view.seat == "north" else (bids.south, bids.north)
    return str(mine), str(theirs)


@dataclass(frozen=True)
class RevealScreen:
    """The round just played: both bids side by side, yours on the left, the prize between
    them; what came of it once the bids have turned over (the reveal, not the flip)."""

    state: SeatState

    def draw(self, c: Canvas, language: str) -> None:
        state, view = self.state, self.state.view
        _points_line(c, language, view, state.opponent_key, played=True)
        prize, north, south = view.rounds[-1]
        mine, theirs = (north, south) if view.seat == "north" else (south, north)
        for x0, card, who in ((6, mine, text(language, "you")), (90, theirs, text(language, state.opponent_key))):
            c.box(x0, 12, x0 + 31, 34)
            c.centred(12, str(card), scale=2, x0=x0, x1=x0 + 32)
            c.centred(37, fitting(44, who, who[:7]), x0=x0 - 6, x1=x0 + 38)
        c.centred(18, text(language, "gs.prize", value=prize), x0=38, x1=90)
        if state.step is Step.REVEAL:
            bids = Bids(north, south, prize, None if north == south else "north" if north > south else "south")
            c.banner(headline(language, view.seat, bids, state.opponent_key))


@dataclass(frozen=True)
class KickoffScreen:
    """The first prize coming, over the menu: which seat this pad plays ("Bob, tu es Nord",
    the shared kick-off line), or both seats on a pad nobody plays at; then the first prize."""

    seat: str
    prize: int
    spectator: bool
    person: str | None = None
    over_menu: ClassVar[bool] = True

    def draw(self, c: Canvas, language: str) -> None:
        c.sheet()
        if self.spectator:
            c.centred(SHEET_Y + 5, text(language, "gs.versus", a=seat_word(language, self.seat),
                                        b=seat_word(language, other(self.seat))))
        else:
            draw_you_are(c, you_are_label(language, self.person), seat_word(language, self.seat))
        c.centred(HINT_Y - 1, text(language, "gs.first_prize", value=self.prize))


def build(state: SeatState) -> Any:
    """The screen model of a seat's state."""
    view = state.view
    if state.step is Step.KICKOFF:
        return KickoffScreen(view.seat, view.prize or 0, state.spectator, state.person)
    if state.step is Step.OVER:
        return ResultScreen(Standing.tallied(view.points, winner=view.winner), view.seat,
                            state.opponent_key, state.spectator, draw_key="gs.draw")
    if state.step in (Step.FLIP, Step.REVEAL) and view.rounds:
        return RevealScreen(state)
    return BidScreen(state)
