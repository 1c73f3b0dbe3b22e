"""Simulator Soccer's CPU players: legal, from their view only, and the Search shot duel
played from its mixed equilibrium (it cannot be read)."""
from __future__ import annotations

import random
from collections import Counter

from engine.simulator_soccer import MatchConfig, Options, new_match
from engine.simulator_soccer.bots import SoccerBot, play_match, shootout_odds, shootout_order
from engine.simulator_soccer.shot_duel import duel_choice
from engine.simulator_soccer.geometry import line
from engine.simulator_soccer.position import position
from soccer_rig import play


def _penalty():
    m = position(red={9: (15, 5)}, dice=(2, 1, 3))
    play(m, red={"kick": "dribble", "to": [17, 5]})
    play(m, red={"place": [[9, [18, 4]]]})
    play(m, blue={"place": [[5, [15, 7]], [4, [15, 3]]]})
    play(m, red={"place": []})
    return m


def test_search_shoots_and_dives_from_a_mix_that_uses_every_side():
    m = _penalty()
    rng = random.Random(1)
    aims = Counter(duel_choice(m, 0, rng).aim for _ in range(300))
    dives = Counter(duel_choice(m, 1, rng).side for _ in range(300))
    assert all(aims[side] > 30 for side in ("left", "centre", "right")), aims
    assert all(dives[side] > 30 for side in ("left", "centre", "right")), dives


def test_each_bot_finishes_a_match_with_legal_choices_from_its_view():
    for red, blue in (("random", "simple"), ("search", "random")):
        match = new_match(MatchConfig(Options(half_steps=1)), 11)
        play_match(match, {"red": SoccerBot(red), "blue": SoccerBot(blue)},
                   {"red": random.Random(1), "blue": random.Random(2)})
        assert match.is_over


def test_simple_beats_random_over_a_few_seeded_matches():
    wins = Counter()
    for seed in range(6):  # 10-step halves: 3-step ones mostly end 0-0, whoever plays
        seats = ("simple", "random") if seed % 2 == 0 else ("random", "simple")
        match = new_match(MatchConfig(Options(half_steps=10)), 500 + seed)
        play_match(match, {"red": SoccerBot(seats[0]), "blue": SoccerBot(seats[1])},
                   {"red": random.Random(seed), "blue": random.Random(~seed)})
        if match.winner is not None:
            wins[seats[0] if match.winner == "red" else seats[1]] += 1
    assert wins["simple"] >= 4 > wins["random"]


def test_random_never_enters_violently_so_its_matches_run_their_full_length():
    # A violent entry (2+ cells, S-P3-2) is a red card whatever the dice: picked uniformly
    # it sent off about seven players a match and ended nearly every match early (a team
    # left with 6 loses, S-FOUL-2's ruling). Random leaves it out; whole matches run.
    for seed in range(3):
        match = new_match(MatchConfig(Options(half_steps=33)), seed)
        rngs = {"red": random.Random(seed), "blue": random.Random(~seed)}
        entries = []
        while match.to_act():
            joint = {s: SoccerBot("random").choose(match.view(s), match.legal_choices(s), rngs[s])
                     for s in match.to_act()}
            for event in match.apply(joint):
                line = event.to_json()
                if line["event"] == "p3" and line["challenge"]:
                    entries.append(line["challenge"]["entry"])
        assert match.half == 2 and match.time_up(), (seed, match.half, match.clock)
        assert "violent" not in entries and "fair" in entries


def test_S_RST_3_simple_spreads_a_wall_of_three_that_needs_two_moves():
    """Found by Search vs Simple at full length: a wall of three must move two players, a
    list the short lists of ``legal_choices`` never hold; Simple fell back on the listing and
    crashed with an IndexError. The listing now holds the spread."""
    # Blue #8 fouls red #9's dribble (his die 1 in red's attack zone): red's free kick at
    # (15, 3); blue walls #8 and #5 with #4 at (17, 3). Red lobs far from the wall, to #7 at
    # (7, 7), and #8 runs: blue's Phase 3, Simple's, whose players near the ball do not
    # spread the wall, so its own list is refused.
    m = position(red={9: (15, 3), 10: (15, 5)}, blue={8: (15, 3)}, dice=(3, 1, 1))
    play(m, red={"kick": "dribble", "to": [17, 3]})
    play(m, red={"place": []})
    play(m, blue={"place": [[8, [17, 3]], [5, [17, 3]]]})
    play(m, red={"place": []})
    assert m.wall == (1, frozenset({(17, 3)})) and len(m.at((17, 3))) == 3
    play(m, red={"kick": "lob", "to": [7, 7]})
    play(m, red={"kick": "end"})
    play(m, red={"move": [[8, [9, 5]]]})
    assert (m.decision, m.to_act()) == ("move", ("blue",))
    assert [len(c.entries) for c in m.legal_choices("blue")] == [2]  # the listed spread
    choice = SoccerBot("simple").choose(m.view("blue"), m.legal_choices("blue"), random.Random(3))
    play(m, blue=choice.to_json())
    assert m.wall is None and len(m.at((17, 3))) <= 1


def _shootout():
    """Both teams standard, the shoot-out about to start (S-END-1): red picks its first kicker."""
    m = position(clock=0, half=2, options=Options(half_steps=1, tiebreak=True), phase="p2",
                 carrier=("red", 8), dice=(1, 6, 6) + (6,) * 20)
    play(m, red={"move": [[9, [10, 2]]]})
    play(m, blue={"move": []})
    assert m.decision == "kicker" and m.to_act() == ("red",)
    return m


def _simple_kicker(m, kicked=()):
    """Simple's kicker for red once the players ``kicked`` have taken a kick each."""
    for num in kicked:
        m.teams[0].by_num[num].kicks = 1
    return SoccerBot("simple").choose(m.view("red"), m.legal_choices("red"), random.Random(0)).player


def test_S_END_1_simple_sends_its_best_kicker_first_and_its_keeper_last():
    # Standard team (S-TEAM-3): #9 has two R dots, #10 one, the others none. The kick
    # model's odds (shootout_odds) rank them; the keeper (#1, no R dot) goes last.
    m = _shootout()
    order = [p.num for p in shootout_order(m, 0)]
    assert order[:2] == [9, 10] and order[-1] == 1 and sorted(order) == list(range(1, 12))
    odds = [shootout_odds(m, 0, r) for r in (2, 1, 0)]
    assert odds[0] > odds[1] > odds[2] > 0.5
    assert _simple_kicker(_shootout()) == 9
    assert _simple_kicker(_shootout(), kicked=(9,)) == 10
    # Once #9 and #10 have kicked, the old pick (most R dots, lowest shirt) sent the keeper.
    assert _simple_kicker(_shootout(), kicked=(9, 10)) != 1
    # The keeper kicks when the rules leave only him (fewest kicks, S-END-1).
    assert _simple_kicker(_shootout(), kicked=range(2, 12)) == 1


def test_S_END_1_simples_whole_shoot_out_order_has_the_keeper_last_in_each_round():
    m = _shootout()
    red: list[int] = []
    for _ in range(11):
        num = _simple_kicker(m)
        red.append(num)
        m.teams[0].by_num[num].kicks += 1
    assert red[:2] == [9, 10] and red[-1] == 1 and len(set(red)) == 11


def test_S_K_3_simple_keepers_restart_goes_round_a_waiting_striker_and_varies():
    """Issue 32: at its goal kick the Simple keeper passed along the ground to #6's cell
    every time, and a striker waiting on that line (blue #9 at (4, 4), outside the area)
    took it (S-K-3: the first player on the line stops a ground ball) again and again."""
    m = position(carrier=("red", 1), set_piece="goal_kick", blue={9: (4, 4)})
    simple = SoccerBot("simple")
    kicks = {simple.choose(m.view("red"), m.legal_choices("red"), random.Random(seed))
             for seed in range(30)}
    for kick in kicks:
        assert kick.kind == "lob" or (4, 4) not in line((0, 4), kick.to), kick
    assert len(kicks) >= 3  # not one kick an opponent can read from the position
