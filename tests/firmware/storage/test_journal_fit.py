"""Issue 33: a journal that parses and replays but whose ``console`` settings the console never
writes is set aside when the resume offer is built, with one log line naming the field; the
console starts on the menu, and the next start offers nothing (never a crash at every boot).

Every registered game's journal is made by its own entry's ``start`` and written by the real
:class:`firmware.storage.journal.Journal`, for every value its menu lines offer: the check
accepts all of them (it cannot refuse what the console writes), then each damaged field is
refused, on the real app on the headless simulator.
"""
from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from app_rig import Rig
from journal_rig import menu_variants, with_console, write_journal
from firmware.console import recovery
from firmware.games.registry import GAMES, rules
from firmware.games.session import Timing
from firmware.storage import journal as mj
from firmware.storage.settings import Settings, save
from hal.buttons import Button


def damage(folder: Path, **fields: Any) -> None:
    """Set fields of the console object in the journal's set-up line, as a bad card might."""
    path = folder / mj.FILE_NAME
    console = json.loads(path.read_bytes().partition(b"\n")[0])["console"]
    path.write_bytes(with_console(path.read_bytes(), {**console, **fields}))


def offered(folder: Path, pad_count: int = 2) -> bool:
    return mj.load(folder, rules(), recovery.rebuild_check(pad_count, Timing())) is not None


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("pad_count", [1, 2, 4])
def test_every_journal_the_menu_can_start_is_offered(tmp_path, name, pad_count):
    spec = GAMES[name]
    for number, settings in enumerate(menu_variants(spec, pad_count)):
        folder = tmp_path / str(number)
        write_journal(folder, spec, settings, pad_count)
        assert offered(folder, pad_count), (settings, list(tmp_path.glob("*/*corrupt*")))


# (game, the damaged console fields, words the log line names it with)
DAMAGED = [
    ("chifoumi", {"pads": "xyz"}, "console.pads"),
    ("chifoumi", {"pads": ["nobody"]}, "console.pads"),
    ("chifoumi", {"pads": [1, 2]}, "console.pads"),
    ("chifoumi", {"pads": ["white", "white"]}, "console.pads"),
    ("chifoumi", {"pads": ["white", "black", "red"]}, "console.pads"),
    ("simulator-soccer", {"names": {"red": 5}}, "console.names.red"),
    ("simulator-soccer", {"names": {"red": "team.green"}}, "console.names.red"),
    ("simulator-soccer", {"move_clock": -5}, "console.move_clock"),
    ("simulator-soccer", {"move_clock": 20}, "console.move_clock"),
    ("chifootmi", {"move_clock": -5}, "console.move_clock"),
    ("chifootmi", {"move_clock": "20"}, "console.move_clock"),
    ("chifootmi", {"move_clock": False}, "console.move_clock"),
    ("chifootmi", {"level": "pro"}, "console.level"),
    ("chifootmi", {"level": "legend"}, "console.level"),
    ("fotboll", {"names": ["cpu"]}, "console.names"),
    ("fotboll", {"names": {"green": "cpu"}}, "console.names"),
    ("fotboll", {"cpus": {"red": "easy", "blue": "easy"}}, "console.cpus"),
    ("fotboll", {"cpus": {"blue": 3}}, "console.cpus.blue"),
    ("fotboll", {"people": {"red": 5}}, "console.people.red"),
    ("fotboll", {"tournament": -1}, "console.tournament"),
    ("fotboll", {"tournament": True}, "console.tournament"),
    ("fotboll", {"cpu_secret": 7}, "console.cpu_secret"),
    ("fotboll", {"difficulty": ["easy"]}, "console.difficulty"),
]


@pytest.mark.parametrize("name,fields,named", DAMAGED,
                         ids=[f"{d[0]}-{next(iter(d[1]))}-{json.dumps(d[1])}" for d in DAMAGED])
def test_a_damaged_console_field_is_set_aside_at_the_offer_with_one_line(tmp_path, caplog, name,
                                                                        fields, named):
    save(tmp_path, Settings.flat(sound=False))
    write_journal(tmp_path, GAMES[name])
    damage(tmp_path, **fields)
    with caplog.at_level(logging.WARNING):
        rig = Rig(tmp_path)
    assert rig.app.mode != "resume"
    assert not (tmp_path / mj.FILE_NAME).exists()
    assert len(list(tmp_path.glob(mj.FILE_NAME + ".corrupt-*"))) == 1
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(lines) == 1 and named in lines[0] and "\n" not in lines[0], lines
    rig.press(1, Button.CARD1)
    assert rig.app.mode == "menu"
    caplog.clear()
    again = Rig(tmp_path)                         # the next start: nothing is offered again
    assert again.app.mode != "resume" and not caplog.records


@pytest.mark.parametrize("name", list(GAMES))
def test_the_same_journal_undamaged_is_offered_and_resumes(tmp_path, name):
    save(tmp_path, Settings.flat(sound=False))
    write_journal(tmp_path, GAMES[name])
    rig = Rig(tmp_path)
    assert rig.app.mode == "resume"
    rig.press(1, Button.RIGHT)
    assert rig.app.mode == "match" and rig.app.game.name == name
    for _ in range(3):
        rig.wait(2.0)
        for pad in (1, 2):
            rig.press(pad, Button.CENTRE)
    assert rig.app.mode == "match"


def test_a_start_time_that_is_not_a_text_is_a_damaged_set_up(tmp_path):
    write_journal(tmp_path, GAMES["fotboll"])
    path = tmp_path / mj.FILE_NAME
    lines = path.read_text().splitlines()
    header = json.loads(lines[0])
    header["started"] = 5
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(mj.JournalCorrupt, match="start time"):
        mj.parse(path.read_bytes(), rules())
