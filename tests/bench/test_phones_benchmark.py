"""bench/bench_phones.py still runs end to end (its figures are docs/performance.md's "Phones"):
the console process with phones, four headless Chromiums joined from its Phones page, their taps
traced to every screen. A smoke run: no time is asserted."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_quick_run_traces_every_tap_to_every_screen_and_counts_the_idle_unit(tmp_path: Path) -> None:
    out = tmp_path / "phones.json"
    result = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_phones.py"), "--quick", "--json", str(out)],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    figures = json.loads(out.read_text())
    assert {"machine", "load_start", "load_end", "commit"} <= figures["run"].keys()
    for name in ("touch_tall_390x844", "touch_small_360x640", "script_tall_390x844"):
        taps = figures[name]
        assert taps["frames_per_tap"] == {"1": taps["taps"]}, "each tap moved the menu cursor once"
        for part in ("drawn", "painted", "unit_phone_screen_display", "physical_pad1", "physical_pad2"):
            assert taps[part]["n"] == taps["taps"], part
        assert taps["frame_wire_bytes"] and taps["physical_bus_ms"]["p50_ms"] > 0
    assert figures["touch_tall_390x844"]["press_wire_bytes"] == [figures["link_bytes"]["press_or_release"]]
    assert {"chifootmi", "fotboll", "chifoumi", "simulator-soccer"} <= figures["match_bytes"].keys()
    assert all(game["updates"] > 0 for game in figures["match_bytes"].values())
    assert "phones" not in figures["idle_phones_off"]["wakeups"]["threads"]
    for window in ("idle_phones_none_connected", "idle_four_phones"):
        assert "phones" in figures[window]["wakeups"]["threads"], "the phone server's thread is counted"
        assert figures[window]["memory"]["peak_rss_mb"] >= figures[window]["memory"]["rss_mb"] > 0
