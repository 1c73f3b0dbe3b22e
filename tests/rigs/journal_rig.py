"""Journals as the console writes them, for any registered game: started by the game's own
entry (``ConsoleEntry.start``, the menu's settings) and written by the real
:class:`firmware.storage.journal.Journal`, cut after some random legal decisions, always
before the one that would end the match: a match of one move is journalled at its start."""
from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from engine.scripting import joint_to_json
from firmware.games.session import Timing
from firmware.games.spec import GameSpec, MatchStart
from firmware.storage import journal as mj

SECRET = "0f" * 16
"""The CPU players' secret these journals keep (a fixed one: the same journal every run)."""


def write_journal(folder: Path, spec: GameSpec, settings: Any = None, pad_count: int = 2,
                  decisions: int = 6, seed: int = 5) -> dict[str, Any]:
    """The journal the console writes for a match of ``spec`` started with ``settings`` (the
    game's defaults when None), cut after ``decisions`` random legal joint decisions or before
    the one that would end the match, whichever comes first (a journal of a match still on:
    the one a power cut leaves, the console offers to resume); its set-up line is returned."""
    settings = spec.console.settings({}) if settings is None else settings
    started = spec.console.start(MatchStart(settings, seed, 0.0, pad_count, False, Timing(),
                                            cpu_secret=SECRET))
    assert started.journal is not None
    script, console = started.journal
    match = spec.rules.parse_script({**script, "turns": []}).start()
    rng, turns = random.Random(seed), []
    while len(turns) < decisions:
        joint = {seat: rng.choice(list(match.legal_choices(seat))) for seat in match.to_act()}
        played = match.clone()
        played.apply(joint)
        if played.is_over:
            break
        turns.append(joint_to_json(joint))
        match = played
    setup = mj.JournalSetup(script, console, "2026-11-28T15:00:00")
    journal = mj.Journal(folder, setup)
    journal.start(turns)
    journal.close(remove=False)
    return setup.to_json()


def with_console(raw: bytes, console: Any) -> bytes:
    """A journal's bytes with its set-up line's ``console`` object replaced, as a bad card might."""
    first, _, rest = raw.partition(b"\n")
    header = json.loads(first)
    header["console"] = console
    return json.dumps(header).encode() + b"\n" + rest


def menu_variants(spec: GameSpec, pad_count: int) -> list[Any]:
    """The game's settings with each value of each of its menu lines (from its defaults)."""
    base = spec.console.settings({})
    found = [base]
    for row in spec.console.rows(base, pad_count):
        if row.game is None:
            for value in row.values:
                found.append(spec.console.settings({row.field: value}))
    return found
