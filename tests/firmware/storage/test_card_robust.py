"""Issue 16, data loss and boot: what a power cut, a full or read-only card, or any bytes in a
state file leave behind must never lose a finished match nor stop the console from starting.

Real files in a temp folder; a card that refuses writes is made with real file-system
conditions (a folder where a file must go), never by patching the writer.
"""
from __future__ import annotations

import dataclasses
import json
import logging
from pathlib import Path

import pytest

from firmware.storage import history
from firmware.games.registry import rules
from firmware.storage import journal as mj
from firmware.storage import settings as settings_file
from firmware.render import Canvas
from firmware.console.resume import ResumeScreen
from hal.buttons import Button

from journal_driver import Player, settings_for


def finished(tmp_path: Path, seed: int = 4) -> tuple[bytes, bytes]:
    """A finished two-player match: its journal's bytes just before removal, and its results line."""
    state = tmp_path / f"reference-{seed}"
    player = Player(state, seed, settings_for("beginner", "two"))
    kept = {}
    original = mj.Journal.close

    def close(journal: mj.Journal, *, remove: bool) -> None:
        kept["journal"] = journal.path.read_bytes()
        original(journal, remove=remove)

    mj.Journal.close = close  # type: ignore[method-assign]
    try:
        player.play()
    finally:
        mj.Journal.close = original  # type: ignore[method-assign]
    line = (state / history.FILE_NAME).read_bytes()
    assert line.count(b"\n") == 1
    return kept["journal"], line


def sd_tag_shown(app, pad: int = 1) -> bool:
    """The screen differs from its model drawn alone: the "SD!" tag is over it."""
    app.refresh()
    model, language = app.drawn[pad]
    canvas = Canvas()
    model.draw(canvas, language)
    return canvas.image.tobytes() != app.console.screen(pad).image.tobytes()


def match_ids(state: Path) -> list[str]:
    return [r["match"] for r in history.read(state)]


# ----- 1. a power cut during the results append -------------------------------------------------
def test_a_power_cut_at_any_point_of_the_results_append_loses_no_match(tmp_path):
    journal, line = finished(tmp_path)
    earlier = json.dumps({"date": "x", "game": "chifootmi", "level": "beginner", "score": {},
                          "winner": "red", "players": {}, "match": "earlier"}).encode() + b"\n"
    match = json.loads(line)["match"]
    for cut in (1, 10, len(line) // 3, len(line) // 2, len(line) - 2, len(line) - 1):
        state = tmp_path / f"cut-{cut}"
        state.mkdir()
        (state / history.FILE_NAME).write_bytes(earlier + line[:cut])     # torn by the cut
        (state / mj.FILE_NAME).write_bytes(journal)                       # not yet removed
        Player(state, 9, None)                                            # the next boot
        assert match_ids(state) == ["earlier", match], f"cut after {cut} bytes"
        assert not (state / mj.FILE_NAME).exists()


def test_a_torn_earlier_line_never_swallows_the_next_result(tmp_path):
    _, line = finished(tmp_path)
    (tmp_path / history.FILE_NAME).write_bytes(line[:40])
    result = history.Result("2026-01-01T00:00:00", "chifootmi", "beginner", {"red": 1, "blue": 0},
                            "red", {"red": "human", "blue": "cpu:easy"}, match="next")
    assert history.record(tmp_path, result)
    assert match_ids(tmp_path) == ["next"]
    assert history.stats(tmp_path).played == 1


# ----- 2. the results append fails: the journal is kept until the result is written ------------
def test_a_result_the_card_refuses_keeps_its_journal_and_is_recorded_at_the_next_boot(tmp_path):
    journal, line = finished(tmp_path)
    match = json.loads(line)["match"]
    state = tmp_path / "state"
    state.mkdir()
    (state / history.FILE_NAME).mkdir()               # the append fails (EISDIR), like a full card
    (state / mj.FILE_NAME).write_bytes(journal)
    player = Player(state, 9, None)
    assert player.app.mode == "splash"
    kept = list(state.glob("match.journal.unrecorded-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == journal
    assert sd_tag_shown(player.app)
    player.play()                                     # a new match cannot overwrite it
    assert kept[0].read_bytes() == journal
    assert len(list(state.glob("match.journal.unrecorded-*"))) == 2
    (state / history.FILE_NAME).rmdir()               # space is freed
    Player(state, 9, None)
    assert match in match_ids(state) and len(match_ids(state)) == 2
    assert not list(state.glob("match.journal.unrecorded-*"))


def test_a_result_that_fails_at_the_end_of_a_live_match_is_kept_too(tmp_path):
    state = tmp_path / "state"
    state.mkdir()
    (state / history.FILE_NAME).mkdir()
    player = Player(state, 4, settings_for("beginner", "two"))
    outcome = player.play()
    assert outcome["summary"]["over"]
    assert len(list(state.glob("match.journal.unrecorded-*"))) == 1
    (state / history.FILE_NAME).rmdir()
    Player(state, 4, None)
    assert len(history.read(state)) == 1


# ----- 3. settings on a card that cannot be written -------------------------------------------
@pytest.mark.parametrize("damage", ["tmp-is-a-folder", "folder-is-a-file"])
def test_a_menu_change_on_a_card_that_refuses_it_goes_on_in_memory_with_the_sd_tag(
        tmp_path, caplog, damage):
    state = tmp_path / "state"
    player = Player(state, 3, settings_for("beginner", "two"))
    app = player.app
    player.press(1, Button.CARD1)                     # leave the splash
    assert app.mode == "menu"
    if damage == "tmp-is-a-folder":
        (state / (settings_file.FILE_NAME + ".tmp")).mkdir()
    else:
        (state / settings_file.FILE_NAME).unlink()
        app.state_dir = tmp_path / "file"
        app.state_dir.write_text("not a folder")
    before = app.settings
    with caplog.at_level(logging.WARNING, logger="pitchpad.card"):
        for _ in range(6):
            player.press(1, Button.RIGHT)             # each ◀/▶ saves the settings
            player.press(1, Button.CARD2)
            player.press(1, Button.RIGHT)
    assert app.settings != before, "the change is kept in memory"
    assert len([r for r in caplog.records if r.name == "pitchpad.card"]) == 1, "logged once"
    assert sd_tag_shown(app)


# ----- 4. any content of any state file leaves a console that starts ----------------------------
JOURNAL_HEADER = (b'{"game":"chifootmi","level":"beginner","options":{},"seed":5,'
                  b'"console":{"cpus":{},"names":{},"move_clock":0,"level":"beginner"},"started":"x"}\n')
DEEP = b"[" * 100000


@pytest.mark.parametrize("name,content", [
    ("journal-turn-5", JOURNAL_HEADER + b"5\n" + b'{"blue":{"play":1},"red":{"play":11}}\n'),
    ("journal-turn-null", JOURNAL_HEADER + b"null\n" + b"null\n"),
    ("journal-deep", JOURNAL_HEADER + DEEP + b"\n" + DEEP + b"\n"),
    ("journal-deep-header", DEEP + b"\n" + JOURNAL_HEADER),
    ("results-deep", DEEP + b"\n"),
    ("settings-deep", DEEP),
    ("settings-nested-object", b'{"game":' * 5000),
])
def test_any_state_file_content_leaves_a_console_that_starts(tmp_path, caplog, name, content):
    target = {"journal": mj.FILE_NAME, "results": history.FILE_NAME,
              "settings": settings_file.FILE_NAME}[name.split("-")[0]]
    (tmp_path / target).write_bytes(content)
    with caplog.at_level(logging.WARNING):
        player = Player(tmp_path, 5, None)
    assert player.app.mode == "splash"
    player.press(1, Button.CARD1)
    assert player.app.mode == "menu"
    if target != history.FILE_NAME:                   # bad files are moved aside, logged
        assert not (tmp_path / target).exists()
        assert list(tmp_path.glob(target + ".corrupt-*"))
        assert any("moved aside" in r.getMessage() for r in caplog.records)


# ----- 5. what parse accepts resumes; a resume that fails goes back to the menu ------------------
def _cut_journal(tmp_path: Path, game_settings: dict, seed: int = 5) -> bytes:
    from .test_journal_games import SETTINGS, Console, play

    state = tmp_path / "cut"
    settings_file.save(state, SETTINGS[game_settings["game"]])
    rig = Console(state)
    rig.press(1, Button.CARD1)
    rig.press(1, Button.CENTRE)
    play(rig, game_settings["game"], seed, stop_at=4)
    return (state / mj.FILE_NAME).read_bytes()


def _mutated(raw: bytes, change) -> bytes:
    lines = raw.split(b"\n")
    header = json.loads(lines[0])
    change(header)
    return b"\n".join([json.dumps(header).encode(), *lines[1:]])


def _seed_digit(header: dict) -> None:
    header["seed"] = int(str(header["seed"])[:-1] + str((int(str(header["seed"])[-1]) + 1) % 10))


@pytest.mark.parametrize("game,change", [
    ("fotboll", _seed_digit),
    ("fotboll", lambda h: h["console"].update(cpus=["blue"])),
    ("fotboll", lambda h: h["console"].update(names=7)),
    ("chifoumi", lambda h: h["console"].update(pads=5)),
    ("chifoumi", lambda h: h["console"].update(cpus={"black": 3})),
], ids=["fotboll-seed", "fotboll-cpus", "fotboll-names", "chifoumi-pads", "chifoumi-cpus"])
def test_a_journal_that_parses_but_cannot_be_rebuilt_is_moved_aside_not_offered(
        tmp_path, caplog, game, change):
    raw = _mutated(_cut_journal(tmp_path, {"game": game}), change)
    mj.parse(raw, rules())                                     # the engine replays it...
    state = tmp_path / "state"
    state.mkdir()
    (state / mj.FILE_NAME).write_bytes(raw)
    with caplog.at_level(logging.WARNING):
        player = Player(state, 5, None)               # ...but the console could not resume it
    assert player.app.mode == "splash", "no offer that RIGHT would crash on"
    assert list(state.glob(mj.FILE_NAME + ".corrupt-*")) and not (state / mj.FILE_NAME).exists()
    player.press(1, Button.CARD1)
    assert player.app.mode == "menu"


def test_a_resume_that_fails_anyway_sets_the_journal_aside_and_shows_the_menu(tmp_path, monkeypatch):
    raw = _cut_journal(tmp_path, {"game": "fotboll"})
    state = tmp_path / "state"
    state.mkdir()
    (state / mj.FILE_NAME).write_bytes(raw)
    player = Player(state, 5, None)
    assert player.app.mode == "resume" and isinstance(player.app.shown[1][0], ResumeScreen)
    from firmware.games import registry as games

    def broken(resume):
        raise RuntimeError("the pads changed")
    fotboll = games.GAMES["fotboll"]
    broken_spec = dataclasses.replace(fotboll, console=dataclasses.replace(fotboll.console, resume=broken))
    monkeypatch.setitem(games.GAMES._loaded(), "fotboll", broken_spec)
    player.press(1, Button.RIGHT)
    assert player.app.mode == "menu"
    assert list(state.glob(mj.FILE_NAME + ".corrupt-*")) and not (state / mj.FILE_NAME).exists()


def test_two_journals_set_aside_at_the_same_restored_time_are_both_kept(tmp_path: Path, monkeypatch) -> None:
    """A Pi with no clock chip boots at the time fake-hwclock restored, the same at every boot:
    two corrupt journals set aside "at" the same second once shared a name, and the first was
    renamed over without a word."""
    monkeypatch.setattr("firmware.storage.durable.stamp", lambda: "20261201-080000")
    first, second = b'{"game": "chifootmi"}\nnot json\n{}\n', b'["not a set-up"]\n{}\n'
    for damaged in (first, second):
        (tmp_path / mj.FILE_NAME).write_bytes(damaged)
        assert mj.load(tmp_path, rules()) is None                     # the start sets it aside
    kept = sorted(tmp_path.glob(mj.FILE_NAME + ".corrupt-*"))
    assert [path.name for path in kept] == ["match.journal.corrupt-20261201-080000",
                                            "match.journal.corrupt-20261201-080000-2"]
    assert [path.read_bytes() for path in kept] == [first, second]
