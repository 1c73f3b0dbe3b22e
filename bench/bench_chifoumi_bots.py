"""Chifoumi CPU benchmark: the search bot against random and greedy, two players, seats and
first move alternating; win rates with 95% Wilson intervals, decision CPU time p50/p99.

    .venv/bin/python bench/bench_chifoumi_bots.py --games 60 --nodes 850
    .venv/bin/python bench/bench_chifoumi_bots.py --best-reply 200

``--best-reply GAMES``: the best-reply check of issue 15 where the CPU plays a mixed
strategy (the chifoumi throws, uniform): CPU-vs-CPU games on the console's generators (keyed
by a secret), an agent with the CPU's code and the seed predicting every throw
(``bench/best_reply.py``, ``mixed_choice_check``).
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine.chifoumi import GameConfig, new_match  # noqa: E402
from engine.chifoumi.bots import make_bot  # noqa: E402
from engine.chifoumi.choices import THROWS  # noqa: E402
from intervals import wilson  # noqa: E402


def duel(bot, other, games: int, players: int = 2) -> tuple[float, list[float]]:
    score, times = 0.0, []
    for g in range(games):
        game = new_match(GameConfig(players), "white" if g % 2 == 0 else "black")
        me = game.seats[(g // 2) % players]
        rngs = {s: random.Random(f"bench/{g}/{s}") for s in game.seats}
        while not game.is_over:
            (seat,) = game.to_act()
            player = bot if seat == me else other
            started = time.process_time()
            choice = player.choose(game.view(seat), game.legal_choices(seat), rngs[seat])
            if seat == me:
                times.append(time.process_time() - started)
            game.apply({seat: choice})
        score += game.returns()[me]
    return score, times


def best_reply(games: int) -> None:
    from best_reply import mixed_choice_check
    from firmware.chifoumi.session import CPU

    cpu_rng = CPU.rng  # the console's CPU generators (firmware/games/cpu.py)

    print(f"best-reply check, {games} hard-vs-hard games, load average {os.getloadavg()[0]:.2f}")
    got = mixed_choice_check(
        lambda g: (new_match(GameConfig(2)), g), make_bot("search", nodes=200),
        lambda match, seat, legal: legal[0] in THROWS, cpu_rng, games,
        stop=lambda match: match.legal_choices(match.to_act()[0])[0] not in THROWS)
    n = int(got["choices"])
    low, high = wilson(got["predicted"], n)
    print(f"throws predicted by an agent with the code and the seed: {got['predicted']}/{n} = "
          f"{got['predicted'] / n:.3f} [95% {low:.3f}, {high:.3f}], chance "
          f"{got['chance'] / n:.3f}; before issue 15 (generator from the seed): "
          f"{got['old_predicted']}/{n}")
    print(f"load average at end {os.getloadavg()[0]:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--nodes", type=int, default=850)
    parser.add_argument("--best-reply", type=int, default=0, metavar="GAMES",
                        help="the best-reply check on the throws (0: skip)")
    args = parser.parse_args()
    if args.best_reply:
        best_reply(args.best_reply)
        return
    print(f"load average {os.getloadavg()[0]:.2f}, {args.games} games per pairing, "
          f"search nodes {args.nodes}")
    for name in ("random", "greedy"):
        score, times = duel(make_bot("search", nodes=args.nodes), make_bot(name), args.games)
        low, high = wilson(score, args.games)
        times.sort()
        p50, p99 = times[len(times) // 2] * 1000, times[int(len(times) * 0.99)] * 1000
        print(f"search vs {name}: {score / args.games:.3f} [{low:.3f}, {high:.3f}] "
              f"decision p50 {p50:.1f} ms p99 {p99:.1f} ms")
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
