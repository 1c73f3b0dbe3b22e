"""The journal on a bad day: torn and corrupt files, a full card, a read-only folder; its
conversion to a match script that ``pitchpad replay`` plays to the same end; the history."""
from __future__ import annotations

import errno
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from firmware.storage import history
from firmware.games.registry import rules
from firmware.storage import journal as mj
from firmware.console.app import App
from firmware.console.resume import ResumeScreen
from firmware.storage.settings import save
import sim
from hal.buttons import Button, ButtonEvent
from hal.clock import ManualClock

from journal_driver import Player, screens, settings_for

ROOT = Path(__file__).resolve().parents[3]
PITCHPAD = [sys.executable, "-c", "import sys; from firmware.cli import main; sys.exit(main())"]


class Stop(Exception):
    pass


def cut_off(state_dir: Path, seed: int = 5, level: str = "pro_plus", players: str = "two",
            after: int = 6) -> Player:
    """A match played until ``after`` joint decisions are journalled, then abandoned mid-air."""
    player = Player(state_dir, seed, settings_for(level, players))
    original = mj.Journal.append

    def append(journal: mj.Journal, turn: dict) -> None:
        original(journal, turn)
        if len(journal.turns) >= after:
            raise Stop

    mj.Journal.append = append  # type: ignore[method-assign]
    try:
        with pytest.raises(Stop):
            player.play()
    finally:
        mj.Journal.append = original  # type: ignore[method-assign]
    return player


def restart(state_dir: Path, seed: int = 5) -> Player:
    return Player(state_dir, seed, None)


# ----- the format ------------------------------------------------------------------------------
def test_records_are_small_lines_in_the_match_script_encoding(tmp_path):
    cut_off(tmp_path, after=6)
    lines = (tmp_path / mj.FILE_NAME).read_bytes().splitlines()
    setup = json.loads(lines[0])
    assert setup["game"] == "chifootmi" and setup["level"] == "pro" and setup["seed"] == 5
    assert setup["options"] == {"offside": True, "one_two": True, "counter_attack": True}
    assert setup["console"]["cpus"] == {} and setup["console"]["level"] == "pro_plus"
    assert len(lines) == 7
    sizes = [len(line) + 1 for line in lines[1:]]
    assert max(sizes) <= 64, sizes          # about 40 bytes per decision
    for line in lines[1:]:
        assert set(json.loads(line)) <= {"red", "blue"}


def test_a_journal_converts_exactly_into_a_script_that_pitchpad_replay_plays(tmp_path):
    reference = Player(tmp_path / "whole", 9, settings_for("pro_plus", "cpu")).play()
    cut_off(tmp_path / "cut", seed=9, players="cpu", after=len(reference["turns"]) - 1)
    journal_file = tmp_path / "cut" / mj.FILE_NAME
    converted = subprocess.run([*PITCHPAD, "journal-to-script", str(journal_file)], cwd=ROOT,
                               capture_output=True, text=True, check=True)
    script = json.loads(converted.stdout)
    assert script == mj.script_from_file(journal_file, rules())
    assert script["turns"] == reference["turns"][:-1]
    script["turns"] = reference["turns"]
    replayed = subprocess.run([*PITCHPAD, "replay", "-"], input=json.dumps(script), cwd=ROOT,
                              capture_output=True, text=True, check=True)
    assert json.loads(replayed.stdout.splitlines()[-1]) == reference["summary"]


def test_journal_to_script_refuses_a_corrupt_file_in_one_line(tmp_path):
    bad = tmp_path / "bad.journal"
    bad.write_text('{"game": "chifootmi"}\n{"red": 1}\n')
    done = subprocess.run([*PITCHPAD, "journal-to-script", str(bad)], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "bad.journal" in done.stderr


# ----- resume ----------------------------------------------------------------------------------
def test_a_cut_off_match_is_offered_on_both_screens_and_resumes_identically(tmp_path):
    reference_player = Player(tmp_path / "whole", 5, settings_for("pro_plus", "two"))
    reference = reference_player.play()
    cut_off(tmp_path / "cut", after=6)
    player = restart(tmp_path / "cut")
    assert player.app.mode == "resume"
    assert isinstance(player.app.shown[1][0], ResumeScreen) and player.app.shown[2][0] == player.app.shown[1][0]
    outcome = player.play()
    assert outcome["resumed_at"] == 6
    assert outcome["resumed_screens"] == reference_player.starts[6]
    assert outcome["turns"] == reference["turns"] and outcome["final"] == reference["final"]
    assert not (tmp_path / "cut" / mj.FILE_NAME).exists()


def test_declining_forgets_the_match(tmp_path):
    cut_off(tmp_path)
    player = restart(tmp_path)
    player.press(2, Button.LEFT)
    assert player.app.mode == "menu" and not (tmp_path / mj.FILE_NAME).exists()


def test_a_torn_last_record_is_ignored(tmp_path):
    cut_off(tmp_path, after=7)
    path = tmp_path / mj.FILE_NAME
    whole = path.read_bytes()
    last_start = whole.rstrip(b"\n").rfind(b"\n") + 1
    for cut in range(last_start + 1, len(whole) - 1):      # every way the last write can tear
        path.write_bytes(whole[:cut])
        match = mj.load(tmp_path, rules())
        assert match is not None and len(match.decisions) == 6 and match.torn
    path.write_bytes(whole[:last_start] + b"\0" * 40)       # a block of zeros after a power cut
    assert len(mj.load(tmp_path, rules()).decisions) == 6
    player = restart(tmp_path)
    player.press(1, Button.RIGHT)
    assert len(player.app.session.decisions) == 6
    rewritten = path.read_bytes()
    assert rewritten == whole[:last_start], "resuming rewrites the journal without the torn tail"


def test_a_torn_set_up_line_is_no_match(tmp_path):
    cut_off(tmp_path)
    path = tmp_path / mj.FILE_NAME
    path.write_bytes(path.read_bytes()[:30])
    assert mj.load(tmp_path, rules()) is None and not path.exists()
    assert restart(tmp_path).app.mode == "splash"


@pytest.mark.parametrize("damage", [
    lambda raw: raw.replace(b"\n", b"\n#garbage\n", 2),                         # a bad middle line
    lambda raw: b"\xff\xfe" + raw,                                               # not UTF-8
    lambda raw: b'{"hello": 1}\n' + raw.split(b"\n", 1)[1],                      # no set-up
    lambda raw: raw + b'{"red": {"play": 99}, "blue": {"play": 1}}\n',           # illegal turn
    lambda raw: raw.replace(b'"level":"pro"', b'"level":"legend"'),              # bad level
])
def test_a_corrupt_journal_is_moved_aside_with_one_log_line_and_the_console_starts(tmp_path, caplog, damage):
    cut_off(tmp_path)
    path = tmp_path / mj.FILE_NAME
    path.write_bytes(damage(path.read_bytes()))
    with caplog.at_level(logging.WARNING, logger="pitchpad.journal"):
        player = restart(tmp_path)
    assert player.app.mode == "splash"
    aside = list(tmp_path.glob(mj.FILE_NAME + ".corrupt-*"))
    assert len(aside) == 1 and not path.exists()
    records = [r for r in caplog.records if r.name == "pitchpad.journal"]
    assert len(records) == 1 and "moved aside" in records[0].getMessage()
    assert player.play()["summary"]["over"]                        # a new match plays as usual


def test_a_finished_journal_left_by_a_cut_is_recorded_once_and_removed(tmp_path):
    player = Player(tmp_path, 4, settings_for("beginner", "two"))
    journal_copy = {}
    original = mj.Journal.close

    def close(journal: mj.Journal, *, remove: bool) -> None:
        journal_copy["bytes"] = journal.path.read_bytes()
        original(journal, remove=remove)

    mj.Journal.close = close  # type: ignore[method-assign]
    try:
        player.play()
    finally:
        mj.Journal.close = original  # type: ignore[method-assign]
    assert len(history.read(tmp_path)) == 1
    (tmp_path / mj.FILE_NAME).write_bytes(journal_copy["bytes"])   # cut before the removal
    again = restart(tmp_path, 4)
    assert again.app.mode == "splash" and not (tmp_path / mj.FILE_NAME).exists()
    assert len(history.read(tmp_path)) == 1


# ----- a full card, a read-only folder ----------------------------------------------------------------
def test_a_full_card_lets_the_match_go_on_with_a_warning_and_heals_when_space_returns(tmp_path, caplog):
    reference = Player(tmp_path / "whole", 5, settings_for("pro_plus", "two")).play()
    player = Player(tmp_path / "full", 5, settings_for("pro_plus", "two"))
    real_write = os.write
    full = {"on": False, "warned_frames": 0}

    def write(fd: int, data: bytes) -> int:
        if full["on"]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    original_append = mj.Journal.append

    def append(journal: mj.Journal, turn: dict) -> None:
        count = len(journal.turns)
        full["on"] = 4 <= count < 10                  # the card is full for six decisions
        mj.os.write = write
        try:
            original_append(journal, turn)
        finally:
            mj.os.write = real_write
        full["on"] = False
        if not journal.healthy:
            full["warned_frames"] += 1

    mj.Journal.append = append  # type: ignore[method-assign]
    try:
        with caplog.at_level(logging.WARNING, logger="pitchpad.journal"):
            outcome = player.play()
    finally:
        mj.Journal.append = original_append  # type: ignore[method-assign]
    assert outcome["turns"] == reference["turns"] and outcome["final"] == reference["final"]
    assert full["warned_frames"] == 6
    messages = [r.getMessage() for r in caplog.records if r.name == "pitchpad.journal"]
    assert any("No space left" in m for m in messages) and any("complete again" in m for m in messages)
    assert len(messages) == 2, "one line when it breaks, one when it heals"


def test_the_card_warning_shows_on_the_screens_while_the_journal_cannot_be_written(tmp_path):
    player = Player(tmp_path, 5, settings_for("beginner", "two"))
    player.boot()
    app = player.app
    before = screens(app)
    app.journal.healthy = False
    app.refresh()
    assert screens(app) != before
    image = app.console.screen(1).image
    assert image.getpixel((0, 0)) == 1 and image.getpixel((20, 10)) == 1    # the SD! tag


def test_the_real_kernel_enospc_on_append(tmp_path):
    """/dev/full answers every write with ENOSPC: the journal's file is swapped for it."""
    journal = mj.Journal(tmp_path, mj.JournalSetup({"game": "chifootmi", "level": "beginner",
                                                     "options": {}, "seed": 1}))
    journal.start()
    os.close(journal._fd)
    journal._fd = os.open("/dev/full", os.O_WRONLY)
    journal.append({"blue": {"play": 1}, "red": {"play": 11}})
    assert not journal.healthy
    journal.append({"blue": {"draw": "pile1"}, "red": {"draw": "pile1"}})
    assert journal.healthy                                   # rewritten whole on the next one
    assert len((tmp_path / mj.FILE_NAME).read_bytes().splitlines()) == 3
    journal.close(remove=True)


def test_a_read_only_state_directory_never_stops_a_match(tmp_path, monkeypatch, caplog):
    state = tmp_path / "state"
    state.mkdir()
    reference = Player(tmp_path / "whole", 5, settings_for("amateur", "cpu")).play()
    save(state, settings_for("amateur", "cpu"))
    os.chmod(state, 0o555)
    if os.access(state, os.W_OK):                  # root ignores modes: refuse writes the hard way
        real_open = os.open

        def read_only_open(path, flags, *args, **kwargs):
            if flags & (os.O_WRONLY | os.O_RDWR) and str(path).startswith(str(state)):
                raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
            return real_open(path, flags, *args, **kwargs)
        monkeypatch.setattr(mj.os, "open", read_only_open)
        monkeypatch.setattr(history.os, "open", read_only_open)
    try:
        with caplog.at_level(logging.WARNING):
            player = Player(state, 5, None)
            outcome = player.play()
    finally:
        os.chmod(state, 0o755)
    assert outcome["turns"] == reference["turns"]
    assert not (state / mj.FILE_NAME).exists()
    assert any("the match goes on" in r.getMessage() for r in caplog.records)


def test_an_unreadable_journal_does_not_stop_the_start(tmp_path, caplog):
    (tmp_path / mj.FILE_NAME).mkdir()                            # reading it fails with EISDIR
    with caplog.at_level(logging.WARNING):
        player = restart(tmp_path)
    assert player.app.mode == "splash"


# ----- writes: few and small -----------------------------------------------------------------
def test_nothing_is_written_while_idle_and_one_record_per_decision(tmp_path, monkeypatch):
    writes: list[int] = []
    real_write = os.write

    def counting_write(fd: int, data: bytes) -> int:
        writes.append(len(data))
        return real_write(fd, data)

    player = Player(tmp_path, 3, settings_for("pro", "two"))
    monkeypatch.setattr(mj.os, "write", counting_write)
    player.boot()
    app = player.app
    writes.clear()
    for _ in range(50):                                         # 50 idle wake-ups in a match
        player.clock.advance(30.0)
        app.step(None)
    assert writes == []
    outcome = player.play()
    decisions = len(outcome["turns"])
    records, result = writes[:-1], writes[-1]                   # and one results line at the end
    assert len(records) == decisions and result < 300
    assert sum(records) / decisions < 48
    print(f"{decisions} decisions, {sum(records)} bytes, {sum(records) / decisions:.1f} bytes each; "
          f"results line {result} bytes")


# ----- the results history -----------------------------------------------------------------------
def test_results_history_feeds_the_menu_stats_and_stays_bounded(tmp_path, monkeypatch):
    Player(tmp_path, 1, settings_for("beginner", "two")).play()
    Player(tmp_path, 2, settings_for("beginner", "cpu")).play()
    results = history.read(tmp_path)
    assert [r["level"] for r in results] == ["beginner", "beginner"]
    assert set(results[0]) >= {"date", "game", "level", "score", "winner"}
    stats = history.stats(tmp_path)
    assert stats.played == 2 and sum(stats.wins.values()) == 1 and sum(stats.vs_cpu["easy"]) == 1
    app = Player(tmp_path, 3, None).app
    app.step(None)
    app.press(_event(1, Button.CARD1))                           # splash -> menu
    fields = [row.field for row in app.menu.rows()]
    assert app.menu.rows()[fields.index("stats")].values == (2,)  # the stats line counts 2 matches
    for _ in range(fields.index("stats")):                        # down to it
        app.press(_event(1, Button.CARD2))
    app.press(_event(1, Button.RIGHT))
    assert app.mode == "stats" and app.screen_for(1).stats == stats.games["chifootmi"]
    monkeypatch.setattr(history, "MAX_BYTES", 2000)
    monkeypatch.setattr(history, "KEEP", 5)
    line = history.Result("2025-01-01T00:00:00", "chifootmi", "pro", {"red": 1, "blue": 0}, "red",
                          {"red": "human", "blue": "human"})
    for _ in range(40):
        history.record(tmp_path, line)
    assert (tmp_path / history.FILE_NAME).stat().st_size <= 2000 + 200
    assert len(history.read(tmp_path)) <= 5 + 2000 // 150


def _event(pad: int, button: Button) -> ButtonEvent:
    return ButtonEvent(pad, button, True, 0.0)


def test_app_without_journal_in_demo_mode(tmp_path):
    clock = ManualClock()
    with sim.open_console(2, clock=clock) as console:
        app = App(console, state_dir=tmp_path, demo=True, seed=3)
        app.run_simulated(clock)
    assert not (tmp_path / mj.FILE_NAME).exists() and not (tmp_path / history.FILE_NAME).exists()


def test_a_journal_of_a_game_not_installed_waits_and_never_goes_back_over_another(tmp_path):
    """Chifootmi's journal read by a console that hosts every game but Chifootmi (a plugin's
    case, with a built-in game standing in): kept, not corrupt; put back only where no other
    journal is, and then offered as it was."""
    cut_off(tmp_path)
    journal = (tmp_path / mj.FILE_NAME).read_bytes()
    assert mj.game_of(journal) == "chifootmi"
    without = {name: game for name, game in rules().items() if name != "chifootmi"}
    assert mj.load(tmp_path, without) is None
    [kept] = tmp_path.glob(mj.FILE_NAME + ".waiting-*")
    assert kept.read_bytes() == journal and not list(tmp_path.glob(mj.FILE_NAME + ".corrupt-*"))
    mj.restore_waiting(tmp_path, without)                         # still not installed
    assert kept.exists() and not (tmp_path / mj.FILE_NAME).exists()
    (tmp_path / mj.FILE_NAME).write_bytes(b"another match's journal\n")
    mj.restore_waiting(tmp_path, rules())                         # back, but a journal is there
    assert kept.exists() and (tmp_path / mj.FILE_NAME).read_bytes() == b"another match's journal\n"
    (tmp_path / mj.FILE_NAME).unlink()
    mj.restore_waiting(tmp_path, rules())
    assert not kept.exists() and (tmp_path / mj.FILE_NAME).read_bytes() == journal
    offered = mj.load(tmp_path, rules())
    assert offered is not None and len(offered.turns) == 6
