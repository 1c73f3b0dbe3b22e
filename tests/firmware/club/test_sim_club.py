"""``pitchpad sim --club`` with no terminal (CI, a pipe): the CPU match's result goes to the
league as the table club.toml names, through the real broker; ``--state-dir`` keeps what waits;
nothing is silently ignored (issue 31, item 10)."""
from __future__ import annotations

import subprocess
import sys

from club_rig import wait_until


def sim(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "import sys; from firmware.cli import main; sys.exit(main())",
                           "sim", "--seed", "3", *args], capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)


def club_toml(tmp_path, mosquitto, port: int | None = None):
    (tmp_path / "table2.password").write_text(mosquitto.password("table2"))
    path = tmp_path / "club.toml"
    path.write_text(f'[club]\nname = "cafe"\ntable = "table2"\nbroker = "127.0.0.1"\n'
                    f'port = {port or mosquitto.port}\npassword_file = "{tmp_path / "table2.password"}"\n')
    return path


def test_without_a_terminal_the_cpu_match_goes_to_the_league(mosquitto, league, tmp_path):
    done = sim("--club", str(club_toml(tmp_path, mosquitto)), "--state-dir", str(tmp_path / "state"))
    assert done.returncode == 0, done.stderr
    assert "Sent to the league: club cafe, table table2" in done.stdout
    assert wait_until(lambda: league.count() == 1)
    [result] = league.league.recent()
    assert result["table"] == "table2" and not result["ranked"], "CPU against CPU: a friendly"
    assert (tmp_path / "state" / "club-outbox.jsonl").read_bytes() == b""


def test_without_the_broker_the_result_waits_in_the_state_dir_and_goes_next_time(mosquitto, league, tmp_path):
    from club_rig import free_port

    done = sim("--club", str(club_toml(tmp_path, mosquitto, free_port())), "--state-dir",
               str(tmp_path / "state"), "--club-wait", "1")
    assert done.returncode == 0, done.stderr
    assert "Not sent yet (nothing answers on 127.0.0.1:" in done.stdout
    assert "club-outbox.jsonl" in done.stdout
    again = sim("--club", str(club_toml(tmp_path, mosquitto)), "--state-dir", str(tmp_path / "state"))
    assert "Sent to the league" in again.stdout
    assert wait_until(lambda: league.count() == 2), "the one that waited, and the new one"


def test_a_state_dir_without_club_is_said_and_a_bad_club_file_is_one_line(tmp_path):
    done = sim("--state-dir", str(tmp_path))
    assert done.returncode == 0 and "--state-dir is used with --club only" in done.stderr
    (tmp_path / "club.toml").write_text('[club]\nname = "Bad Name"\n')
    bad = sim("--club", str(tmp_path / "club.toml"))
    assert bad.returncode == 2 and bad.stderr.startswith("pitchpad sim: --club: ")
    assert len(bad.stderr.strip().splitlines()) == 1 and "Traceback" not in bad.stderr
