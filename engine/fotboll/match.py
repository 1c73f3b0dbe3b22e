"""A Fotboll match: the rules of ``docs/rules/fotboll.md`` as a state machine.

The state changes in place (``apply``); ``clone`` copies it. Seats are indexed 0 (red) and
1 (blue) inside. A library is a list whose *end* is its top, so a draw is a ``pop()``.
Every card a turn draws comes from the deal fixed when the match is made (both halves'
decks), so a match is the fold of its decisions over its start and replays exactly.
"""
from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, TypeVar

from ..duel import next_kicker, scores, shootout_winner
from ..errors import BadSetup, IllegalChoice, MatchOver
from ..match import Match
from . import events as ev
from .view import FotbollView, view_of
from .cards import (
    BLUE, FORMATIONS, RED, SEATS, Card, Formation, MatchConfig, beats, full_deck, line_of,
)
from .choices import DIVE, SHOOT, Attack, Choice, Dive, Keeper, LineUp, Prepare, SendOff, Shoot

from .stages import (
    ATTACK, FORMATION, KEEPER, OVER, PREPARE, SEND_OFF, SHOOT_STAGE, targets,
)
MAX_SUBS = 3
__all__ = ["FORMATION", "PREPARE", "ATTACK", "SEND_OFF", "KEEPER", "SHOOT_STAGE", "OVER", "targets",
           "MAX_SUBS", "Deal", "FotbollMatch", "new_match", "seeded_deal", "check_deal", "shuffled"]
_SEAT_INDEX = {"red": RED, "blue": BLUE}
_STAGE_RULE = {FORMATION: "F-SET-1", PREPARE: "F-TURN-1", ATTACK: "F-TURN-4",
               SEND_OFF: "F-JOK-3", KEEPER: "F-JOK-1", SHOOT_STAGE: "F-END-1", OVER: "F-END-1"}


@dataclass(frozen=True, slots=True)
class Deal:
    """Each seat's deck for each half, top first, and the two tosses (F-SET-1, F-SET-2)."""

    halves: tuple[tuple[tuple[Card, ...], tuple[Card, ...]], ...]
    first: str
    shootout_first: str


def shuffled(deck: Sequence[Card], rng: random.Random) -> tuple[Card, ...]:
    cards = list(deck)
    rng.shuffle(cards)
    return tuple(cards)


def seeded_deal(config: MatchConfig, seed: int) -> Deal:
    """Four shuffles (two seats, two halves) and two tosses, all from ``seed``."""
    rng = random.Random(seed)
    deck = full_deck(config.jokers)
    halves = tuple((shuffled(deck, rng), shuffled(deck, rng)) for _ in range(2))
    return Deal(halves, SEATS[rng.getrandbits(1)], SEATS[rng.getrandbits(1)])


def check_deal(config: MatchConfig, deal: Deal) -> None:
    want = sorted(full_deck(config.jokers))
    for h, decks in enumerate(deal.halves):
        for seat, deck in zip(SEATS, decks):
            if sorted(deck) != want:
                raise BadSetup(f"{seat}'s deck for half {h + 1} is not the {len(want)} cards "
                               f"of one deck{' with 2 Jokers' if config.jokers else ''} (F-COMP-1)")
    if len(deal.halves) != 2:
        raise BadSetup("a deal gives both halves")
    for key in ("first", "shootout_first"):
        if getattr(deal, key) not in SEATS:
            raise BadSetup(f"{key} must be \"red\" or \"blue\"")


C = TypeVar("C", LineUp, Prepare, Attack, SendOff, Keeper, Shoot, Dive)


def _checked(kind: type[C], choice: Choice) -> C:
    """``choice`` as the kind its decision takes: :meth:`FotbollMatch._check` refused any other."""
    assert isinstance(choice, kind)
    return choice


class FotbollMatch(Match):
    """One match in progress. Build it with :func:`new_match`."""

    __slots__ = ("config", "decks", "first", "shootout_first", "half", "stage", "turn",
                 "chooser", "formation", "field", "removed", "shown", "replaceable",
                 "library", "discard", "drawn", "score", "yellow", "reds", "subs_used",
                 "kicks", "shooter", "winner_index")
    seats = SEATS
    copied = ("formation", "field", "removed", "shown", "replaceable", "library", "discard",
              "score", "yellow", "reds", "subs_used", "kicks")

    def __init__(self, config: MatchConfig, deal: Deal) -> None:
        self.config = config
        self.decks = deal.halves
        self.first = _SEAT_INDEX[deal.first]
        self.shootout_first = _SEAT_INDEX[deal.shootout_first]
        self.half = 1
        self.score = [0, 0]
        self.yellow = [0, 0]
        self.reds = [0, 0]
        self.subs_used = [0, 0]
        self.kicks: list[list[bool]] | None = None
        self.shooter = self.shootout_first
        self.winner_index: int | None = None
        self.turn = self.first
        self.chooser = self.first
        self._half_time_reset()

    def _half_time_reset(self) -> None:
        self.stage = FORMATION
        self.formation: list[Formation | None] = [None, None]
        self.field: list[dict[str, Card | None]] = [{}, {}]
        self.removed: list[tuple[str, ...]] = [(), ()]
        self.shown: list[set[str]] = [set(), set()]
        """Positions whose card the opponent has seen in a duel (F-VIS-1)."""
        self.replaceable: list[set[str]] = [set(), set()]
        """Positions whose card survived an attack since its owner's last turn (F-TURN-1)."""
        self.library: list[list[Card]] = [[], []]
        self.discard: list[list[Card]] = [[], []]
        self.drawn: Card | None = None

    # ----- the protocol ---------------------------------------------------------------
    def to_act(self) -> tuple[str, ...]:
        if self.stage in (FORMATION, SHOOT_STAGE):
            return ("blue", "red")
        if self.stage in (PREPARE, ATTACK):
            return (SEATS[self.turn],)
        if self.stage in (SEND_OFF, KEEPER):
            return (SEATS[self.chooser],)
        return ()

    def decision(self, seat: str) -> str | None:
        """What ``seat`` decides now: ``formation``, ``prepare``, ``attack``, ``send_off``,
        ``keeper``, ``shoot``, ``dive`` or None."""
        if seat not in self.to_act():
            return None
        if self.stage == SHOOT_STAGE:
            return "shoot" if _SEAT_INDEX[seat] == self.shooter else "dive"
        return self.stage

    @property
    def is_over(self) -> bool:
        return self.stage == OVER

    @property
    def winner(self) -> str | None:
        return None if self.winner_index is None else SEATS[self.winner_index]

    @property
    def shootout_score(self) -> tuple[int, int] | None:
        if self.kicks is None:
            return None
        return sum(self.kicks[RED]), sum(self.kicks[BLUE])

    def opening_events(self) -> list[Any]:
        return [ev.KickOff(1, SEATS[self.first])]

    def legal_choices(self, seat: str) -> tuple[Choice, ...]:
        """Every decision ``seat`` can make now, each once: position lists in formation order
        (``apply`` also takes them in any other order — the order the library cards arrive
        in, which the seat cannot tell apart)."""
        if seat not in self.to_act():
            return ()
        s = _SEAT_INDEX[seat]
        decision = self.decision(seat)
        if decision == FORMATION:
            return tuple(self._line_ups(s))
        if decision == PREPARE:
            return tuple(self._preparations(s))
        if decision == ATTACK:
            return tuple(Attack(p) for p in targets(self.field[1 - s], self._formation(1 - s)))
        if decision == SEND_OFF:
            return tuple(SendOff(p) for p in self.field[s] if p != "GK")
        if decision == KEEPER:
            return tuple(Keeper(p) for p, card in self.field[s].items()
                         if p != "GK" and card is not None)
        sides = SHOOT if decision == "shoot" else DIVE
        return tuple(sides.values())

    def is_legal(self, seat: str, choice: Choice) -> bool:
        try:
            self._check(seat, choice)
        except IllegalChoice:
            return False
        return True

    def apply(self, joint: Mapping[str, Choice]) -> list[Any]:
        """Apply the decision of every seat in ``to_act()`` at once; everything is checked
        before anything changes, so an ``IllegalChoice`` leaves the match as it was."""
        wanted = self.to_act()
        rule = _STAGE_RULE[self.stage]
        if not wanted:
            raise MatchOver("F-END-1")
        for seat in joint:
            if seat not in _SEAT_INDEX:
                raise IllegalChoice(rule, f"no seat called {seat!r}")
            if seat not in wanted:
                raise IllegalChoice(rule, f"{seat} has nothing to decide now")
        missing = [seat for seat in wanted if seat not in joint]
        if missing:
            raise IllegalChoice(rule, f"waiting for {' and '.join(missing)} to decide")
        for seat in wanted:
            self._check(seat, joint[seat])
        out: list[Any] = []
        stage = self.stage
        if stage == FORMATION:
            self._line_up({seat: _checked(LineUp, joint[seat]) for seat in SEATS}, out)
        elif stage == PREPARE:
            self._prepare(_checked(Prepare, joint[SEATS[self.turn]]), out)
        elif stage == ATTACK:
            self._attack(_checked(Attack, joint[SEATS[self.turn]]).target, out)
        elif stage == SEND_OFF:
            self._send_off(_checked(SendOff, joint[SEATS[self.chooser]]).position, out)
        elif stage == KEEPER:
            self._keeper_from(_checked(Keeper, joint[SEATS[self.chooser]]).position, out)
        else:
            shoot = _checked(Shoot, joint[SEATS[self.shooter]])
            dive = _checked(Dive, joint[SEATS[1 - self.shooter]])
            self._kick(shoot.side, dive.side, out)
        return out

    # ----- what may be chosen ---------------------------------------------------------------
    def _formation(self, s: int) -> Formation:
        formation = self.formation[s]
        assert formation is not None
        return formation

    def _line_ups(self, s: int) -> Iterator[LineUp]:
        for name, formation in FORMATIONS.items():
            for removed in combinations(formation.outfield, self.reds[s]):
                yield LineUp(name, removed)

    def _empties(self, s: int) -> list[str]:
        return [p for p, card in self.field[s].items() if card is None and p != "GK"]

    def _preparations(self, s: int) -> Iterator[Prepare]:
        empties = self._empties(s)
        replaceable = [p for p in self.field[s] if p in self.replaceable[s]]
        cards = len(self.library[s])
        for n_refill in range(min(len(empties), cards) + 1):
            for refill in combinations(empties, n_refill):
                for n_replace in range(min(len(replaceable), cards - n_refill) + 1):
                    for replace in combinations(replaceable, n_replace):
                        yield Prepare(refill, replace)
                        if n_refill < len(empties):
                            continue
                        left = min(MAX_SUBS - self.subs_used[s], cards - n_refill - n_replace)
                        swapped = set(refill) | set(replace)
                        playing = [p for p, c in self.field[s].items()
                                   if p not in swapped and (c is not None or p in refill)]
                        for n_sub in range(1, left + 1):
                            for sub in combinations(playing, n_sub):
                                yield Prepare(refill, replace, sub)

    def can_prepare(self, s: int) -> bool:
        """Whether F-TURN-1/F-TURN-2 leave anything to decide before the attack."""
        return bool(self.library[s]) and bool(
            self._empties(s) or self.replaceable[s] or self.subs_used[s] < MAX_SUBS)

    # ----- checks (no change to the state) --------------------------------------------------
    def _check(self, seat: str, choice: Choice) -> None:
        s = _SEAT_INDEX[seat]
        decision = self.decision(seat)
        if decision == FORMATION:
            self._check_line_up(s, choice)
        elif decision == PREPARE:
            self._check_prepare(s, choice)
        elif decision == ATTACK:
            if not isinstance(choice, Attack):
                raise IllegalChoice("F-TURN-3", f"{seat} must choose a target for the card drawn")
            legal = targets(self.field[1 - s], self._formation(1 - s))
            if choice.target not in legal:
                raise IllegalChoice("F-TURN-4", f"{choice.target} is not a legal target now "
                                                f"({', '.join(legal)})")
        elif decision == SEND_OFF:
            if not isinstance(choice, SendOff) or choice.position not in self.field[s] \
                    or choice.position == "GK":
                raise IllegalChoice("F-JOK-3", f"{seat} must choose one of their outfield "
                                               "positions to remove")
        elif decision == KEEPER:
            if not isinstance(choice, Keeper) or choice.position == "GK" \
                    or self.field[s].get(choice.position) is None:
                raise IllegalChoice("F-JOK-1", f"{seat} must choose an outfield card to go in goal")
        elif decision == "shoot":
            if not isinstance(choice, Shoot):
                raise IllegalChoice("C-PEN-1", f"{seat} is the shooter: choose where to shoot")
        elif not isinstance(choice, Dive):
            raise IllegalChoice("C-PEN-1", f"{seat} is the goalkeeper: choose where to dive")

    def _check_line_up(self, s: int, choice: Choice) -> None:
        if not isinstance(choice, LineUp) or choice.formation not in FORMATIONS:
            raise IllegalChoice("F-SET-1", f"{SEATS[s]} must choose a formation")
        outfield = FORMATIONS[choice.formation].outfield
        removed = choice.removed
        if (len(set(removed)) != len(removed) or not set(removed) <= set(outfield)
                or len(removed) != self.reds[s]):
            raise IllegalChoice("F-HALF-1", f"{SEATS[s]} must remove exactly {self.reds[s]} "
                                            "outfield position(s), one per red card")

    def _check_prepare(self, s: int, choice: Choice) -> None:
        if not isinstance(choice, Prepare):
            raise IllegalChoice("F-TURN-1", f"{SEATS[s]} must prepare (refill, replace, "
                                            "substitute) before attacking")
        field = self.field[s]
        refill, replace, sub = choice.refill, choice.replace, choice.sub
        empties = self._empties(s)
        for p in refill:
            if p not in empties:
                raise IllegalChoice("F-TURN-1", f"{p} is not an empty position to refill")
        for p in replace:
            if p not in self.replaceable[s] or p not in field:
                raise IllegalChoice("F-TURN-1", f"{p}'s card has not survived an attack since "
                                                "your last turn")
        if len(set(refill)) != len(refill) or len(set(replace)) != len(replace):
            raise IllegalChoice("F-TURN-1", "one card per position")
        if sub:
            if len(refill) != len(empties):
                raise IllegalChoice("F-TURN-2", "no substitution while a position is empty")
            if len(set(sub)) != len(sub) or set(sub) & (set(refill) | set(replace)):
                raise IllegalChoice("F-TURN-2", "never the same position twice in one turn")
            for p in sub:
                if p not in field:
                    raise IllegalChoice("F-TURN-2", f"no card of yours at {p}")
            if self.subs_used[s] + len(sub) > MAX_SUBS:
                raise IllegalChoice("F-TURN-2", f"at most {MAX_SUBS} substitutions a match "
                                                f"({self.subs_used[s]} used)")
        if len(refill) + len(replace) + len(sub) > len(self.library[s]):
            raise IllegalChoice("F-TURN-2", f"only {len(self.library[s])} card(s) left in "
                                            "your library")

    # ----- a half begins -------------------------------------------------------------------
    def _line_up(self, joint: Mapping[str, LineUp], out: list[Any]) -> None:
        for s, seat in enumerate(SEATS):
            choice = joint[seat]
            formation = FORMATIONS[choice.formation]
            self.formation[s] = formation
            self.removed[s] = tuple(p for p in formation.outfield if p in choice.removed)
            library = list(reversed(self.decks[self.half - 1][s]))
            self.field[s] = {p: library.pop() for p in formation.positions
                             if p not in choice.removed}
            self.library[s] = library
            out.append(ev.LinedUp(seat, formation.name, self.removed[s]))
        self._start_turn(self.first if self.half == 1 else 1 - self.first, out)

    # ----- a turn ---------------------------------------------------------------------------
    def _start_turn(self, s: int, out: list[Any]) -> None:
        for _ in range(2):
            if not self.library[RED] and not self.library[BLUE]:
                self._end_half(out)
                return
            if self.library[s]:
                break
            out.append(ev.Passed(SEATS[s]))                    # F-TURN-6
            s = 1 - s
        self.turn = s
        if self.can_prepare(s):
            self.stage = PREPARE
        else:
            self.replaceable[s].clear()
            self._draw(out)

    def _take(self, s: int, position: str) -> Card:
        """Put the top library card on ``position``; nobody but its owner knows it."""
        card = self.library[s].pop()
        self.field[s][position] = card
        self.shown[s].discard(position)
        return card

    def _prepare(self, choice: Prepare, out: list[Any]) -> None:
        s, seat = self.turn, SEATS[self.turn]
        field = self.field[s]
        for p in choice.refill:
            self._take(s, p)
            out.append(ev.Refilled(seat, p))                  # F-TURN-1
        for p in choice.replace:
            old = field[p]
            assert old is not None
            self.discard[s].append(old)
            self._take(s, p)
            out.append(ev.Replaced(seat, p, old))             # F-TURN-1
        for p in choice.sub:
            old = field[p]
            assert old is not None
            self.discard[s].append(old)
            self._take(s, p)
            self.subs_used[s] += 1
            out.append(ev.Substituted(seat, p, old, self.subs_used[s]))   # F-TURN-2
        self.replaceable[s].clear()
        self._draw(out)

    def _draw(self, out: list[Any]) -> None:
        s = self.turn
        if not self.library[s]:
            self._end_turn(out)                                # F-TURN-6
            return
        self.drawn = self.library[s].pop()
        self.stage = ATTACK
        out.append(ev.Drew(SEATS[s], len(self.library[s])))

    def _end_turn(self, out: list[Any]) -> None:
        self.drawn = None
        self._start_turn(1 - self.turn, out)

    def _attack(self, position: str, out: list[Any]) -> None:
        a, d = self.turn, 1 - self.turn
        card, target = self.drawn, self.field[d][position]
        assert card is not None
        self.drawn = None
        self.discard[a].append(card)
        if target is not None and target.joker and not card.joker:
            out.append(ev.Duel(SEATS[a], position, card, target, False))   # F-JOK-1
            self._joker_off(d, position, out)
            if card.diamond:
                self._diamond_on_joker(position, out)                     # F-JOK-2
            if position == "GK" and self._new_keeper(d, out):
                return
            if self.stage != SEND_OFF:
                self._end_turn(out)
            return
        won = beats(card, target)
        out.append(ev.Duel(SEATS[a], position, card, target, won))        # F-TURN-3
        if not won:
            self.shown[d].add(position)
            self.replaceable[d].add(position)
            self._end_turn(out)
            return
        if position == "GK":                                              # F-TURN-5
            self._goal(a, "keeper", out)
            if target is not None and target.joker:
                self._joker_off(d, position, out)
                if self._new_keeper(d, out):
                    return
            elif target is not None:
                self.shown[d].add(position)
            self._end_turn(out)
            return
        assert target is not None
        self.field[d][position] = None
        self.discard[d].append(target)
        self.shown[d].discard(position)
        self.replaceable[d].discard(position)
        if target.joker:
            out.append(ev.JokerOff(SEATS[d], position))
        self._draw(out)

    def _goal(self, s: int, how: str, out: list[Any]) -> None:
        self.score[s] += 1
        out.append(ev.Goal(SEATS[s], how, *self.score))

    def _joker_off(self, d: int, position: str, out: list[Any]) -> None:
        card = self.field[d][position]
        assert card is not None
        self.field[d][position] = None
        self.discard[d].append(card)
        self.shown[d].discard(position)
        self.replaceable[d].discard(position)
        out.append(ev.JokerOff(SEATS[d], position))

    def _diamond_on_joker(self, position: str, out: list[Any]) -> None:
        a, d = self.turn, 1 - self.turn
        line = line_of(position)
        if line == "GK":
            self._goal(a, "joker_keeper", out)
        elif line == "D":
            cards = tuple(self.library[a].pop() for _ in range(min(2, len(self.library[a]))))
            self.discard[a].extend(cards)
            total = sum(c.penalty_points for c in cards)
            keeper = self.field[d].get("GK")
            scored = keeper is None or total > keeper.keeper_points
            if keeper is not None:
                self.shown[d].add("GK")
            out.append(ev.Penalty(SEATS[a], cards, total, keeper, scored))
            if scored:
                self._goal(a, "penalty", out)
        else:
            self.yellow[d] += 1
            red_card = self.yellow[d] % 2 == 0                            # F-JOK-3
            out.append(ev.Booked(SEATS[d], self.yellow[d], red_card))
            if red_card:
                self.reds[d] += 1
                self.stage = SEND_OFF
                self.chooser = d

    def _new_keeper(self, d: int, out: list[Any]) -> bool:
        """Fill an empty goal after a Joker keeper left (F-JOK-1); True when its owner must
        choose the outfield card that goes in goal."""
        if self.library[d]:
            self._take(d, "GK")
            out.append(ev.KeeperIn(SEATS[d], "library"))
            return False
        if any(c is not None for p, c in self.field[d].items() if p != "GK"):
            self.stage = KEEPER
            self.chooser = d
            return True
        return False

    def _keeper_from(self, position: str, out: list[Any]) -> None:
        d = self.chooser
        field = self.field[d]
        field["GK"], field[position] = field[position], None
        if position in self.shown[d]:
            self.shown[d].add("GK")
        self.shown[d].discard(position)
        self.replaceable[d].discard(position)
        out.append(ev.KeeperIn(SEATS[d], position))
        self._end_turn(out)

    def _send_off(self, position: str, out: list[Any]) -> None:
        d = self.chooser
        card = self.field[d].pop(position)
        if card is not None:
            self.discard[d].append(card)
        self.removed[d] = tuple(p for p in self._formation(d).outfield
                                if p in self.removed[d] or p == position)
        self.shown[d].discard(position)
        self.replaceable[d].discard(position)
        out.append(ev.SentOff(SEATS[d], position, card))
        self._end_turn(out)

    # ----- halves and the end ---------------------------------------------------------------
    def _end_half(self, out: list[Any]) -> None:
        out.append(ev.HalfTime(self.half, *self.score))                   # F-HALF-1
        if self.half == 1:
            self.half = 2
            self._half_time_reset()
            out.append(ev.KickOff(2, SEATS[1 - self.first]))              # F-SET-2
            return
        red, blue = self.score                                            # F-END-1
        if red != blue:
            self._finish(RED if red > blue else BLUE, out)
        elif self.config.tiebreak:
            self.kicks = [[], []]
            self.shooter = self.shootout_first
            self.stage = SHOOT_STAGE
            out.append(ev.ShootoutStart(SEATS[self.shootout_first]))
        else:
            self._finish(None, out)

    def _kick(self, shoot: Any, dive: Any, out: list[Any]) -> None:
        kicks = self.kicks
        assert kicks is not None
        scored = scores(shoot, dive)
        kicks[self.shooter].append(scored)
        out.append(ev.ShootoutKick(SEATS[self.shooter], shoot.value, dive.value, scored,
                                   sum(kicks[RED]), sum(kicks[BLUE])))
        winner = shootout_winner(kicks)
        if winner is not None:
            self._finish(winner, out)
            return
        self.shooter = next_kicker(kicks, self.shootout_first)

    def _finish(self, winner: int | None, out: list[Any]) -> None:
        self.stage = OVER
        self.winner_index = winner
        out.append(ev.MatchOver(None if winner is None else SEATS[winner], *self.score))

    # ----- what a seat sees, and a word on the state -------------------------------------
    def view(self, seat: str) -> FotbollView:
        """What ``seat`` may know (F-VIS-1): see :mod:`engine.fotboll.view`."""
        return view_of(self, seat)

    def describe(self) -> str:
        return (f"half {self.half} {self.stage} {SEATS[self.turn]} "
                f"score {self.score[RED]}-{self.score[BLUE]}")


def new_match(config: MatchConfig, seed: int, deal: Deal | None = None) -> FotbollMatch:
    """Start a match from a seed; an explicit ``deal`` must be complete and legal."""
    if deal is None:
        return FotbollMatch(config, seeded_deal(config, seed))
    check_deal(config, deal)
    return FotbollMatch(config, deal)
