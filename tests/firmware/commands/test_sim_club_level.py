"""The level a ``pitchpad sim --club`` result carries is the game's (``ConsoleEntry.level``, from
the settings the match was played with), as a unit's result of the same match: the simulator
names no game's option. Nothing answers on the club's port, so the result waits in the outbox
under ``--state-dir``, where the test reads the message the league would get."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from club_rig import free_port
from firmware.club.outbox import Outbox

ROOT = Path(__file__).resolve().parents[3]
PLUGIN_MODULE = '''"""Spot Kicks (the tests' sixth game) with a level of its own: its number of kicks."""
from dataclasses import replace

from tests.games.spotkicks.console import ENTRY, SPEC as PLAIN

SPEC = replace(PLAIN, console=replace(ENTRY, level=lambda settings: f"{settings.kicks}-kicks"))
'''


def club_toml(folder: Path) -> Path:
    (folder / "table2.password").write_text("secret")
    path = folder / "club.toml"
    path.write_text(f'[club]\nname = "cafe"\ntable = "table2"\nbroker = "127.0.0.1"\nport = {free_port()}\n'
                    f'password_file = "{folder / "table2.password"}"\n')
    return path


def sim_club(folder: Path, *args: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    """``pitchpad sim --club`` with no terminal; the one result it left in the outbox."""
    state = folder / "state"
    done = subprocess.run([sys.executable, "-m", "firmware.cli", "sim", "--seed", "3", *args,
                           "--club", str(club_toml(folder)), "--state-dir", str(state), "--club-wait", "0"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert "Not sent yet" in done.stdout
    [message] = Outbox(state).pending()
    return message


def test_sim_club_chifootmi_result_carries_the_level_played(tmp_path: Path) -> None:
    """Chifootmi's level is its menu's, Beginner when no --level is given (it was "")."""
    (tmp_path / "plain").mkdir()
    plain = sim_club(tmp_path / "plain", "--game", "chifootmi")
    assert (plain["game"], plain["level"]) == ("chifootmi", "beginner")
    (tmp_path / "pro").mkdir()
    pro = sim_club(tmp_path / "pro", "--game", "chifootmi", "--level", "pro_plus")
    assert pro["level"] == "pro_plus"


def test_sim_club_a_game_without_a_level_sends_none(tmp_path: Path) -> None:
    """Fotboll has no level: its result carries "" as a unit's does."""
    message = sim_club(tmp_path, "--game", "fotboll")
    assert (message["game"], message["level"]) == ("fotboll", "")


def test_sim_club_a_plugin_game_names_its_own_level(tmp_path: Path) -> None:
    """a game the simulator knows nothing of (Spot Kicks from an entry point) gives its
    level from its own settings (its kicks: ``--kicks 3``), which no flag named ``--level`` says."""
    plugin = tmp_path / "plugin"
    info = plugin / "spot_level-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: spot-level\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[pitchpad.games]\nspot-kicks = spot_level:SPEC\n")
    (plugin / "spot_level.py").write_text(PLUGIN_MODULE)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in (str(plugin), str(ROOT),
                                                                      os.environ.get("PYTHONPATH", "")) if p)}
    message = sim_club(tmp_path, "--game", "spot-kicks", "--kicks", "3", env=env)
    assert (message["game"], message["level"]) == ("spot-kicks", "3-kicks")
