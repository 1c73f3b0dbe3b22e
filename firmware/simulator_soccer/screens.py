"""What each Simulator Soccer screen shows, drawn on 128x64.

:func:`build` makes a small frozen model from the seat's frozen state (:class:`SeatState`,
computed by the session from the seat's own view and its own pick; never the match):

* :class:`PitchScreen` — the 11 x 9 map (``pitch.draw_pitch``, own team attacking right) and
  one line under it: the status (minute, score, phase, whose decision), what the other seat
  is doing, or, in a cell pick, what OK does on the cursor's cell;
* :class:`MenuScreen` — a prompt, up to four options on CARD1-CARD4, a page line;
* :class:`FormationScreen`, :class:`ShotScreen` — the secret picks (formation, shot, dive);
* :class:`FlipScreen` — the screen as it was when a decision was played, with a banner
  saying what (both screens change only their bottom pages: the press fits the shared bus);
* :class:`RevealScreen` — the pitch after a kick, a duel, a foul, a goal..., with what
  happened on a banner (one line) or a sheet (fouls, cards, VAR, substitutions, restarts);
* :class:`KickoffScreen` — a sheet over the menu, like every game's; :class:`ResultScreen`, the
  shared one;
* :class:`TutorialScreen` — the first match's pages.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine.simulator_soccer import (
    FORMATIONS, Challenge, Defend, Formation, Kick, Kicker, Move, Place, Remove,
)
from engine.simulator_soccer import events as ev
from engine.simulator_soccer.state import SEATS
from firmware.i18n import STRINGS, text
from firmware.render import COLUMN_W, HEIGHT, HINT_Y, SHEET_Y, WIDTH, Canvas, fitting, text_width
from firmware.games.spec import HeadlineNames
from firmware.games.session import Step
from firmware.games.sheets import ResultScreen, Standing, draw_you_are, you_are_label

from . import pitch
from .choosing import SECRET, Label, label, words
from .tutorial import PAGES, draw_tutorial_page

SHOT_BOXES = {"left": 8, "centre": 50, "right": 92}
ARROWS = {"left": "◀", "centre": "●", "right": "▶"}
"""A side of the goal as the shot and dive screens draw it (the shooter's sides)."""


def team_label(event_seat: str, seat: str, opponent_key: str) -> Label:
    """"You" or the other seat's name; for a spectator (``seat`` empty) the team's colour."""
    if not seat:
        return label("team." + event_seat)
    return label("you") if event_seat == seat else label(opponent_key)


# ----- the pitch ------------------------------------------------------------------------------
@dataclass(frozen=True)
class PitchScreen:
    """The map and one line under it."""

    view: Any
    seat: str
    line: Label | None = None
    """None: the status line (``pitch.status_text``)."""
    cursor: tuple[int, int] | None = None
    marks: frozenset[tuple[int, int]] = frozenset()
    planned: tuple[tuple[int, int], ...] = ()
    """Cells the seat's list so far sends players to (shown as a ring)."""
    spectator: bool = False
    """A CPU's pad (or a demo): the status line names the teams, never "You"."""
    seconds_left: int | None = None

    def draw(self, c: Canvas, language: str) -> None:
        pitch.draw_pitch(c, self.view, self.seat, cursor=self.cursor, marks=self.marks,
                         planned=self.planned)
        status = pitch.status_text(self.view, self.seat, language, spectator=self.spectator)
        if self.line is None:
            line = status
        elif self.line[0].startswith("ss.wait."):               # the score, then who does what
            body = self.view.body
            score = f"{body['score'][body['you']['seat']]}-{body['score'][body['opponent']['seat']]}"
            said = words(language, self.line)
            line = fitting(WIDTH, f"{score} {said}", said)
        else:
            line = words(language, self.line)
        pitch.draw_status(c, fitting(WIDTH, line))
        draw_countdown(c, self.seconds_left)


@dataclass(frozen=True)
class MenuScreen:
    """A prompt, up to four options on CARD1-CARD4, the page and what OK does."""

    prompt: Label
    options: tuple[Label, ...]
    page: int
    pages: int
    why: str | None = None
    seconds_left: int | None = None

    def draw(self, c: Canvas, language: str) -> None:
        self._draw(c, language)
        draw_countdown(c, self.seconds_left)

    def _draw(self, c: Canvas, language: str) -> None:
        c.box(0, 0, WIDTH - 1, 9, filled=True)
        c.text(1, -1, fitting(WIDTH - 2, words(language, self.prompt)), ink=0)
        for i, option in enumerate(self.options):
            y = 10 + i * 11
            c.chip(9, y, str(i + 1))
            c.text(13, y, fitting(WIDTH - 13, words(language, option)))
        if self.why is not None:                    # the 4th option's descenders reach row 53
            c.hint_words(centre=self.why_line(language))
        else:
            pages = f"◀{self.page + 1}/{self.pages}▶" if self.pages > 1 else ""
            c.hint_words(left=pages, right=text(language, "ss.hint.map"))


    def why_line(self, language: str) -> str:
        """Why the last press did nothing. A list the rules refuse also says which button
        takes the last entry back: "Refused (S-RST-2)" alone left a player not knowing what
        to do (issue 20 play-through)."""
        assert self.why is not None
        undo = [i for i, option in enumerate(self.options) if option[0] == "ss.opt.undo"]
        if undo and "ss.why." + self.why not in STRINGS:
            return text(language, "ss.why.rule_undo", rule=self.why, n=undo[0] + 1)
        return why_text(language, self.why)


def why_text(language: str, why: str) -> str:
    key = "ss.why." + why
    return text(language, key) if key in STRINGS else text(language, "ss.why.rule", rule=why)


# ----- the secret picks -----------------------------------------------------------------------
@dataclass(frozen=True)
class FormationScreen:
    """The half's formation: three boxes over CARD1-CARD3, the pick filled, a thick frame
    once locked in (the bottom line says "Validé ✓"); nothing over CARD4, which does nothing
    here (a boxed ✓ there read as locked in before anyone was)."""

    half: int
    formation: str | None
    locked: bool
    other_locked: bool
    opponent_key: str
    why: str | None = None
    seconds_left: int | None = None

    def draw(self, c: Canvas, language: str) -> None:
        self._draw(c, language)
        draw_countdown(c, self.seconds_left)

    def _draw(self, c: Canvas, language: str) -> None:
        c.centred(-1, text(language, "ss.formation", half=self.half))
        for i, name in enumerate(FORMATIONS):
            # A row of three joined boxes, one over each card button's column (CARD1-CARD3),
            # each name a pixel clear of its borders: separate 30-px boxes cut the first
            # figure of "3-5-2" (issue 20 play-through; a name's ink is 29 px).
            x0 = i * COLUMN_W
            chosen = name == self.formation
            c.box(x0, 14, x0 + COLUMN_W, 30, filled=chosen,
                  width=2 if chosen and self.locked else 1)
            c.text(x0 + 2, 17, name, ink=0 if chosen else 1)
        them = text(language, self.opponent_key)
        c.centred(34, text(language, "ss.other_locked" if self.other_locked else "ss.other_picks",
                           team=them))
        if self.why is not None:
            c.hints(centre=why_text(language, self.why))
        elif self.locked:
            c.hints(centre=text(language, "hint.locked"))
        else:
            c.hints(centre=text(language, "ss.hint.formation"))


@dataclass(frozen=True)
class ShotScreen:
    """The shooter's aim and height (or rounding), or the keeper's dive: secret until both
    lock (S-SHOT-2); sides are the shooter's on both screens."""

    role: str
    """``shoot`` or ``dive``."""
    picked: str | None
    high: bool
    locked: bool
    other_locked: bool
    can_round: bool
    opponent_key: str
    why: str | None = None
    seconds_left: int | None = None

    def draw(self, c: Canvas, language: str) -> None:
        self._draw(c, language)
        draw_countdown(c, self.seconds_left)

    def _draw(self, c: Canvas, language: str) -> None:
        title = text(language, "ss.shoot" if self.role == "shoot" else "ss.dive")
        if self.role == "shoot":
            height = text(language, "ss.shot_high" if self.high else "ss.shot_low")
            title = fitting(WIDTH, f"{title} {height}", height)
        c.centred(-1, title)
        c.box(4, 11, WIDTH - 5, 40)                            # the goal, seen by the shooter
        for side, x in SHOT_BOXES.items():
            chosen = side == self.picked
            c.box(x, 15, x + 27, 36, filled=chosen, width=2 if chosen and self.locked else 1)
            c.centred(19, ARROWS[side], x0=x, x1=x + 28,
                      ink=0 if chosen else 1)
        them = text(language, self.opponent_key)
        extra = text(language, "ss.other_locked", team=them) if self.other_locked else ""
        if self.role == "shoot":
            keys = "ss.hint.shoot_round" if self.can_round else "ss.hint.shoot"
            c.text(0, 42, fitting(WIDTH, text(language, keys)))
        else:
            c.text(0, 42, fitting(WIDTH, extra or text(language, "ss.hint.dive_view")))
        if self.why is not None:
            c.hints(centre=why_text(language, self.why))
        elif self.locked:
            c.hints(centre=text(language, "hint.locked"))
        else:
            c.hints(centre=text(language, "hint.again") if self.picked else
                    text(language, "hint.pick_side"))


# ----- moments ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class FlipScreen:
    """The instant a decision is played: the screen as it was, a banner saying what."""

    base: Any
    line: Label

    def draw(self, c: Canvas, language: str) -> None:
        self.base.draw(c, language)
        top = HINT_Y if isinstance(self.base, MenuScreen) else HINT_Y - 1   # a menu's 4th line: 53
        c.banner(fitting(WIDTH, words(language, self.line)), top=top)


SHEET_PITCH = 12
"""A reveal's lines on its sheet, 12 rows apart: a descender never meets an accent under it."""


@dataclass(frozen=True)
class RevealScreen:
    """The pitch after the move, with what happened: one line on a banner, several on a
    sheet over the bottom half (the map's top rows stay)."""

    view: Any
    seat: str
    lines: tuple[Label, ...]

    def draw(self, c: Canvas, language: str) -> None:
        pitch.draw_pitch(c, self.view, self.seat)
        if len(self.lines) <= 1:
            pitch.draw_status(c, "")
            c.banner(fitting(WIDTH, words(language, self.lines[0])) if self.lines else "")
            return
        lines = self.lines[:3]
        first = HINT_Y - 1 - SHEET_PITCH * (len(lines) - 1)     # the last on the hint line
        c.sheet(min(SHEET_Y, first - 2))                        # 3 lines: a taller sheet
        for i, line in enumerate(lines):
            c.centred(first + i * SHEET_PITCH, fitting(WIDTH, words(language, line)))


@dataclass(frozen=True)
class KickoffScreen:
    """A sheet over the menu (the app puts it there): whose pad it is and who kicks off.
    A person's pad says which team they are ("Tu es Rouge", "Ana, tu es Rouge" once the
    players chose names), as every game's kick-off does; a CPU's pad (``seat`` None) only
    says "Kick-off"."""

    you_start: bool
    opponent_key: str
    over_menu: ClassVar[bool] = True
    reading: str | None = None
    """The i18n key of the other person while they still read the tutorial (the match waits
    for them): said instead of who starts, so this pad knows why nothing happens."""
    seat: str | None = None
    """This pad's team (``red``, ``blue``); None on a pad that only watches."""
    person: str | None = None
    """The name this pad's player chose, if they chose one."""

    def draw(self, c: Canvas, language: str) -> None:
        c.sheet()
        if self.seat is None:
            c.big(SHEET_Y + 2, HINT_Y - 3, text(language, "kickoff"))
        else:
            draw_you_are(c, you_are_label(language, self.person),
                         text(language, "team." + self.seat))
        if self.reading is not None:
            team = text(language, self.reading)
            c.centred(HINT_Y - 1, fitting(WIDTH, text(language, "ss.wait.tutorial", team=team),
                                          text(language, "ss.wait.tutorial.short", team=team)))
            return
        line = text(language, "fb.you_start") if self.you_start else \
            text(language, "fb.they_start", team=text(language, self.opponent_key))
        c.centred(HINT_Y - 1, "⚽ " + line)


def kicks_off(view: Any) -> str:
    """The seat that kicks off next: the toss's (S-KO-1, drawn when the match is made and
    public), the other team in the second half; once a half is under way, the ball's. The
    ball's seat alone said "You start" to the wrong pad half the time: before the formations
    the engine gives it to red whoever won the toss (issue 20 play-through)."""
    public = view.public
    if view.body["decision"] == "formation":
        first = SEATS[public.first_kickoff]
        return first if view.body["clock"]["half"] == 1 else SEATS[1 - SEATS.index(first)]
    return str(view.body["ball"]["seat"])


@dataclass(frozen=True)
class TutorialScreen:
    """A page of the tutorial before the match (``tutorial.py``): ◀ ▶ turn pages, OK starts."""

    page: int

    def draw(self, c: Canvas, language: str) -> None:
        pages = tutorial_pages(language)
        index = min(self.page, len(pages) - 1)
        draw_tutorial_page(c, pages[index])
        c.hints(left="◀" if index else "", centre=f"{index + 1}/{len(pages)}",
                right="▶" if index < len(pages) - 1 else text(language, "ss.hint.start"))


@dataclass(frozen=True)
class TutorialOffer:
    """Before the first page: a sheet over the menu, ▶ reads the tutorial, OK plays."""

    over_menu: ClassVar[bool] = True

    def draw(self, c: Canvas, language: str) -> None:
        c.sheet()
        c.centred(SHEET_Y + 2, text(language, "ss.tutorial.title"))
        c.centred(SHEET_Y + 12, text(language, "ss.tutorial.read"))
        c.hints(centre=text(language, "ss.tutorial.skip"))


def tutorial_pages(language: str = "en") -> tuple[Any, ...]:
    return PAGES.get(language) or PAGES["en"]


# ----- what happened, in words ---------------------------------------------------------------------
PRIORITY = (ev.Goal, ev.Card, ev.Var, ev.Foul, ev.Offside, ev.Shot, ev.Out, ev.Substituted,
            ev.StandIn, ev.Duel, ev.Kicked, ev.BallWon, ev.Announced, ev.Held, ev.Clock,
            ev.KickedOff, ev.Phase3, ev.Placed)


def event_line(event: Any, seat: str, opponent_key: str) -> Label | None:
    """One line (<= 21 characters in either language) for an event, told from ``seat``'s
    side; None for events not worth a line."""
    who = team_label(getattr(event, "seat", seat), seat, opponent_key)
    if isinstance(event, ev.Goal):
        # A spectator (a CPU's pad, the demo) is told whose goal it is, the scorer's score
        # first: "GOAL #10! 1-0" alone did not say which team scored.
        team = "_team" if not seat else ""
        if event.score is not ev.ABSENT and event.score is not None:
            own = seat or event.seat
            mine = event.score[own]
            theirs = event.score["blue" if own == "red" else "red"]
            return label("ss.ev.goal" + team, num=event.player, mine=mine, theirs=theirs,
                         team=who)
        return label("ss.ev.goal_so" + team, num=event.player, team=who)
    if isinstance(event, ev.Card):
        return label("ss.ev.red" if event.card == "red" else "ss.ev.yellow", num=event.player,
                     team=who)
    if isinstance(event, ev.Var):
        return label("ss.ev.var_no" if event.overturned else "ss.ev.var_yes", die=event.die)
    if isinstance(event, ev.Foul):
        return label("ss.ev.foul_" + event.award, num=event.player, team=who)
    if isinstance(event, ev.Offside):
        return label("ss.ev.offside", num=event.player, team=who)
    if isinstance(event, ev.Shot):
        result = event.result if event.result is not ev.ABSENT else "wide"
        if result in ("goal", "saved") and event.dive:
            # The aim and the dive as the arrows the shot and dive screens showed (the
            # shooter's sides): "Tir D/G" had to be decoded (issue 20 play-through).
            return label("ss.shot." + str(result),
                         sides=label("ss.shot.sides", aim=ARROWS[event.aim], dive=ARROWS[event.dive]))
        return label("ss.ev.shot_" + str(result), num=event.player,
                     aim=label("ss.side." + event.aim),
                     dive=label("ss.side." + (event.dive or "none")))
    if isinstance(event, ev.Out):
        return label("ss.ev.out_" + event.restart, team=who)
    if isinstance(event, ev.Substituted):
        return label("ss.ev.sub", out=event.out, into=event.in_, team=who)
    if isinstance(event, ev.StandIn):
        return label("ss.ev.stand_in", num=event.player, team=who)
    if isinstance(event, ev.Duel):
        if event.dice is None:
            return label("ss.ev.duel_failed", kind=label("ss.duel." + event.kind))
        dice = event.dice if len(event.dice) == 2 else (event.dice[0], "-")
        if event.foul is True and event.won is ev.ABSENT:
            return label("ss.ev.duel_foul", kind=label("ss.duel." + event.kind), a=dice[0])
        won = event.won is True or (event.won is ev.ABSENT and event.foul is False)
        # Who won, told from the reading pad's side: "Dribble 2-1 won" read on the
        # defender's pad as if he had won it (issue 20 play-through).
        acting = getattr(event, "seat", seat)
        winner = acting if won else ("blue" if acting == "red" else "red")
        return label("ss.ev.duel_by", kind=label("ss.duel." + event.kind), a=dice[0], b=dice[1],
                     team=team_label(winner, seat, opponent_key))
    if isinstance(event, ev.Kicked):
        kind = label("ss.kick." + event.kick)
        if event.foul is True:
            return label("ss.ev.kick_foul", kind=kind, num=event.player)
        if seat and event.seat != seat:
            # The other team's kick: whose, and whether it arrived. "Pass 81/89% ✓" alone
            # read on the child's pad as their own pass (kids' play-through); the odds are
            # the kicker's business.
            short = label("ss.duel.header") if event.kick == "header_pass" else kind
            return label("ss.ev.their_kick_miss" if event.miss is not ev.ABSENT
                         else "ss.ev.their_kick_hit", kind=short, team=who)
        if event.miss is not ev.ABSENT:
            return label("ss.ev.kick_miss", kind=kind, num=event.player, roll=event.roll, p=event.p)
        return label("ss.ev.kick_hit", kind=kind, num=event.player, roll=event.roll, p=event.p)
    if isinstance(event, ev.BallWon):
        return _ball_line(event, seat, who)
    if isinstance(event, ev.Announced):
        return label("ss.ev.announce", kind=label("ss.kick." + event.kick), num=event.player)
    if isinstance(event, ev.Held):
        return label("ss.ev.hold", num=event.player)
    if isinstance(event, ev.Clock) and event.end is not None:
        return label("ss.ev.half_time" if event.half == 1 else "ss.ev.full_time")
    if isinstance(event, ev.KickedOff):
        return label("ss.ev.kickoff", num=event.player, team=who)
    if isinstance(event, ev.Phase3):
        return label(_counted("ss.ev.moved", event.moved), n=event.moved, team=who)
    return None


def _ball_line(event: ev.BallWon, seat: str | None, who: Any) -> Label:
    """Who has the ball now; the other team reaching it first says so (S-CDD): "Dribble
    70/82% ✓" then "Ball: #8 CPU" read as a success taken away without a reason."""
    if event.how == "cdd" and seat and event.seat != seat:
        return label("ss.ev.ball_first", num=event.player, team=who)
    return label("ss.ev.ball", num=event.player, team=who)


def reveal_headline(view: Any, events: Sequence[Any], language: str,
                    names: HeadlineNames | None = None) -> str | None:
    """Kids' mode's big words for a shot or a goal, from ``view``'s seat's side ("Tu marques
    !", "Bleu arrête ton tir", "Tu tires à côté"), like the other games'; None for any other
    move: its own reveal stays, because there the pitch (where the ball went, who has it) is
    what tells a child what happened. ``names.opponent`` names the other seat (``cpu``,
    ``team.*`` or a person's name; its colour by default)."""
    seat = view.seat
    them = text(language, names.opponent if names else "team." + ("blue" if seat == "red" else "red"))
    goals = [e for e in events if isinstance(e, ev.Goal)]
    if goals:
        return text(language, "tell.you_score") if goals[-1].seat == seat else \
            text(language, "tell.they_score", team=them)
    shots = [e for e in events if isinstance(e, ev.Shot) and e.result in ("saved", "wide", "blocked")]
    if not shots:
        return None
    shot = shots[-1]
    mine = shot.seat == seat
    if shot.result == "saved":
        return text(language, "tell.they_save", team=them) if mine else text(language, "tell.you_save")
    if shot.result == "wide":
        return text(language, "ss.tell.you_wide") if mine else \
            text(language, "ss.tell.they_wide", team=them)
    return text(language, "ss.tell.they_block", team=them) if mine else \
        text(language, "ss.tell.you_block")


def _counted(key: str, n: int) -> str:
    """``key`` for a count: its ``_one`` form for 0 or 1 ("Bleu : 1 replacé", French's
    singular; "1 replacés" was read on every pad)."""
    return key + "_one" if n <= 1 else key


def _ranked(events: tuple[Any, ...] | list[Any]) -> list[Any]:
    def rank(event: Any) -> int:
        for i, kind in enumerate(PRIORITY):
            if isinstance(event, kind):
                return i
        return len(PRIORITY)
    return sorted(events, key=rank)


def flip_line(events: list[Any], joint: Any, seat: str, opponent_key: str = "team.blue"
              ) -> Label:
    """The banner of a flip: the formations once both are locked, else the most telling
    thing the decision did, else what was decided (moves, placements: all public)."""
    if len(joint) == 2 and all(isinstance(c, Formation) for c in joint.values()):
        other = next(s for s in joint if s != seat) if seat in joint else "blue"
        mine = joint.get(seat, joint["red"])
        return label("ss.ev.formations", mine=mine.name, theirs=joint[other].name,
                     team=team_label(other, seat, opponent_key))
    for event in _ranked(events):
        if isinstance(event, (ev.Phase3, ev.Placed)):
            continue
        line = event_line(event, seat, opponent_key)
        if line is not None:
            return line
    for who, choice in joint.items():
        team = team_label(who, seat, opponent_key)
        if isinstance(choice, Place):
            return label(_counted("ss.ev.placed", len(choice.entries)), n=len(choice.entries),
                         team=team)
        if isinstance(choice, Move):
            return label(_counted("ss.ev.moved", len(choice.entries)), n=len(choice.entries),
                         team=team)
        line = _decided(choice, team)
        if line is not None:
            return line
    return label("ss.ev.played")


def _decided(choice: Any, team: Label) -> Label | None:
    """What a decision that made no event of its own was, for the flip's banner: "Played"
    told the other pad nothing after a challenge or a defence (issue 20 play-through)."""
    if isinstance(choice, Kick) and choice.kind == "end":
        # The carrier declined to kick (Phase 2 follows): "Played" said nothing.
        return label("tell.you_keep") if team[0] == "you" else label("tell.they_keep", team=team)
    if isinstance(choice, Challenge):
        if choice.player is None:
            return label("ss.flip.no_challenge", team=team)
        return label("ss.flip.tackle" if choice.tackle else "ss.flip.enter", num=choice.player,
                     team=team)
    if isinstance(choice, Defend):
        if choice.intercept is not None:
            return label("ss.flip.intercept", num=choice.intercept[0], team=team)
        if choice.keeper is not None:
            return label("ss.flip.keeper", team=team)
        return label("ss.flip.no_block", team=team)
    if isinstance(choice, Kicker):
        return label("ss.flip.kicker", num=choice.player, team=team)
    if isinstance(choice, Remove):
        return label("ss.flip.stand_in", num=choice.player, team=team)
    return None


def reveal_lines(events: tuple[Any, ...], seat: str, opponent_key: str) -> tuple[Label, ...]:
    """The reveal's lines: the kick's, the duel's, then fouls, cards, VAR, goals and
    restarts, each once, in the order they happened (at most three)."""
    lines: list[Label] = []
    sheet = (ev.Foul, ev.Card, ev.Var, ev.Out, ev.Substituted, ev.StandIn, ev.Goal, ev.Offside)
    important = [e for e in events if isinstance(e, (*sheet, ev.Shot))]
    chosen: list[Any] = important or [e for e in events if isinstance(e, (ev.Kicked, ev.Duel, ev.Held))][-1:]
    if not chosen:
        chosen = [e for e in events if isinstance(e, ev.Clock) and e.end is not None]
    for event in chosen:
        line = event_line(event, seat, opponent_key)
        if line is not None and line not in lines:
            lines.append(line)
    # A kick that ends with the other team: say who has the ball ("Pass 97/89% off" alone
    # left the kicker's pad to find it on the map, issue 20 play-through).
    kicked = [e for e in events if isinstance(e, ev.Kicked)]
    won = [e for e in events if isinstance(e, ev.BallWon)]
    if kicked and won and not important and won[-1].seat != kicked[-1].seat:
        line = event_line(won[-1], seat, opponent_key)
        if line is not None and line not in lines:
            lines.append(line)
    # The half's end is always said: after a plain kick it was not, and the result sheet
    # came with no word of the whistle.
    ends = [e for e in events if isinstance(e, ev.Clock) and e.end is not None]
    if ends:
        line = event_line(ends[-1], seat, opponent_key)
        if line is not None and line not in lines:
            lines.append(line)
    return tuple(lines[-3:]) if len(lines) > 3 else tuple(lines)


# ----- the model of a seat's screen -------------------------------------------------------------------
@dataclass(frozen=True)
class SeatState:
    """What one seat's screen is built from, computed by the session once per change."""

    view: Any
    seat: str
    opponent_key: str
    step: Step
    flip: FlipScreen | None
    spectator: bool
    events: tuple[Any, ...]
    tutorial: int | None
    deciding: bool
    mode: str
    locked: bool
    other_locked: bool
    prompt: Label | None
    options: tuple[Label, ...]
    page: int
    pages: int
    cursor: tuple[int, int] | None
    origin: tuple[int, int] | None
    purpose: tuple[Any, ...]
    marks: frozenset[Any]
    planned: tuple[Any, ...]
    formation: str | None
    aim: str | None
    high: bool
    side: str | None
    why: str | None
    can_round: bool
    cell_line: Label | None = None
    reading: str | None = None
    """The i18n key of a person still reading the tutorial while this seat waits for them."""
    seconds_left: int | None = None
    """The move clock's last seconds (None: no clock, or not its end yet)."""
    person: str | None = None
    """The name this seat's player chose on the pads (its kick-off says whose pad it is)."""
    called: tuple[tuple[str, str], ...] = ()
    """How a CPU's pad names the seats (:meth:`firmware.games.session.MatchSession.called`)."""


def proposal_cells(choice: Any) -> frozenset[tuple[int, int]]:
    """Where a menu's proposal plays (a kick's or cross's target, a challenger's cell), marked
    on the pitch the menu's OK shows: "▶Lob" alone did not say where to (issue 20)."""
    to = getattr(choice, "to", None)
    return frozenset({(to[0], to[1])}) if isinstance(to, tuple) and len(to) == 2 else frozenset()


def waiting_line(body: dict[str, Any], seat: str, opponent_key: str) -> Label | None:
    """What the other seat is doing (public: S-VIS-1), or None for the status line."""
    acting = body["to_act"]
    if not acting or seat in acting:
        return None
    decision = body["decision"] or ""
    return label("ss.wait." + decision if decision else "hint.wait", team=label(opponent_key))


def build(state: SeatState) -> Any:
    model = _build(state)
    if state.seconds_left is not None and hasattr(model, "seconds_left"):
        return replace(model, seconds_left=state.seconds_left)
    return model


def draw_countdown(c: Canvas, seconds: int | None) -> None:
    """The move clock's last seconds in a chip at the bottom right (over the hint there)."""
    if seconds is not None:
        label = f"{seconds}s"
        x0 = WIDTH - 1 - text_width(label) - 3
        c.clear(x0 - 2, HINT_Y, x0 - 1, HEIGHT - 1)         # a dark gap from the hint's text
        c.chip(WIDTH - 1, HINT_Y, label)


def _build(state: SeatState) -> Any:
    view = state.view
    body = view.body
    if state.flip is not None:
        return state.flip
    if state.tutorial is not None:
        return TutorialOffer() if state.tutorial < 0 else TutorialScreen(state.tutorial)
    if state.step is Step.KICKOFF:
        if state.spectator:                 # a CPU's pad, a demo: who starts, by colour
            return KickoffScreen(False, "team." + kicks_off(view))
        return KickoffScreen(kicks_off(view) == state.seat, state.opponent_key,
                             reading=state.reading, seat=state.seat, person=state.person)
    if state.step is Step.OVER:
        shootout = view.public.shootout
        kicks = None if shootout is None else dict(zip(("red", "blue"), shootout))
        return ResultScreen(Standing.tallied(body["score"], kicks, view.public.winner), state.seat,
                            state.opponent_key, state.spectator, draw_key="fb.draw", called=state.called)
    if state.step is Step.REVEAL:
        # A CPU's pad (or a demo) reads the reveal as a spectator: the teams by colour
        # ("Ball: #9 Red"), never "You" (the CPU-vs-CPU frames said "Ball: #9 You").
        reader = "" if state.spectator else state.seat
        return RevealScreen(view, state.seat, reveal_lines(state.events, reader,
                                                           state.opponent_key))
    decision = body["decision"]
    if decision == "formation" and not state.spectator:
        return FormationScreen(body["clock"]["half"], state.formation, state.locked or not state.deciding,
                               state.other_locked, state.opponent_key, state.why)
    if state.deciding and decision in SECRET and state.mode != "cells":
        return ShotScreen("shoot" if decision == "shoot" else "dive",
                          state.aim if decision == "shoot" else state.side, state.high,
                          state.locked, state.other_locked, state.can_round, state.opponent_key,
                          state.why)
    if state.deciding and state.mode == "menu" and state.prompt is not None:
        return MenuScreen(state.prompt, state.options, state.page, state.pages, state.why)
    if state.deciding and state.mode == "cells":
        line = label("ss.why." + state.why) if state.why else state.cell_line
        return PitchScreen(view, state.seat, line, state.cursor, state.marks, state.planned)
    if state.deciding and state.mode == "map":
        return PitchScreen(view, state.seat, label("ss.hint.back_menu"), None, state.marks,
                           state.planned)
    if state.spectator:
        return PitchScreen(view, state.seat, spectator=True)
    return PitchScreen(view, state.seat, waiting_line(body, state.seat, state.opponent_key))
