"""The performance harness runs end to end: ``bench/run_all.py --quick`` writes every figure.

A smoke test of the scripts only; no timing is asserted (figures live in docs/performance.md).
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_quick_run_writes_every_figure_with_the_machine_its_load_and_commit(tmp_path: Path) -> None:
    out = tmp_path / "figures.json"
    subprocess.run([sys.executable, str(ROOT / "bench" / "run_all.py"), "--quick", "--out", str(out)],
                   cwd=ROOT, check=True, capture_output=True, text=True, timeout=300)
    figures = json.loads(out.read_text())

    assert figures["quick"] is True
    assert {"cpu", "cores", "python", "platform"} <= figures["machine"].keys()
    assert "commit" in figures  # the git commit measured (None outside a git checkout)
    assert len(figures["load_start"]) == len(figures["load_end"]) == 3
    assert set(figures["load_after"]) == set(figures["seconds"])
    assert all(row["matches_per_cpu_s"] > 0 for row in figures["engine"].values())
    assert {"chifootmi Pro", "fotboll", "chifoumi 4 players"} <= set(figures["engine"])
    assert figures["bots"]["timing"]
    assert figures["screen_bus"]["ssd1306_partial"]["updates"] > 0
    for level in ("beginner", "amateur", "pro", "pro_plus"):
        presses = figures["latency"]["levels"][level]["presses"]
        assert presses["n"] > 0
        assert presses["total_p99_ms"] >= presses["bus_p99_ms"] > 0
    assert {"CardScreen", "RevealScreen", "MenuScreen", "SplashScreen"} <= figures["render"].keys()
    process = figures["process"]
    assert 0 < process["startup"]["first_frame_s"] < process["startup"]["menu_s"]
    assert process["idle"]["menu"]["seconds"] > 0 and process["idle"]["match_waiting"]["seconds"] > 0
    assert process["memory"]["peak_rss_mb"] > 0
    wakeups = figures["wakeups"]
    for window in ("menu_with_screensaver", "match_waiting", "menu_with_lg_alert_loop"):
        assert wakeups[window]["seconds"] > 0 and "pad1-gpiod" in wakeups[window]["threads"]
    assert "lg-alert" in wakeups["menu_with_lg_alert_loop"]["threads"]
