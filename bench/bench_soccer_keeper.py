"""Simulator Soccer: how often the CPU loses the ball from its own keeper's kicks (issue 32),
against the strongest exploiter we could build. Prints figures; never asserts.

    .venv/bin/python bench/bench_soccer_keeper.py [--matches N] [--levels easy,medium,hard]
                                                  [--half-steps 10] [--samples 4] [--json FILE]

The CPU is the console's (``firmware/simulator_soccer/session.py``'s ``SoccerCpu`` at each
level, its generator its own). The exploiter knows the CPU's code: it plays the Simple policy,
shoots whenever it may (a shot wide is a goal kick, a save a keeper's ball), and wherever the
CPU's keeper will kick next (its goal kick, the exploiter's placement step; its held ball, the
exploiter's Phase 3) it tries every cell of the kick it predicts (its line, target and the
target's neighbours) for each of its players, plays the CPU's own code on each over
``--samples`` determinized futures (dice it cannot know, the CPU's generator guessed), and
keeps the placement or move that wins the ball most often.

A keeper's kick is every goal kick of the CPU (whoever takes it) and every other pass or lob
by its keeper; it is **lost** when the next ball
settled is the exploiter's (its ``ball`` event, or a throw-in, corner or free kick awarded to
it), before any other CPU kick. Figures per level: the keeper's kicks and those lost, per half
and as a share with its 95 % Wilson interval, goal kicks apart; the goals each side scored.
Match i is seeded 5000 + i; the CPU is red in even matches, blue in odd ones.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

import run_record  # noqa: E402
from intervals import wilson  # noqa: E402

from engine.simulator_soccer import Defend, Kick, MatchConfig, Move, Options, Place, new_match  # noqa: E402
from engine.simulator_soccer import events as ev  # noqa: E402
from engine.simulator_soccer.bots import placement, simple_policy  # noqa: E402
from engine.simulator_soccer.choices import Choice  # noqa: E402
from engine.simulator_soccer.geometry import Cell, line, neighbours, on_pitch  # noqa: E402
from engine.simulator_soccer.legal import ListMenu  # noqa: E402
from engine.simulator_soccer.match import SoccerMatch  # noqa: E402
from engine.simulator_soccer.state import SEATS  # noqa: E402
from engine.simulator_soccer.view import SoccerView, determinize  # noqa: E402
from firmware.simulator_soccer.session import DIFFICULTIES, SoccerCpu  # noqa: E402

SETTLES = (ev.BallWon, ev.Out, ev.Offside, ev.Foul, ev.Goal)
"""The events that end a kick's story: someone has the ball, or a restart is awarded."""


def won_by(events: Iterable[ev.SoccerEvent], seat: str) -> bool | None:
    """Whether the first settling event among ``events`` gives ``seat`` the ball (None: no
    settling event yet)."""
    for e in events:
        if isinstance(e, ev.BallWon):
            return e.seat == seat
        if isinstance(e, ev.Out):
            return e.seat == seat
        if isinstance(e, ev.Offside):
            return e.seat != seat
        if isinstance(e, ev.Foul):
            return e.seat != seat
        if isinstance(e, ev.Goal):
            return False
    return None


class Exploiter:
    """The opponent that waits for the CPU keeper's kicks (see the module docstring)."""

    def __init__(self, cpu: SoccerCpu, samples: int) -> None:
        self.cpu = cpu
        self.samples = samples
        self.thought = 0.0
        """CPU seconds spent predicting the CPU (the bench's own cost, reported)."""

    def choose(self, view: SoccerView[SoccerMatch], legal: Any, rng: random.Random) -> Choice:
        m = view.public
        team = SEATS.index(view.seat)
        if m.pending.kind == "kick":
            return self._kick(m, team, legal, rng)
        waiting = self._candidates(m, team, rng)
        if waiting is not None:
            start = time.process_time()
            choice = self._best(view, waiting, legal, rng)
            self.thought += time.process_time() - start
            return choice
        return simple_policy(m, team, legal, rng)

    @staticmethod
    def _kick(m: SoccerMatch, team: int, legal: Any, rng: random.Random) -> Choice:
        """Shoot whenever it may, else send the ball as far towards the CPU's goal line as
        it goes (out, a goal kick; in the area, the keeper's ball): every possession ends in
        one of the CPU keeper's kicks."""
        options = m.kick_options()
        if "shot" in options:
            return Kick("shot")
        for kind in ("lob", "pass", "throw"):
            targets = [t for t in options.get(kind, []) if t is not None]
            if targets:
                to = max(targets, key=lambda c: (m.fr(team, c)[0], -abs(c[1] - 4)))
                if m.fr(team, to)[0] > m.fr(team, m.ball)[0] or "end" not in options:
                    return Kick(kind, to)
        return simple_policy(m, team, legal, rng)

    def _candidates(self, m: SoccerMatch, team: int, rng: random.Random) -> list[Choice] | None:
        """The placements or moves to weigh when the CPU's keeper kicks next; else None."""
        keeper = m.teams[1 - team].keeper()
        if keeper is None or keeper.cell is None:
            return None
        r = m.restart
        if m.pending.kind == "place" and r is not None and r.kind == "goal_kick" \
                and r.team != team and r.step == 2:
            base = placement(m, team, rng, tidy=True)
            placed = {num for num, _ in base.entries}
            field = sorted((p for p in m.teams[team].on_pitch()
                            if not p.keeper and p.num not in placed and p.cell is not None),
                           key=lambda p: -m.fr(team, p.cell or (0, 0))[0])
            cells = self._cells(m, team, base, keeper.cell, rng)
            return [base] + [Place((*base.entries, (p.num, c)))
                             for p in field[:2] for c in cells]
        if m.pending.kind == "move" and m.move_phase == "p3" and m.holding \
                and m.carrier == (1 - team, keeper.num):
            base_move = simple_policy(m, team, m.legal_choices(SEATS[team]), rng)
            cells = set(self._cells(m, team, None, keeper.cell, rng))
            options = ListMenu(m, team).options()
            return [base_move] + [Move(((num, c),)) for num, reach in options.items()
                                  for c in reach if c in cells]
        return None

    def _cells(self, m: SoccerMatch, team: int, base: Place | None, keeper: Cell,
               rng: random.Random) -> list[Cell]:
        """The cells of the kick the CPU would make now: its line, its target and the
        target's neighbours."""
        target = self._predicted_target(m, team, base, rng)
        if target is None:
            return []
        cells = {c for c in line(keeper, target)[1:] if on_pitch(c)}
        cells |= {target, *(c for c in neighbours(target) if on_pitch(c))}
        return sorted(cells)

    def _predicted_target(self, m: SoccerMatch, team: int, base: Place | None,
                          rng: random.Random) -> Cell | None:
        twin = determinize(m.view(SEATS[team]), rng)
        try:
            self._play_until_kick(twin, team, base, rng)
        except Exception:  # noqa: BLE001 - a prediction that fails predicts nothing
            return None
        if twin.pending.kind != "kick":
            return None
        kick = self._cpu_choice(twin, 1 - team, rng)
        return kick.to if isinstance(kick, Kick) else None

    def _cpu_choice(self, m: SoccerMatch, team: int, rng: random.Random) -> Choice:
        seat = SEATS[team]
        return self.cpu.choose(m.view(seat), m.legal_choices(seat), random.Random(rng.random()))

    def _play_until_kick(self, m: SoccerMatch, team: int, first: Choice | None,
                         rng: random.Random) -> list[ev.SoccerEvent]:
        """Play ``first`` (the exploiter's), then both sides until the CPU's keeper is asked
        to kick (its moves the CPU's code, the exploiter's the empty list)."""
        out: list[ev.SoccerEvent] = []
        if first is not None:
            out += m.play({SEATS[team]: first})
        for _ in range(8):
            seats = m.to_act()
            if not seats or (m.pending.kind == "kick" and seats == (SEATS[1 - team],)):
                break
            joint = {s: (self._cpu_choice(m, 1 - team, rng) if s != SEATS[team]
                         else Move(()) if m.pending.kind == "move" else Defend()
                         if m.pending.kind == "defend" else Place(()))
                     for s in seats}
            out += m.play(joint)
        return out

    def _best(self, view: SoccerView[SoccerMatch], candidates: list[Choice], legal: Any,
              rng: random.Random) -> Choice:
        """The candidate after which the exploiter most often wins the keeper's kick."""
        team = SEATS.index(view.seat)
        best: tuple[float, Choice] | None = None
        for choice in candidates:
            if choice not in legal:
                continue
            wins = 0
            for _ in range(self.samples):
                twin = determinize(view, rng)
                try:
                    self._play_until_kick(twin, team, choice, rng)
                    if twin.pending.kind != "kick":
                        continue
                    seat = SEATS[1 - team]
                    out = twin.play({seat: self._cpu_choice(twin, 1 - team, rng)})
                except Exception:  # noqa: BLE001 - a future that breaks counts as no win
                    continue
                wins += won_by(out, view.seat) is True
            score = wins + rng.random() * 1e-3
            if best is None or score > best[0]:
                best = (score, choice)
        if best is None:
            return simple_policy(view.public, team, legal, rng)
        return best[1]


def play(level: str, index: int, half_steps: int, samples: int) -> dict[str, Any]:
    """One match against the exploiter: the CPU keeper's kicks, lost or not, and the goals."""
    seed = 5000 + index
    cpu_seat = SEATS[index % 2]
    other = SEATS[1 - index % 2]
    cpu = SoccerCpu(level)
    exploiter = Exploiter(SoccerCpu(level), samples)
    players = {cpu_seat: cpu, other: exploiter}
    rngs = {cpu_seat: random.Random(f"cpu/{seed}"), other: random.Random(f"exploiter/{seed}")}
    match = new_match(MatchConfig(Options(half_steps=half_steps)), seed)
    kicks = {"goal_kick": [0, 0], "keeper": [0, 0]}
    open_kick: str | None = None
    begin = time.process_time()
    while match.to_act():
        seats = match.to_act()
        kind = None
        if match.pending.kind == "kick" and seats == (cpu_seat,):
            carrier = match.carrier_player()
            if match.turn.set_piece == "goal_kick":
                kind = "goal_kick"
            elif carrier is not None and carrier.keeper:
                kind = "keeper"
        joint = {s: players[s].choose(match.view(s), match.legal_choices(s), rngs[s]) for s in seats}
        events = match.apply(joint)
        if kind is not None and any(isinstance(e, ev.Kicked) and e.kick in ("pass", "lob")
                                    for e in events):
            open_kick = kind
            kicks[kind][0] += 1
        if open_kick is not None:
            lost = won_by(events, other)
            if lost is not None:
                kicks[open_kick][1] += int(lost)
                open_kick = None
    return {"kicks": kicks, "halves": 2, "goals": {"cpu": match.score[SEATS.index(cpu_seat)],
                                                    "exploiter": match.score[SEATS.index(other)]},
            "cpu_s": time.process_time() - begin, "predicting_s": exploiter.thought}


def level_figures(level: str, matches: int, half_steps: int, samples: int) -> dict[str, Any]:
    totals = {"goal_kick": [0, 0], "keeper": [0, 0]}
    goals = {"cpu": 0, "exploiter": 0}
    cpu_s = 0.0
    for i in range(matches):
        one = play(level, i, half_steps, samples)
        for k in totals:
            totals[k][0] += one["kicks"][k][0]
            totals[k][1] += one["kicks"][k][1]
        for side in goals:
            goals[side] += one["goals"][side]
        cpu_s += one["cpu_s"]
    halves = 2 * matches
    kicked = sum(v[0] for v in totals.values())
    lost = sum(v[1] for v in totals.values())
    low, high = wilson(lost, kicked)
    return {"matches": matches, "halves": halves,
            "keeper_kicks_per_half": round(kicked / halves, 2),
            "lost_per_half": round(lost / halves, 2),
            "lost_share": round(lost / kicked, 3) if kicked else None,
            "lost_share_95": [round(low, 3), round(high, 3)],
            "goal_kicks": {"kicked": totals["goal_kick"][0], "lost": totals["goal_kick"][1]},
            "other_keeper_kicks": {"kicked": totals["keeper"][0], "lost": totals["keeper"][1]},
            "goals_per_match": {side: round(n / matches, 2) for side, n in goals.items()},
            "cpu_s": round(cpu_s, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=6)
    parser.add_argument("--levels", default=",".join(DIFFICULTIES))
    parser.add_argument("--half-steps", type=int, default=10)
    parser.add_argument("--samples", type=int, default=4, help="futures per candidate")
    parser.add_argument("--json", help="also write the figures, machine, load and commit here")
    args = parser.parse_args()
    run = run_record.Run.begin()
    figures: dict[str, Any] = {}
    print(f"CPU keeper's kicks lost to the exploiter, {args.half_steps}-step halves "
          f"(load {run_record.load()[0]:.1f})")
    for level in args.levels.split(","):
        f = figures[level] = level_figures(level, args.matches, args.half_steps, args.samples)
        print(f"  {level:<7} {f['keeper_kicks_per_half']:5.2f} keeper kicks/half, "
              f"{f['lost_per_half']:5.2f} lost/half, share {f['lost_share']} "
              f"{f['lost_share_95']}; goal kicks {f['goal_kicks']}, others "
              f"{f['other_keeper_kicks']}; goals {f['goals_per_match']} ({f['cpu_s']} s)",
              flush=True)
    if args.json:
        run_record.write(args.json, {"settings": vars(args), "levels": figures}, run)


if __name__ == "__main__":
    main()
