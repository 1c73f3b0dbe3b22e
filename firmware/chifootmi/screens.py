"""What each Chifootmi screen shows, and how it is drawn on 128x64.

:func:`build` turns a seat's frozen state (:class:`SeatState`, which the session computes
once per change from that seat's view only, plus "has the other locked in" — never what they
chose) into a small frozen screen model; screens never see the session.
The app redraws a screen only when its model changes. Each model's ``draw`` paints it.

Layout of the card screen (top: the opponent, bottom: you, as across a table)::

    [7][?][3][DT]   ■x3 [9]x4  ✓       opponent: cards, piles (counts), locked in
    ⚽Toi ●○                  3/11     ball, retention, round (or the move clock)
    [ 5 ][ D/T ][ 11 ][ 2 ]            your cards, over the four card buttons
    Toi 1-0 Bleu     ■x3 [8]x4         the score from your side, your piles
        Choisis une carte              what to do now
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Union

from engine.chifootmi import DT, ChifootmiView, TeamView
from engine.chifootmi import events as ev
from firmware.i18n import text
from firmware.render import COLUMN_W, HINT_Y, SHEET_Y, WIDTH, Canvas, fitting, text_width
from firmware.games.sheets import CpuPadScreen, ResultScreen, Standing, draw_you_are, you_are_label
from firmware.games.spec import HeadlineNames
from firmware.games.session import Step as SharedStep

from .steps import Step


def other(seat: str) -> str:
    return "blue" if seat == "red" else "red"


def card_text(card: int | None) -> str:
    if card is None:
        return "?"
    if card == DT:
        return "D/T"
    return str(card)


def small_card(c: Canvas, x0: int, y: int, card: int | None) -> None:
    """A card's face in a 14-px box from ``x0``: D/T squeezed with a short slash, so it reads
    as on the big cards (not "DT")."""
    if card != DT:
        c.centred(y, card_text(card), x0=x0, x1=x0 + 14)
        return
    c.text(x0 + 1, y, "D")
    c.draw.line([(x0 + 6, y + 8), (x0 + 8, y + 2)], fill=1)
    c.text(x0 + 8, y, "T")


# ----- shared pieces ------------------------------------------------------------------
def _piles(c: Canvas, x: int, y: int, team: TeamView) -> None:
    """Pile 1 (face down: a filled card, "x3" cards in it), pile 2 (its top card, "x6"): the
    counts read as on the draw screen ("? x3")."""
    c.box(x, y + 1, x + 5, y + 9, filled=True)
    c.text(x + 7, y, f"x{team.pile1}")
    c.box(x + 20, y, x + 34, y + 10)
    if team.pile2_top is not None:
        small_card(c, x + 20, y, team.pile2_top)
    c.text(x + 36, y, f"x{team.pile2}")


OWN_ROW = 42
"""Your score and piles, under your hand's cards (rows 23..40): their ink ends on row 52, over
the hint line, which a flip's banner covers from row 53."""


def _score(c: Canvas, view: ChifootmiView, language: str, opponent_key: str) -> None:
    """The score in words from your side, "Toi 0-1 Bleu", left of your piles (x 80); "Toi 0-1"
    when the other's name would run into them (a long chosen name, a demo's "Rouge")."""
    you, them = text(language, "you"), text(language, opponent_key)
    score = f"{view.score[view.seat]}-{view.score[view.opponent.seat]}"
    c.text(0, OWN_ROW, fitting(79, f"{you} {score} {them}", f"{you} {score}"))


def _mark(c: Canvas, x: int, y: int, status: str) -> None:
    """The other seat's progress: ``…`` choosing, ``✓`` locked in (the same whatever it chose)."""
    if status == "locked":
        c.box(x, y, x + 9, y + 10, filled=True)
        c.text(x + 2, y, "✓", ink=0)
    elif status == "choosing":
        c.text(x + 2, y, "…")


def _clock(c: Canvas, y: int, seconds_left: float | None) -> int:
    """The move clock's seconds, just left of the other seat's mark (x 117), never over a
    title; returns where the row's free room ends (``WIDTH`` without a clock): the same
    whatever the seconds, so a title never changes as they pass 10 ("Pioche une carte" at
    10 s, "Pioche" at 9 s)."""
    if seconds_left is None:
        return WIDTH
    c.right(115, y, f"{int(seconds_left + 0.999)}s")
    return 115 - text_width(CLOCK_WIDEST) - 3


CLOCK_WIDEST = "20s"
"""The move clock's widest label (its 20 s and 10 s)."""


def _opponent_row(c: Canvas, view: ChifootmiView, status: str) -> None:
    for i, slot in enumerate(view.opponent.active):
        x = i * 15
        c.box(x, 0, x + 13, 10)
        small_card(c, x, 0, slot.card)
    _piles(c, 64, 0, view.opponent)
    _mark(c, 117, 0, status)


def _name(language: str, seat: str, viewer: str, opponent_key: str) -> str:
    return text(language, "you") if seat == viewer else text(language, opponent_key)


def _status_row(c: Canvas, view: ChifootmiView, language: str, opponent_key: str,
                seconds_left: float | None) -> None:
    who = _name(language, view.ball, view.seat, opponent_key)
    c.text(0, 12, "⚽" + who)
    x = text_width("⚽" + who) + 4
    if view.phase == "shooting":
        c.text(x, 12, text(language, "shooting"))
    else:
        c.text(x, 12, "●" * view.retention + "○" * max(0, view.retention_needed - view.retention))
    if seconds_left is not None:
        c.right(WIDTH, 12, f"{int(seconds_left + 0.999)}s")
    else:
        c.right(WIDTH, 12, f"{view.round}/{view.rounds}")


def _own_row(c: Canvas, view: ChifootmiView, language: str, opponent_key: str) -> None:
    _score(c, view, language, opponent_key)
    _piles(c, 80, OWN_ROW, view.you)


def corner_mark(c: Canvas, x0: int, y: int, ink: int = 1) -> None:
    """The small triangle in a card's top-left corner: a card only you know (drawn face down,
    the other sees "?"); the help page says so."""
    c.draw.polygon([(x0 + 2, y), (x0 + 6, y), (x0 + 2, y + 4)], fill=ink)


def _hand(c: Canvas, view: ChifootmiView, highlight: int | None, locked: bool) -> None:
    """Your cards, each over its button; a corner mark on a card only you know."""
    for i, slot in enumerate(view.you.active):
        x0, x1 = i * COLUMN_W + 1, i * COLUMN_W + COLUMN_W - 2
        chosen = i == highlight
        c.box(x0, 23, x1, 40, filled=chosen, width=2 if chosen and locked else 1)
        label = card_text(slot.card)
        if chosen and locked:                       # "10 ✓": the tick beside, never over it
            c.centred(26, label + " ✓", x0=x0, x1=x1 + 1, ink=0)
        else:
            scale = 1 if slot.card == DT else 2
            c.centred(21 if scale == 2 else 26, label, scale=scale, x0=x0, x1=x1 + 1,
                      ink=0 if chosen else 1)
        if slot.hidden:
            corner_mark(c, x0, 25, ink=0 if chosen else 1)


def _goal(c: Canvas, y0: int, y1: int, sides: int) -> list[tuple[int, int]]:
    """The goal seen from the shooter: posts, bar, net; returns each zone's x range."""
    x0, x1 = 16, 111
    c.draw.line([(x0, y1), (x0, y0), (x1, y0), (x1, y1)], fill=1, width=2)
    width = (x1 - x0) // sides
    zones = [(x0 + 2 + i * width, x0 + (i + 1) * width - 1) for i in range(sides)]
    for zx0, _zx1 in zones[1:]:
        for y in range(y0 + 3, y1, 3):
            c.draw.point((zx0 - 2, y), fill=1)
    return zones


SIDE_ORDER = {2: ("left", "right"), 3: ("left", "centre", "right")}


def _arrow(c: Canvas, x: int, y: int, side: str, ink: int) -> None:
    """A big side marker centred on (x, y): a triangle pointing left or right, a ball for centre."""
    if side == "left":
        c.draw.polygon([(x + 4, y - 6), (x + 4, y + 6), (x - 4, y)], fill=ink)
    elif side == "right":
        c.draw.polygon([(x - 4, y - 6), (x - 4, y + 6), (x + 4, y)], fill=ink)
    else:
        c.draw.ellipse([x - 5, y - 5, x + 5, y + 5], fill=ink)


def _shootout_board(c: Canvas, view: ChifootmiView, language: str, opponent_key: str) -> None:
    kicks = view.kicks or {}
    for row, seat in enumerate((view.seat, view.opponent.seat)):
        y = row * 11
        name = _name(language, seat, view.seat, opponent_key)[:5]
        c.text(0, y, name)
        taken = kicks.get(seat, ())
        shown = taken[-(9 - 5):] if len(taken) > 9 else taken
        marks = "".join("●" if goal else "✕" for goal in shown)
        marks += "○" * max(0, 5 - len(shown))
        c.text(36, y, marks)
        c.right(WIDTH, y, str(view.shootout[seat] if view.shootout else 0))


def _cpu_hint(language: str, view: ChifootmiView, locked: bool) -> str:
    """The hint line of a CPU seat's screen (a demo): what its team does, never a button."""
    return text(language, "cpu.chosen" if locked else "cpu.choosing",
                team=text(language, "team." + view.seat))


# ----- the screen models ------------------------------------------------------------------
@dataclass(frozen=True)
class FlipScreen:
    """The instant every seat has locked in: the screen it was on, with what was played shown
    in place; the reveal with its words follows ``Timing.flip`` later.

    Like turning both cards face up before the referee speaks. It changes only the bottom line
    (and, for a shot, the inside of the goal), so both screens of a two-player console show
    it within one 30 ms frame on one 400 kHz I2C bus (see ``docs/performance.md``). It is made
    from the seat's screen before the move (its view) and the move's public events, and a
    drawn card only from the seat's own views, so it shows nothing the seat may not know.
    """

    base: Screen
    opponent_key: str
    mine: int | None = None
    theirs: int | None = None
    shot: tuple[str, str, int] | None = None
    """Where the ball went, where the keeper dived, and how many sides the goal had."""
    headline: str | None = None
    drew: str | None = None
    ran_out: str | None = None
    """This seat's move clock ran out: ``random`` (a choice at random) or ``picked`` (its
    highlighted one); the bar says so rather than leave a child wondering."""

    def draw(self, c: Canvas, language: str) -> None:
        self.base.draw(c, language)
        if self.shot is not None and isinstance(self.base, ShotScreen):
            shoot, dive, sides = self.shot
            zones = dict(zip(SIDE_ORDER[sides], _goal(c, 33, 51, sides)))
            for x0, x1 in zones.values():
                c.clear(x0, 35, x1, 51)
            kx0, kx1 = zones[dive]
            c.draw.rectangle([kx0 + 4, 45, kx1 - 4, 51], fill=1)
            mid = sum(zones[shoot]) // 2
            c.draw.ellipse([mid - 3, 35, mid + 3, 41], fill=0, outline=1, width=2)
        c.banner(self._line(language))

    def _line(self, language: str) -> str:
        if self.ran_out is not None:
            return text(language, "clock." + self.ran_out)
        if self.mine is not None and self.theirs is not None:
            mine, theirs = card_text(self.mine), card_text(self.theirs)
            you, them = text(language, "you"), text(language, self.opponent_key)
            return fitting(WIDTH, f"{you} {mine}  vs  {theirs} {them}", f"{mine} vs {theirs}")
        if self.drew is not None:
            return text(language, "flip.drew", card=self.drew)
        return text(language, self.headline or "hint.wait", team=text(language, self.opponent_key))


@dataclass(frozen=True)
class KickoffScreen:
    """A sheet over the menu (the app puts it there): who kicks off."""

    view: ChifootmiView
    opponent_key: str
    spectator: bool = False
    """A CPU seat's pad: the team with the ball by its name."""
    person: str | None = None
    """The name this pad's player chose (a named player's kick-off says whose pad it is)."""
    over_menu: ClassVar[bool] = True

    def draw(self, c: Canvas, language: str) -> None:
        c.sheet()
        view = self.view
        if self.spectator:
            c.big(SHEET_Y + 2, HINT_Y - 3, text(language, "kickoff"))
            line = text(language, "has_ball", team=text(language, "team." + view.ball))
        else:
            label, name = you_are_label(language, self.person), text(language, "team." + view.seat)
            draw_you_are(c, label, name)
            line = text(language, "you_have_ball") if view.ball == view.seat else \
                text(language, "has_ball", team=text(language, self.opponent_key))
        c.centred(HINT_Y - 1, "⚽ " + line)


@dataclass(frozen=True)
class CardScreen:
    """Choose a card (or wait while the other draws)."""

    view: ChifootmiView
    opponent_key: str
    highlight: int | None
    locked: bool
    opponent: str
    hint: str
    seconds_left: float | None
    cpu: bool = False
    """A CPU plays this seat (a demo): no "OK?" for the help page, which nobody would open."""

    def draw(self, c: Canvas, language: str) -> None:
        _opponent_row(c, self.view, self.opponent)
        _status_row(c, self.view, language, self.opponent_key, self.seconds_left)
        _hand(c, self.view, self.highlight, self.locked)
        _own_row(c, self.view, language, self.opponent_key)
        hint = text(language, self.hint, team=text(language, "team." + self.view.seat))
        if self.cpu:
            c.hints(centre=hint)
            return
        c.hints()                                   # the hint beside the help chip, not under it
        c.centred(HINT_Y - 1, hint, x1=WIDTH - text_width(HELP_CHIP) - 5)
        c.chip(WIDTH - 1, HINT_Y, HELP_CHIP)        # on the hint rows: a flip's bar covers it


HELP_CHIP = "OK?"
"""The chip at the bottom right of a card round: OK (CENTRE, which means nothing else there
and is no part of the ◀ + ▶ hold that leaves a match) opens the help page."""


@dataclass(frozen=True)
class HelpScreen:
    """What the card screen's marks mean, for a child who asks (OK in a card round, the "OK?"
    chip at the bottom right; any press goes back): the two piles and their counts as the card
    screen draws them, and the corner mark on a card only you know. Drawn from fixed examples,
    so it shows nothing of anybody's cards."""

    def draw(self, c: Canvas, language: str) -> None:
        c.box(0, 1, 5, 9, filled=True)                          # the face-down pile, "x3"
        c.text(7, 0, "x3")
        c.text(42, 0, text(language, "help.hidden"))
        c.box(0, 12, 14, 22)                                    # the face-up pile: its top card
        small_card(c, 0, 12, 9)
        c.text(16, 12, "x4")
        c.text(42, 12, text(language, "help.visible"))
        c.text(0, 24, text(language, "help.count"))
        c.box(0, 35, 22, 50)                                    # a card only you know
        c.centred(37, "8", x0=4, x1=23)
        corner_mark(c, 0, 37)
        c.text(26, 37, text(language, "help.mine"))
        c.hints(centre=text(language, "help.back"))


@dataclass(frozen=True)
class DrawScreen:
    view: ChifootmiView
    highlight: str | None
    locked: bool
    opponent: str
    seconds_left: float | None
    cpu: bool = False
    """A CPU draws for this seat (a demo): the hint line says so, no button."""

    def draw(self, c: Canvas, language: str) -> None:
        room = _clock(c, 0, self.seconds_left)
        c.centred(0, fitting(room, text(language, "draw.title"), text(language, "draw.short")),
                  x1=room)
        _mark(c, 117, 0, self.opponent)
        you = self.view.you
        for pile, x0, label, count in (("left", 6, "?", you.pile1),
                                       ("right", 70, card_text(you.pile2_top), you.pile2)):
            chosen = self.highlight == pile
            c.box(x0, 12, x0 + 51, 40, filled=chosen, width=2 if chosen and self.locked else 1)
            c.centred(12, label, scale=2, x0=x0, x1=x0 + 52, ink=0 if chosen else 1)
            c.centred(30, f"x{count}", x0=x0, x1=x0 + 52, ink=0 if chosen else 1)
        hand = " ".join(card_text(s.card) for s in you.active)
        c.centred(42, hand)
        if self.cpu:
            c.hints(centre=_cpu_hint(language, self.view, self.locked))
        elif self.locked:
            c.hints(centre=text(language, "hint.locked"))
        elif self.highlight is not None:
            c.hints(centre=text(language, "hint.again"))
        else:
            c.hints(left=text(language, "draw.hidden"), right=text(language, "draw.visible"))


@dataclass(frozen=True)
class ShotScreen:
    """You shoot, or you dive: pick a side of the goal with LEFT/CENTRE/RIGHT."""

    view: ChifootmiView
    opponent_key: str
    role: str
    highlight: str | None
    locked: bool
    opponent: str
    seconds_left: float | None
    cpu: bool = False
    """A CPU shoots or dives for this seat (a demo): "Rouge tire", "Rouge choisit…"."""

    def draw(self, c: Canvas, language: str) -> None:
        shot = self.view.shot
        assert shot is not None
        title = text(language, "you_shoot" if self.role == "shoot" else "you_dive")
        if self.cpu:
            title = text(language, "tell.their_shot" if self.role == "shoot" else "tell.their_dive",
                         team=text(language, "team." + self.view.seat))
        if shot.kind == "shootout":
            _shootout_board(c, self.view, language, self.opponent_key)
            c.centred(22, title)
        else:
            c.text(0, 0, text(language, "out." + shot.kind))
            c.centred(9, title, scale=2)
        _mark(c, 117, 22 if shot.kind == "shootout" else 0, self.opponent)
        _clock(c, 22 if shot.kind == "shootout" else 0, self.seconds_left)
        zones = _goal(c, 33, 51, shot.sides)
        for side, (x0, x1) in zip(SIDE_ORDER[shot.sides], zones):
            chosen = side == self.highlight
            if chosen:
                c.draw.rectangle([x0, 35, x1, 51], fill=1)
            _arrow(c, (x0 + x1) // 2, 43, side, ink=0 if chosen else 1)
        if self.cpu:
            c.hints(centre=_cpu_hint(language, self.view, self.locked))
        elif self.locked:
            c.hints(centre=text(language, "hint.locked"))
        elif self.highlight is not None:
            c.hints(centre=text(language, "hint.again"))
        else:
            c.hints(centre=text(language, "hint.pick_side"))


@dataclass(frozen=True)
class FlagScreen:
    """The offside window: the defender may flag with CENTRE before the bar runs out."""

    view: ChifootmiView
    opponent_key: str
    mine: int
    theirs: int
    defender: bool
    fraction_left: float
    cpu: bool = False
    """A CPU defends this seat (a demo): it "checks", no button to press."""

    def draw(self, c: Canvas, language: str) -> None:
        c.centred(0, text(language, "out.offside_chance"), scale=2)
        you, them = text(language, "you"), text(language, self.opponent_key)
        c.centred(23, f"{you} {card_text(self.mine)}  {them} {card_text(self.theirs)}")
        c.bar(8, 37, 119, 47, self.fraction_left)
        if self.defender and self.cpu:
            c.hints(centre=text(language, "flag.wait", team=text(language, "team." + self.view.seat)))
        elif self.defender:
            c.hints(centre=text(language, "flag.hint"))
        else:
            c.hints(centre=text(language, "flag.wait", team=them))


@dataclass(frozen=True)
class Told:
    """A reveal told from one seat's side: the big words, a sentence saying who did what
    (``{team}`` is the other seat), and what comes next when it fits beside it. i18n keys."""

    big: str
    line: str
    then: str = ""


@dataclass(frozen=True)
class RevealScreen:
    """Both choices shown at once, and what came of them in words, from this seat's side."""

    view: ChifootmiView
    opponent_key: str
    mine: int | None
    theirs: int | None
    shoot: str | None
    dive: str | None
    sides: int
    told: Told
    one_two: bool
    shootout: bool = False
    """The shot was a shoot-out kick (drawn on the shoot-out board), not a shot in the match."""

    def draw(self, c: Canvas, language: str) -> None:
        if self.mine is not None and self.theirs is not None:
            self._cards(c, language)
        elif self.shoot is not None and self.dive is not None:
            self._shot(c, language, self.shoot, self.dive)
        c.big(32, HINT_Y - 3, text(language, self.told.big))
        team = text(language, self.opponent_key)
        line = text(language, self.told.line, team=team)
        then = text(language, self.told.then) if self.told.then else ""
        c.hints(centre=fitting(WIDTH, f"{line} {then}", line))

    def _cards(self, c: Canvas, language: str) -> None:
        you, them = text(language, "you"), text(language, self.opponent_key)
        for x0, name, card in ((6, you, self.mine), (78, them, self.theirs)):
            c.centred(0, name, x0=x0, x1=x0 + 44)
            c.box(x0, 11, x0 + 43, 31)
            c.centred(11 if card != DT else 16, card_text(card), scale=2 if card != DT else 1,
                      x0=x0, x1=x0 + 44)
        c.centred(16, "1-2" if self.one_two else "vs", x0=50, x1=78)

    def _shot(self, c: Canvas, language: str, shoot: str, dive: str) -> None:
        if self.shootout:
            _shootout_board(c, self.view, language, self.opponent_key)
            top = 23
        else:
            top = 3
        zones = dict(zip(SIDE_ORDER[self.sides], _goal(c, top, top + 10 if top > 3 else 31,
                                                        self.sides)))
        bottom = top + 10 if top > 3 else 31
        kx0, kx1 = zones[dive]
        c.draw.rectangle([kx0 + 4, bottom - 7, kx1 - 4, bottom - 1], fill=1)
        bx0, bx1 = zones[shoot]
        mid = (bx0 + bx1) // 2
        c.draw.ellipse([mid - 3, top + 2, mid + 3, top + 8], fill=0, outline=1, width=2)


def result_screen(view: ChifootmiView, opponent_key: str, spectator: bool,
                  called: tuple[tuple[str, str], ...] = ()) -> ResultScreen:
    """The final score and a shoot-out's on the shared result screen; OK clears it."""
    return ResultScreen(standing(view), view.seat, opponent_key, spectator, called=called)


def standing(view: ChifootmiView) -> Standing:
    """The goals, the shoot-out's and the winner, as the shared screens read them."""
    return Standing.tallied(view.score, view.shootout, view.winner, view.over)


Screen = Union[FlipScreen, KickoffScreen, CardScreen, DrawScreen, ShotScreen, FlagScreen,
               RevealScreen, ResultScreen, CpuPadScreen, HelpScreen]


# ----- from a session to a seat's screen -----------------------------------------------------
def outcome(events: list[Any]) -> str:
    """The big words of a move's reveal that every seat may read alike (the flip's bar)."""
    for event in events:
        if isinstance(event, ev.Goal) or (isinstance(event, ev.ShootoutKick) and event.scored):
            return "out.goal"
        if isinstance(event, (ev.Saved, ev.ShootoutKick)):
            return "out.saved"
        if isinstance(event, ev.OverTheBar):
            return "out.over_bar"
        if isinstance(event, ev.PushedAway):
            return "out.pushed_away"
        if isinstance(event, ev.Offside):
            return "out.offside"
        if isinstance(event, ev.PlayOn):
            return "out.play_on"
    return "hint.wait"


def _yours(mine: bool, you: str, them: str) -> str:
    return you if mine else them


def told(events: Sequence[Any], seat: str) -> Told:
    """What a move's events mean for ``seat``, in words from its side (C-SHOT-2: the keeper's
    team gets the ball after any shot; C-RND-3: a keep or a ball won is the round's duel)."""
    big = line = then = ""
    tie = False
    for event in events:
        mine = getattr(event, "seat", None) == seat
        if isinstance(event, ev.Reveal):
            tie = event.red == event.blue
        if isinstance(event, ev.Goal) or (isinstance(event, ev.ShootoutKick) and event.scored):
            big, line = "out.goal", _yours(mine, "tell.you_score", "tell.they_score")
        elif isinstance(event, (ev.Saved, ev.ShootoutKick)):
            big, line = "out.saved", _yours(mine, "tell.they_save", "tell.you_save")
        elif isinstance(event, ev.OverTheBar):
            big, line = "out.over_bar", _yours(mine, "tell.you_miss", "tell.they_miss")
        elif isinstance(event, ev.PushedAway):
            big, line = "out.pushed_away", _yours(mine, "tell.you_again", "tell.they_again")
        elif isinstance(event, ev.Offside):
            big, line = "out.offside", _yours(mine, "tell.ball_yours", "tell.ball_theirs")
        elif isinstance(event, ev.PlayOn):
            big, line = "out.play_on", _yours(mine, "tell.you_keep", "tell.they_keep")
        elif isinstance(event, ev.BallWon):
            big = "out.tackle" if event.how == "tackle" else _yours(mine, "tell.duel_won",
                                                                     "tell.duel_lost")
            line = (_yours(mine, "cf.you_counter", "cf.they_counter") if event.counter_attack
                    else _yours(mine, "tell.you_take", "tell.they_take"))
        elif isinstance(event, ev.BallKept):
            big = "out.dribble" if event.dribble else "tell.tie" if tie else \
                _yours(mine, "tell.duel_won", "tell.duel_beaten")       # C-RND-3: a tie keeps
            line = _yours(mine, "tell.you_keep", "tell.they_keep")
        elif isinstance(event, ev.ShootingPhase):
            line = _yours(mine, "cf.you_shoot_next", "cf.they_shoot_next")
        elif isinstance(event, ev.ShootoutStart):
            then = "cf.shootout_next"
        elif isinstance(event, ev.ShotCalled) and event.kind != "shootout":
            big = big or "out." + event.kind
            line = _yours(event.shooter == seat, "tell.your_shot", "tell.your_dive")
    return Told(big or "out.play_on", line or "hint.wait", then)


def reveal_headline(view: ChifootmiView, events: Sequence[Any], language: str,
                    names: HeadlineNames | None = None) -> str:
    """The reveal in two or three words from ``view``'s seat's side ("Tu marques !", "Bleu
    arrête ton tir"): what the kids' mode shows big. ``names.opponent`` names the other seat
    (``cpu``, ``team.*`` or a person's name; its colour by default)."""
    key = names.opponent if names else "team." + other(view.seat)
    return text(language, told(events, view.seat).line, team=text(language, key))


def flipped(before: Screen, events: list[Any], seat: str, opponent_key: str,
            seen: ChifootmiView, view: ChifootmiView, ran_out: str | None = None) -> FlipScreen:
    """The flip of ``seat``'s screen ``before`` for the move that made ``events``; ``seen`` and
    ``view`` are the seat's views before and after it (what it drew it alone knows);
    ``ran_out``: how the seat's move clock chose for it, if it did."""
    flip = _flipped(before, events, seat, opponent_key, seen, view)
    return flip if ran_out is None else replace(flip, ran_out=ran_out)


def _flipped(before: Screen, events: list[Any], seat: str, opponent_key: str,
             seen: ChifootmiView, view: ChifootmiView) -> FlipScreen:
    for event in events:
        if isinstance(event, ev.Reveal):
            return FlipScreen(before, opponent_key, mine=getattr(event, seat),
                              theirs=getattr(event, other(seat)))
    headline = outcome(events)
    for event in events:
        if isinstance(event, (ev.Goal, ev.Saved, ev.ShootoutKick)) and event.shoot and event.dive:
            sides = 3 if "centre" in (event.shoot, event.dive) or getattr(
                event, "kind", "shootout") in ("penalty", "shootout") else 2
            return FlipScreen(before, opponent_key, shot=(event.shoot, event.dive, sides),
                              headline=told(events, seat).line)
    if not all(isinstance(e, ev.Drew) for e in events):
        return FlipScreen(before, opponent_key, headline=headline)
    drawn = [e for e in events if e.seat == seat]
    if not drawn:                                   # only the other drew: "Bleu pioche"
        return FlipScreen(before, opponent_key, headline="draw.they")
    card = drawn[0].card
    if card is None:                                # from the face-down pile: own views only
        new = [slot.card for slot in view.you.active]
        for slot in seen.you.active:
            if slot.card in new:
                new.remove(slot.card)
        card = new[0] if new else None
    return FlipScreen(before, opponent_key, drew=card_text(card) if card is not None else "?")


@dataclass(frozen=True)
class SeatState:
    """What one seat's screen is built from, computed by the session once per change."""

    view: ChifootmiView
    opponent_key: str
    step: SharedStep
    """Every game's step or one of this game's own (:class:`.steps.Step`)."""
    flip: FlipScreen | None
    """The seat's flip screen while ``step`` is ``FLIP``."""
    spectator: bool
    """Every seat a CPU (a demo): the result names the teams."""
    events: tuple[Any, ...]
    """The last move's events, while the flag window or the reveal shows them."""
    deciding: bool
    """The seat has a pending choice (in the flag window: it is the defender)."""
    locked: bool
    slot: int | None
    """The card highlighted (its slot), the side, the pile: what the seat's buttons picked."""
    side: str | None
    pile: str | None
    opponent: str
    """The other seat's progress: ``"choosing"``, ``"locked"``, or ``""``."""
    seconds_left: float | None
    offside_window: float
    person: str | None = None
    """The name this seat's player chose on the pads, if any."""
    cpu: bool = False
    """A CPU plays the seat (its screen is drawn only in a demo): no button hints on it."""
    help: bool = False
    """The seat's player opened the help page (OK during a card round) and has not pressed since."""


def build(state: SeatState) -> Screen:
    view, opponent_key, step = state.view, state.opponent_key, state.step
    if state.flip is not None:
        return state.flip
    if step is Step.KICKOFF:
        return KickoffScreen(view, opponent_key, person=state.person)
    if step is Step.OVER:
        return result_screen(view, opponent_key, state.spectator)
    if step is Step.FLAG:
        reveal = next(e for e in state.events if isinstance(e, ev.Reveal))
        left = state.seconds_left or 0.0
        return FlagScreen(view, opponent_key, getattr(reveal, view.seat),
                          getattr(reveal, other(view.seat)), state.deciding,
                          left / state.offside_window, cpu=state.cpu)
    if step is Step.REVEAL:
        return reveal_screen(view, opponent_key, list(state.events))
    if state.help:
        return HelpScreen()
    locked, seconds = state.locked, state.seconds_left
    if view.decision in ("shoot", "dive"):
        return ShotScreen(view, opponent_key, view.decision, state.side, locked, state.opponent,
                          seconds, cpu=state.cpu)
    if view.decision == "draw":
        return DrawScreen(view, state.pile, locked, state.opponent, seconds, cpu=state.cpu)
    if view.decision == "play":
        hint = "hint.locked" if locked else ("hint.again" if state.slot is not None
                                             else "hint.pick_card")
        if state.cpu:
            hint = "cpu.chosen" if locked else "cpu.choosing"
        return CardScreen(view, opponent_key, state.slot, locked, state.opponent, hint, seconds,
                          state.cpu)
    return CardScreen(view, opponent_key, None, False, state.opponent,
                      "cpu.waits" if state.cpu else "hint.wait", None, state.cpu)


def reveal_screen(view: ChifootmiView, opponent_key: str, events: list[Any]) -> RevealScreen:
    """What ``view.seat`` reads after the move that made ``events``, told from its side."""
    seat = view.seat
    mine = theirs = None
    shoot = dive = None
    sides = 2
    shootout = False
    one_two = any(isinstance(e, ev.OneTwo) for e in events)
    for event in events:
        if isinstance(event, ev.Reveal):
            mine, theirs = getattr(event, seat), getattr(event, other(seat))
        elif isinstance(event, (ev.Goal, ev.Saved, ev.ShootoutKick)) and getattr(event, "shoot", None):
            shoot, dive = event.shoot, event.dive
            shootout = isinstance(event, ev.ShootoutKick)
            sides = 3 if "centre" in (shoot, dive) or getattr(event, "kind", "shootout") in (
                "penalty", "shootout") else 2
    return RevealScreen(view, opponent_key, mine, theirs, shoot, dive, sides, told(events, seat),
                        one_two, shootout)


def render(screen: Screen, language: str) -> Any:
    """The 128x64 1-bit image of ``screen`` in ``language``."""
    canvas = Canvas()
    screen.draw(canvas, language)
    return canvas.image
