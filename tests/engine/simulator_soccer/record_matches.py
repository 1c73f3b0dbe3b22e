"""Find seeded random matches that between them reach every restart, a red card with a
stand-in keeper, a penalty, offside, a header, a rounded keeper and a shoot-out, and write
them as match scripts (tests/engine/simulator_soccer/scripts/full_*.json) for test_full_matches.py.

Run by hand: ``.venv/bin/python tests/engine/simulator_soccer/record_matches.py 33`` (the
halves' steps: in shorter halves a rounded keeper and a stand-in keeper take more than the
6000 seeds tried); the scripts are committed, the tests only replay them."""
from __future__ import annotations

import json
import pathlib
import random
import sys

from engine.simulator_soccer import MatchConfig, Options, new_match
from engine.simulator_soccer import Cross, Kick, Round
from engine.simulator_soccer.bots import random_policy
from engine.simulator_soccer.kicks import cross_targets
from engine.simulator_soccer.script import MatchScript
from engine.simulator_soccer.state import SEATS

HERE = pathlib.Path(__file__).parent / "scripts"
FEATURES = ("corner", "goal_kick", "throw_in", "free_kick", "penalty", "goal_kickoff",
            "stand_in", "red", "offside", "header", "round", "shootout")


def features(events):
    found = set()
    for e in events:
        j = e.to_json()
        name = j["event"]
        if name == "out":
            found.add(j["restart"])
        if name == "foul":
            found.add(j["award"])
        if name == "goal" and "score" in j:
            found.add("goal_kickoff")
        if name == "sub" and j.get("stand_in"):
            found.add("stand_in")
        if name == "card" and j["card"] == "red":
            found.add("red")
        if name == "offside":
            found.add("offside")
        if name == "ball" and j["how"] == "header":
            found.add("header")
        if name == "duel" and j["kind"] == "round" and j.get("won"):
            found.add("round")
        if name == "toss" and "shootout_first" in j:
            found.add("shootout")
    return found


def eager(match, team, rng):
    """The random player, but crossing high into the area and rounding the keeper whenever
    it may: headers and rounds are rare in uniform play."""
    if match.pending.kind == "kick" and "cross" in match.kick_options() and rng.random() < 0.7:
        return Kick("cross")
    if match.pending.kind == "cross":
        kicker = match.player(team, match.kick.kicker)
        targets = [c for c in cross_targets(match, kicker)
                   if any(p.team == team for p in match.at(c))]
        if targets:
            return Cross(rng.choice(targets), True)
    if match.pending.kind == "shoot" and team == match.possession and match.can_round():
        return Round(rng.choice(match.round_cells()))
    return random_policy(match, team, match.legal_choices(SEATS[team]), rng)


def play(seed, config):
    match = new_match(config, seed)
    rng = random.Random(seed)
    turns, events = [], list(match.opening_events())
    while match.to_act():
        joint = {s: eager(match, SEATS.index(s), rng) for s in match.to_act()}
        events += match.apply(joint)
        turns.append({s: joint[s].to_json() for s in sorted(joint)})
    return MatchScript(config, seed, turns=turns), features(events)


def main() -> None:
    config = MatchConfig(Options(half_steps=int(sys.argv[1]) if len(sys.argv) > 1 else 8,
                                 tiebreak=True))
    missing = set(FEATURES)
    kept = 0
    for seed in range(6000):
        script, found = play(seed, config)
        if found & missing:
            missing -= found
            (HERE / f"full_{kept}.json").write_text(json.dumps(script.to_json()) + "\n")
            print(seed, sorted(found), "missing", sorted(missing), flush=True)
            kept += 1
        if not missing:
            return


if __name__ == "__main__":
    main()
