"""A Simulator Soccer match on the console: presses in, decisions to the engine, screens out.

Buttons (docs/simulator-soccer.md, "On the console"):

* a **menu** (a prompt and up to four options, CARD1-CARD4; LEFT/RIGHT page; CENTRE shows
  the pitch and back): the kick menu, the cross, the challenge, the defence, a move list
  (DONE first, then UNDO, then the players nearest the ball);
* a **cell pick** on the pitch (S-UI-2): CARD1 NW, CARD2 NE, LEFT W, RIGHT E, CARD3 SW, CARD4
  SE move the cursor; CENTRE confirms a legal (dotted) cell, or on the start cell goes back;
* a **secret pick** (the formation, the shot and the dive, S-VIS-1): the same lock-in, flip
  and reveal as the other games, confirmed by the same buttons and words. Formation:
  CARD1-CARD3 pick (the same card again locks in, as Chifootmi's cards), LEFT/RIGHT go round,
  OK locks in (as Fotboll's). Shot: LEFT/CENTRE/RIGHT aim (the same again locks in), CARD1
  LOW/HIGH, CARD2 round the keeper. Dive: LEFT/CENTRE/RIGHT (the same again locks in). Until
  the other has locked in, another pick changes a locked one (as in Chifootmi); CARD4 still
  locks in and unlocks, as S-UI-2 has it, but no screen asks for it.

Every decision that is not secret starts from the Simple policy's proposal (``choosing.
suggestion``): the first option of a menu, the whole list of a move list (DONE plays it), so
a sensible default is one press. Most decisions are one seat's while the other waits: its
pitch says what the other is doing (public: S-VIS-1).

Both screens of a handheld share one I2C bus: a press that plays a decision first *flips*
both screens (each keeps its picture, a banner says what was played), and the pitch after
it comes on a timer; a move worth a pause (a kick, a duel, a foul, a goal) is then revealed
on both. Time comes in as ``now``; the session never reads a clock.
"""
from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.errors import IllegalChoice
from engine.simulator_soccer import (
    Choice, Cross, Dive, Formation, Kick, MatchConfig, Move, Round, Shoot, SoccerMatch,
    SoccerView, new_match,
)
from engine.simulator_soccer import events as ev
from engine.simulator_soccer import bots as soccer_bots
from engine.simulator_soccer.bots import SoccerBot, kick_odds
from engine.simulator_soccer.choices import FORMATIONS
from firmware.games.cpu import CpuPlayers, clock_pick
from firmware.games.session import TIMING, MatchSession, Seats, Step, Timing
from hal.buttons import Button

from . import choosing, pitch, screens
from .choosing import Picking

__all__ = ["CPU", "DIFFICULTIES", "Picking", "Seats", "SoccerSession", "Step", "Timing"]

SIDE_BUTTONS = {Button.LEFT: "left", Button.CENTRE: "centre", Button.RIGHT: "right"}
CARDS = (Button.CARD1, Button.CARD2, Button.CARD3, Button.CARD4)
PAGE = 4
COUNTDOWN = 10
"""The move clock's last seconds, shown on the deciding pad."""

SHOWN_EVENTS = (ev.Kicked, ev.Duel, ev.Shot, ev.Goal, ev.Foul, ev.Card, ev.Var, ev.Out,
                ev.Offside, ev.Substituted, ev.StandIn, ev.Held)
"""Events worth a pause on both screens (a reveal)."""


class NoLegalChoice(RuntimeError):
    """A seat has no legal choice: the rules left the match without a way on."""

    def __init__(self, kind: str, seat: str) -> None:
        super().__init__(f"Simulator Soccer: {seat} has no legal {kind} (the rules left no "
                         "way on; please report the match journal)")


class SoccerCpu:
    """A CPU seat of the console: an engine bot deciding from its view, its legal choices
    and its generator; at the easy level some decisions are the Random bot's."""

    def __init__(self, difficulty: str) -> None:
        self.difficulty = difficulty
        policy, self.noise = DIFFICULTIES.get(difficulty, DIFFICULTIES["easy"])
        self.bot = SoccerBot(policy)
        self.random = SoccerBot("random")

    def choose(self, view: SoccerView[SoccerMatch], legal: Sequence[Choice],
               rng: random.Random) -> Choice:
        if self.noise and rng.random() < self.noise and view.public.pending.kind in (
                "kick", "challenge", "move"):
            return self.random.choose(view, legal, rng)
        try:
            return self.bot.choose(view, legal, rng)
        except IndexError:
            # The engine's bot found nothing legal (it ends on ``legal_choices(...)[0]``):
            # a position the rules left without a way on. Say so in one line, not a traceback.
            raise NoLegalChoice(view.public.pending.kind, view.seat) from None

    def __repr__(self) -> str:
        return f"<SoccerCpu {self.difficulty}>"


DIFFICULTIES: dict[str, tuple[str, float]] = {
    "easy": ("simple", 0.35), "medium": ("simple", 0.0), "hard": ("search", 0.0)}
"""The menu's CPU levels: the engine's Simple policy with a third of its kicks, tackles and
moves at random (easy), Simple (medium), the look-ahead Search (hard). Every level plays the
shot duel from its equilibrium (``engine/simulator_soccer/shot_duel.py``): a shot a person
repeats beats no level's keeper."""
CPU = CpuPlayers(tuple(DIFFICULTIES), SoccerCpu, "pitchpad-simulator-soccer-cpu")


class SoccerSession(MatchSession[Picking]):
    """One Simulator Soccer match from the kick-off sheet to the result."""

    cpu_players = CPU

    def __init__(self, config: MatchConfig, seed: int, seats: Seats, now: float, *,
                 timing: Timing = TIMING, move_clock: float = 0.0, tutorial: bool = False) -> None:
        super().__init__(config, seed, seats, now, timing=timing, move_clock=move_clock)
        self.tutorial: dict[str, int] = {}
        """Seat -> tutorial page, for each person still reading it before the kick-off (-1:
        the offer, a sheet over the menu, so starting a match redraws half of each screen)."""
        if tutorial:
            self.tutorial = {seat: -1 for seat in self.match.seats if seat not in seats.cpus}
            if self.tutorial:
                self.step_until = None

    @staticmethod
    def _new_match(config: MatchConfig, seed: int) -> Any:
        return new_match(config, seed)

    def public(self, seat: str) -> Any:
        """The match as ``seat`` may know it (its view's, without the generator)."""
        return self.view(seat).public

    # ----- input -----------------------------------------------------------------------
    def _press(self, seat: str, button: Button, now: float) -> bool:
        if seat in self.tutorial:
            return self._press_tutorial(seat, button, now)
        picking = self.pending.get(seat)
        if self.step is not Step.CHOOSE or picking is None or self.is_cpu(seat):
            return False
        picking.why = None
        decision = self.view(seat).body["decision"]
        if decision in choosing.SECRET:
            return self._press_secret(seat, picking, decision, button, now)
        if picking.locked is not None:
            return False
        if picking.mode == "cells":
            return self._press_cells(seat, picking, button, now)
        if picking.mode == "map":
            if button is Button.CENTRE:
                picking.mode = "menu"
                return True
            return False
        return self._press_menu(seat, picking, button, now)

    def _press_tutorial(self, seat: str, button: Button, now: float) -> bool:
        pages = len(screens.tutorial_pages())
        page = self.tutorial[seat]
        if button is Button.LEFT:
            self.tutorial[seat] = max(-1, page - 1)
        elif button is Button.RIGHT and page < pages - 1:
            self.tutorial[seat] = page + 1
        elif button in (Button.CENTRE, Button.RIGHT):
            del self.tutorial[seat]
            if not self.tutorial:
                self.step_started = now
                self.step_until = now + self.timing.kickoff
        else:
            return False
        return True

    def options(self, seat: str) -> tuple[choosing.Label, list[tuple[choosing.Label, choosing.Action]]]:
        picking = self.pending[seat]
        key = ("menu", picking.sub, picking.entries, picking.thrower, picking.keeper,
               picking.intercept, picking.subs, picking.sub_off_num)
        if key not in picking.cache:
            picking.cache[key] = choosing.menu_options(self.public(seat), seat, picking,
                                                       self.legal(seat))
        return picking.cache[key]

    def _press_menu(self, seat: str, picking: Picking, button: Button, now: float) -> bool:
        _prompt, options = self.options(seat)
        pages = max(1, -(-len(options) // PAGE))
        if button in (Button.LEFT, Button.RIGHT):
            step = 1 if button is Button.RIGHT else -1
            picking.page = (picking.page + step) % pages
            return True
        if button is Button.CENTRE:
            picking.mode = "map"
            return True
        index = picking.page * PAGE + CARDS.index(button)
        if index >= len(options):
            return False
        return self._act(seat, picking, options[index][1], now)

    def _act(self, seat: str, picking: Picking, action: choosing.Action, now: float) -> bool:
        match = self.public(seat)
        what = action[0]
        if what == "play":
            return self._play(seat, picking, action[1], now)
        if what == "cells":
            purpose = action[1:]
            cells, origin, start = choosing.cell_targets(match, seat, picking, purpose,
                                                         self.legal(seat))
            if not cells or origin is None or start is None:
                picking.why = "no_cell"
                return True
            picking.mode, picking.purpose = "cells", purpose
            picking.targets, picking.origin, picking.cursor = cells, origin, start
            return True
        if what == "player":
            return self._act(seat, picking, ("cells", "entry", action[1]), now)
        if what == "thrower":
            picking.thrower = action[1]
            picking.page = 0
            return True
        if what == "undo":
            picking.entries = picking.entries[:-1]
            picking.page = 0
            return True
        if what == "done":
            if match.pending.kind == "defend":
                return self._play(seat, picking, choosing.defend_choice(picking), now)
            return self._play(seat, picking, choosing.list_choice(match, seat, picking), now)
        if what == "menu":
            picking.sub, picking.page = action[1], 0
            return True
        if what == "back":
            picking.sub, picking.page, picking.sub_off_num = None, 0, None
            return True
        if what == "sub_off":                   # S-SUB-1: who comes off, then who comes on
            picking.sub, picking.sub_off_num, picking.page = "sub_on", action[1], 0
            return True
        if what == "sub_on":
            assert picking.sub_off_num is not None
            choosing.add_substitution(picking, picking.sub_off_num, action[1],
                                      alone=match.move_phase == "throw")
            picking.sub, picking.sub_off_num, picking.page = None, None, 0
            return True
        if what == "unsub":
            choosing.remove_substitution(picking, action[1])
            picking.page = 0
            return True
        if what == "clear":
            picking.keeper = picking.intercept = None
            picking.page = 0
            return True
        return False

    def _play(self, seat: str, picking: Picking, choice: Choice, now: float) -> bool:
        """Play a sequential decision now, or say why the rules refuse it."""
        try:
            legal = self.match.is_legal(seat, choice)
        except Exception:  # noqa: BLE001 - a refusal, whatever the engine raised
            legal = False
        if not legal:
            picking.why = self._refusal(seat, choice)
            return True
        if not self._leaves_a_way_on(seat, choice):
            picking.why = "blocks"
            return True
        self.lock(seat, choice, now)
        return True

    def _leaves_a_way_on(self, seat: str, choice: Choice) -> bool:
        """Whether the other team can still place after this placement: the rules accept a
        step 2 that leaves a player where the kicking team's step 3 must not end with him
        (in the area at a goal kick, on the ball), and then nothing is legal."""
        if self.match.decision != "place":
            return True
        twin = self.match.clone()
        twin.apply({seat: choice})
        if twin.is_over or twin.decision != "place":
            return True
        other = twin.to_act()[0]
        try:                                 # the tidy placement (required substitutions too)
            tidy = soccer_bots.placement(twin, choosing.team_of(other), random.Random(0), tidy=True)
            if twin.is_legal(other, tidy):
                return True
        except Exception:  # noqa: BLE001 - then ask the rules for any legal step
            pass
        return bool(twin.legal_choices(other))

    def _refusal(self, seat: str, choice: Choice) -> str:
        try:
            self.match.clone().apply({seat: choice})
        except IllegalChoice as exc:
            if exc.rule == "S-SUB-1" and self.match.decision == "place" and \
                    self.match.subs_needed(choosing.team_of(seat)) > len(getattr(choice, "subs", ())):
                return "sub_needed"             # say what to do: "Changement" first
            return exc.rule
        except Exception:  # noqa: BLE001
            return "rules"
        return "rules"

    def _press_cells(self, seat: str, picking: Picking, button: Button, now: float) -> bool:
        assert picking.cursor is not None
        view = self.view(seat)
        if button is not Button.CENTRE:
            moved = pitch.step(picking.cursor, button, view, seat)
            if moved is None:
                return False
            picking.cursor = moved
            return True
        cell = picking.cursor
        if cell not in picking.targets:
            if cell == picking.origin:
                picking.mode = "secret" if picking.purpose[0] == "round" else "menu"
                return True
            picking.why = "not_legal"
            return True
        what = picking.purpose[0]
        if what == "kick":
            return self._play(seat, picking, Kick(picking.purpose[1], cell), now)
        if what == "cross":
            return self._play(seat, picking, Cross(cell, picking.purpose[1]), now)
        if what == "round":
            picking.mode = "secret"
            picking.aim = None
            self._lock_secret(seat, picking, Round(cell), now)
            return True
        if what == "entry" and self._pushes(seat, picking, cell):
            # S-PRO-QUICK: into a teammate's cell; now where he steps (a second cell pick).
            num = picking.purpose[1]
            picking.purpose = ("push", num, cell)
            picking.targets = choosing.push_targets(self.public(seat), seat, num, cell)
            picking.origin = picking.cursor = cell
            return True
        if what == "push":
            _push, num, entered = picking.purpose
            return self._play(seat, picking, Move(((num, entered),), push=cell), now)
        picking.mode = "menu"
        picking.page = 0
        if what == "entry":
            picking.entries = picking.entries + ((picking.purpose[1], cell),)
        elif what == "keeper":
            picking.keeper = cell
        elif what == "intercept":
            picking.intercept = (picking.purpose[1], cell)
            picking.sub = None
        return True

    def _pushes(self, seat: str, picking: Picking, cell: Any) -> bool:
        """Whether entering ``cell`` is S-PRO-QUICK's push of the teammate there."""
        return cell in choosing.push_cells(self.public(seat), seat, picking, picking.purpose[1])

    # ----- secret choices: the formation, the shot and the dive -----------------------------
    def _press_secret(self, seat: str, picking: Picking, decision: str, button: Button,
                      now: float) -> bool:
        if picking.mode == "cells":                     # rounding the keeper: where to
            if picking.locked is not None:
                return False
            return self._press_cells(seat, picking, button, now)
        if button is Button.CARD4:                      # S-UI-2's own key: lock in, unlock
            if picking.locked is not None:
                self._unlock(picking)
                return True
            choice = self._secret_choice(picking, decision)
            if choice is None:
                picking.why = "pick_first"
                return True
            self._lock_secret(seat, picking, choice, now)
            return True
        if decision == "formation":
            return self._press_formation(seat, picking, button, now)
        return self._press_duel(seat, picking, decision, button, now)

    def _press_formation(self, seat: str, picking: Picking, button: Button, now: float) -> bool:
        """OK locks the formation in, as Fotboll's; CARD1-CARD3 pick the one over them and the
        same card again locks it in, as Chifootmi's cards; ◀ ▶ go round them. Another
        formation changes a locked one until the other has locked in (as Chifootmi's)."""
        if button is Button.CENTRE:
            if picking.locked is not None:
                return False
            choice = self._secret_choice(picking, "formation")
            if choice is None:
                picking.why = "pick_first"
                return True
            self._lock_secret(seat, picking, choice, now)
            return True
        if button in CARDS[:3]:
            formation = FORMATIONS[CARDS.index(button)]
            if formation == picking.formation:
                if picking.locked is not None:
                    return False
                self._lock_secret(seat, picking, Formation(formation), now)
                return True
        elif button in (Button.LEFT, Button.RIGHT):
            index = FORMATIONS.index(picking.formation) if picking.formation else -1
            step = 1 if button is Button.RIGHT else -1
            formation = FORMATIONS[(index + step) % len(FORMATIONS)]
        else:
            return False
        self._unlock(picking)
        picking.formation = formation
        return True

    def _press_duel(self, seat: str, picking: Picking, decision: str, button: Button,
                    now: float) -> bool:
        """◀ OK ▶ aim (or dive) and the same button again locks in, as every game's shot;
        CARD1 LOW/HIGH and CARD2 rounds the keeper. Another side, the height or rounding
        changes a locked pick until the other has locked in."""
        side = SIDE_BUTTONS.get(button)
        if side is not None:
            current = picking.aim if decision == "shoot" else picking.side
            if current == side:
                if picking.locked is not None:
                    return False
                choice = self._secret_choice(picking, decision)
                assert choice is not None
                self._lock_secret(seat, picking, choice, now)
                return True
            self._unlock(picking)
            if decision == "shoot":
                picking.aim = side
            else:
                picking.side = side
            return True
        if decision == "shoot" and button is Button.CARD1:
            self._unlock(picking)
            picking.high = not picking.high
            return True
        if decision == "shoot" and button is Button.CARD2 and self.match.can_round():
            self._unlock(picking)
            return self._act(seat, picking, ("cells", "round"), now)
        return False

    @staticmethod
    def _unlock(picking: Picking) -> None:
        """A locked pick changed before the other locked in: open again, its move clock
        running from where it stood (it stopped at the lock)."""
        if picking.locked is not None:
            picking.locked = None
            picking.deadline = picking.due

    @staticmethod
    def _secret_choice(picking: Picking, decision: str) -> Choice | None:
        if decision == "formation":
            return None if picking.formation is None else Formation(picking.formation)
        if decision == "shoot":
            return None if picking.aim is None else Shoot(picking.aim, picking.high)
        return None if picking.side is None else Dive(picking.side)

    def _lock_secret(self, seat: str, picking: Picking, choice: Choice, now: float) -> None:
        if not self.match.is_legal(seat, choice):
            picking.why = "rules"
            return
        self.lock(seat, choice, now)

    def lock(self, seat: str, choice: Any, now: float) -> None:
        pending = self.pending[seat]
        pending.why = None
        pending.due = pending.deadline
        super().lock(seat, choice, now)

    def _cpu_chose(self, seat: str, choice: Any, now: float) -> None:
        """A CPU's choice; a placement that would leave the other team no legal step is
        replaced by the tidy one (the rules accept it, then nothing is legal: see
        :meth:`_leaves_a_way_on`)."""
        if not self._leaves_a_way_on(seat, choice):
            tidy = soccer_bots.placement(self.public(seat), choosing.team_of(seat),
                                         self.cpu_rng(seat), tidy=True)
            if self.match.is_legal(seat, tidy) and self._leaves_a_way_on(seat, tidy):
                choice = tidy
        super()._cpu_chose(seat, choice, now)

    # ----- time ------------------------------------------------------------------------------
    def _clock_ran_out(self, seat: str, pending: Picking, now: float) -> None:
        """The move clock ran out: the pick as it stands, else the proposal; a secret pick
        not made is the core's random pick (:func:`firmware.games.cpu.clock_pick`, keyed by
        the match's secret: nothing a player can know, and the same after a power cut) among
        the legal ones but rounding the keeper (a cell nobody pointed at). It counts for the
        unattended rule as in every game (unless the person pressed a button: the core's
        :meth:`left_to_clock`). The deadline stays as it was, so a pick changed after it is
        locked in at once."""
        self.clock_picked.add(seat)
        choice: Choice | None
        if self.view(seat).body["decision"] in choosing.SECRET:
            choice = self._secret_choice(pending, self.view(seat).body["decision"])
            if choice is None:
                choices = [c for c in self.legal(seat) if not isinstance(c, Round)]
                choice = clock_pick(self.secret, self.seed, seat, len(self.decisions), choices)
        elif self.match.decision in choosing.LISTS:
            choice = choosing.list_choice(self.public(seat), seat, pending)
            if not self.match.is_legal(seat, choice):
                choice = pending.suggestion
        elif self.match.decision == "defend":
            choice = choosing.defend_choice(pending)
        else:
            choice = pending.suggestion
        if choice is None or not self.match.is_legal(seat, choice):
            choice = self.match.legal_choices(seat)[0]
        self.lock(seat, choice, now)

    def _count_unattended(self, joint: Mapping[str, Any]) -> None:
        """As every game counts a match nobody plays, but most of Soccer's decisions are one
        person's while the other waits: the clock choosing for that one says nothing of the
        one waiting (who has nothing to press), so it neither counts nor starts the count
        again. A decision that asks every person (the formations, a shot and its dive), or
        the only one against the CPU, counts as in the other games."""
        asked = {seat for seat in joint if not self.is_cpu(seat)}
        people = {seat for seat in self.match.seats if not self.is_cpu(seat)}
        if asked and asked != people and asked <= self.left_to_clock():
            return
        super()._count_unattended(joint)

    # ----- the move clock's last seconds, on the deciding pad ----------------------------------
    def seconds_left(self, seat: str, now: float) -> int | None:
        """Whole seconds left on ``seat``'s move clock in its last ``COUNTDOWN`` seconds (a
        person's, not locked in); else None. Nothing showed the clock running out before
        (issue 20 play-through); only the end is shown, so a waiting pad is not redrawn
        every second for half a minute."""
        pending = self.pending.get(seat)
        if (self.step is not Step.CHOOSE or pending is None or pending.deadline is None
                or pending.locked is not None or self.is_cpu(seat)):
            return None
        left = math.ceil(pending.deadline - now)
        return max(0, left) if left <= COUNTDOWN else None

    def _countdown_deadline(self, now: float) -> float | None:
        """When a shown countdown next changes (or starts showing)."""
        if self.step is not Step.CHOOSE:
            return None
        times = []
        for seat, pending in self.pending.items():
            if pending.deadline is None or pending.locked is not None or self.is_cpu(seat):
                continue
            left = pending.deadline - now
            times.append(pending.deadline - COUNTDOWN if left > COUNTDOWN
                         else pending.deadline - (math.ceil(left) - 1))
        later = [t for t in times if t > now]
        return min(later) if later else None

    # ----- steps -------------------------------------------------------------------------------
    def _step_ended(self, step: Step, now: float) -> None:
        self._next_step(now)

    def _new_pending(self, seat: str, now: float) -> Picking:
        if self.is_cpu(seat):
            return Picking(deadline=self._cpu_deadline(seat, now))
        picking = Picking(deadline=now + self.move_clock if self.move_clock else None)
        match = self.public(seat)
        decision = self.view(seat).body["decision"]
        if decision in choosing.SECRET:
            picking.mode = "secret"
            return picking
        picking.suggestion = choosing.suggestion(match, seat, self.seed, len(self.decisions))
        if decision in choosing.LISTS:
            picking.entries, picking.subs, picking.thrower = choosing.start_list(
                match, seat, picking.suggestion)
        return picking

    def _flips_anything(self, joint: Mapping[str, Any]) -> bool:
        return True

    def _flips(self, before: dict[str, Any], seen: dict[str, Any]) -> dict[str, Any] | None:
        """Each screen as it was, a banner saying what was just played (both screens change
        only their bottom pages: the press fits the shared bus)."""
        return {seat: screens.FlipScreen(screen, screens.flip_line(   # a CPU's pad: colours
            self.events, self.decisions[-1], "" if self.is_cpu(seat) else seat,
            self.opponent_key(seat)))
                for seat, screen in before.items()}

    def _revealed(self) -> bool:
        return any(isinstance(event, SHOWN_EVENTS) for event in self.events) or any(
            isinstance(event, ev.Clock) and event.end is not None for event in self.events)

    def _tunes(self, events: list[Any]) -> list[str]:
        tunes = []
        for event in events:
            if isinstance(event, ev.Goal):
                tunes.append("goal")
            elif isinstance(event, ev.Shot) and event.result == "saved":
                tunes.append("save")
            elif isinstance(event, (ev.Foul, ev.Clock)) and (
                    not isinstance(event, ev.Clock) or event.end is not None):
                tunes.append("whistle")
        return tunes

    # ----- screens -------------------------------------------------------------------------------
    def _seat_state(self, seat: str, now: float) -> screens.SeatState:
        view = self.view(seat)
        picking = self.pending.get(seat)
        person = picking is not None and not self.is_cpu(seat)
        prompt: choosing.Label | None = None
        options: tuple[choosing.Label, ...] = ()
        pages = 1
        if person and picking is not None and picking.mode in ("menu", "map") and \
                view.body["decision"] not in choosing.SECRET and self.step is Step.CHOOSE:
            prompt, every = self.options(seat)
            pages = max(1, -(-len(every) // PAGE))
            page = picking.page % pages
            options = tuple(o[0] for o in every[page * PAGE:page * PAGE + PAGE])
        marks: frozenset[Any] = frozenset()
        planned: tuple[Any, ...] = ()
        if person and picking is not None:
            if picking.mode == "cells":
                marks = picking.targets
            elif picking.mode == "map":                 # where the menu's proposal goes
                marks = screens.proposal_cells(picking.suggestion)
            planned = tuple(cell for _num, cell in picking.entries)
            if picking.keeper is not None:
                planned += (picking.keeper,)
            if picking.intercept is not None:
                planned += (picking.intercept[1],)
        return screens.SeatState(
            view=view, seat=seat, opponent_key=self.opponent_key(seat), step=self.step,
            flip=self.flips.get(seat) if self.step is Step.FLIP else None,
            spectator=self.all_cpus or self.is_cpu(seat),
            events=tuple(self.events) if self.step is Step.REVEAL else (),
            tutorial=self.tutorial.get(seat),
            deciding=person,
            mode=picking.mode if person and picking is not None else "",
            locked=picking is not None and picking.locked is not None,
            other_locked=any(p.locked is not None for s, p in self.pending.items() if s != seat),
            prompt=prompt, options=options,
            page=picking.page % pages if person and picking is not None else 0, pages=pages,
            cursor=picking.cursor if person and picking is not None and picking.mode == "cells" else None,
            origin=picking.origin if person and picking is not None and picking.mode == "cells" else None,
            purpose=picking.purpose if person and picking is not None else (),
            marks=marks, planned=planned,
            formation=picking.formation if picking is not None else None,
            aim=picking.aim if picking is not None else None,
            high=picking.high if picking is not None else False,
            side=picking.side if picking is not None else None,
            why=picking.why if picking is not None else None,
            can_round=person and view.body["decision"] == "shoot" and self.match.can_round(),
            reading=self.opponent_key(seat) if self.tutorial and seat not in self.tutorial
            else None,
            seconds_left=self.seconds_left(seat, now) if person else None,
            person=self.people.get(seat),
            called=self.called() if self.step is Step.OVER else (),
            cell_line=self._cell_line(seat, picking) if person and picking is not None
            and picking.mode == "cells" else None)

    def _cell_line(self, seat: str, picking: Picking) -> choosing.Label:
        """What OK does on the cursor's cell: go back, play (with the kick's odds), or
        nothing (out of reach)."""
        cell = picking.cursor
        if cell == picking.origin and cell not in picking.targets:
            return choosing.label("ss.cell.back")
        if cell not in picking.targets:
            return choosing.label("ss.cell.no")
        what = picking.purpose[0]
        match = self.public(seat)
        if what == "kick":
            kind = choosing.header_kind(match, picking.purpose[1])
            carrier = match.carrier_player()
            odds = kick_odds(match, carrier, kind, cell) if carrier is not None else 0
            return choosing.label("ss.cell.odds", what=choosing.label("ss.kick." + kind), p=odds)
        if what == "cross":
            return choosing.label("ss.cell.ok", what=choosing.label("ss.kick.cross"))
        if what == "entry" and self._pushes(seat, picking, cell):
            mate = next(p.num for p in match.at(cell) if p.team == choosing.team_of(seat))
            return choosing.label("ss.cell.push", num=mate)
        if what == "entry":                     # "OK = #3 BG" did not say what OK does
            return choosing.label("ss.cell.goes", num=picking.purpose[1])
        if what == "push":
            mate = next(p.num for p in match.at(picking.purpose[2])
                        if p.team == choosing.team_of(seat))
            return choosing.label("ss.cell.push_to", num=mate)
        return choosing.label("ss.cell.ok", what=choosing.label("ss.opt.play"))

    def _build(self, state: screens.SeatState) -> Any:
        return screens.build(state)
