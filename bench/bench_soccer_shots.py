"""Simulator Soccer: the shot duel (S-SHOT-2/3) against each CPU level (issue 40): does any
fixed shot pattern score more often than the best mixed strategy would? Prints figures; never
asserts.

    .venv/bin/python bench/bench_soccer_shots.py [--matches N] [--levels easy,medium,hard]
                                                 [--trials 40] [--half-steps 10] [--json FILE]

Each level's CPU (``firmware/simulator_soccer/session.py``'s, through the console's own keyed
generators: ``CPU.seats`` with a CPU secret, ``CPU.rng(seed, seat, decision)``) plays
``--matches`` matches (10-step halves, seeded 6000 + i, the CPU red in even matches) against an
opponent that plays Simple but shoots whenever the rules let it, so the duels come from real
play. At each duel where the CPU's keeper dives, every shooter strategy takes the same shot
``--trials`` times on twins of the match (its public state, fresh dice from a determinized
generator), against a fresh draw of the CPU keeper's code each time:

- each fixed pattern, the six a person can repeat: ◀ ● ▶, LOW or HIGH;
- the duel's equilibrium mix (``engine/simulator_soccer/shot_duel.py``);
- a best reply that knows the keeper's code: it runs that code ``--reads`` times with
  generators of its own (it cannot know the CPU secret) to learn the keeper's dive odds at this
  position, then takes the aim and height that score most against them, by the rules' exact
  odds.

Each strategy's goals per shot get a 95 % Wilson interval (``bench/intervals.py``), beside the
**value** of the same duels: the chance the best mixed strategy scores, averaged over the same
shots (the duel's value at each position, exact). A pattern whose interval lies above the value
beats the keeper. The CPU's own shots are measured the same way against keepers that always dive
◀, ● or ▶, the mix, and a best reply to the CPU shooter's code: no fixed dive should hold it
under the value.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import run_record  # noqa: E402
from intervals import wilson  # noqa: E402

from engine.simulator_soccer import Kick, MatchConfig, Options, new_match  # noqa: E402
from engine.simulator_soccer import events as ev  # noqa: E402
from engine.simulator_soccer.bots import simple_policy  # noqa: E402
from engine.simulator_soccer.choices import SIDES, Choice, Dive, Shoot  # noqa: E402
from engine.simulator_soccer.match import SoccerMatch  # noqa: E402
from engine.simulator_soccer.shot_duel import ROWS, ShotDuel, duel_choice, equilibrium, shot_duel  # noqa: E402
from engine.simulator_soccer.state import SEATS  # noqa: E402
from engine.simulator_soccer.view import SoccerView, determinize  # noqa: E402
from firmware.simulator_soccer.session import CPU  # noqa: E402

PATTERNS = {f"{'◀●▶'[SIDES.index(aim)]} {'high' if high else 'low'}": (aim, high) for aim, high in ROWS}
DIVES = {f"dive {'◀●▶'[SIDES.index(side)]}": side for side in SIDES}


class Opponent:
    """Simple, but shoots whenever the rules let it: every chance becomes a duel. Its own
    shot and dive in the real match are the duel's equilibrium."""

    def choose(self, view: SoccerView[SoccerMatch], legal: Any, rng: random.Random) -> Choice:
        m = view.public
        team = SEATS.index(view.seat)
        if m.pending.kind == "kick" and "shot" in m.kick_options():
            return Kick("shot")
        if m.pending.kind == "shoot":
            return duel_choice(m, team, rng)
        return simple_policy(m, team, legal, rng)


def odds_of_code(cpu: Any, m: SoccerMatch, seat: str, reads: int, rng: random.Random) -> dict[Choice, float]:
    """What the CPU's code picks here and how often, learned by running it with generators of
    the reader's own (the console keys the real one with a secret nobody sees)."""
    view, legal = m.view(seat), m.legal_choices(seat)
    counts: dict[Choice, float] = {}
    for _ in range(reads):
        choice = cpu.choose(view, legal, random.Random(rng.getrandbits(64)))
        counts[choice] = counts.get(choice, 0.0) + 1 / reads
    return counts


def best_shot(duel: ShotDuel, dives: dict[Choice, float]) -> Shoot:
    mix = {choice.side: p for choice, p in dives.items() if isinstance(choice, Dive)}
    aim, high = max(ROWS, key=lambda row: duel.scores(row[0], row[1], mix))
    return Shoot(aim, high)


def best_dive(duel: ShotDuel, shots: dict[Choice, float]) -> Dive:
    return Dive(min(SIDES, key=lambda side: sum(
        p * duel.scores(c.aim, c.high, side) for c, p in shots.items() if isinstance(c, Shoot))))


class Tally:
    """Goals and shots of each strategy, and the duels' value over the same shots."""

    def __init__(self, names: list[str]) -> None:
        self.goals = {name: 0 for name in names}
        self.shots = {name: 0 for name in names}
        self.value = 0.0
        self.duels = 0

    def figures(self) -> dict[str, Any]:
        n = next(iter(self.shots.values()), 0)
        out: dict[str, Any] = {"duels": self.duels, "shots_each": n,
                               "value": round(self.value / self.duels, 3) if self.duels else None}
        for name, goals in self.goals.items():
            low, high = wilson(goals, self.shots[name])
            out[name] = {"rate": round(goals / self.shots[name], 3) if self.shots[name] else None,
                         "95": [round(low, 3), round(high, 3)]}
        return out


def scored(twin: SoccerMatch, joint: dict[str, Choice]) -> bool:
    return any(isinstance(e, ev.Shot) and e.result == "goal" for e in twin.apply(joint))


def trial_duel(m: SoccerMatch, cpu: Any, seat: tuple[int, str], strategies: dict[str, Callable[[], Choice]],
               tally: Tally, trials: int, rng: random.Random, decision: list[int]) -> None:
    """Each strategy ``trials`` times on twins of ``m`` against fresh draws of the CPU's code
    (its generator the console's for match ``seat[0]``'s seat ``seat[1]``, a decision each)."""
    seed, cpu_seat = seat
    other = SEATS[1 - SEATS.index(cpu_seat)]
    tally.duels += 1
    tally.value += equilibrium(shot_duel(m)).value
    for name, strategy in strategies.items():
        for _ in range(trials):
            twin = determinize(m.view(other), random.Random(rng.getrandbits(64)))
            decision[0] += 1
            mine = cpu.choose(twin.view(cpu_seat), twin.legal_choices(cpu_seat),
                              CPU.rng(seed, cpu_seat, decision[0]))
            tally.goals[name] += scored(twin, {cpu_seat: mine, other: strategy()})
            tally.shots[name] += 1


def measure(match: SoccerMatch, cpu: Any, seat: tuple[int, str], args: argparse.Namespace,
            tallies: tuple[Tally, Tally], rng: random.Random, decision: list[int]) -> None:
    """One duel of the match: its keeper's side when the opponent shoots, its shooter's when
    the CPU does, every strategy ``--trials`` times (see the module docstring)."""
    seed, cpu_seat = seat
    opponent = 1 - SEATS.index(cpu_seat)
    duel = shot_duel(match)
    learned = odds_of_code(cpu, match, cpu_seat, args.reads, rng)
    mixed: Callable[[], Choice] = lambda: duel_choice(match, opponent, rng)  # noqa: E731
    strategies: dict[str, Callable[[], Choice]]
    if match.possession == opponent:
        strategies = {name: partial(Shoot, *row) for name, row in PATTERNS.items()}
        reply: Choice = best_shot(duel, learned)
        tally = tallies[0]
    else:
        strategies = {name: partial(Dive, side) for name, side in DIVES.items()}
        reply = best_dive(duel, learned)
        tally = tallies[1]
    strategies["mixed"] = mixed
    strategies["best reply"] = lambda: reply
    trial_duel(match, cpu, seat, strategies, tally, args.trials, rng, decision)


def play(level: str, index: int, args: argparse.Namespace, keeping: Tally, shooting: Tally) -> None:
    """One match: every duel of it measured, then played on (the CPU's own generators, the
    opponent's)."""
    seed = 6000 + index
    cpu_seat = SEATS[index % 2]
    cpu = CPU.seats({cpu_seat: level}, {"cpu_secret": f"bench-{seed}"})[cpu_seat]
    opponent = Opponent()
    rng = random.Random(f"shots/{seed}")
    match = new_match(MatchConfig(Options(half_steps=args.half_steps)), seed)
    decision = [0]
    while match.to_act():
        seats = match.to_act()
        if match.pending.kind == "shoot" and len(seats) == 2:
            measure(match, cpu, (seed, cpu_seat), args, (keeping, shooting), rng, decision)
        decision[0] += 1
        joint = {s: (cpu.choose(match.view(s), match.legal_choices(s), CPU.rng(seed, s, decision[0]))
                     if s == cpu_seat else opponent.choose(match.view(s), match.legal_choices(s), rng))
                 for s in seats}
        match.apply(joint)


def level_figures(level: str, args: argparse.Namespace) -> dict[str, Any]:
    keeping = Tally([*PATTERNS, "mixed", "best reply"])
    shooting = Tally([*DIVES, "mixed", "best reply"])
    begin = time.process_time()
    for i in range(args.matches):
        play(level, i, args, keeping, shooting)
    return {"cpu_keeper": keeping.figures(), "cpu_shooter": shooting.figures(),
            "cpu_s": round(time.process_time() - begin, 1)}


def told(side: dict[str, Any], names: list[str]) -> str:
    return "; ".join(f"{name} {side[name]['rate']} {side[name]['95']}" for name in names)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10)
    parser.add_argument("--levels", default=",".join(CPU.difficulties()))
    parser.add_argument("--trials", type=int, default=40, help="shots per strategy and duel")
    parser.add_argument("--reads", type=int, default=200,
                        help="runs of the CPU's code the best reply learns its odds from")
    parser.add_argument("--half-steps", type=int, default=10)
    parser.add_argument("--json", help="also write the figures, machine, load and commit here")
    args = parser.parse_args()
    run = run_record.Run.begin()
    figures: dict[str, Any] = {}
    print(f"Shot duels against the CPU, goals per shot [95 % Wilson], {args.matches} matches a level "
          f"of {args.half_steps}-step halves, {args.trials} shots per strategy and duel "
          f"(load {run_record.load()[0]:.1f})")
    for level in args.levels.split(","):
        f = figures[level] = level_figures(level, args)
        k, s = f["cpu_keeper"], f["cpu_shooter"]
        best = max(PATTERNS, key=lambda name: k[name]["rate"] or 0)
        print(f"  {level}: its keeper, {k['duels']} duels, value {k['value']}: best pattern {best} "
              f"{k[best]['rate']} {k[best]['95']}; best reply {k['best reply']['rate']} "
              f"{k['best reply']['95']}; mixed {k['mixed']['rate']} {k['mixed']['95']}", flush=True)
        print(f"    every pattern: {told(k, list(PATTERNS))}")
        low = min(DIVES, key=lambda name: s[name]["rate"] if s[name]["rate"] is not None else 1)
        print(f"    its shooter, {s['duels']} duels, value {s['value']}: worst fixed dive {low} "
              f"{s[low]['rate']} {s[low]['95']}; best reply {s['best reply']['rate']} "
              f"{s['best reply']['95']}; every dive: {told(s, list(DIVES))} ({f['cpu_s']} s)", flush=True)
    if args.json:
        run_record.write(args.json, {"settings": vars(args), "levels": figures}, run)


if __name__ == "__main__":
    main()
