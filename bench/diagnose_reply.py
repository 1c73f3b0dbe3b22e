"""Where does the best reply gain against the strong CPU: inside Strong's model, or where
the model is wrong about the real match? (issue 15, a diagnosis, bench only)

Plays the best reply (``bench/best_reply.py``) against Strong as ``bench_bots.py`` does,
and at each of the reply's card plays, with the real match in hand (which neither player
has), measures in Strong's own model (``engine.chifootmi.bots.leaf_value.win_chance`` one round on):

* ``V``: the model's chance of the reply winning, before the round (its static value);
* ``G``: the reply's value in Strong's own round game, ``1 - v`` where ``v`` is the value
  of the matrix game Strong solves at that decision (from Strong's real view, fresh deals);
* ``W``: the in-model worth of the card the reply chose, on the real state, against
  Strong's real mixture (Strong's strategy from its real view, fresh deals);
* ``B``: the same for the reply's best card on the real state (what a reply that knew
  Strong's face-down cards would get, in the model).

``W - G`` is what the reply gains **inside the model**: positive means Strong's game is
exploitable in its own terms (it averages over the reply's face-down cards, which the
reply knows; its payoffs are estimated on a few deals). ``G - V`` is the model's
inconsistency (one round of equilibrium play on, the model says something else than it
says now). Whatever the reply wins beyond the sum of the in-model gains is the model's
error about the real match.

Usage: python bench/diagnose_reply.py [--matches 300] [--level pro+] [--seed 2000]
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_bots import LEVELS, use_weights  # noqa: E402
from intervals import wilson  # noqa: E402
from best_reply import BestReply  # noqa: E402
from engine.chifootmi.bots import StrongBot
from engine.bots.seeds import match_seeds  # noqa: E402
from engine.chifootmi.bots.leaf_value import model_chance  # noqa: E402
from engine.bots.matrix import solve_exact  # noqa: E402
from engine.chifootmi.bots.round_game import deal_payoff, round_payoff  # noqa: E402
from engine.chifootmi import new_match  # noqa: E402

_SEATS = ("red", "blue")


def mean_ci(values: list[float]) -> str:
    n = len(values)
    if n < 2:
        return "n/a"
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return f"{mean:+.4f} ± {1.96 * sd / math.sqrt(n):.4f}"


def diagnose(level: str, matches: int, seed: int, samples: int, strong_options: dict,
             probe_samples: int) -> dict[str, list[float]]:
    config = LEVELS[level]
    probe_rng = random.Random(f"diagnose-{seed}")
    out: dict[str, list[float]] = {k: [] for k in ("W-G", "G-V", "B-W", "W-V", "match_in_model",
                                                   "match_inconsistency", "match_rest",
                                                   "W-G hidden", "W-G open",
                                                   "match_result", "V0")}
    for index in range(matches):
        seeds = match_seeds(seed, index)
        reply_seat = "red" if index % 2 == 0 else "blue"
        strong_seat = _SEATS[1 - _SEATS.index(reply_seat)]
        reply, strong = BestReply(StrongBot(**strong_options), samples), StrongBot(**strong_options)
        players = {reply_seat: reply, strong_seat: strong}
        rngs = {seat: seeds.bot_rng(seat) for seat in _SEATS}
        match = new_match(config, seeds.deal)
        r = _SEATS.index(reply_seat)
        in_model = inconsistency = 0.0
        first = True
        while match.to_act():
            joint = {seat: players[seat].choose(match.view(seat), match.legal_choices(seat),
                                                rngs[seat]) for seat in match.to_act()}
            if match.stage == 0 and len(match.legal_choices(reply_seat)) > 1:
                strong_view = match.view(strong_seat)
                strong_legal = match.legal_choices(strong_seat)
                theirs = [c.card for c in strong_legal]  # type: ignore[union-attr]
                mine = [c.card for c in match.legal_choices(reply_seat)]  # type: ignore[union-attr]
                value = solve_exact(round_payoff(strong_view, theirs, probe_samples, probe_rng))[2]
                sigma = strong.strategy(strong_view, strong_legal, probe_rng) if len(theirs) > 1 \
                    else [1.0]
                total = sum(sigma)
                payoff = deal_payoff(match, reply_seat, mine, theirs)
                worth = [sum(p / total * x for p, x in zip(sigma, row)) for row in payoff]
                v_static = model_chance(match.clone(), r)
                chosen = worth[mine.index(joint[reply_seat].card)]  # type: ignore[union-attr]
                g = 1.0 - value
                out["W-G"].append(chosen - g)
                hidden = any(match.face_down[r])
                out["W-G hidden" if hidden else "W-G open"].append(chosen - g)
                out["G-V"].append(g - v_static)
                out["B-W"].append(max(worth) - chosen)
                out["W-V"].append(chosen - v_static)
                in_model += chosen - g
                inconsistency += g - v_static
                if first:
                    out["V0"].append(v_static)
                    first = False
            match.apply(joint)
        result = 1.0 if match.winner == reply_seat else 0.0
        out["match_in_model"].append(in_model)
        out["match_inconsistency"].append(inconsistency)
        out["match_rest"].append(result - (out["V0"][-1] if not first else 0.5)
                                 - in_model - inconsistency)
        out["match_result"].append(result)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=300)
    parser.add_argument("--level", default="pro+")
    parser.add_argument("--seed", type=int, default=2000)
    parser.add_argument("--reply-samples", type=int, default=3)
    parser.add_argument("--probe-samples", type=int, default=16,
                        help="deals of the probe of Strong's game value at each decision")
    parser.add_argument("--strong", default="", help="options of Strong, e.g. precision=150.0")
    parser.add_argument("--weights", help="a module of leaf weights instead of the built-in")
    args = parser.parse_args()
    if args.weights:
        use_weights(args.weights)
    options: dict = {}
    for option in filter(None, args.strong.split(",")):
        key, value = option.split("=")
        options[key] = float(value) if "." in value else int(value)
    options.setdefault("depth", 1)  # the terms below are those of the one-round game
    got = diagnose(args.level, args.matches, args.seed, args.reply_samples, options,
                   args.probe_samples)
    wins = int(sum(got["match_result"]))
    low, high = wilson(wins, args.matches)
    print(f"# best reply vs Strong {options or 'as built'}, {args.level}, {args.matches} matches, "
          f"secret {args.seed}, reply samples {args.reply_samples}, probe deals "
          f"{args.probe_samples}; load {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"reply wins {wins}/{args.matches} = {wins / args.matches:.3f} [{low:.3f}, {high:.3f}]")
    print(f"card decisions {len(got['W-G'])}, {len(got['W-G hidden'])} of them with a face-down "
          f"card in the reply's hand")
    print("| quantity (the reply's side, per card decision) | mean ± 95% |")
    print("|---|---|")
    for key, text in (("W-G", "W - G: chosen card's in-model worth minus Strong's game value"),
                      ("G-V", "G - V: Strong's game value minus the model's static value"),
                      ("W-V", "W - V: in-model drift of the chosen card"),
                      ("W-G hidden", "W - G when the reply holds a face-down card (Strong's "
                                     "game averages over it)"),
                      ("W-G open", "W - G when all the reply's cards are face up (Strong's "
                                   "deals differ only in the piles)"),
                      ("B-W", "B - W: the best card on the real state minus the chosen one")):
        print(f"| {text} | {mean_ci(got[key])} |")
    print(f"| per match: sum of W - G | {mean_ci(got['match_in_model'])} |")
    print(f"| per match: sum of G - V | {mean_ci(got['match_inconsistency'])} |")
    print(f"| per match: result - V at the first card play - both sums (the model's "
          f"error about the real match, and luck) | {mean_ci(got['match_rest'])} |")
    print(f"| per match: result - 0.5 | {mean_ci([x - 0.5 for x in got['match_result']])} |")


if __name__ == "__main__":
    main()
