"""The secret-move machinery every game's match on the console shares.

A session is a game's match on the console: button presses in, complete joint decisions to
the engine, one small frozen state per seat out for its screen. This module does, once for
every game, what a match of secret simultaneous choices needs:

* seats: who is a CPU (an engine bot, :class:`Seats`), what each seat calls the other;
* the pending choice of each seat that must decide (:class:`Pending`): it can change its mind
  until every seat has locked in, and nothing of it reaches another seat but "has locked in";
* lock-in, then the *flip* (every seat's screen as it was, with the move shown in place),
  then the reveal, each on a timer from ``now`` arguments (the session never reads a clock);
* CPU seats answering ``Timing.cpu_think`` after their turn starts, with a generator fixed by
  the seed, the seat and the decisions so far;
* the move clock (games that offer one): a person who lets it run out with nothing picked gets
  a choice at random from a generator keyed by the match's secret (:func:`firmware.games.cpu.clock_pick`),
  and a match nobody plays (the clock chose for every person, none of whom pressed a button,
  ``Timing.unattended_turns`` times in a row) ends *abandoned* (:meth:`MatchSession.abandon`), recorded as such;
* the tick loop, the next deadline, and the rebuild after a power cut (a fold of the journal's
  joint decisions over a new match).

A game's session subclasses :class:`MatchSession` and says only what is its own: what a press
means (:meth:`MatchSession._press`), whether a move is flipped and revealed, the tunes, and the
frozen per-seat state its screens are built from (:meth:`MatchSession._seat_state`). Views and
legal choices are computed once per decision (:meth:`MatchSession.view`); a seat's screen once
per change of the session (:meth:`MatchSession.screen`).
"""
from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, ClassVar, Generic, Self, TypeVar

from firmware.games.cpu import CpuPlayers, clock_pick
from firmware.i18n import person_key, seat_key
from hal.buttons import Button


@dataclass(frozen=True)
class Timing:
    """How long things stay on screen, in seconds (all configurable, all from one clock).

    These are every game's; a game with timings of its own extends this in its folder (a frozen
    dataclass subclass) and its session makes its own of the console's with :meth:`of`."""

    kickoff: float = 2.5
    flip: float = 0.5
    """Everything locked in: the choices shown in place, before the reveal's words."""
    reveal: float = 2.3
    cpu_think: float = 1.2
    result_demo: float = 6.0
    unattended_turns: int = 3
    """A match nobody plays: after this many decisions in a row where the move clock chose for
    every person at random, the match is abandoned (not played to a result by the clock)."""

    @classmethod
    def of(cls, timing: Timing) -> Self:
        """``timing`` as this class's: itself when it already is one, else its shared timings
        with this class's own at their defaults (the console knows only the shared ones)."""
        if isinstance(timing, cls):
            return timing
        return cls(**{each.name: getattr(timing, each.name) for each in fields(Timing)})


TIMING = Timing()
"""The console's timing unless told otherwise."""


class Step(str):
    """Where a match on the console stands: one of the steps below, which the core runs for
    every game, or one a game declares for itself.

    A game with steps of its own subclasses this in its folder and names them there
    (``class Step(session.Step): ... = session.Step("...")``), so its ``Step`` has the shared
    steps too (its ``Step.CHOOSE`` is this very one) and the core never names a game's step.
    Like an enum's member, a step is told apart by identity (``step is Step.CHOOSE``) and is its
    name as a string (``str(step)``, :attr:`value`: what the spare pads compare). There is one
    step of a name: ``Step("choose") is Step.CHOOSE``, so a copied, deep-copied or unpickled
    session (a test's twin) is at the very same step, or it would ignore every press.

    A step declared with ``shows_move=True`` is one during which the last move is on the
    screens (:attr:`shows_move`): a spare pad then words it too, without the console naming
    any game's step."""

    __slots__ = ()

    def __new__(cls, name: str, *, shows_move: bool = False) -> Step:
        step = _STEPS.get(name)
        if step is None:
            step = _STEPS[name] = str.__new__(Step, name)
        if shows_move:
            _SHOWING_MOVE.add(name)
        return step

    KICKOFF: ClassVar[Step]
    """The kick-off screen, for ``Timing.kickoff``."""
    CHOOSE: ClassVar[Step]
    """The seats to act decide (each has a pending choice)."""
    FLIP: ClassVar[Step]
    """Everything locked in: each seat's screen as it was, the move shown in place (shows
    the move)."""
    REVEAL: ClassVar[Step]
    """The move told in words, for ``Timing.reveal`` (shows the move)."""
    OVER: ClassVar[Step]
    """The result."""

    @property
    def shows_move(self) -> bool:
        """Whether the last move is on the screens during this step (the flip, the reveal...)."""
        return self.value in _SHOWING_MOVE

    @property
    def value(self) -> str:
        """The step's name (as an enum member's value)."""
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Step({self.value!r})"

    def __reduce__(self) -> tuple[type[Step], tuple[str]]:
        """Copied or unpickled by name, so by every protocol into the very same step."""
        return Step, (self.value,)



_STEPS: dict[str, Step] = {}
"""Every step by its name (:meth:`Step.__new__` makes each once)."""
_SHOWING_MOVE: set[str] = set()
"""The steps declared with ``shows_move=True``, by name."""

Step.KICKOFF = Step("kickoff")
Step.CHOOSE = Step("choose")
Step.FLIP = Step("flip", shows_move=True)
Step.REVEAL = Step("reveal", shows_move=True)
Step.OVER = Step("over")


@dataclass
class Seats:
    """Who sits where: a CPU (an engine bot) or a person on a pad."""

    cpus: Mapping[str, Any] = field(default_factory=dict)
    opponent_names: Mapping[str, str] = field(default_factory=dict)
    """What each seat calls the other on its screen (an i18n key: ``cpu`` or ``team.*``)."""
    secret: str = ""
    """The match's secret (``firmware.games.cpu.match_secret``): keys the move clock's random picks.
    Empty (a session made by hand): the session draws one from the OS."""


@dataclass
class Pending:
    """One seat's decision in the making; a game's own pending adds what its buttons pick."""

    locked: Any = None
    """The choice locked in (the engine's), None while the seat still decides."""
    deadline: float | None = None
    """When the move clock locks the pick in (people) or the CPU answers."""


P = TypeVar("P", bound=Pending)


class MatchSession(Generic[P]):
    """One match from kick-off to the result screen; a game subclasses it."""

    cpu_players: ClassVar[CpuPlayers]
    """The game's CPU bots and the salt of their generators."""

    def __init__(self, config: Any, seed: int, seats: Seats, now: float, *,
                 timing: Timing = TIMING, move_clock: float = 0.0) -> None:
        match = self._new_match(config, seed)
        self.move_clock = move_clock
        """Seconds a person has for each choice (0: no clock). A game whose screens show the
        countdown gives its pendings :meth:`_turn_deadline`."""
        self.config = config
        self.seed = seed
        self.seats = seats
        self.timing = timing
        self._views: dict[str, Any] = {}
        self._legal: dict[str, Any] = {}
        self._screens: dict[str, tuple[Any, Any]] = {}
        self.people: dict[str, str] = {}
        """Seat -> the name its player chose on the pads (:meth:`name_people`)."""
        self.match = match
        self.decisions: list[dict[str, Any]] = []
        self.events: list[Any] = list(match.opening_events())
        self.history: list[Any] = list(self.events)
        """Every event of the match so far (for the sim's summary)."""
        self.pending: dict[str, P] = {}
        self.flips: dict[str, Any] = {}
        """Each seat's flip screen while ``step`` is ``FLIP``."""
        self.step = Step.KICKOFF
        self.step_until: float | None = now + timing.kickoff
        self.step_started = now
        self.finished = False
        self.abandoned = False
        """The match ended without a result: left from the pads, or nobody played it."""
        self.secret = seats.secret or secrets.token_hex(16)
        self.clock_picked: set[str] = set()
        """Seats whose choice this decision the move clock made (at random, or a window let
        close): with nobody pressing there, the decision counts for :attr:`unattended`."""
        self.attended: set[str] = set()
        """People who pressed a button since the last decision was played: the clock choosing
        for one of them this decision says nothing of a match nobody plays."""
        self.unattended = 0
        """Decisions in a row where the move clock chose for every person (none pressed)."""
        self.tunes: list[str] = ["whistle"]
        """Tunes to play, taken by the app (``goal``, ``save``, ``whistle``)."""

    # ----- the journal -------------------------------------------------------------
    @staticmethod
    def _new_match(config: Any, seed: int) -> Any:
        raise NotImplementedError

    @classmethod
    def rebuild(cls, config: Any, seed: int, decisions: Sequence[Mapping[str, Any]],
                seats: Seats, now: float, **options: Any) -> Any:
        """The session after ``decisions`` (a match resumed after a power cut), waiting for
        the next one: no kick-off or reveal screen; CPU seats answer ``cpu_think`` after
        ``now`` with the choice they would have made (their randomness is keyed by the
        decision)."""
        session = cls(config, seed, seats, now, **options)
        for joint in decisions:
            session.events = session.match.apply(joint)
            session.match_changed()
            session.history += session.events
            session.decisions.append(dict(joint))
            session._moved(joint, session.events)
            session._replayed(dict(joint), session.events)
        session.tunes.clear()
        session.step_until = None
        session._next_step(now)
        return session

    def go_to(self, match: Any, now: float) -> None:
        """Go on from ``match`` (a position built by a game's position constructor, or a
        match played elsewhere), as after a decision: the views and legal choices are
        forgotten, every seat's pending choice is dropped, and the step it waits for begins at
        ``now`` (the seats' next decision, or the result). The decisions journalled so far and
        the history stay: a session that went to a position is for a test or a tutorial, never
        resumed from the journal."""
        self.match = match
        self.flips = {}
        self._next_step(now)

    def _replayed(self, joint: dict[str, Any], events: list[Any]) -> None:
        """A journalled decision was folded in, after :meth:`_moved` (which a replayed move
        runs as a played one does: what a game keeps of a move is the same after a resume):
        what a replay must set that presses set in play (where a pad's cursor was left)."""

    # ----- what the engine says, once per decision -----------------------------------
    @property
    def match(self) -> Any:
        """The engine state (``seats``, ``is_over``, ``to_act()``...)."""
        return self._match

    @match.setter
    def match(self, match: Any) -> None:
        self._match = match
        self.match_changed()

    def view(self, seat: str) -> Any:
        """``match.view(seat)``, computed once per decision."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.match.view(seat)
        return view

    def legal(self, seat: str) -> Any:
        """``match.legal_choices(seat)``, computed once per decision."""
        legal = self._legal.get(seat)
        if legal is None:
            legal = self._legal[seat] = self.match.legal_choices(seat)
        return legal

    def match_changed(self) -> None:
        """Forget the views and legal choices: the match changed (a decision, or
        :meth:`go_to` a position)."""
        self._views.clear()
        self._legal.clear()

    def is_cpu(self, seat: str) -> bool:
        return seat in self.seats.cpus

    @property
    def all_cpus(self) -> bool:
        """Nobody plays (a demo): the result goes away on its own."""
        return all(seat in self.seats.cpus for seat in self.match.seats)

    def name_people(self, people: Mapping[str, str]) -> None:
        """The names the people chose on the pads (seat -> name): each seat's screens call the
        other seat by its player's name rather than its colour, and its kick-off says whose
        pad it is (:attr:`people`). Seats without a name keep their colour or ``cpu``."""
        self.people = dict(people)
        names = dict(self.seats.opponent_names)
        for seat in self.match.seats:
            others = [s for s in self.match.seats if s != seat]
            if len(others) == 1 and others[0] in people and seat not in self.seats.cpus:
                names[seat] = person_key(people[others[0]], seat_key(others[0]))
        self.seats = replace(self.seats, opponent_names=names)
        self._screens.clear()

    def called(self) -> tuple[tuple[str, str], ...]:
        """How a pad nobody plays at (a CPU's) names each seat, as (seat, key): its player's
        name (``person:Ana``), ``cpu`` for a CPU facing people; a seat not here goes by its
        colour (a demo's, a person's who chose no name)."""
        if self.all_cpus:
            return ()
        named = {seat: person_key(name, seat_key(seat)) for seat, name in self.people.items()}
        named.update({seat: "cpu" for seat in self.seats.cpus})
        return tuple(sorted(named.items()))

    def opponent_key(self, seat: str) -> str:
        """How ``seat``'s screens name the other seat (a team colour, or the CPU's name)."""
        other = next((s for s in self.match.seats if s != seat), seat)
        return self.seats.opponent_names.get(seat, "team." + other)

    # ----- input ---------------------------------------------------------------------
    def press(self, seat: str, button: Button, now: float) -> bool:
        """A person at ``seat`` pressed ``button``; True when anything changed."""
        if not self.is_cpu(seat):
            self.unattended = 0
            self.attended.add(seat)
        if self.finished:
            return False
        if self.step is Step.OVER:
            if button is Button.CENTRE and self._may_close_result(seat):
                self.finished = True
                return True
            return False
        return self._press(seat, button, now)

    def _may_close_result(self, seat: str) -> bool:
        return True

    def _press(self, seat: str, button: Button, now: float) -> bool:
        raise NotImplementedError

    def lock(self, seat: str, choice: Any, now: float) -> None:
        """``seat`` locks ``choice`` in; once every deciding seat has, the move is played."""
        pending = self.pending[seat]
        pending.locked = choice
        pending.deadline = None
        if self.pending and all(p.locked is not None for p in self.pending.values()):
            self._apply({s: p.locked for s, p in self.pending.items()}, now)

    # ----- time ----------------------------------------------------------------------
    def deadline(self, now: float) -> float | None:
        """The next moment something happens (or a countdown on a screen changes)."""
        times = [p.deadline for p in self.pending.values()
                 if p.deadline is not None and p.locked is None]
        if self.step_until is not None:
            times.append(self.step_until)
        countdown = self._countdown_deadline(now)
        if countdown is not None:
            times.append(countdown)
        return min(times) if times else None

    def _countdown_deadline(self, now: float) -> float | None:
        """When a countdown shown on a screen next changes; None when none is shown."""
        return None

    def tick(self, now: float) -> bool:
        """Run everything due at ``now``; True when anything may have changed on a screen."""
        changed = False
        for _ in range(64):  # a step can end several things at once; never loop forever
            if not self._tick_once(now):
                return changed
            changed = True
        return changed

    def _tick_once(self, now: float) -> bool:
        if self.step_until is not None and now >= self.step_until:
            step, self.step_until = self.step, None
            if step is Step.OVER:
                self.finished = True
            elif step is Step.FLIP:
                self.flips = {}
                self.step_started = now
                self._after_flip(now)
            else:
                self._step_ended(step, now)
            return True
        for seat, pending in self.pending.items():
            if pending.locked is None and pending.deadline is not None and now >= pending.deadline:
                if self.is_cpu(seat):
                    choice = self.seats.cpus[seat].choose(self.view(seat), self.legal(seat),
                                                           self.cpu_rng(seat))
                    self._cpu_chose(seat, choice, now)
                else:
                    self._clock_ran_out(seat, pending, now)
                return True
        return False

    def cpu_rng(self, seat: str) -> Any:
        """The generator of ``seat``'s next CPU decision (fixed by the seed and the decisions
        so far, so a rebuilt match plays on identically)."""
        return self.cpu_players.rng(self.seed, seat, len(self.decisions))

    def _cpu_chose(self, seat: str, choice: Any, now: float) -> None:
        self.lock(seat, choice, now)

    def _clock_ran_out(self, seat: str, pending: P, now: float) -> None:
        """A person's move clock ran out (only games with a move clock set a deadline): a
        choice at random among the legal ones, played as a CPU's would be. A game whose
        buttons can pick a choice before locking it in locks that one instead."""
        self._cpu_chose(seat, self.clock_choice(seat), now)

    def clock_choice(self, seat: str) -> Any:
        """The move clock's random choice for ``seat`` now (noted for the unattended count)."""
        self.clock_picked.add(seat)
        return clock_pick(self.secret, self.seed, seat, len(self.decisions), list(self.legal(seat)))

    def abandon(self) -> None:
        """End the match without a result (left from the pads, or nobody plays it): the app
        records it as abandoned and goes back to the menu."""
        if self.match.is_over:
            self.finished = True
            return
        self.abandoned = True
        self.finished = True
        self.pending = {}
        self.step_until = None

    def _step_ended(self, step: Step, now: float) -> None:
        """The timer of ``step`` (the kick-off, a reveal...) ran out."""
        self._next_step(now)

    # ----- steps -----------------------------------------------------------------------
    def _next_step(self, now: float) -> None:
        """Start whatever the match waits for now: the seats' next decision, or the end."""
        self.step_started = now
        self.pending = {}
        self.step_until = None
        if self.match.is_over:
            self.step = Step.OVER
            if self.all_cpus:
                self.step_until = now + self.timing.result_demo
            return
        self._begin_turn(now)

    def _begin_turn(self, now: float) -> None:
        """Every seat to act gets a pending choice; a CPU's answers after ``cpu_think``."""
        self.step = Step.CHOOSE
        for seat in self.match.to_act():
            self.pending[seat] = self._new_pending(seat, now)

    def _new_pending(self, seat: str, now: float) -> P:
        raise NotImplementedError

    def _cpu_deadline(self, seat: str, now: float) -> float | None:
        return now + self.timing.cpu_think if self.is_cpu(seat) else None

    def _turn_deadline(self, seat: str, now: float) -> float | None:
        """When ``seat``'s turn ends by itself: a CPU answers, or a person's move clock runs
        out (:meth:`_clock_ran_out`); None for a person with no clock."""
        if self.is_cpu(seat):
            return now + self.timing.cpu_think
        return now + self.move_clock if self.move_clock else None

    def _apply(self, joint: dict[str, Any], now: float) -> None:
        """Play ``joint``; flip each seat's screen when the game shows the move on both."""
        before = {seat: self.screen(seat, now) for seat in self.match.seats} \
            if self._flips_anything(joint) else {}
        seen = {seat: self.view(seat) for seat in before}
        self.events = self.match.apply(joint)
        self.match_changed()
        self.history += self.events
        self.decisions.append(joint)
        self._count_unattended(joint)
        self.clock_picked, self.attended = set(), set()
        self.pending = {}
        self.step_started = now
        self.tunes += self._tunes(self.events)
        self._moved(joint, self.events)
        flips = self._flips(before, seen) if before else None
        if self.unattended >= self.timing.unattended_turns:
            self.abandon()
        elif flips is not None:
            self.flips = flips
            self.step = Step.FLIP
            self.step_until = now + self._flip_time(flips)
        else:
            self._unflipped(now)

    def _count_unattended(self, joint: Mapping[str, Any]) -> None:
        """One more decision the clock made for every person, none of whom pressed anything
        since the last one, or the count starts again."""
        people = [seat for seat in joint if not self.is_cpu(seat)]
        if people:
            unattended = set(people) <= self.left_to_clock()
            self.unattended = self.unattended + 1 if unattended else 0

    def left_to_clock(self) -> set[str]:
        """The people the move clock chose for this decision with no press of theirs since
        the last one (:attr:`clock_picked` but :attr:`attended`)."""
        return self.clock_picked - self.attended

    def _flips_anything(self, joint: Mapping[str, Any]) -> bool:
        """Whether a move could be flipped (the screens before it are kept for that)."""
        return False

    def _flips(self, before: dict[str, Any], seen: dict[str, Any]) -> dict[str, Any] | None:
        """Each seat's flip screen for the move just played (from its screen and its view
        before the move), or None to skip the flip."""
        return None

    def _moved(self, joint: Mapping[str, Any], events: list[Any]) -> None:
        """A move was played, or replayed by :meth:`rebuild` (what a game keeps of it beside
        the match: the same after a resume as in play)."""

    def _tunes(self, events: list[Any]) -> list[str]:
        return []

    def _unflipped(self, now: float) -> None:
        """A move not flipped: straight on to the next decision."""
        self._next_step(now)

    def showing_move(self) -> bool:
        """Whether the last move is on the screens now (a spare pad words it then): during a
        step that shows it (the flip, the reveal...). A game whose moves are seen on its board
        during the next decision (no flip, no reveal) says so too."""
        return self.step.shows_move

    def _flip_time(self, flips: Mapping[str, Any]) -> float:
        """How long ``flips`` stay on the screens: ``Timing.flip``, unless a game's flip says
        more than the choices (its own timing)."""
        return self.timing.flip

    def _after_flip(self, now: float) -> None:
        """The flip has been seen: the reveal, or the next decision."""
        if self._revealed():
            self.step = Step.REVEAL
            self.step_until = now + self.timing.reveal
        else:
            self._next_step(now)

    def _revealed(self) -> bool:
        """Whether the last move is worth a pause on every screen (a reveal)."""
        return True

    # ----- screens ------------------------------------------------------------------------
    def screen(self, seat: str, now: float) -> Any:
        """What ``seat``'s screen shows now: built from the seat's frozen state, and only
        when that state changed."""
        state = self._seat_state(seat, now)
        kept = self._screens.get(seat)
        if kept is not None and kept[0] == state:
            return kept[1]
        built = self._build(state)
        self._screens[seat] = (state, built)
        return built

    def _seat_state(self, seat: str, now: float) -> Any:
        raise NotImplementedError

    def _build(self, state: Any) -> Any:
        raise NotImplementedError
