"""CPU players for Fotboll, seen only through a seat's view.

* :class:`SensibleBot` — one duel ahead: attacks the target it is most likely to beat
  (exactly, for a card it has seen; over the cards it cannot see, otherwise), weighing a
  goal above a line opened above any other win; refills every empty position, replaces a
  known survivor below 9, brings a better goalkeeper on with a substitution; sends off an
  empty position first; shoots and dives uniformly (the shoot-out's equilibrium).
* :class:`SearchBot` — the sensible bot with a look-ahead on the attack target and the
  line-up of :data:`SEARCHED_FORMATION`. Each target the view can tell apart (line, and card
  if seen) among the ``candidates`` best by the sensible ranking is played from the same
  ``samples`` determinizations (one ``determinize``, then the hidden cards dealt again) to
  the end of the turn, both seats playing the sensible bot's own rules (``sensible_policy``,
  which reads only what the acting seat may know); a target replaces the sensible one only
  when its mean goal gain on the same samples exceeds ``margin`` standard errors. The
  preparation is not searched (with a weaker rollout policy and a two-turn horizon it played
  worse: 9 wins, 14 draws, 17 losses in 40 matches).

Both keep no state between decisions: a choice is a function of (view, legal, generator),
so a match between bots replays exactly from the match seed and the bots' seeds. The
budget is ``samples`` and ``candidates``, never a time (the engine has no clock).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from engine.fotboll import (
    DIVE, FORMATIONS, SEATS, SHOOT, Attack, Card, Choice, FotbollMatch, FotbollView, Keeper,
    LineUp, Prepare, SendOff, TeamView, determinize, full_deck, line_of, new_match,
)
from engine.fotboll.match import ATTACK, FORMATION, KEEPER, OVER, PREPARE, SEND_OFF

GOAL, OPENS_LINE, ANY_WIN = 1.0, 0.25, 0.05
REPLACE_BELOW = 9
KEEPER_BELOW = 9



def _rank(card: Card | None) -> int:
    """A card's rank, -1 for no card (an empty position)."""
    return -1 if card is None else card.rank

def unseen(view: FotbollView, team: TeamView) -> list[Card]:
    """``team``'s cards that ``view.seat`` cannot see: library and unknown field cards."""
    pool = Counter(full_deck(view.config.jokers))
    pool.subtract(team.discard)
    pool.subtract(slot.card for slot in team.field if slot.card is not None)
    if team is view.you and view.drawn is not None:
        pool[view.drawn] -= 1
    return list(pool.elements())


def win_chance(card: Card, target: Card | None, pool: Sequence[Card]) -> float:
    """The chance ``card`` beats a target: exact when seen, else over the unseen pool."""
    if target is not None:
        return 1.0 if card.joker or (not target.joker and card.rank >= target.rank) else 0.0
    if not pool:
        return 0.5
    return sum(1 for c in pool if card.joker or (not c.joker and card.rank >= c.rank)) / len(pool)


def _opens_line(team: TeamView, position: str) -> bool:
    """Whether emptying ``position`` opens its line (no position of it empty or removed yet)."""
    line = line_of(position)
    if line == "GK":
        return False
    assert team.formation is not None                   # attacks come after the line-ups
    formation = FORMATIONS[team.formation]
    same = [p for p in formation.outfield if p[0] == line]
    if any(p in team.removed for p in same):
        return False
    return all((slot := team.slot(p)) is not None and not slot.empty for p in same)


def attack_worth(view: FotbollView, position: str, pool: Sequence[Card]) -> float:
    slot = view.opponent.slot(position)
    assert view.drawn is not None and slot is not None
    chance = win_chance(view.drawn, slot.card, pool)
    if position == "GK":
        return chance * GOAL
    return chance * (OPENS_LINE if _opens_line(view.opponent, position) else ANY_WIN)


def sensible_prepare(view: FotbollView) -> Prepare:
    you = view.you
    cards = you.library
    refill = tuple(s.position for s in you.field if s.empty and s.position != "GK")[:cards]
    cards -= len(refill)
    replace = tuple(p for p in you.replaceable if (slot := you.slot(p)) is not None
                    and (c := slot.card) is not None and c.rank < REPLACE_BELOW)[:cards]
    cards -= len(replace)
    sub: tuple[str, ...] = ()
    keeper = you.slot("GK")
    complete = len(refill) == sum(1 for s in you.field if s.empty and s.position != "GK")
    if (complete and cards and you.subs_used < 3 and keeper is not None and keeper.card is not None
            and keeper.card.rank < KEEPER_BELOW and "GK" not in replace):
        sub = ("GK",)
    return Prepare(refill, replace, sub)


def sensible_line_up(view: FotbollView) -> LineUp:
    formation = FORMATIONS["4-4-2"]
    return LineUp(formation.name, formation.outfield[:view.you.red_cards])


class FotbollBot:
    """A CPU seat for Fotboll: :meth:`choose` one of ``legal`` from ``view`` and ``rng``."""

    name = "bot"

    def choose(self, view: FotbollView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        if not legal:
            raise ValueError(f"{view.seat} has nothing to decide now")
        if len(legal) == 1:
            return legal[0]
        return self.decide(view, legal, rng)

    def decide(self, view: FotbollView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        raise NotImplementedError

    def with_time_budget(self, ms: float) -> FotbollBot:
        return self

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class RandomBot(FotbollBot):
    name = "random"

    def decide(self, view: FotbollView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        return legal[int(rng.random() * len(legal))]


class SensibleBot(FotbollBot):
    name = "sensible"

    def __init__(self, noise: float = 0.0) -> None:
        self.noise = noise

    def decide(self, view: FotbollView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        if self.noise and rng.random() < self.noise:
            return legal[int(rng.random() * len(legal))]
        decision = view.decision
        if decision == "formation":
            return sensible_line_up(view)
        if decision == "prepare":
            return sensible_prepare(view)
        if decision == "attack":
            return self.ranked_attacks(view)[0]
        if decision == "send_off":
            return self.send_off(view, legal)
        if decision == "keeper":
            return self.keeper(view, legal)
        return legal[int(rng.random() * len(legal))]

    def ranked_attacks(self, view: FotbollView) -> list[Attack]:
        """The legal targets, best first (ties: formation order, from the goal out)."""
        pool = unseen(view, view.opponent)
        return sorted((Attack(p) for p in view.targets),
                      key=lambda a: -attack_worth(view, a.target, pool))

    @staticmethod
    def keeper(view: FotbollView, legal: Sequence[Choice]) -> Choice:
        """The outfield card of the highest rank goes in goal."""
        return max(legal, key=lambda choice: _rank_at(view, choice))

    @staticmethod
    def send_off(view: FotbollView, legal: Sequence[Choice]) -> Choice:
        """The card of the lowest rank goes off."""
        return min(legal, key=lambda choice: _rank_at(view, choice))


def _rank_at(view: FotbollView, choice: Choice) -> int:
    """The rank of the seat's card at the position a keeper or send-off ``choice`` names."""
    slot = view.you.slot(choice.position) if isinstance(choice, (Keeper, SendOff)) else None
    return _rank(None if slot is None else slot.card)


_RANKS: dict[bool, tuple[int, ...]] = {}
_LINES: dict[str, tuple[tuple[str, ...], ...]] = {}


def _rank_counts(jokers: bool) -> tuple[int, ...]:
    if jokers not in _RANKS:
        counts = [0] * 16
        for c in full_deck(jokers):
            counts[c.rank] += 1
        _RANKS[jokers] = tuple(counts)
    return _RANKS[jokers]


def _lines(formation: Any) -> tuple[tuple[str, ...], ...]:
    """A formation's positions by line: forwards, midfielders, defenders, goalkeeper."""
    if formation.name not in _LINES:
        outfield = formation.outfield
        _LINES[formation.name] = tuple(tuple(p for p in outfield if p[0] == line)
                                       for line in "FMD") + (("GK",),)
    return _LINES[formation.name]


def _sensible_target(match: FotbollMatch, s: int) -> str:
    """:meth:`SensibleBot.ranked_attacks`' first choice, computed on a match from what seat
    ``s`` may know (its drawn card, the opponent cards it was shown, the public discards)."""
    d = 1 - s
    field, shown = match.field[d], match.shown[d]
    card = match.drawn
    assert card is not None
    counts = list(_rank_counts(match.config.jokers))
    for c in match.discard[d]:
        counts[c.rank] -= 1
    for p in shown:
        seen = field.get(p)
        if seen is not None:
            counts[seen.rank] -= 1
    total = sum(counts)
    if card.joker:
        unknown = 1.0
    else:
        unknown = sum(counts[:card.rank + 1]) / total if total else 0.5
    # F-TURN-4 as engine.fotboll.targets, the lines from the forwards in: a line's positions
    # are legal while every line before it is open; candidates in formation order
    best, best_worth, best_order = None, -1.0, 99
    for order, line in enumerate(_lines(match.formation[d])):
        is_open = False
        opens = line[0] != "GK" and all(field.get(q) is not None for q in line)
        for p in line:
            target = field.get(p)
            if target is None:
                is_open = True
                if p != "GK" or p not in field:
                    continue
            if p in shown and target is not None:
                chance = 1.0 if card.joker or (not target.joker and card.rank >= target.rank) \
                    else 0.0
            else:
                chance = unknown
            worth = chance * (GOAL if p == "GK" else OPENS_LINE if opens else ANY_WIN)
            # ties go to formation order: GK, defenders, midfielders, forwards
            if worth > best_worth or (worth == best_worth and -order < -best_order):
                best, best_worth, best_order = p, worth, order
        if not is_open:
            break
    assert best is not None
    return best


def sensible_policy(match: FotbollMatch, rng: random.Random) -> dict[str, Choice]:
    """The rollout policy: :class:`SensibleBot`'s rules straight on a sampled match, for
    whichever seat acts, never using a card that seat could not know."""
    stage = match.stage
    if stage == FORMATION:
        return {seat: LineUp("4-4-2", FORMATIONS["4-4-2"].outfield[:match.reds[s]])
                for s, seat in enumerate(match.seats)}
    s = match.turn if stage in (PREPARE, ATTACK) else match.chooser
    seat = match.seats[s]
    field = match.field[s]
    if stage == PREPARE:
        cards = len(match.library[s])
        empties = [p for p, c in field.items() if c is None and p != "GK"]
        refill = tuple(empties[:cards])
        cards -= len(refill)
        replace = tuple(p for p in field if p in match.replaceable[s]
                        and (c := field[p]) is not None and c.rank < REPLACE_BELOW)[:cards]
        cards -= len(replace)
        keeper = field.get("GK")
        sub: tuple[str, ...] = ()
        if (len(refill) == len(empties) and cards and match.subs_used[s] < 3
                and keeper is not None and keeper.rank < KEEPER_BELOW and "GK" not in replace):
            sub = ("GK",)
        return {seat: Prepare(refill, replace, sub)}
    if stage == ATTACK:
        return {seat: Attack(_sensible_target(match, s))}
    if stage == SEND_OFF:
        return {seat: SendOff(min((p for p in field if p != "GK"),
                                  key=lambda p: _rank(field[p])))}
    if stage == KEEPER:
        keepers = {p: c for p, c in field.items() if p != "GK" and c is not None}
        return {seat: Keeper(max(keepers, key=lambda p: keepers[p].rank))}
    return {seat: (SHOOT if match.decision(seat) == "shoot" else DIVE)[
        list(SHOOT)[int(rng.random() * 3)]] for seat in match.to_act()}


ROLLOUT_STEPS = 40
"""At most this many decisions per rollout (a turn is rarely longer; the opponent's empty
library can hand ``seat`` turn after turn)."""


def rollout(match: FotbollMatch, seat: int, rng: random.Random) -> float:
    """Play ``match`` on with :func:`sensible_policy` to the end of ``seat``'s turn (or of
    the half, or :data:`ROLLOUT_STEPS`); ``seat``'s goal difference then."""
    half = match.half
    for _ in range(ROLLOUT_STEPS):
        if (match.stage in (OVER, FORMATION, PREPARE) or match.half != half
                or match.turn != seat):
            break
        match.apply(sensible_policy(match, rng))
    return float(match.score[seat] - match.score[1 - seat])


def redeal(match: FotbollMatch, seat: int, hidden: Sequence[str],
           rng: random.Random) -> FotbollMatch:
    """Another determinization of the same view, for this turn: the opponent's ``hidden``
    field cards and library dealt again at random, and ``seat``'s own library shuffled. (The
    decks of a half still to come stay as they were: a rollout never reaches them.)"""
    twin = match.clone()
    d = 1 - seat
    field = twin.field[d]
    cards = [card for p in hidden if (card := field[p]) is not None] + twin.library[d]
    rng.shuffle(cards)
    for i, p in enumerate(hidden):
        field[p] = cards[i]
    twin.library[d] = cards[len(hidden):]
    rng.shuffle(twin.library[seat])
    return twin


def _kind(view: FotbollView, position: str) -> tuple[str, Card | None]:
    """What the attacker can tell of a target: its line and its card if seen. Targets of one
    kind are interchangeable from the view, so only one of them is searched."""
    slot = view.opponent.slot(position)
    return line_of(position), None if slot is None else slot.card


SEARCHED_FORMATION = "4-5-1"
"""The search bot's line-up, searched offline, not per decision (a half is far too long to
roll out within the budget): in self-play against the sensible bot's 4-4-2, 4-5-1 scored
0.621 [95% 0.591, 0.651] over 1000 matches with Jokers and 0.649 [0.619, 0.678] without;
every other formation 0.47-0.53. A line of one card cannot be bypassed, and a card that
survives there (kept when 9 or more) walls it off."""


class SearchBot(SensibleBot):
    """Sensible play, but the attack target chosen by determinized rollouts of the sensible
    policy; it leaves the sensible target only for one clearly better on the same samples."""

    name = "search"

    def __init__(self, samples: int = 48, candidates: int = 4, margin: float = 2.0,
                 formation: str = SEARCHED_FORMATION) -> None:
        super().__init__()
        self.samples = samples
        self.candidates = candidates
        self.margin = margin
        self.formation = formation

    def with_time_budget(self, ms: float) -> SearchBot:
        return SearchBot(max(1, int(ms * SAMPLES_PER_MS)), self.candidates, self.margin,
                         self.formation)

    def decide(self, view: FotbollView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        if view.decision == "formation":
            return LineUp(self.formation, FORMATIONS[self.formation].outfield[:view.you.red_cards])
        if view.decision != "attack":
            return super().decide(view, legal, rng)
        options: list[Choice] = []
        kinds = set()
        for option in self.ranked_attacks(view):
            kind = _kind(view, option.target)
            if kind not in kinds:
                kinds.add(kind)
                options.append(option)
        options = options[:self.candidates]
        if len(options) == 1:
            return options[0]
        me = view.seat
        s = SEATS.index(me)
        values = [[0.0] * self.samples for _ in options]
        base = determinize(view, rng)
        hidden = [slot.position for slot in view.opponent.field
                  if slot.card is None and not slot.empty]
        for k in range(self.samples):
            sample = base if k == 0 else redeal(base, s, hidden, rng)
            seed = rng.random()
            for i, candidate in enumerate(options):
                match = sample.clone()
                match.apply({me: candidate})
                values[i][k] = rollout(match, s, random.Random(seed))
        best, best_gain = 0, 0.0
        n = self.samples
        for i in range(1, len(options)):
            diffs = [a - b for a, b in zip(values[i], values[0])]
            mean = sum(diffs) / n
            var = sum((x - mean) ** 2 for x in diffs) / max(1, n - 1)
            if mean > self.margin * (var / n) ** 0.5 and mean > best_gain:
                best, best_gain = i, mean
        return options[best]


SAMPLES_PER_MS = 2.5
"""Samples per millisecond of budget, from the p99 decision time on the reference machine
(48 samples: p99 about 17 ms of CPU, ``docs/fotboll.md``)."""

BOTS: dict[str, type[FotbollBot]] = {"random": RandomBot, "sensible": SensibleBot,
                                     "search": SearchBot}
DIFFICULTIES: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("sensible", {"noise": 0.4}),
    "medium": ("sensible", {}),
    "hard": ("search", {}),
}


def make_bot(name: str, **options: Any) -> FotbollBot:
    try:
        return BOTS[name](**options)
    except KeyError:
        raise ValueError(f"no Fotboll bot called {name!r} ({', '.join(BOTS)})") from None


def make_difficulty(level: str) -> FotbollBot:
    name, options = DIFFICULTIES.get(level, DIFFICULTIES["medium"])
    return make_bot(name, **options)


def bot_rng(match_seed: int, seat: str) -> random.Random:
    return random.Random(f"pitchpad-fotboll-bot/{match_seed}/{seat}")


def play_match(config: Any, seed: int, players: dict[str, FotbollBot]) -> FotbollMatch:
    """A whole match from ``seed``, each seat choosing from its own view."""
    match = new_match(config, seed)
    rngs = {seat: bot_rng(seed, seat) for seat in players}
    while match.to_act():
        match.apply({seat: players[seat].choose(match.view(seat), match.legal_choices(seat),
                                                rngs[seat])
                     for seat in match.to_act()})
    return match
