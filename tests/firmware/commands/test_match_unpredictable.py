"""A stdio seat cannot predict a deal or a CPU's choice from what it is shown (issue 15).

The agent below sits on the stdio seat of ``pitchpad match`` and reads everything printed
so far (every decision line, every result line with its deal seed). With the old command
(match i's seed S+i printed after each match, the CPU's generator built from that seed) it
predicted every next deal and every CPU first card; now it must do no better than chance.
"""
from __future__ import annotations

import io
import json
import math
import random

from engine.chifootmi.bots import make_bot
from engine.chifootmi import Level, MatchConfig, new_match
from firmware.commands.match import StdioSeat, run_matches
from firmware.games.registry import game_named

MATCHES = 48


def derived_generators(seed: int, seat: str) -> list[random.Random]:
    """Every way a CPU generator could be built from a number the agent saw."""
    return [random.Random(f"pitchpad-bot/{seed}/{seat}"), random.Random(seed),
            random.Random(f"{seed}/{seat}")]


class PredictingAgent(io.TextIOBase):
    """The stdio seat's program, as the ``stdin`` the command reads its answers from: it
    sees all the command printed (``printed``), answers with a legal choice, and at each
    match's first decision writes down its guesses of that match's deal seed and of the
    CPU's first card (by replaying the CPU bot, whose code it has, with generators derived
    from the seeds printed so far)."""

    def __init__(self, printed: io.StringIO) -> None:
        super().__init__()
        self.printed = printed
        self.read_upto = 0
        self.seeds: list[int] = []
        self.deal_guesses: dict[int, set[int]] = {}
        self.cpu_guesses: dict[int, list[object]] = {}
        self.cpu_first: dict[int, object] = {}
        self.config = MatchConfig(Level.BEGINNER)
        self.rng = random.Random(5)

    def readline(self, size: int = -1) -> str:
        text = self.printed.getvalue()
        lines = [json.loads(line) for line in text[self.read_upto:].splitlines()]
        self.read_upto = len(text)
        for line in lines:
            if "result" in line:
                self.seeds.append(line["seed"])
        ask = lines[-1]
        index, view = ask["match"], ask["view"]
        if view["round"] == 1 and view["decision"] == "play" and index not in self.deal_guesses:
            self.guess(index, view)
        if view["round"] == 2 and index in self.cpu_guesses and index not in self.cpu_first:
            cpu_seat = view["opponent"]["seat"]
            self.cpu_first[index] = view["played"][cpu_seat][0]
        return json.dumps(self.rng.choice(ask["legal"])) + "\n"

    def guess(self, index: int, view: dict) -> None:
        """Candidate deal seeds: the last seed printed plus one (the old S+i), and the like;
        for each one that deals the CPU's hand shown, the CPU's first card with each
        generator the CPU could have been given."""
        candidates = {s + k for s in self.seeds[-1:] for k in (1, 2, -1)} | {index, index + 1}
        self.deal_guesses[index] = candidates
        cpu_seat = view["opponent"]["seat"]
        cpu_hand = [slot["card"] for slot in view["opponent"]["active"]]
        guesses: list[object] = [self.rng.choice(cpu_hand)] * len(derived_generators(0, ""))
        for seed in sorted(candidates):
            match = new_match(self.config, seed)
            if [slot.card for slot in match.view(cpu_seat).you.active] != cpu_hand:
                continue  # that seed does not deal the CPU's hand shown
            guesses = [make_bot("random").choose(match.view(cpu_seat),
                                                 match.legal_choices(cpu_seat), rng).to_json()["play"]
                       for rng in derived_generators(seed, cpu_seat)]
        self.cpu_guesses[index] = guesses


def test_an_agent_that_reads_every_printed_line_predicts_no_deal_and_no_cpu_card():
    printed = io.StringIO()
    agent = PredictingAgent(printed)
    chifootmi = game_named("chifootmi")
    seat = StdioSeat(printed, agent, chifootmi)  # type: ignore[arg-type]
    run_matches(chifootmi, MatchConfig(Level.BEGINNER), 2026, {"red": seat, "blue": make_bot("random")},
                MATCHES, True, printed, io.StringIO())
    seeds = [line["seed"] for line in map(json.loads, printed.getvalue().splitlines())
             if "result" in line]
    assert len(seeds) == MATCHES and len(set(seeds)) == MATCHES
    deals = sum(seeds[i] in agent.deal_guesses.get(i, set()) for i in range(1, MATCHES))
    assert deals == 0, "the agent predicted a deal seed"
    # The CPU's first card: a hit is a guess naming the card it played. The random CPU picks
    # one of 4 cards, so chance is 1/4 a match; the best of the agent's ways of guessing must
    # stay within 4 standard deviations of it.
    played = [i for i in range(1, MATCHES) if i in agent.cpu_first]
    assert len(played) >= MATCHES - 8
    best = max(sum(agent.cpu_first[i] == agent.cpu_guesses[i][way] for i in played)
               for way in range(len(derived_generators(0, ""))))
    expected = len(played) / 4
    assert best <= expected + 4 * math.sqrt(len(played) * 3 / 16), (best, len(played))
