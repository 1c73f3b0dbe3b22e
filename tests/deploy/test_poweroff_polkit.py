"""The console asks for the power-off as the unprivileged service user (issue 30): its request
(``hal.halt.LogindPowerOff``: ``PowerOff(false)`` to systemd-logind over the system D-Bus)
is granted by PitchPad's polkit rule, run by Debian's real ``polkitd`` on a private bus, to the
user ``pitchpad`` only, and refused without the rule. logind itself needs systemd as PID 1 and
cannot run here: a hand-written stand-in (``tests/rigs/polkit_bus.py``) asks polkit for the
caller exactly as logind does for ``PowerOff``. Everything runs in a private mount namespace
(the rule and a ``pitchpad`` user bind-mounted for that process tree only), as root, as CI
runs. There the checkout is made what a private folder is to other users (a clone in a
``mktemp -d`` or /root: mode 0700): the users the client runs as cannot read it, so these pass
wherever a clone is (issue 39.19)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from hal.halt import LogindPowerOff

ROOT = Path(__file__).resolve().parents[2]
HELPER = ROOT / "tests" / "rigs" / "polkit_bus.py"
NEEDED = ("unshare", "dbus-daemon", "/usr/lib/polkit-1/polkitd", "/usr/bin/python3")


def run_helper(*args: str) -> dict:
    missing = [tool for tool in NEEDED if not (shutil.which(tool) or os.path.exists(tool))]
    assert not missing, f"these tests need {missing}: apt-get install dbus-daemon polkitd (./dev.sh test does)"
    assert os.geteuid() == 0, "these tests run polkitd and drop to other users: run them as root (CI does)"
    result = subprocess.run(["unshare", "-m", "--propagation", "private", sys.executable, str(HELPER), *args],
                            capture_output=True, text=True, timeout=180, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_service_user_may_power_off_and_nobody_else_may() -> None:
    results = run_helper("pitchpad", "nobody")
    assert results["pitchpad"]["said"] is None
    assert results["pitchpad"]["logind"] == [
        {"sender": results["pitchpad"]["logind"][0]["sender"], "interactive": False, "authorized": True}]
    refused = results["nobody"]
    assert [call["authorized"] for call in refused["logind"]] == [False]
    assert refused["said"].startswith("the system refused to power off")
    assert "50-pitchpad-poweroff.rules" in refused["said"]


def test_without_the_rule_the_service_user_is_refused_too() -> None:
    results = run_helper("--without-rule", "pitchpad")
    assert results["pitchpad"]["said"].startswith("the system refused to power off")


def test_no_system_bus_is_one_line_not_a_traceback(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("DBUS_SYSTEM_BUS_ADDRESS", f"unix:path={tmp_path / 'nothing-here'}")
    said = LogindPowerOff(timeout=2).power_off()
    assert said is not None and said.startswith("cannot reach systemd-logind on the system bus")
    assert "\n" not in said
