"""The console's CPU seat cannot be predicted from what a player sees (issue 15).

Its generator is keyed by a secret drawn for each match and kept in the match journal,
which only the console's user may read (mode 0600): a player who knows the match seed (the
results history keeps it, a replay prints it) still cannot compute the CPU's choices, and a
match resumed after a power cut plays on exactly as before.
"""
from __future__ import annotations

import json
import random
import stat
from pathlib import Path

import sim
from engine.chifootmi.bots import make_difficulty
from engine.bots.seeds import KeyedCpu
from engine.chifootmi import Level, MatchConfig, new_match
from firmware.games.registry import rules
from firmware.storage import journal as mj
from firmware.console.app import App, Idle
from firmware.chifootmi.spec import SPEC as CHIFOOTMI
from firmware.chifootmi.entry import ChifootmiSettings
from firmware.chifootmi.entry import seats as chifootmi_seats
from firmware.chifootmi.session import CPU
from firmware.games.spec import MatchStart, Resume
from firmware.games.session import Timing
from firmware.storage.settings import Settings, save
from hal.clock import ManualClock


def boot(state_dir: Path, seed: int | None) -> App:
    save(state_dir, Settings.flat(players="cpu", difficulty="hard", level="pro", sound=False))
    app = App(sim.open_console(2, clock=ManualClock()), state_dir=state_dir, seed=seed,
              idle=Idle(abandon_after=1e9, screensaver_after=1e9))
    app.start_match()
    app.write_new_journal()
    return app


def test_the_journal_keeps_a_cpu_secret_and_only_its_owner_may_read_it(tmp_path):
    app = boot(tmp_path, None)
    path = tmp_path / mj.FILE_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    setup = json.loads(path.read_text().splitlines()[0])
    secret = setup["console"]["cpu_secret"]
    assert len(secret) == 32 and int(secret, 16) >= 0
    assert str(app.session.seed) not in secret
    other = boot(tmp_path / "again", None)
    assert json.loads((tmp_path / "again" / mj.FILE_NAME).read_text().splitlines()[0])[
        "console"]["cpu_secret"] != secret
    assert other.session is not None


def test_knowing_the_seed_and_the_code_does_not_give_the_cpus_choices():
    """The CPU (blue, hard) plays Pro matches; at each of its decisions an agent that knows
    the match seed and the CPU's code replays the CPU on the same view with the console's
    generator (seed, seat, decision number): without the secret its guess is the CPU's
    choice no more often than a guess made with another secret (chance), while the CPU
    rebuilt with the journalled secret (a resume) makes every choice again."""
    names = {"red": "team.blue", "blue": "cpu"}
    cpu = chifootmi_seats({"blue": "hard"}, names, {"cpu_secret": "0123456789abcdef" * 2})
    resumed = chifootmi_seats({"blue": "hard"}, names, {"cpu_secret": "0123456789abcdef" * 2})
    stranger = chifootmi_seats({"blue": "hard"}, names, {"cpu_secret": "f" * 32})
    agent = make_difficulty("hard")
    again = guessed = chance = total = 0
    for seed in range(10):
        match = new_match(MatchConfig(Level.PRO), seed)
        red = random.Random(seed)
        number = 0
        while match.to_act():
            joint = {}
            for seat in match.to_act():
                legal = match.legal_choices(seat)
                if seat == "red":
                    joint[seat] = red.choice(legal)
                    continue
                view = match.view(seat)
                joint[seat] = cpu.cpus[seat].choose(view, legal, CPU.rng(seed, seat, number))
                if len(legal) > 1:
                    total += 1
                    again += resumed.cpus[seat].choose(view, legal, CPU.rng(seed, seat, number)) \
                        == joint[seat]
                    guessed += agent.choose(view, legal, CPU.rng(seed, seat, number)) == joint[seat]
                    chance += stranger.cpus[seat].choose(view, legal,
                                                         CPU.rng(seed, seat, number)) == joint[seat]
            match.apply(joint)
            number += 1
    assert again == total > 200
    # Some decisions have one sensible choice, so chance is well above 1/len(legal); the
    # agent without the secret must do no better than a guess with a wrong secret.
    sd = (total * 0.25) ** 0.5
    assert guessed <= chance + 4 * sd, (guessed, chance, total)


def test_a_resumed_match_keeps_its_cpu_secret(tmp_path):
    app = boot(tmp_path, None)
    setup = mj.load(tmp_path, rules()).setup  # type: ignore[union-attr]
    resumed = CHIFOOTMI.console.resume(Resume(setup.script, setup.console, (), 0.0, 2, Timing(),
                                              CHIFOOTMI.rules))
    assert resumed.journal is not None
    assert resumed.journal[1]["cpu_secret"] == setup.console["cpu_secret"]
    cpu = resumed.session.seats.cpus["blue"]
    assert isinstance(cpu, KeyedCpu) and cpu.secret == setup.console["cpu_secret"]
    assert isinstance(app.session.seats.cpus["blue"], KeyedCpu)


def test_a_match_start_with_a_given_secret_uses_it():
    start = MatchStart(ChifootmiSettings(players="cpu", difficulty="medium"), 5, 0.0, 2,
                       False, Timing(), "feedfeedfeedfeedfeedfeedfeedfeed")
    started = CHIFOOTMI.console.start(start)
    assert started.journal is not None
    assert started.journal[1]["cpu_secret"] == "feedfeedfeedfeedfeedfeedfeedfeed"
