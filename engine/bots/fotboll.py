"""CPU players for Fotboll, seen only through a seat's view.

* :class:`SensibleBot` — one duel ahead: attacks the target it is most likely to beat
  (exactly, for a card it has seen; over the cards it cannot see, otherwise), weighing a
  goal above a line opened above any other win; refills every empty position, replaces a
  known survivor below 9, brings a better goalkeeper on with a substitution; sends off an
  empty position first; shoots and dives uniformly (the shoot-out's equilibrium).
* :class:`SearchBot` — the same, but the attack target is chosen by determinized Monte
  Carlo: ``samples`` states consistent with its view (``determinize``),
  each candidate played from the same samples through the rest of this turn and the
  opponent's reply by a quick rule-of-thumb policy; the best average goal difference wins
  (ties go to the sensible choice). Searching the preparation the same way played worse
  than the sensible rule over a two-turn horizon (9 wins, 14 draws, 17 losses in 40
  matches), so it is not searched.

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
    DIVE, FORMATIONS, SHOOT, Attack, Card, Choice, FotbollMatch, FotbollView, Keeper, LineUp,
    Prepare, SendOff, TeamView, determinize, full_deck, line_of, new_match, targets,
)
from engine.fotboll.match import ATTACK, FORMATION, KEEPER, OVER, PREPARE, SEND_OFF

GOAL, OPENS_LINE, ANY_WIN = 1.0, 0.25, 0.05
REPLACE_BELOW = 9
KEEPER_BELOW = 9


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
    formation = FORMATIONS[team.formation]  # type: ignore[index]
    same = [p for p in formation.outfield if p[0] == line]
    if any(p in team.removed for p in same):
        return False
    return all(not (team.slot(p) is None or team.slot(p).empty) for p in same)  # type: ignore[union-attr]


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
    replace = tuple(p for p in you.replaceable
                    if (c := you.slot(p).card) is not None and c.rank < REPLACE_BELOW)[:cards]  # type: ignore[union-attr]
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
            return max(legal, key=lambda c: view.you.slot(c.position).card.rank)  # type: ignore
        return legal[int(rng.random() * len(legal))]

    def ranked_attacks(self, view: FotbollView) -> list[Attack]:
        """The legal targets, best first (ties: formation order, from the goal out)."""
        pool = unseen(view, view.opponent)
        return sorted((Attack(p) for p in view.targets),
                      key=lambda a: -attack_worth(view, a.target, pool))

    @staticmethod
    def send_off(view: FotbollView, legal: Sequence[Choice]) -> Choice:
        def cost(choice: Any) -> int:
            card = view.you.slot(choice.position).card
            return -1 if card is None else card.rank
        return min(legal, key=cost)


def quick_policy(match: FotbollMatch, rng: random.Random) -> dict[str, Choice]:
    """The rollout policy: rules of thumb straight on a sampled match, cheap, never using a
    card the acting seat could not know."""
    stage = match.stage
    if stage == FORMATION:
        return {seat: LineUp("4-4-2", FORMATIONS["4-4-2"].outfield[:match.reds[s]])
                for s, seat in enumerate(match.seats)}
    s = match.turn if stage in (PREPARE, ATTACK) else match.chooser
    seat = match.seats[s]
    if stage == PREPARE:
        empties = tuple(p for p, c in match.field[s].items() if c is None and p != "GK")
        return {seat: Prepare(empties[:len(match.library[s])])}
    if stage == ATTACK:
        field, shown = match.field[1 - s], match.shown[1 - s]
        legal = targets(field, match.formation[1 - s])  # type: ignore[arg-type]
        if "GK" in legal:
            return {seat: Attack("GK")}
        drawn = match.drawn
        for p in legal:
            card = field[p]
            if p in shown and card is not None and drawn is not None and drawn.rank >= card.rank:
                return {seat: Attack(p)}
        return {seat: Attack(legal[int(rng.random() * len(legal))])}
    if stage in (SEND_OFF, KEEPER):
        return {seat: match.legal_choices(seat)[0]}
    return {seat: (SHOOT if match.decision(seat) == "shoot" else DIVE)[
        list(SHOOT)[int(rng.random() * 3)]] for seat in match.to_act()}


def rollout(match: FotbollMatch, seat: int, rng: random.Random, turns: int = 2) -> float:
    """Play ``match`` on until the turn has changed ``turns`` times counting from ``seat``'s
    own turn (the rest of it and the opponent's reply), or to the end of the half;
    ``seat``'s goal difference at the end."""
    half, turn = match.half, match.turn
    changes = 0 if turn == seat else 1
    while match.stage not in (OVER, FORMATION) and match.half == half:
        match.apply(quick_policy(match, rng))
        if match.turn != turn:
            turn, changes = match.turn, changes + 1
            if changes >= turns:
                break
    return float(match.score[seat] - match.score[1 - seat])


class SearchBot(SensibleBot):
    """Sensible play, but the attack target chosen by determinized rollouts."""

    name = "search"

    def __init__(self, samples: int = 24, candidates: int = 4) -> None:
        super().__init__()
        self.samples = samples
        self.candidates = candidates

    def with_time_budget(self, ms: float) -> SearchBot:
        return SearchBot(max(1, int(ms * SAMPLES_PER_MS)), self.candidates)

    def decide(self, view: FotbollView, legal: Sequence[Choice], rng: random.Random) -> Choice:
        if view.decision != "attack":
            return super().decide(view, legal, rng)
        options: list[Choice] = list(self.ranked_attacks(view)[:self.candidates])
        if len(options) == 1:
            return options[0]
        me = view.seat
        totals = [0.0] * len(options)
        for _ in range(self.samples):
            sample = determinize(view, rng)
            seed = rng.random()
            for i, option in enumerate(options):
                match = sample.clone()
                match.apply({me: option})
                totals[i] += rollout(match, match.seats.index(me), random.Random(seed))
        best = max(range(len(options)), key=lambda i: (totals[i], -i))
        return options[best]


SAMPLES_PER_MS = 0.05
"""Rollout samples per millisecond of budget on the reference machine (``docs/fotboll.md``)."""

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
