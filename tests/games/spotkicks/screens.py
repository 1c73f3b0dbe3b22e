"""Spot Kicks' screens and words: built from one seat's frozen state (never from a session).

Told from the reading pad's side: whose kick it is and what to press (LEFT, OK, RIGHT: the
three sides of the goal, each over its button), then what happened ("Tu marques !").

Layout of a kick::

    Toi 1-0 Rouge               2/5      the score from your side, the kick
    Tire !                       ✓       your role now; the other has picked
    [Gauche][Milieu][Droite]             the goal's three sides, over the buttons
       Encore = valider                  what to press now
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from firmware.games.session import Step
from firmware.games.sheets import ResultScreen, Standing
from firmware.games.spec import HeadlineNames
from firmware.i18n import text
from firmware.render import HINT_Y, SHEET_Y, WIDTH, Canvas, fitting

from .rules import SIDES, ShootoutKick, SpotView, other

STRINGS: dict[str, tuple[str, str]] = {
    "sk.side.left": ("Gauche", "Left"),
    "sk.side.middle": ("Milieu", "Middle"),
    "sk.side.right": ("Droite", "Right"),
    "sk.you_kick": ("Tire !", "Shoot!"),
    "sk.you_dive": ("Plonge !", "Dive!"),
    "sk.sudden": ("Mort subite", "Sudden death"),
    "sk.you_first": ("Tu tires en premier", "You kick first"),
    "sk.they_first": ("{team} tire en premier", "{team} kicks first"),
    "sk.you_score": ("Tu marques !", "You score!"),
    "sk.they_score": ("{team} marque !", "{team} scores!"),
    "sk.you_save": ("Tu arrêtes !", "You save it!"),
    "sk.they_save": ("{team} arrête !", "{team} saves it!"),
    "sk.draw": ("Match nul", "A draw"),
    "sk.menu.kicks": ("Tirs", "Kicks"),
}
"""The words only Spot Kicks shows (its spec's ``strings``)."""


@dataclass(frozen=True)
class SeatState:
    """Everything one seat's screen shows: its view, and of the other only "has picked"."""

    view: SpotView
    opponent_key: str
    step: Step
    spectator: bool
    highlight: str | None
    """The side this seat has picked (its own secret: only its own screen shows it)."""
    locked: bool
    opponent: str
    """``""``, ``"choosing"`` or ``"locked"``."""


def names(language: str, view: SpotView, opponent_key: str, spectator: bool) -> tuple[str, str]:
    """How the screen names this seat and the other: "Toi"/"Rouge", or both colours."""
    if spectator:
        return text(language, "team." + view.seat), text(language, "team." + other(view.seat))
    return text(language, "you"), text(language, opponent_key)


def _score_line(c: Canvas, language: str, view: SpotView, opponent_key: str, spectator: bool) -> None:
    you, them = names(language, view, opponent_key, spectator)
    c.text(0, 0, f"{you} {view.score[view.seat]}-{view.score[other(view.seat)]} {them}")


def _goal(c: Canvas, y0: int, y1: int) -> list[tuple[int, int]]:
    """The goal's three sides, one over each of LEFT, OK and RIGHT; each side's x range."""
    zones = [(1 + i * 42, 1 + i * 42 + 40) for i in range(3)]
    for x0, x1 in zones:
        c.box(x0, y0, x1, y1)
    return zones


@dataclass(frozen=True)
class KickScreen:
    """A kick to pick: the score, your role, the goal's sides, what to press."""

    state: SeatState

    def draw(self, c: Canvas, language: str) -> None:
        state, view = self.state, self.state.view
        _score_line(c, language, view, state.opponent_key, state.spectator)
        role = text(language, "sk.you_kick" if view.role == "kick" else "sk.you_dive")
        if view.round <= view.kicks_each:
            c.right(WIDTH, 0, f"{view.round}/{view.kicks_each}")
            c.text(0, 10, role, scale=2)
        else:                                   # sudden death: said above the role
            c.text(0, 11, text(language, "sk.sudden"))
            c.text(0, 21, role)
        if state.opponent == "locked":
            c.box(117, 13, 126, 23, filled=True)
            c.text(119, 13, "✓", ink=0)
        elif state.opponent == "choosing":
            c.text(119, 13, "…")
        for side, (x0, x1) in zip(SIDES, _goal(c, 33, 47)):
            chosen = side == state.highlight
            if chosen:
                c.box(x0, 33, x1, 47, filled=True, width=2 if state.locked else 1)
            c.centred(35, text(language, "sk.side." + side), x0=x0, x1=x1 + 1, ink=0 if chosen else 1)
        hint = ("hint.locked" if state.locked else "hint.again" if state.highlight else "hint.pick_side")
        c.hints(centre=text(language, hint))


def headline(language: str, seat: str, kick: ShootoutKick, opponent_key: str) -> str:
    """What a kick did, from ``seat``'s side: "Tu marques !", "Rouge arrête !"."""
    team = text(language, opponent_key)
    if kick.seat == seat:
        return text(language, "sk.you_score") if kick.scored else text(language, "sk.they_save", team=team)
    return text(language, "sk.they_score", team=team) if kick.scored else text(language, "sk.you_save")


def reveal_headline(view: Any, events: Sequence[Any], language: str,
                    names: HeadlineNames) -> str | None:
    """Kids' mode: the kick in three words from the seat's side (its spec's ``headline``),
    the other seat named as the seat's screens name it (``names.opponent``)."""
    kick = next((event for event in events if isinstance(event, ShootoutKick)), None)
    return None if kick is None else headline(language, view.seat, kick, names.opponent)


@dataclass(frozen=True)
class RevealScreen:
    """The kick just played: where the ball went (the ball), where the keeper dived (the
    filled side); the words once the picks have turned over (the reveal, not the flip)."""

    state: SeatState

    def draw(self, c: Canvas, language: str) -> None:
        state, view = self.state, self.state.view
        _score_line(c, language, view, state.opponent_key, state.spectator)
        kicker, aim, dive = view.record[-1]
        for side, (x0, x1) in zip(SIDES, _goal(c, 14, 50)):
            if side == dive:
                c.box(x0 + 4, 18, x1 - 4, 46, filled=True)      # the keeper
            if side == aim:                                       # the ball, in the keeper's hands or past them
                middle = (x0 + x1) // 2
                c.draw.ellipse([middle - 7, 25, middle + 7, 39], fill=0 if side == dive else 1,
                               outline=0 if side == dive else 1)
        words = self.words(language)
        if words:
            c.banner(fitting(WIDTH, words))

    def words(self, language: str) -> str:
        """What the kick did, once the picks have turned over: from this pad's side, or by
        both colours on a pad nobody plays at (a demo)."""
        state, view = self.state, self.state.view
        if state.step is not Step.REVEAL:
            return ""
        kicker, aim, dive = view.record[-1]
        if state.spectator:
            scorer = kicker if aim != dive else other(kicker)
            key = "sk.they_score" if aim != dive else "sk.they_save"
            return text(language, key, team=text(language, "team." + scorer))
        kick = ShootoutKick(kicker, aim, dive, aim != dive, view.score["red"], view.score["blue"])
        return headline(language, view.seat, kick, state.opponent_key)


@dataclass(frozen=True)
class KickoffScreen:
    """The toss, over the menu: the game's name and who kicks first."""

    title: str
    view: SpotView
    opponent_key: str
    spectator: bool
    over_menu: ClassVar[bool] = True

    def draw(self, c: Canvas, language: str) -> None:
        c.sheet()
        c.big(SHEET_Y + 2, HINT_Y - 3, self.title)
        view = self.view
        if self.spectator:
            line = text(language, "sk.they_first", team=text(language, "team." + view.first))
        elif view.first == view.seat:
            line = text(language, "sk.you_first")
        else:
            line = text(language, "sk.they_first", team=text(language, self.opponent_key))
        c.centred(HINT_Y - 1, line)


def result_screen(view: SpotView, opponent_key: str, spectator: bool) -> ResultScreen:
    """The end on the shared result screen: who won from this pad's side, the score, OK for
    the menu (not on a spectator's pad: only a player closes it)."""
    return ResultScreen(Standing.tallied(view.score, None, view.winner), view.seat, opponent_key,
                        spectator, draw_key="sk.draw")


def build(state: SeatState, title: str) -> Any:
    """The screen model of a seat's state."""
    if state.step is Step.KICKOFF:
        return KickoffScreen(title, state.view, state.opponent_key, state.spectator)
    if state.step is Step.OVER:
        return result_screen(state.view, state.opponent_key, state.spectator)
    if state.step in (Step.FLIP, Step.REVEAL) and state.view.record:
        return RevealScreen(state)
    return KickScreen(state)
