"""The shared match core (``firmware/games/``) names no game and none of a game's own steps or
timings: a game declares those in its folder (a subclass of
:class:`firmware.games.session.Step` or :class:`firmware.games.session.Timing`), so the core
stays what every game, a plugin's too, runs on. What counts as a game's own is read from the
games themselves (every registered game's name, folder and title; every subclass their modules
declare), so a new game's steps are covered without a line here. A game's steps are the
shared core's kind of step: one object per name, like an enum's members, through copies and
pickles."""
from __future__ import annotations

import copy
import pickle
import re
from dataclasses import fields
from pathlib import Path

import pytest

from firmware.games import session
from firmware.games.registry import GAMES

FIRMWARE = Path(__file__).resolve().parents[3] / "firmware"
CORE = sorted((FIRMWARE / "games").glob("*.py"))


def own_steps() -> dict[str, dict[str, str]]:
    """Each game's step class (``firmware.<game>.steps.Step``) -> the steps it adds (name -> value)."""
    shared = {name for name, value in vars(session.Step).items() if isinstance(value, session.Step)}
    return {f"{cls.__module__}.{cls.__qualname__}":
            {name: str(value) for name, value in vars(cls).items()
             if isinstance(value, session.Step) and name not in shared}
            for cls in session.Step.__subclasses__()}


def own_timings() -> dict[str, set[str]]:
    """Each game's timing class -> the names of the timings it adds."""
    shared = {each.name for each in fields(session.Timing)}
    return {f"{cls.__module__}.{cls.__qualname__}": {each.name for each in fields(cls)} - shared
            for cls in session.Timing.__subclasses__()}


def patterns() -> dict[str, re.Pattern[str]]:
    """What names a game in source text -> how it is found: its name, folder and title in any
    case; its own steps as constants (``THROW``) or quoted values (``"throw"``); its own timings
    in any case (``offside_window``, ``OFFSIDE_WINDOW``)."""
    found: dict[str, re.Pattern[str]] = {}
    for spec in GAMES.values():
        words = (spec.name, spec.name.replace("-", "_"), spec.name.replace("-", " "), spec.title)
        for word in {word.lower() for word in words}:
            found[f"the game {word!r}"] = re.compile(re.escape(word), re.IGNORECASE)
    for cls, steps in own_steps().items():
        for name, value in steps.items():
            found[f"{cls}.{name}"] = re.compile(rf"\b{name}\b|[\"']{re.escape(value)}[\"']")
    for cls, names in own_timings().items():
        for name in names:
            found[f"{cls}'s {name}"] = re.compile(rf"\b{name}\b", re.IGNORECASE)
    return found


def naming(path: Path) -> list[str]:
    """Every line of ``path`` that names a game or one of its own steps or timings."""
    found = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for what, pattern in patterns().items():
            if pattern.search(line):
                found.append(f"{path.relative_to(FIRMWARE.parent)}:{number}: {what}: {line.strip()}")
    return found


def test_the_games_declare_steps_and_a_timing_of_their_own_in_their_folders():
    """What the check below looks for is there to look for (the four games' own steps)."""
    steps = {name for names in own_steps().values() for name in names}
    timings = {name for names in own_timings().values() for name in names}
    assert {"FLAG", "THROW", "END"} <= steps and "offside_window" in timings
    assert all(cls.startswith("firmware.") and ".games." not in cls
               for cls in (*own_steps(), *own_timings()))


def test_the_search_finds_a_game_s_own_step_and_timing_where_they_are_declared():
    """The search itself: it finds them in the game's folder, where they belong."""
    lines = "\n".join(naming(FIRMWARE / "chifootmi" / "steps.py"))
    assert "Step.FLAG" in lines and "offside_window" in lines and "the game 'chifootmi'" in lines
    lines = "\n".join(naming(FIRMWARE / "chifoumi" / "session.py"))
    assert "Step.THROW" in lines and "Step.END" in lines


@pytest.mark.parametrize("path", CORE, ids=lambda path: path.name)
def test_the_shared_core_names_no_game_nor_a_game_s_own_step_or_timing(path):
    assert naming(path) == []


# ----- a game's steps behave as the shared ones, like an enum's members --------------------------
STEPS = [session.Step.CHOOSE, session.Step.OVER,
         *(step for cls in session.Step.__subclasses__() for step in vars(cls).values()
           if isinstance(step, session.Step))]


@pytest.mark.parametrize("step", STEPS, ids=str)
def test_a_step_is_one_object_by_its_name_through_copy_deepcopy_and_every_pickle(step):
    """A copied session (the property tests' twins), a deep copy or an unpickled one is at the
    very same step (``step is Step.CHOOSE``), or it would ignore every press."""
    assert session.Step(str(step)) is step and step.value == str(step) == step
    assert copy.copy(step) is step and copy.deepcopy({"step": step})["step"] is step
    assert all(pickle.loads(pickle.dumps(step, protocol)) is step
               for protocol in range(pickle.HIGHEST_PROTOCOL + 1))


def test_a_game_s_step_class_has_the_shared_steps_themselves():
    for cls in session.Step.__subclasses__():
        assert cls.CHOOSE is session.Step.CHOOSE and cls.OVER is session.Step.OVER
