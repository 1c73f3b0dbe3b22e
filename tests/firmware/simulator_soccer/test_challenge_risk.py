"""The challenge menu says what an entry risks (S-P3-2; issue 20 leftovers, kids' play-through):
an entry from 2+ cells is always a foul and a red card, whatever the dice and with or
without a tackle, so it reads "#6 foul: red card" (one line, not a press and a tackle); an
entry from behind (S-PRO-RECOVERY's too) may be a yellow-card foul: "#6 presses, risky". The
menu said "#6 tackles" for a sure red card and a player chose it."""
from __future__ import annotations

import random

from engine.simulator_soccer import Challenge, MatchConfig, Options
from engine.simulator_soccer.bots import SoccerBot
from firmware.games.session import Seats, Step, Timing
from firmware.simulator_soccer.screens import words
from firmware.simulator_soccer.session import SoccerSession

TIMING = Timing(kickoff=0.1, flip=0.1, reveal=0.1, cpu_think=0.1)


def challenge_menus(seed: int, wanted: int = 6):
    """(session, seat) at challenge decisions of two people's matches played by bots."""
    session = SoccerSession(MatchConfig(Options(half_steps=6)), seed, Seats(), 0.0, timing=TIMING)
    session.tick(1.0)
    bot, rng = SoccerBot("random"), random.Random(seed)
    found = 0
    for _ in range(4000):
        match = session.match
        if match.is_over or found >= wanted:
            return
        if session.step is not Step.CHOOSE:
            session.tick(session.deadline(0.0) or 0.0)
            continue
        if match.decision == "challenge":
            found += 1
            yield session, match.to_act()[0]
        joint = {seat: bot.choose(match.view(seat), match.legal_choices(seat), rng) for seat in match.to_act()}
        for seat, choice in joint.items():
            session.lock(seat, choice, 0.0)
        session.tick(10.0)


def test_S_P3_2_the_challenge_menu_names_the_red_card_and_the_risk_of_each_entry():
    kinds: set[str] = set()
    for seed in range(8):
        for session, seat in challenge_menus(seed):
            match = session.match
            team = 0 if seat == "red" else 1
            _prompt, options = session.options(seat)
            said = {action[1]: words("en", shown) for shown, action in options}
            challengers = {c.player for c in match.legal_choices(seat)
                           if isinstance(c, Challenge) and c.player is not None}
            for num in challengers:
                kind = match.entry_kind(match.player(team, num))
                kinds.add(kind)
                lines = [line for choice, line in said.items()
                         if isinstance(choice, Challenge) and choice.player == num]
                if kind == "violent":
                    assert lines == [f"#{num} foul: red card"], lines
                elif kind in ("behind", "recovery"):
                    assert sorted(lines) == [f"#{num} presses, risky", f"#{num} tackles, risky"]
                else:
                    assert {line.lstrip("▶") for line in lines} <= {
                        f"#{num} presses", f"#{num} tackles"}, lines
    assert {"violent", "behind", "fair"} <= kinds, kinds
