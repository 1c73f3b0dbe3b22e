"""A Fotboll match on the console: presses in, decisions to the engine, per-seat screens out.

Buttons (Chifootmi's meanings kept: CENTRE is OK, LEFT/RIGHT move or pick a side):

* formation: LEFT/RIGHT change it, OK chooses; with red cards, LEFT/RIGHT then OK pick
  each outfield position to leave out;
* preparing a turn: LEFT/RIGHT move over your positions that can change, CARD1 marks or
  unmarks one (empty: refill ``+``; survived an attack: replace ``×``; else substitute
  ``S``), OK plays the marks; empty positions start marked. A mark the rules refuse
  (F-TURN-2: a 4th substitution, more marks than library cards, a substitution while a
  position stays empty) is not made and the hint line says why (:func:`refusal`), so the
  marks are always a legal preparation and OK always plays them;
* attacking: LEFT/RIGHT move over the legal targets only, OK attacks;
* red card / new goalkeeper: LEFT/RIGHT move, OK chooses;
* shoot-out: LEFT/CENTRE/RIGHT pick a side, the same button again locks it in.

An OK the engine would refuse plays nothing and puts its reason on the pitch's hint line
(``Picking.why``; only a preparation could be refused, and its marks are kept legal).
Sequential decisions go to the engine at once; simultaneous ones (formations, shoot-out
kicks) when every seat has locked in, so nothing of one seat's pick reaches the other.
A move that both screens must show (every seat locked in, or a duel, a change, a red card)
first *flips* for ``Timing.flip``: each seat keeps the screen it was on, with what was played
shown in place and on an inverted bottom bar; the reveal with its words follows (see
:class:`screens.FlipScreen`).
Time comes in as ``now``; the session never reads a clock.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.fotboll import (
    DIVE, FORMATION_NAMES, FORMATIONS, SHOOT, Attack, Choice, Keeper, LineUp, MatchConfig,
    Prepare, SendOff, Side, new_match,
)
from engine.fotboll import events as ev
from engine.fotboll.match import MAX_SUBS
from firmware.chifootmi.session import Timing
from hal.buttons import Button

from . import screens
from .cpu import cpu_rng

SIDES = {Button.LEFT: Side.LEFT, Button.CENTRE: Side.CENTRE, Button.RIGHT: Side.RIGHT}
SHOWN_EVENTS = (ev.Duel, ev.Goal, ev.Penalty, ev.Booked, ev.SentOff, ev.HalfTime,
                ev.ShootoutKick, ev.Substituted, ev.Replaced)
"""Events worth a pause on both screens (a reveal)."""


@dataclass
class Seats:
    cpus: Mapping[str, Any] = field(default_factory=dict)
    opponent_names: Mapping[str, str] = field(default_factory=dict)


@dataclass
class Picking:
    """One seat's decision in the making."""

    cursor: int = 0
    formation: int = 0
    removed: list[str] = field(default_factory=list)
    marks: dict[str, str] = field(default_factory=dict)
    side: Side | None = None
    locked: Choice | None = None
    cpu_at: float | None = None
    why: str | None = None
    """Why the last press did nothing (the hint ``fb.why.<why>``), until the next press."""


def refusal(view: Any, marks: Mapping[str, str]) -> str | None:
    """Why the rules refuse ``marks`` (position -> refill/replace/sub) as this turn's
    preparation, as a hint key ``fb.why.<key>``; None when they don't. Reads only the seat's
    own view (its empty positions, library count and substitutions used: nothing secret)."""
    subs = sum(kind == "sub" for kind in marks.values())
    if subs:
        empties = [s.position for s in view.you.field if s.empty and s.position != "GK"]
        if any(marks.get(p) != "refill" for p in empties):
            return "fill_first"                # F-TURN-2: no substitution while one is empty
        if view.you.subs_used + subs > MAX_SUBS:
            return "max_subs"                  # F-TURN-2: at most 3 a match
    if len(marks) > view.you.library:
        return "no_card"                       # F-TURN-2: one library card per change
    return None


class FotbollSession:
    """One Fotboll match from kick-off to the result screen."""

    def __init__(self, config: MatchConfig, seed: int, seats: Seats, now: float, *,
                 timing: Timing = Timing()) -> None:
        self.config = config
        self.seed = seed
        self.seats = seats
        self.timing = timing
        self.match = new_match(config, seed)
        self.decisions: list[dict[str, Choice]] = []
        self.events: list[Any] = self.match.opening_events()
        self.history: list[Any] = list(self.events)
        self.picking: dict[str, Picking] = {}
        self.flips: dict[str, screens.FlipScreen] = {}
        """Each seat's flip screen while ``step`` is ``"flip"``."""
        self.step = "kickoff"
        self.step_until: float | None = now + timing.kickoff
        self.finished = False
        self.tunes: list[str] = ["whistle"]

    # ----- the journal ---------------------------------------------------------------------
    @classmethod
    def rebuild(cls, config: MatchConfig, seed: int, decisions: Sequence[Mapping[str, Choice]],
                seats: Seats, now: float, **options: Any) -> FotbollSession:
        """The session after ``decisions`` (a match resumed after a power cut), waiting for the
        next one: no kick-off or reveal screen; CPU seats answer ``cpu_think`` after ``now``
        with the choice they would have made (their randomness is keyed by the decision)."""
        session = cls(config, seed, seats, now, **options)
        for joint in decisions:
            session.events = session.match.apply(joint)
            session.history += session.events
            session.decisions.append(dict(joint))
        session.tunes.clear()
        session.step_until = None
        session._next_step(now)
        return session

    # ----- what each seat may pick -------------------------------------------------------
    def options(self, seat: str) -> tuple[str, ...]:
        """The positions the cursor moves over now (legal targets only when attacking)."""
        view = self.match.view(seat)
        decision = view.decision
        if decision == "attack":
            return view.targets
        if decision in ("send_off", "keeper"):
            return tuple(c.position for c in self.match.legal_choices(seat))  # type: ignore
        if decision == "prepare":
            return tuple(p for p in (s.position for s in view.you.field)
                         if self._action(view, p) is not None)
        if decision == "formation":
            picking = self.picking[seat]
            if picking.locked is None and len(picking.removed) < view.you.red_cards:
                formation = FORMATIONS[FORMATION_NAMES[picking.formation]]
                return tuple(p for p in formation.outfield if p not in picking.removed)
        return ()

    @staticmethod
    def _action(view: Any, position: str) -> str | None:
        """What marking ``position`` would do before this attack: refill, replace, sub; None
        when no legal preparation could hold that mark (no substitution left, or too few
        library cards to refill every empty position and substitute too: F-TURN-2)."""
        slot = view.you.slot(position)
        if slot.empty:
            return "refill" if position != "GK" else None
        if position in view.you.replaceable:
            return "replace"
        empties = sum(s.empty and s.position != "GK" for s in view.you.field)
        return "sub" if view.you.subs_used < MAX_SUBS and view.you.library > empties else None

    def preparation(self, seat: str, marks: Mapping[str, str] | None = None) -> Prepare:
        """The marks (the seat's own by default) as the engine's choice, each list in
        formation order."""
        if marks is None:
            marks = self.picking[seat].marks
        order = [s.position for s in self.match.view(seat).you.field]
        lists = {kind: tuple(p for p in order if marks.get(p) == kind)
                 for kind in ("refill", "replace", "sub")}
        return Prepare(lists["refill"], lists["replace"], lists["sub"])

    # ----- input -------------------------------------------------------------------------
    def press(self, seat: str, button: Button, now: float) -> bool:
        """A person at ``seat`` pressed ``button``; True when anything changed."""
        if self.step == "over":
            if button is Button.CENTRE:
                self.finished = True
                return True
            return False
        picking = self.picking.get(seat)
        if self.step != "choose" or picking is None or seat in self.seats.cpus \
                or picking.locked is not None:
            return False
        decision = self.match.decision(seat)
        if decision in ("shoot", "dive"):
            return self._press_side(seat, picking, button, now)
        options = self.options(seat)
        picking.why = None
        if button in (Button.LEFT, Button.RIGHT):
            step = 1 if button is Button.RIGHT else -1
            if decision == "formation" and not options:
                picking.formation = (picking.formation + step) % len(FORMATION_NAMES)
            elif options:
                picking.cursor = (picking.cursor + step) % len(options)
            return True
        if button is Button.CARD1 and decision == "prepare" and options:
            self._toggle(seat, picking, options[picking.cursor % len(options)])
            return True
        if button is not Button.CENTRE:
            return False
        choice = self._choice_at_ok(seat, picking, decision, options)
        if choice is None:
            return decision == "formation"     # a position left out, or no option at all
        if not self.match.is_legal(seat, choice):
            marks = picking.marks if decision == "prepare" else {}
            picking.why = refusal(self.match.view(seat), marks) or "rules"
            return True
        self._lock(seat, picking, choice, now)
        return True

    def _toggle(self, seat: str, picking: Picking, position: str) -> None:
        """CARD1 on ``position``: mark or unmark it, unless the marks would then be a
        preparation the rules refuse; then nothing changes but the hint, which says why."""
        view = self.match.view(seat)
        marks = dict(picking.marks)
        unmarking = position in marks
        if unmarking:
            del marks[position]
        else:
            marks[position] = self._action(view, position)  # type: ignore[assignment]
        if self.match.is_legal(seat, self.preparation(seat, marks)):
            picking.marks = marks
            return
        why = refusal(view, marks) or "rules"
        picking.why = "subs_first" if unmarking and why == "fill_first" else why

    def _choice_at_ok(self, seat: str, picking: Picking, decision: str | None,
                      options: Sequence[str]) -> Choice | None:
        if decision == "formation":
            if options:
                picking.removed.append(options[picking.cursor % len(options)])
                picking.cursor = 0
                if len(picking.removed) < self.match.view(seat).you.red_cards:
                    return None
            return LineUp(FORMATION_NAMES[picking.formation], tuple(picking.removed))
        if decision == "prepare":
            return self.preparation(seat)
        if not options:
            return None
        position = options[picking.cursor % len(options)]
        return {"attack": Attack, "send_off": SendOff, "keeper": Keeper}[decision](position)  # type: ignore

    def _press_side(self, seat: str, picking: Picking, button: Button, now: float) -> bool:
        side = SIDES.get(button)
        if side is None:
            return False
        if picking.side is side:
            decision = self.match.decision(seat)
            self._lock(seat, picking, (SHOOT if decision == "shoot" else DIVE)[side], now)
        else:
            picking.side = side
        return True

    def _lock(self, seat: str, picking: Picking, choice: Choice, now: float) -> None:
        picking.locked = choice
        picking.why = None
        if all(p.locked is not None for p in self.picking.values()):
            self._apply({s: p.locked for s, p in self.picking.items()}, now)  # type: ignore[misc]

    # ----- time ----------------------------------------------------------------------------
    def deadline(self, now: float) -> float | None:
        times = [p.cpu_at for p in self.picking.values() if p.cpu_at is not None and p.locked is None]
        if self.step_until is not None:
            times.append(self.step_until)
        return min(times) if times else None

    def tick(self, now: float) -> bool:
        changed = False
        for _ in range(64):
            if self.step_until is not None and now >= self.step_until:
                self.step_until = None
                if self.step == "over":
                    self.finished = True
                elif self.step == "flip":
                    self._after_flip(now)
                else:
                    self._next_step(now)
                changed = True
                continue
            due = [seat for seat, p in self.picking.items()
                   if p.cpu_at is not None and p.locked is None and now >= p.cpu_at]
            if not due:
                return changed
            seat = due[0]
            picking = self.picking[seat]
            picking.cpu_at = None
            bot = self.seats.cpus[seat]
            choice = bot.choose(self.match.view(seat), self.match.legal_choices(seat),
                                cpu_rng(self.seed, seat, len(self.decisions)))
            self._lock(seat, picking, choice, now)
            changed = True
        return changed

    # ----- steps ------------------------------------------------------------------------------
    def _next_step(self, now: float) -> None:
        self.picking = {}
        if self.match.is_over:
            self.step = "over"
            if all(seat in self.seats.cpus for seat in self.match.seats):
                self.step_until = now + self.timing.result_demo
            return
        self.step = "choose"
        for seat in self.match.to_act():
            picking = Picking()
            view = self.match.view(seat)
            if view.decision == "prepare":
                empties = [s.position for s in view.you.field if s.empty and s.position != "GK"]
                picking.marks = {p: "refill" for p in empties[:view.you.library]}
            if seat in self.seats.cpus:
                picking.cpu_at = now + self.timing.cpu_think
            self.picking[seat] = picking

    def _apply(self, joint: dict[str, Choice], now: float) -> None:
        """Play ``joint``; when both screens must show it, flip first (each seat's screen as
        it was, with the move shown in place), then the reveal or the next decision."""
        before = {seat: screens.build(self, seat) for seat in self.match.seats}
        self.events = self.match.apply(joint)
        self.history += self.events
        self.decisions.append(joint)
        for event in self.events:
            if isinstance(event, ev.Goal) or (isinstance(event, ev.ShootoutKick) and event.scored):
                self.tunes.append("goal")
            elif isinstance(event, (ev.HalfTime, ev.MatchOver)):
                self.tunes.append("whistle")
        self.picking = {}
        if len(joint) > 1 or self._revealed():
            self.flips = {seat: screens.flipped(screen, self.events, screens.opponent_of(self, seat))
                          for seat, screen in before.items()}
            self.step = "flip"
            self.step_until = now + self.timing.flip
        else:
            self._next_step(now)

    def _after_flip(self, now: float) -> None:
        """Once the flip has been seen: the reveal, or the next decision (after the line-ups)."""
        self.flips = {}
        if self._revealed():
            self.step = "reveal"
            self.step_until = now + self.timing.reveal
        else:
            self._next_step(now)

    def _revealed(self) -> bool:
        """Whether the last move is worth a pause on both screens (a reveal)."""
        return any(isinstance(event, SHOWN_EVENTS) for event in self.events)

    # ----- screens -------------------------------------------------------------------------------
    def screen(self, seat: str, now: float) -> Any:
        return screens.build(self, seat)
