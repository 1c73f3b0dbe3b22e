"""The strong CPU mixes: shots uniform at equilibrium (C-SHOT-1/2), cards drawn from a
solved matrix game, and its matches replay exactly from the seeds."""
from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from bot_setups import CONFIGS
from engine.chifootmi.bots import make_bot, play_match
from engine.bots.matrix import solve, solve_exact, solve_logit, solve_typed
from engine.chifootmi.bots.strong import SAMPLES_PER_MS
from engine.chifootmi import new_match


def shot_views(config, ways: int, count: int):
    """Shot positions reached by random play: (view, legal) of the shooter or keeper."""
    found = []
    rng = random.Random(ways)
    seed = 0
    while len(found) < count:
        match = new_match(config, seed)
        seed += 1
        while not match.is_over:
            if match.stage == 2 and len(match.legal_choices("red")) == ways:
                seat = ("red", "blue")[len(found) % 2]
                found.append((match.view(seat), match.legal_choices(seat)))
                break
            match.apply({s: rng.choice(match.legal_choices(s)) for s in match.to_act()})
    return found


def chi_square_p(counts):
    n = sum(counts)
    x = sum((c - n / len(counts)) ** 2 / (n / len(counts)) for c in counts)
    return math.erfc(math.sqrt(x / 2)) if len(counts) == 2 else math.exp(-x / 2)


@pytest.mark.parametrize("ways, config", [(2, CONFIGS["beginner"]), (3, CONFIGS["pro"])],
                         ids=["C_SHOT_1_two_way", "C_DT_3_penalty_three_way"])
def test_C_SHOT_2_strong_shot_and_dive_sides_pass_a_uniformity_test(ways, config):
    bot = make_bot("strong", samples=1, solver_iterations=20)
    counts: Counter = Counter()
    for index, (view, legal) in enumerate(shot_views(config, ways, 30)):
        for seed in range(20):
            counts[bot.choose(view, legal, random.Random(f"{index}/{seed}")).side] += 1
    assert len(counts) == ways
    assert chi_square_p(list(counts.values())) > 0.01, counts


def test_strong_mixes_its_card_play():
    """Different generators give different cards in some positions: it cannot be read."""
    bot = make_bot("strong")
    mixed = 0
    for seed in range(10):
        match = new_match(CONFIGS["pro"], seed)
        seat = "red" if match.view("red").ball == "blue" else "blue"
        chosen = {bot.choose(match.view(seat), match.legal_choices(seat), random.Random(k))
                  for k in range(30)}
        mixed += len(chosen) > 1
    assert mixed >= 3


def test_strong_match_replays_exactly():
    def record():
        log = []

        class Logged:
            def __init__(self, bot):
                self.bot = bot

            def choose(self, view, legal, rng):
                choice = self.bot.choose(view, legal, rng)
                log.append((view.seat, choice))
                return choice

        play_match(CONFIGS["pro_plus"], 11, {"red": Logged(make_bot("strong", samples=2)),
                                             "blue": Logged(make_bot("simple"))})
        return log

    assert record() == record()


def test_matrix_solver_finds_a_mixed_equilibrium():
    row, col = solve([[3, -1], [-2, 1]], 2000)
    assert row[0] == pytest.approx(3 / 7, abs=0.01) and col[0] == pytest.approx(2 / 7, abs=0.01)
    row, _ = solve([[0.2, 0.9, 0.9], [0.9, 0.2, 0.9], [0.9, 0.9, 0.2]])
    assert row == pytest.approx([1 / 3] * 3)


def test_exact_solver_finds_an_equilibrium_of_every_small_game():
    """Strong plays ``solve_exact``'s mixture: on random games up to 4 x 4 (many with ties,
    rounded to tenths, so dominance and degenerate supports occur) neither side can gain by
    deviating from it, and the value it reports is what the pair is worth."""
    rng = random.Random(5)
    for _ in range(3000):
        n, m = rng.randint(1, 4), rng.randint(1, 4)
        payoff = [[round(rng.random(), rng.choice((1, 6))) for _ in range(m)] for _ in range(n)]
        row, col, value = solve_exact(payoff)
        assert min(row) >= 0 and min(col) >= 0
        assert sum(row) == pytest.approx(1) and sum(col) == pytest.approx(1)
        row_values = [sum(payoff[i][j] * col[j] for j in range(m)) for i in range(n)]
        col_values = [sum(payoff[i][j] * row[i] for i in range(n)) for j in range(m)]
        assert max(row_values) <= value + 1e-9 and min(col_values) >= value - 1e-9
    row, col, value = solve_exact([[3, -1], [-2, 1]])
    assert (row[0], col[0], value) == (pytest.approx(3 / 7), pytest.approx(2 / 7),
                                       pytest.approx(1 / 7))


def test_measured_variants_reduce_to_the_equilibrium_where_they_should():
    """The variants left off (``typed``, ``precision``) are still the same game: a sharp
    logit equilibrium is the exact one, a single type is the plain game, and a typed row
    player guards against the type that hurts it."""
    game = [[3, -1], [-2, 1]]
    assert solve_logit(game, 2000.0, 2000)[0] == pytest.approx(3 / 7, abs=0.02)
    assert solve_typed([(1.0, game)], 2000)[0] == pytest.approx(3 / 7, abs=0.02)
    # Against one type row 0 loses for sure, against the other the column player picks
    # the column where row 0 loses: only row 1 is safe from both.
    row = solve_typed([(0.5, [[0.0], [1.0]]), (0.5, [[1.0, 0.0], [1.0, 1.0]])], 2000)
    assert row[1] == pytest.approx(1.0, abs=0.02)
    bot = make_bot("strong", typed=1, precision=150.0).with_time_budget(40)
    assert (bot.typed, bot.precision, bot.samples) == (True, 150.0, 10)


def test_time_budget_becomes_deals_searched_not_a_clock():
    bot = make_bot("strong").with_time_budget(40)
    assert bot.samples == round(40 * SAMPLES_PER_MS) == 10
    assert make_bot("simple").with_time_budget(40).name == "simple"


def test_strong_plays_an_equilibrium_of_its_round_game():
    """Knowing the exact mixture gains nothing in Strong's own game: every reply to it is
    worth at most the game's value (within the solver's precision)."""
    from engine.chifootmi.bots.round_game import round_payoff
    bot = make_bot("strong")
    checked = 0
    for seed in range(6):
        match = new_match(CONFIGS["pro"], seed)
        for seat in ("red", "blue"):
            view, legal = match.view(seat), match.legal_choices(seat)
            payoff = round_payoff(view, [c.card for c in legal], bot.samples,
                                  random.Random(seed))
            mixed = bot.strategy(view, legal, random.Random(seed))
            total = sum(mixed)
            mixed = [p / total for p in mixed]
            value_vs = [sum(p * payoff[i][j] for i, p in enumerate(mixed))
                        for j in range(len(payoff[0]))]
            _, col = solve(payoff, 2000)
            value = sum(payoff[i][j] * col[j] * p for i, p in enumerate(mixed)
                        for j in range(len(col)))
            assert min(value_vs) >= value - 0.02, (value_vs, value)
            checked += 1
    assert checked == 12


def test_a_bigger_budget_searches_more_deals_and_changes_play():
    """``ms=`` buys deals searched, and they change the strategy where the opponent holds
    face-down cards (the old Strong's budget only bought playouts of a duel that always
    solved to 50/50)."""
    changed = tried = 0
    rng = random.Random(3)
    for seed in range(30):
        match = new_match(CONFIGS["amateur"], seed)
        while match.to_act() and tried < 12:
            seat = "red"
            view, legal = match.view(seat), match.legal_choices(seat)
            if (view.decision == "play" and len(legal) > 1
                    and any(slot.card is None for slot in view.opponent.active)):
                small = make_bot("strong").with_time_budget(10).strategy(view, legal,
                                                                          random.Random(1))
                large = make_bot("strong").with_time_budget(80).strategy(view, legal,
                                                                          random.Random(1))
                changed += max(abs(a - b) for a, b in zip(small, large)) > 0.05
                tried += 1
                break
            match.apply({s: rng.choice(match.legal_choices(s)) for s in match.to_act()})
    assert tried == 12 and changed >= 3


def test_the_hands_variant_gives_the_opponent_a_column_per_card_it_may_hold():
    """``hands=1`` (measured and left off, docs/bots.md): with every opponent card face up
    it is the plain game, column for column; with face-down cards it offers the opponent
    every card it may hold there, each worth its average over the deals that deal it."""
    from engine.chifootmi.bots.round_game import card_payoff, deal_payoff, round_payoff, slot_columns
    from engine.chifootmi import determinize
    rng = random.Random(4)
    plain_seen = hidden_seen = 0
    for seed in range(40):
        match = new_match(CONFIGS["amateur"], seed)
        while match.to_act():
            view = match.view("red")
            if view.decision == "play" and len(match.legal_choices("red")) > 1:
                mine = [c.card for c in match.legal_choices("red")]
                cards, payoff = card_payoff(view, mine, 6, random.Random(seed))
                hidden = [slot for slot in view.opponent.active if slot.card is None]
                if not hidden and plain_seen < 5:
                    plain = round_payoff(view, mine, 6, random.Random(seed))
                    shown = [view.opponent.active[k].card for k in slot_columns(view)]
                    assert sorted(shown) == cards
                    for i in range(len(mine)):
                        assert [payoff[i][cards.index(c)] for c in shown] == \
                            pytest.approx(plain[i])
                    plain_seen += 1
                elif hidden and hidden_seen < 5:
                    sampler = random.Random(seed)
                    deals = [determinize(view, sampler) for _ in range(6)]
                    held = sorted({c for d in deals for c in d.active[1]})
                    assert cards == held and len(cards) > len(view.opponent.active) - len(hidden)
                    card = cards[-1]
                    with_it = [d for d in deals if card in d.active[1]]
                    expected = [sum(deal_payoff(d, "red", mine, [card])[i][0] for d in with_it)
                                / len(with_it) for i in range(len(mine))]
                    assert [row[-1] for row in payoff] == pytest.approx(expected)
                    hidden_seen += 1
            match.apply({s: rng.choice(match.legal_choices(s)) for s in match.to_act()})
    assert plain_seen == 5 and hidden_seen == 5


def test_the_informed_variant_lets_each_hand_play_only_its_own_cards():
    """``hands=2``: the opponent knows its hand, so each hand it may hold is a column
    player of its own, as often as the deals deal it, with the cards of that hand only,
    each worth what ``hands=1`` says (its average over the deals that deal it)."""
    from engine.chifootmi.bots.round_game import card_payoff, informed_games
    from engine.chifootmi import determinize
    rng = random.Random(6)
    checked = several = 0
    for seed in range(40):
        match = new_match(CONFIGS["pro"], seed)
        while match.to_act() and checked < 6:
            view = match.view("red")
            if (view.decision == "play" and len(match.legal_choices("red")) > 1
                    and any(slot.card is None for slot in view.opponent.active)):
                mine = [c.card for c in match.legal_choices("red")]
                games = informed_games(view, mine, 8, random.Random(seed))
                cards, payoff = card_payoff(view, mine, 8, random.Random(seed))
                sampler = random.Random(seed)
                hands = [sorted(set(determinize(view, sampler).active[1])) for _ in range(8)]
                assert sum(share for share, _ in games) == pytest.approx(1.0)
                assert len(games) == len({tuple(h) for h in hands})
                several += len(games) > 1
                for (share, game), hand in zip(games, dict.fromkeys(map(tuple, hands))):
                    assert share == pytest.approx(hands.count(list(hand)) / 8)
                    assert game == [[row[cards.index(c)] for c in hand] for row in payoff]
                checked += 1
            match.apply({s: rng.choice(match.legal_choices(s)) for s in match.to_act()})
    assert checked == 6 and several >= 3


def test_strong_plays_the_informed_game_with_the_pro_plus_options_one_round_deep_only():
    """One round deep, Strong treats the opponent as knowing its face-down cards
    (``hands=2``) when a Pro+ option is on, where that measured better against the best
    reply; two rounds deep (the default at Pro, so at Pro+) it plays the plain game, which
    measured as well there at less CPU; ``hands=`` overrides both."""
    from bot_setups import ALL_OPTIONS
    from engine.chifootmi import Level, MatchConfig
    plus = new_match(MatchConfig(Level.PRO, ALL_OPTIONS), 1).view("red")
    plain = new_match(MatchConfig(Level.PRO), 1).view("red")
    assert make_bot("strong").informed(plus) == 0
    assert make_bot("strong", depth=1).informed(plus) == 2
    assert make_bot("strong", depth=1).with_time_budget(40).informed(plus) == 2
    assert make_bot("strong", depth=1).informed(plain) == 0
    assert make_bot("strong", hands=2).informed(plus) == 2
    assert make_bot("strong", depth=1, hands=0).informed(plus) == 0


def test_strong_searches_two_rounds_deep_at_pro_only():
    """At Pro (with or without the options) Strong reads its model one round further on
    (``depth=2``), spending its 8-deal budget on 2 deep deals; below Pro one round already
    meets the target at a quarter of the CPU. A bigger budget buys more deep deals."""
    from bot_setups import ALL_OPTIONS
    from engine.chifootmi import Level, MatchConfig
    bot = make_bot("strong")
    for level, options, depth, deals in ((Level.BEGINNER, None, 1, 8), (Level.AMATEUR, None, 1, 8),
                                          (Level.PRO, None, 2, 2), (Level.PRO, ALL_OPTIONS, 2, 2)):
        config = MatchConfig(level, options) if options else MatchConfig(level)
        view = new_match(config, 1).view("red")
        assert (bot.search_depth(view), bot.deals(view)) == (depth, deals), level
        assert make_bot("strong", depth=1).search_depth(view) == 1
    pro = new_match(CONFIGS["pro"], 1).view("blue")
    assert make_bot("strong").with_time_budget(80).deals(pro) == 5
    assert make_bot("strong", samples=1).deals(pro) == 1
    with pytest.raises(ValueError):
        make_bot("strong", depth=3)


def test_strong_at_pro_plays_an_equilibrium_of_its_two_round_game():
    """Two rounds deep, Strong still plays its game's equilibrium: knowing its exact mixture,
    no card of the opponent's is worth more than the game's value; and the deeper game is
    not the one-round game (it changes play in some positions)."""
    from engine.chifootmi.bots.round_game import round_payoff
    bot = make_bot("strong")
    checked = changed = 0
    rng = random.Random(9)
    for seed in range(12):
        match = new_match(CONFIGS["pro"], seed)
        while match.to_act() and match.rounds_played < 4:
            for seat in ("red", "blue"):
                view, legal = match.view(seat), match.legal_choices(seat)
                if view.decision != "play" or len(legal) < 2:
                    continue
                mine = [c.card for c in legal]
                payoff = round_payoff(view, mine, 2, random.Random(seed), deep=True)
                mixed = bot.strategy(view, legal, random.Random(seed))
                shallow = make_bot("strong", depth=1).strategy(view, legal, random.Random(seed))
                changed += max(abs(a - b) for a, b in zip(mixed, shallow)) > 0.05
                total = sum(mixed)
                mixed = [p / total for p in mixed]
                _, col = solve(payoff, 2000)
                value = sum(payoff[i][j] * col[j] * p for i, p in enumerate(mixed)
                            for j in range(len(col)))
                worst = min(sum(p * payoff[i][j] for i, p in enumerate(mixed))
                            for j in range(len(col)))
                assert worst >= value - 0.02
                checked += 1
            match.apply({s: rng.choice(match.legal_choices(s)) for s in match.to_act()})
    assert checked >= 30 and changed >= 5
