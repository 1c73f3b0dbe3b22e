"""``pitchpad sim`` until the console simulator lands: a CPU-vs-CPU match told in text.

Both seats choose uniformly among their legal choices; every event is printed as a line
a person can follow, then the final score.
"""
from __future__ import annotations

import argparse
import random
import time
from typing import Any

from engine.chifootmi import Level, MatchConfig, Options, new_match
from engine.chifootmi.cards import card_label


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("sim", help="watch a CPU-vs-CPU Chifootmi match (text)")
    parser.add_argument("--level", choices=[lvl.value for lvl in Level], default="beginner")
    parser.add_argument("--option", action="append", default=[],
                        choices=["offside", "one_two", "counter_attack"])
    parser.add_argument("--seed", type=int, default=None, help="match seed (default: random)")
    parser.add_argument("--delay", type=float, default=0.0, help="seconds between lines")
    parser.set_defaults(run=run)


def describe(event: Any) -> str:
    """One line of commentary for an engine event."""
    e = event.to_json()
    name = e["event"]
    if name == "kickoff":
        return f"Kick-off: {e['seat']} has the ball."
    if name == "reveal":
        return (f"Round {e['round']}: red plays {card_label(event.red)}, "
                f"blue plays {card_label(event.blue)}.")
    if name == "goal":
        return f"GOAL for {e['seat']}! {e['red']}-{e['blue']}"
    if name == "draw":
        card = "a hidden card" if e["card"] is None else card_label(event.card)
        return f"  {e['seat']} draws {card} from {e['pile']}."
    if name == "match_over":
        return f"Final whistle: {e['winner']} wins ({e['red']}-{e['blue']})."
    fields = ", ".join(f"{k}={v}" for k, v in e.items() if k != "event")
    return f"{name.replace('_', ' ').capitalize()}: {fields}"


def run(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**6)
    config = MatchConfig(Level(args.level), Options(**{o: True for o in args.option}))
    match = new_match(config, seed)
    rng = random.Random(seed)
    print(f"Chifootmi, {args.level}, seed {seed}: red CPU vs blue CPU")
    events = match.opening_events()
    while True:
        for event in events:
            print(describe(event), flush=True)
            time.sleep(args.delay)
        if match.is_over:
            break
        events = match.apply({seat: rng.choice(match.legal_choices(seat))
                              for seat in match.to_act()})
    shootout = match.shootout_score
    extra = f" (shoot-out {shootout[0]}-{shootout[1]})" if shootout else ""
    print(f"Score: red {match.score[0]} - {match.score[1]} blue{extra}; winner: {match.winner}")
    return 0
