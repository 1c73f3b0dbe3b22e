"""A Chifootmi match: the rules of ``docs/rules/chifootmi.md`` as a state machine.

The state changes in place (``apply``), like python-chess's ``push``; ``clone`` copies it.
Seats are indexed 0 (red) and 1 (blue) inside; every public face speaks seat names.
Piles are lists whose *end* is their top, so a draw is a ``pop()``.
"""
from __future__ import annotations

import random
from math import factorial
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..duel import next_kicker, scores, shootout_winner
from ..errors import BadSetup, IllegalChoice, MatchOver as MatchIsOver
from ..match import Match
from . import events as ev
from .view import ChifootmiView, view_of
from .cards import BLUE, DT, RED, SEATS, Card, Level, MatchConfig, card_label
from .choices import (
    DIVES_THREE_WAY, DIVES_TWO_WAY, DRAWS, FLAGS, PLAY,
    SHOTS_THREE_WAY, SHOTS_TWO_WAY, Choice, Dive, Draw, Flag, Pile, Play, Shoot, Side,
)

from .stages import DRAW_STAGE, FLAG_STAGE, OVER_STAGE, PLAY_STAGE, SHOT_STAGE, STAGE_NAMES

__all__ = ["PLAY_STAGE", "FLAG_STAGE", "SHOT_STAGE", "DRAW_STAGE", "OVER_STAGE", "STAGE_NAMES",
           "ChifootmiMatch", "Deal", "new_match", "seeded_deal"]

# Chifootmi shot kinds (C-SHOT-1, C-DT-3, C-END-1, C-PEN-1).
OPEN_PLAY, FREE_KICK, PENALTY, LAST_CARD, SHOOTOUT = (
    "open_play", "free_kick", "penalty", "last_card", "shootout")
THREE_WAY_KINDS = frozenset((PENALTY, SHOOTOUT))

RETENTION, SHOOTING = "retention", "shooting"
OFFSIDE_MARGIN = 7
_STAGE_RULE = {PLAY_STAGE: "C-RND-1", FLAG_STAGE: "C-PLUS-OFF", SHOT_STAGE: "C-SHOT-1",
               DRAW_STAGE: "C-RND-5"}
_SEAT_INDEX = {"red": RED, "blue": BLUE}
_BOTH = ("blue", "red")
_ALONE = (("red",), ("blue",))
_DRAW_NAMES = {(RED,): ("red",), (BLUE,): ("blue",), (RED, BLUE): _BOTH}
_event = tuple.__new__
_new_match_object = object.__new__
"""The frequent events are built with ``tuple.__new__``: the NamedTuple constructor is a
Python-level ``__new__`` and doubles their cost in a random playout."""


@dataclass(frozen=True, slots=True)
class Deal:
    """An explicit set-up: each deck in order (4 active, 3 pile 1 top first, rest pile 2
    top first), and optionally who kicks off and who kicks first in a shoot-out."""

    red: tuple[Card, ...]
    blue: tuple[Card, ...]
    kickoff: str | None = None
    shootout_first: str | None = None


def shuffled(deck: Sequence[Card], rng: random.Random) -> tuple[Card, ...]:
    """A uniformly random order of ``deck``: one draw below len(deck)!, read digit by digit
    (mixed radix), which costs a third of ``random.shuffle``'s one draw per card."""
    cards = list(deck)
    index = rng.randrange(factorial(len(cards)))
    order = []
    for n in range(len(cards), 0, -1):
        index, pick = divmod(index, n)
        order.append(cards.pop(pick))
    return tuple(order)


def seeded_deal(level: Level, seed: int) -> Deal:
    """The shuffles and tosses of C-SET-1, C-SET-3 and C-PEN-1, all from ``seed``."""
    rng = random.Random(seed)
    red = shuffled(level.deck, rng)
    blue = shuffled(level.deck, rng)
    tosses = rng.getrandbits(2)
    return Deal(red, blue, SEATS[tosses & 1], SEATS[tosses >> 1])


def check_deal(level: Level, deal: Deal) -> None:
    """Refuse a deck that is not exactly that team's cards for the level."""
    want = sorted(level.deck)
    for seat, deck in (("red", deal.red), ("blue", deal.blue)):
        if sorted(deck) != want:
            shown = ", ".join(card_label(c) for c in deck)
            raise BadSetup(f"{seat}'s deck [{shown}] is not the {len(want)} cards of the "
                           f"{level.value} level (C-COMP-1)")
    for key in ("kickoff", "shootout_first"):
        seat = getattr(deal, key)
        if seat is not None and seat not in _SEAT_INDEX:
            raise BadSetup(f"{key} must be \"red\" or \"blue\", not {seat!r}")


class ChifootmiMatch(Match):
    """One match in progress. Build it with :func:`new_match`."""

    __slots__ = (
        "config", "level", "offside_rule", "one_two_rule", "counter_rule", "active",
        "face_down", "pile1", "pile2", "played", "action_len", "score", "ball", "retention",
        "retention_needed", "phase", "rounds_played", "kept_with", "stage", "shot_kind",
        "shooter", "draw_seats", "ball_moved_by_shot", "kickoff", "shootout_first",
        "kicks", "winner_index",
    )
    seats = SEATS
    copied = ("active", "face_down", "pile1", "pile2", "played", "score", "kicks")

    def __init__(self, config: MatchConfig, deal: Deal) -> None:
        """Lay out ``deal``, which must be legal (``new_match`` checks explicit deals)."""
        level = config.level
        self.config = config
        self.level = level
        self.offside_rule = config.options.offside
        self.one_two_rule = config.options.one_two
        self.counter_rule = config.options.counter_attack
        self.active: list[list[Card]] = []
        self.face_down: list[list[bool]] = []
        self.pile1: list[list[Card]] = []
        self.pile2: list[list[Card]] = []
        for deck in (deal.red, deal.blue):
            self.active.append(list(deck[:4]))
            self.face_down.append([False] * 4)
            self.pile1.append(list(reversed(deck[4:7])))
            self.pile2.append(list(reversed(deck[7:])))
        self.played: list[list[Card]] = [[], []]
        self.action_len = 0
        self.score = [0, 0]
        self.kickoff = _SEAT_INDEX[deal.kickoff or "red"]
        self.shootout_first = _SEAT_INDEX[deal.shootout_first or "red"]
        self.ball = self.kickoff
        self.retention = 0
        self.retention_needed = 2
        self.phase = RETENTION
        self.rounds_played = 0
        self.kept_with = 0
        self.stage = PLAY_STAGE
        self.shot_kind = OPEN_PLAY
        self.shooter = self.ball
        self.draw_seats: tuple[int, ...] = ()
        self.ball_moved_by_shot = False
        self.kicks: list[list[bool]] | None = None
        self.winner_index: int | None = None

    def clone(self) -> ChifootmiMatch:
        """An independent copy, as :meth:`Match.clone` makes it, written out slot by slot:
        the strong CPU clones a match for every position it searches, and the generic loop
        over slot names (``getattr``/``setattr``) cost three times as much."""
        twin = _new_match_object(ChifootmiMatch)
        twin.config = self.config
        twin.level = self.level
        twin.offside_rule = self.offside_rule
        twin.one_two_rule = self.one_two_rule
        twin.counter_rule = self.counter_rule
        red, blue = self.active
        twin.active = [red[:], blue[:]]
        red_down, blue_down = self.face_down
        twin.face_down = [red_down[:], blue_down[:]]
        red, blue = self.pile1
        twin.pile1 = [red[:], blue[:]]
        red, blue = self.pile2
        twin.pile2 = [red[:], blue[:]]
        red, blue = self.played
        twin.played = [red[:], blue[:]]
        twin.action_len = self.action_len
        twin.score = self.score[:]
        twin.ball = self.ball
        twin.retention = self.retention
        twin.retention_needed = self.retention_needed
        twin.phase = self.phase
        twin.rounds_played = self.rounds_played
        twin.kept_with = self.kept_with
        twin.stage = self.stage
        twin.shot_kind = self.shot_kind
        twin.shooter = self.shooter
        twin.draw_seats = self.draw_seats
        twin.ball_moved_by_shot = self.ball_moved_by_shot
        twin.kickoff = self.kickoff
        twin.shootout_first = self.shootout_first
        kicks = self.kicks
        twin.kicks = None if kicks is None else [kicks[0][:], kicks[1][:]]
        twin.winner_index = self.winner_index
        return twin

    # ----- the protocol -------------------------------------------------------------
    def to_act(self) -> tuple[str, ...]:
        """Seats that must decide now, sorted by name (``blue`` before ``red``)."""
        stage = self.stage
        if stage == PLAY_STAGE or stage == SHOT_STAGE:
            return _BOTH
        if stage == FLAG_STAGE:
            return _ALONE[1 - self.ball]
        if stage == DRAW_STAGE:
            return _DRAW_NAMES[self.draw_seats]
        return ()

    def decision(self, seat: str) -> str | None:
        """What ``seat`` decides now: ``play``, ``draw``, ``shoot``, ``dive``, ``flag`` or None."""
        if seat not in self.to_act():
            return None
        if self.stage == SHOT_STAGE:
            return "shoot" if _SEAT_INDEX[seat] == self.shooter else "dive"
        return STAGE_NAMES[self.stage]

    def legal_choices(self, seat: str) -> tuple[Choice, ...]:
        """What ``seat`` may choose now (empty when it has nothing to decide)."""
        s = _SEAT_INDEX[seat]
        stage = self.stage
        if stage == PLAY_STAGE:
            hand = self.active[s]
            if hand.count(DT) > 1:
                hand = list(dict.fromkeys(hand))
            return tuple(map(PLAY.__getitem__, hand))
        if stage == SHOT_STAGE:
            three = self.shot_kind in THREE_WAY_KINDS
            if s == self.shooter:
                return SHOTS_THREE_WAY if three else SHOTS_TWO_WAY
            return DIVES_THREE_WAY if three else DIVES_TWO_WAY
        if stage == DRAW_STAGE and s in self.draw_seats:
            return DRAWS
        if stage == FLAG_STAGE and s != self.ball:
            return FLAGS
        return ()

    @property
    def is_over(self) -> bool:
        return self.stage == OVER_STAGE

    @property
    def winner(self) -> str | None:
        return None if self.winner_index is None else SEATS[self.winner_index]

    @property
    def shootout_score(self) -> tuple[int, int] | None:
        """Goals scored in the shoot-out so far, or None before it begins."""
        if self.kicks is None:
            return None
        return sum(self.kicks[RED]), sum(self.kicks[BLUE])

    def opening_events(self) -> list[Any]:
        """What the screens show before the first decision: the toss."""
        return [ev.KickOff(SEATS[self.kickoff])]

    def apply(self, joint: Mapping[str, Choice]) -> list[Any]:
        """Apply the decision of every seat in ``to_act()`` at once.

        Everything is checked before anything changes, so an ``IllegalChoice`` leaves the
        match exactly as it was.
        """
        stage = self.stage
        if stage == PLAY_STAGE or stage == SHOT_STAGE:
            red, blue = joint.get("red"), joint.get("blue")
            if red is None or blue is None or len(joint) != 2:
                self._check_seats(joint)
            if stage == PLAY_STAGE:
                red_card = self._check_play(RED, red)
                blue_card = self._check_play(BLUE, blue)
                return self._play_round(red_card, blue_card)
            shoot, dive = (red, blue) if self.shooter == RED else (blue, red)
            shoot_side = self._check_side(SEATS[self.shooter], shoot, Shoot,
                                          "the shooter: choose where to shoot")
            dive_side = self._check_side(SEATS[1 - self.shooter], dive, Dive,
                                         "the goalkeeper: choose where to dive")
            return self._take_shot(shoot_side, dive_side)
        if stage == OVER_STAGE:
            raise MatchIsOver("C-END-2")
        if stage == DRAW_STAGE:
            seats = self.draw_seats
            if len(joint) != len(seats):
                self._check_seats(joint)
            piles = []
            for s in seats:
                choice = joint.get(SEATS[s])
                if choice is None:
                    self._check_seats(joint)
                piles.append(self._check_draw(s, choice))
            out: list[Any] = []
            for s, pile in zip(seats, piles, strict=True):
                out.append(self._draw(s, pile is Pile.PILE1, forced=False))
            self.draw_seats = ()
            self.stage = PLAY_STAGE
            return out
        self._check_seats(joint)
        flag = joint[SEATS[1 - self.ball]]
        if not isinstance(flag, Flag):
            raise IllegalChoice("C-PLUS-OFF", "the defender decides whether to flag offside")
        return self._settle_offside(flag.raised)

    # ----- checks (no change to the state) --------------------------------------------
    def _check_seats(self, joint: Mapping[str, Choice]) -> None:
        wanted = self.to_act()
        complete = len(joint) == len(wanted)
        for seat in wanted:
            if seat not in joint:
                complete = False
        if not complete:
            rule = _STAGE_RULE[self.stage]
            for seat in joint:
                if seat not in _SEAT_INDEX:
                    raise IllegalChoice(rule, f"no seat called {seat!r}")
                if seat not in wanted:
                    raise IllegalChoice(rule, f"{seat} has nothing to decide now")
            missing = [seat for seat in wanted if seat not in joint]
            raise IllegalChoice(rule, f"waiting for {' and '.join(missing)} to decide")

    def _check_play(self, s: int, choice: Choice | None) -> Card:
        """The card ``choice`` plays, once it is a card among the seat's active ones."""
        if type(choice) is not Play:
            raise IllegalChoice("C-RND-1", f"{SEATS[s]} must play a card now")
        if choice.card not in self.active[s]:
            raise IllegalChoice("C-RND-1", f"{SEATS[s]} has no {card_label(choice.card)} "
                                           "among the active cards")
        return choice.card

    def _check_side(self, seat: str, choice: Choice | None, kind: type[Shoot] | type[Dive],
                    role: str) -> Side:
        """The side of a shot or a dive, once it is the right kind and allowed (C-SHOT-1)."""
        if not isinstance(choice, kind):
            raise IllegalChoice("C-SHOT-1", f"{seat} is {role}")
        side = choice.side
        if side is Side.CENTRE and self.shot_kind not in THREE_WAY_KINDS:
            raise IllegalChoice("C-SHOT-1", "this shot is LEFT or RIGHT only: no centre")
        return side

    def _check_draw(self, s: int, choice: Choice | None) -> Pile:
        """The pile ``choice`` draws from, once it is a pile with cards in it."""
        if type(choice) is not Draw:
            raise IllegalChoice("C-RND-5", f"{SEATS[s]} must choose a pile to draw from")
        pile = self.pile1[s] if choice.pile is Pile.PILE1 else self.pile2[s]
        if not pile:
            raise IllegalChoice("C-RND-5", f"{SEATS[s]}'s {choice.pile.value} is empty")
        return choice.pile

    # ----- a round ------------------------------------------------------------------
    def _play_round(self, red: Card, blue: Card) -> list[Any]:
        for s, card in ((RED, red), (BLUE, blue)):
            hand = self.active[s]
            i = hand.index(card)
            if card == DT and self.face_down[s][i] and hand.count(DT) > 1:
                i = self._face_up_dt(s, i)
            del hand[i]
            del self.face_down[s][i]
            self.played[s].append(card)
        self.rounds_played += 1
        self.action_len += 1
        self.ball_moved_by_shot = False
        out: list[Any] = [_event(ev.Reveal, (self.rounds_played, red, blue))]
        a = self.ball
        attack, defence = (red, blue) if a == RED else (blue, red)
        if self.phase == RETENTION:
            self._retention_round(attack, defence, out)
        else:
            self._card_shot_round(attack, defence, out)
        if self.stage == PLAY_STAGE:
            self._end_round(out)
        return out

    def _face_up_dt(self, s: int, first: int) -> int:
        """The D/T to play when the first one in the hand lies face down: a face-up copy if
        there is one, the copy the opponent already knows (playing the face-down one would
        show the opponent that this face-down card was a D/T, C-VIS-2)."""
        hand, down = self.active[s], self.face_down[s]
        for i in range(first + 1, len(hand)):
            if hand[i] == DT and not down[i]:
                return i
        return first

    def _retention_round(self, attack: Card, defence: Card, out: list[Any]) -> None:
        a = self.ball
        if attack == DT:
            if defence == DT:
                self._win_ball(1 - a, "tackle", out)          # C-DT-1
            else:
                self._keep(0, out)                             # C-DT-2
            return
        if defence == DT:
            self._call_shot(FREE_KICK, a, out)                 # C-DT-3
            return
        value = attack
        kept_with = self.kept_with
        if (self.one_two_rule and kept_with and attack == kept_with - 1
                and defence == kept_with):                     # C-PLUS-12
            value = kept_with
            out.append(ev.OneTwo(SEATS[a], value))
        if value < defence:
            self._win_ball(1 - a, "duel", out)                 # C-RND-3
        elif self.offside_rule and value - defence >= OFFSIDE_MARGIN:
            self.kept_with = attack
            self.stage = FLAG_STAGE                            # C-PLUS-OFF
            out.append(ev.OffsideChance(SEATS[1 - a]))
        else:
            self._keep(attack, out)

    def _card_shot_round(self, attack: Card, defence: Card, out: list[Any]) -> None:
        a = self.ball
        if attack == DT:
            if defence == DT:
                self._win_ball(1 - a, "tackle", out)          # C-PRO-5, C-DT-1
            else:
                out.append(ev.BallKept(SEATS[a], self.retention, True))  # C-DT-2
            return
        if defence == DT:
            self._call_shot(PENALTY, a, out)                   # C-PRO-5, C-DT-3
            return
        margin = attack - defence
        if margin < 0:
            self._win_ball(1 - a, "duel", out)                 # C-PRO-4
        elif margin == 0:
            out.append(ev.PushedAway(SEATS[a]))                # C-PRO-3
        else:
            if margin <= 3:                                    # C-PRO-1
                self.score[a] += 1
                out.append(ev.Goal(SEATS[a], "card_shot", None, None, *self.score))
            else:                                              # C-PRO-2
                out.append(ev.OverTheBar(SEATS[a]))
            self.ball_moved_by_shot = True
            self._change_ball(1 - a, counter=False)

    def _keep(self, card: Card, out: list[Any]) -> None:
        """The attacker keeps the ball (C-RND-3, C-DT-2) and may reach the shot (C-RND-4)."""
        a = self.ball
        self.retention += 1
        self.kept_with = card
        out.append(_event(ev.BallKept, (SEATS[a], self.retention, card == DT)))
        if self.retention >= self.retention_needed:
            if self.level is Level.PRO:
                self.phase = SHOOTING
                out.append(ev.ShootingPhase(SEATS[a]))
            else:
                self._call_shot(OPEN_PLAY, a, out)

    def _win_ball(self, s: int, how: str, out: list[Any]) -> None:
        counter = how == "tackle" and self.counter_rule            # C-PLUS-CA
        out.append(_event(ev.BallWon, (SEATS[s], how, counter)))
        self._change_ball(s, counter)

    def _change_ball(self, s: int, counter: bool) -> None:
        """Possession changes: the action's cards are set aside for good (C-RND-2)."""
        self.ball = s
        self.retention = 0
        self.retention_needed = 1 if counter else 2
        self.phase = RETENTION
        self.action_len = 0
        self.kept_with = 0

    def _settle_offside(self, raised: bool) -> list[Any]:
        out: list[Any] = []
        a = self.ball
        self.stage = PLAY_STAGE
        if raised:
            out.append(ev.Offside(SEATS[1 - a]))
            self._change_ball(1 - a, counter=False)
        else:
            out.append(ev.PlayOn(SEATS[a]))
            self._keep(self.kept_with, out)
        if self.stage == PLAY_STAGE:
            self._end_round(out)
        return out

    # ----- shots --------------------------------------------------------------------
    def _call_shot(self, kind: str, shooter: int, out: list[Any]) -> None:
        self.stage = SHOT_STAGE
        self.shot_kind = kind
        self.shooter = shooter
        sides = 3 if kind in THREE_WAY_KINDS else 2
        out.append(_event(ev.ShotCalled, (kind, SEATS[shooter], SEATS[1 - shooter], sides)))

    def _take_shot(self, shoot: Side, dive: Side) -> list[Any]:
        s, k = self.shooter, 1 - self.shooter
        scored = scores(shoot, dive)                               # C-SHOT-2
        out: list[Any] = []
        if self.shot_kind == SHOOTOUT:
            return self._shootout_kick(scored, shoot, dive, out)
        if scored:
            self.score[s] += 1
            out.append(_event(ev.Goal, (SEATS[s], self.shot_kind, shoot.value, dive.value, *self.score)))
        else:
            out.append(_event(ev.Saved, (SEATS[s], self.shot_kind, shoot.value, dive.value)))
        self._change_ball(k, counter=False)
        self.stage = PLAY_STAGE
        if self.shot_kind == LAST_CARD:
            self._end_regular_play(out)
        else:
            self.ball_moved_by_shot = True
            self._end_round(out)
        return out

    # ----- end of a round: draws, or the end of the match -----------------------------
    def _end_round(self, out: list[Any]) -> None:
        if not self.active[RED] and not self.active[BLUE]:
            if self.ball_moved_by_shot:                            # C-END-1 ruling
                self._end_regular_play(out)
            else:
                self._call_shot(LAST_CARD, self.ball, out)
            return
        choosers: tuple[int, ...] = ()
        for s in (RED, BLUE):
            if self.pile1[s]:
                if self.pile2[s]:
                    choosers += (s,)
                else:
                    out.append(self._draw(s, True, forced=True))   # C-RND-5
            elif self.pile2[s]:
                out.append(self._draw(s, False, forced=True))
        if choosers:
            self.draw_seats = choosers
            self.stage = DRAW_STAGE

    def _draw(self, s: int, from_pile1: bool, forced: bool) -> Any:
        if from_pile1:
            card = self.pile1[s].pop()
            self.active[s].append(card)
            self.face_down[s].append(True)
            return _event(ev.Drew, (SEATS[s], "pile1", None, forced))
        card = self.pile2[s].pop()
        self.active[s].append(card)
        self.face_down[s].append(False)
        return _event(ev.Drew, (SEATS[s], "pile2", card, forced))

    def _end_regular_play(self, out: list[Any]) -> None:
        red, blue = self.score
        if red != blue:
            self._finish(RED if red > blue else BLUE, out)        # C-END-2
            return
        self.kicks = [[], []]
        out.append(ev.ShootoutStart(SEATS[self.shootout_first]))   # C-PEN-1
        self._call_shot(SHOOTOUT, self.shootout_first, out)

    def _shootout_kick(self, scored: bool, shoot: Side, dive: Side, out: list[Any]) -> list[Any]:
        kicks = self.kicks
        assert kicks is not None
        kicks[self.shooter].append(scored)
        red_goals, blue_goals = sum(kicks[RED]), sum(kicks[BLUE])
        out.append(ev.ShootoutKick(SEATS[self.shooter], shoot.value, dive.value, scored,
                                   red_goals, blue_goals))
        winner = shootout_winner(kicks)
        if winner is not None:
            self._finish(winner, out)
            return out
        self._call_shot(SHOOTOUT, next_kicker(kicks, self.shootout_first), out)
        return out

    def _finish(self, winner: int, out: list[Any]) -> None:
        self.stage = OVER_STAGE
        self.winner_index = winner
        out.append(ev.MatchOver(SEATS[winner], *self.score))

    # ----- what a seat sees, and a word on the state -------------------------------------
    def view(self, seat: str) -> ChifootmiView:
        """What ``seat`` may know (C-VIS): see :mod:`engine.chifootmi.view`."""
        return view_of(self, seat)

    def describe(self) -> str:
        return (f"{self.level.value} round {self.rounds_played} {STAGE_NAMES[self.stage]} "
                f"score {self.score[RED]}-{self.score[BLUE]}")


def new_match(config: MatchConfig, seed: int, deal: Deal | None = None) -> ChifootmiMatch:
    """Start a match from a seed; parts of an explicit ``deal`` override the seeded ones."""
    seeded = seeded_deal(config.level, seed)
    if deal is None:
        return ChifootmiMatch(config, seeded)
    check_deal(config.level, deal)
    return ChifootmiMatch(config, Deal(
        deal.red, deal.blue, deal.kickoff or seeded.kickoff,
        deal.shootout_first or seeded.shootout_first))
