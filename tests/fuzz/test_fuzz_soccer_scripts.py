"""Issue 33: Simulator Soccer's match scripts through ``pitchpad replay``, damaged with the game's
own words (docs/formats/match-script.md): kicks, cells at and past the pitch's edges, move and
placement lists of up to a dozen entries, shirts that are not on the pitch, the Pro rules, half
lengths, teams given in full. The valid scripts they start from are played deep: to the end and
a shoot-out (one-step halves, a tie-break, every Pro rule), and with a team written out.

Property: ``pitchpad replay`` prints the match, or refuses in one line naming what is wrong;
never a traceback, never the catch-all "a value of the wrong type" (a reader that needed it
is a reader to fix). A script it plays, it plays the same from each seat's view. Budget: 100
examples, derandomized.
"""
from __future__ import annotations

import json
import random
from typing import Any

from fuzz_rig import FUZZ, JSON, VALID, assert_replay_clean, mutated, run_replay
from hypothesis import event, given
from hypothesis import strategies as st

from engine.scripting import joint_to_json
from engine.simulator_soccer.state import PRO_OPTIONS
from engine.simulator_soccer.teams import STANDARD
from firmware.games.registry import game_named

SOCCER = "simulator-soccer"


def played(seed: int, options: dict[str, Any], teams: dict[str, Any], most: int) -> dict[str, Any]:
    """A valid script: random legal decisions (the game's easiest bot where a list decision
    lists nothing: a placement only substitutions make legal) up to ``most`` or the end."""
    spec = game_named(SOCCER)
    base = {"game": SOCCER, "seed": seed, "options": options, "teams": teams}
    match = spec.rules.parse_script({**base, "turns": []}).start()
    rng, bot, turns = random.Random(seed), spec.cpu.bot(spec.cpu.difficulties()[0]), []
    while match.to_act() and not match.is_over and len(turns) < most:
        joint = {}
        for seat in match.to_act():
            legal = match.legal_choices(seat)
            listed = list(legal)
            joint[seat] = rng.choice(listed) if listed else bot.choose(match.view(seat), legal, rng)
        turns.append(joint_to_json(joint))
        match.apply(joint)
    return {**base, "turns": turns}


DOCS = [
    played(1, {"half_steps": 1, "tiebreak": True, "pro": list(PRO_OPTIONS)}, {}, 400),
    played(3, {"half_steps": 2, "tiebreak": False, "pro": ["wall", "offside_line"]},
           {"red": STANDARD.to_json(), "blue": "standard"}, 200),
    VALID[(SOCCER, 1)],
]
CELLS = st.lists(st.integers(-1, 22), min_size=2, max_size=2) | st.sampled_from(
    [[0, 0], [20, 8], [21, 4], [10, 9], [-1, 0], [10.0, 4], [10, "4"], [10], [], None])
SHIRTS = st.sampled_from([1, 2, 9, 11, 12, 16, 17, 0, -1, 2 ** 63, 9.0, "9", True])
ENTRIES = st.lists(st.tuples(SHIRTS, CELLS).map(list), max_size=12)
WORDS = st.sampled_from(["pass", "lob", "dribble", "shot", "cross", "end", "hold", "left",
                         "right", "centre", "4-4-2", "4-3-3", "3-5-2", "5-3-2", "standard",
                         "red", "blue", *PRO_OPTIONS, "nothing"])
SOCCER_VALUES = (
    WORDS | CELLS | SHIRTS | ENTRIES
    | st.fixed_dictionaries({"kick": WORDS, "to": CELLS})
    | st.fixed_dictionaries({"to": CELLS, "high": st.booleans() | st.just(1)})
    | st.fixed_dictionaries({"keeper": CELLS, "intercept": st.none() | SHIRTS})
    | st.fixed_dictionaries({"player": SHIRTS, "to": CELLS, "tackle": st.booleans()})
    | st.integers(-2, 40) | st.lists(WORDS, max_size=12) | JSON)


@FUZZ
@given(st.sampled_from(range(len(DOCS))).flatmap(lambda i: mutated(DOCS[i], SOCCER_VALUES)))
def test_replay_of_damaged_simulator_soccer_scripts(doc):
    raw = json.dumps(doc).encode()
    assert_replay_clean(raw)
    event(f"exit status {run_replay(raw)[0]}")


def test_the_scripts_fuzzed_are_valid_and_the_first_ends_after_a_shoot_out():
    rules = game_named(SOCCER).rules
    for doc in DOCS:
        assert run_replay(json.dumps(doc).encode())[0] == 0
    script = rules.parse_script(DOCS[0])
    match = script.start()
    for index, turn in enumerate(script.turns):
        match.apply(rules.parse_turn(turn, index))
    summary = rules.summary(match)
    assert summary["over"] and summary["shootout"] is not None
