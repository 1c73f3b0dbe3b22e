"""``pitchpad run`` starts without what it never uses (issue 39.15): a Pi Zero 2 W runs Python 7
to 8 times slower than a PC, so every module imported before the first frame is paid there
many times over. Guarded by what is imported, not by a time: the console process of the
start-up benchmark (``bench/console_process.py serve``: what ``pitchpad run`` does, on mock pins
and a recording bus) runs to its first frame and lists its modules; the figures are
``bench/bench_startup.py``'s (docs/performance.md)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bench.bench_startup import NEVER_ON_A_PLAIN_START, never_used
from firmware import cli

ROOT = Path(__file__).resolve().parents[3]


def _modules_at_the_first_frame(state_dir: Path) -> list[str]:
    result = subprocess.run([sys.executable, str(ROOT / "bench" / "console_process.py"), "serve",
                             "--state-dir", str(state_dir), "--first-frame"], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, stdin=subprocess.DEVNULL)
    lines = [line for line in result.stdout.splitlines() if line.startswith("modules ")]
    assert result.returncode == 0 and lines, result.stderr[-2000:]
    return lines[0].split()[1:]


def test_a_plain_start_imports_no_other_command_nor_the_league_the_club_link_or_a_simulator(tmp_path):
    modules = _modules_at_the_first_frame(tmp_path)
    assert {"firmware.commands.run", "firmware.console.app", "firmware.games.registry"} <= set(modules)
    assert never_used(modules) == []
    assert "firmware.commands.doctor" in NEVER_ON_A_PLAIN_START and "asyncio" in NEVER_ON_A_PLAIN_START


def test_the_help_and_a_wrong_command_still_list_every_command(capsys):
    for argv, status in ((["--help"], 0), (["rnu"], 2)):
        try:
            cli.main(argv)
        except SystemExit as done:
            assert done.code == status
        said = capsys.readouterr()
        assert all(name in said.out + said.err for name in cli.COMMANDS), argv
