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
from functools import partial
from typing import Any

from engine.fotboll.bots import BOTS, DIFFICULTIES, FotbollBot, make_bot, make_difficulty
from engine.fotboll import (
    DIVE, FORMATION_NAMES, FORMATIONS, SHOOT, Attack, Choice, Keeper, LineUp, MatchConfig,
    Prepare, SendOff, Side, new_match,
)
from engine.fotboll import events as ev
from engine.fotboll.match import MAX_SUBS
from firmware.games.cpu import CpuPlayers, budget_of
from firmware.games.session import MatchSession, Pending, Seats, Step, Timing
from hal.buttons import Button

from . import screens

__all__ = ["CPU", "FotbollSession", "Picking", "Seats", "Step", "Timing", "refusal"]

SIDES = {Button.LEFT: Side.LEFT, Button.CENTRE: Side.CENTRE, Button.RIGHT: Side.RIGHT}
SHOWN_EVENTS = (ev.Duel, ev.Goal, ev.Penalty, ev.Booked, ev.SentOff, ev.HalfTime,
                ev.ShootoutKick, ev.Substituted, ev.Replaced)
"""Events worth a pause on both screens (a reveal)."""



CPU = CpuPlayers(tuple(DIFFICULTIES), make_difficulty, "pitchpad-fotboll-cpu",
                 named={name: partial(make_bot, name) for name in BOTS},
                 budget=budget_of(FotbollBot))


@dataclass
class Picking(Pending):
    """One seat's decision in the making."""

    cursor: int = 0
    formation: int = 0
    removed: list[str] = field(default_factory=list)
    marks: dict[str, str] = field(default_factory=dict)
    side: Side | None = None
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


class FotbollSession(MatchSession[Picking]):
    """One Fotboll match from kick-off to the result screen."""

    cpu_players = CPU

    @staticmethod
    def _new_match(config: MatchConfig, seed: int) -> Any:
        return new_match(config, seed)

    # ----- what each seat may pick -------------------------------------------------------
    def options(self, seat: str) -> tuple[str, ...]:
        """The positions the cursor moves over now (legal targets only when attacking)."""
        view = self.view(seat)
        decision = view.decision
        if decision == "attack":            # ▶ to the right on the pitch, as it is drawn
            return screens.reading_order(view.opponent, view.targets, mine=False)
        if decision in ("send_off", "keeper"):
            return tuple(c.position for c in self.legal(seat))
        if decision == "prepare":
            return tuple(p for p in (s.position for s in view.you.field)
                         if self.mark_action(view, p) is not None)
        if decision == "formation":
            picking = self.pending[seat]
            if picking.locked is None and len(picking.removed) < view.you.red_cards:
                formation = FORMATIONS[FORMATION_NAMES[picking.formation]]
                return tuple(p for p in formation.outfield if p not in picking.removed)
        return ()

    @staticmethod
    def mark_action(view: Any, position: str) -> str | None:
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
            marks = self.pending[seat].marks
        order = [s.position for s in self.view(seat).you.field]
        lists = {kind: tuple(p for p in order if marks.get(p) == kind)
                 for kind in ("refill", "replace", "sub")}
        return Prepare(lists["refill"], lists["replace"], lists["sub"])

    # ----- input -------------------------------------------------------------------------
    def _press(self, seat: str, button: Button, now: float) -> bool:
        picking = self.pending.get(seat)
        if self.step is not Step.CHOOSE or picking is None or self.is_cpu(seat) \
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
            picking.why = refusal(self.view(seat), marks) or "rules"
            return True
        self.lock(seat, choice, now)
        return True

    def _toggle(self, seat: str, picking: Picking, position: str) -> None:
        """CARD1 on ``position``: mark or unmark it, unless the marks would then be a
        preparation the rules refuse; then nothing changes but the hint, which says why."""
        view = self.view(seat)
        marks = dict(picking.marks)
        unmarking = position in marks
        if unmarking:
            del marks[position]
        else:
            action = self.mark_action(view, position)
            if action is None:                  # not a position the cursor moves over
                return
            marks[position] = action
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
                if len(picking.removed) < self.view(seat).you.red_cards:
                    return None
            return LineUp(FORMATION_NAMES[picking.formation], tuple(picking.removed))
        if decision == "prepare":
            return self.preparation(seat)
        if not options:
            return None
        position = options[picking.cursor % len(options)]
        if decision == "attack":
            return Attack(position)
        if decision == "send_off":
            return SendOff(position)
        return Keeper(position) if decision == "keeper" else None

    def _press_side(self, seat: str, picking: Picking, button: Button, now: float) -> bool:
        side = SIDES.get(button)
        if side is None:
            return False
        if picking.side is side:
            decision = self.match.decision(seat)
            self.lock(seat, (SHOOT if decision == "shoot" else DIVE)[side], now)
        else:
            picking.side = side
        return True

    def lock(self, seat: str, choice: Any, now: float) -> None:
        self.pending[seat].why = None
        super().lock(seat, choice, now)

    # ----- steps ------------------------------------------------------------------------------
    def _new_pending(self, seat: str, now: float) -> Picking:
        picking = Picking(deadline=self._cpu_deadline(seat, now))
        view = self.view(seat)
        if view.decision == "prepare":
            empties = [s.position for s in view.you.field if s.empty and s.position != "GK"]
            picking.marks = {p: "refill" for p in empties[:view.you.library]}
        return picking

    def _flips_anything(self, joint: Mapping[str, Any]) -> bool:
        return True

    def _tunes(self, events: list[Any]) -> list[str]:
        tunes = []
        for event in events:
            if isinstance(event, ev.Goal) or (isinstance(event, ev.ShootoutKick) and event.scored):
                tunes.append("goal")
            elif isinstance(event, (ev.HalfTime, ev.MatchOver)):
                tunes.append("whistle")
        return tunes

    def _flips(self, before: dict[str, Any], seen: dict[str, Any]) -> dict[str, Any] | None:
        """When both screens must show the move (every seat locked in, or a duel, a change, a
        red card): each seat's screen as it was, with the move shown in place."""
        if len(self.decisions[-1]) > 1 or self._revealed():
            return {seat: screens.flipped(screen, self.events, self.opponent_key(seat))
                    for seat, screen in before.items()}
        return None

    def _revealed(self) -> bool:
        """Whether the last move is worth a pause on both screens (a reveal)."""
        return any(isinstance(event, SHOWN_EVENTS) for event in self.events)

    # ----- screens -------------------------------------------------------------------------------
    def _seat_state(self, seat: str, now: float) -> screens.SeatState:
        picking = self.pending.get(seat)
        cursor = None
        if picking is not None and self.view(seat).stage != "shoot":
            options = self.options(seat)
            cursor = options[picking.cursor % len(options)] if options else None
        return screens.SeatState(
            view=self.view(seat), opponent_key=self.opponent_key(seat), step=self.step,
            flip=self.flips.get(seat) if self.step is Step.FLIP else None,
            spectator=self.all_cpus,
            events=tuple(self.events) if self.step is Step.REVEAL else (),
            deciding=picking is not None,
            locked=picking is not None and picking.locked is not None,
            formation=FORMATION_NAMES[picking.formation] if picking is not None else "",
            removed=tuple(picking.removed) if picking is not None else (),
            cursor=cursor,
            marks=tuple(sorted(picking.marks.items())) if picking is not None else (),
            why=picking.why if picking is not None else None,
            side=picking.side.value if picking is not None and picking.side is not None else None,
            opponent_locked=self._other_locked(seat), person=self.people.get(seat),
            cpu=self.is_cpu(seat))

    def _other_locked(self, seat: str) -> bool:
        """Whether the seat facing ``seat`` has locked in its choice (all ``seat`` may learn
        of it: never which)."""
        theirs = next((p for s, p in self.pending.items() if s != seat), None)
        return theirs is not None and theirs.locked is not None

    def _build(self, state: screens.SeatState) -> Any:
        return screens.build(state)
