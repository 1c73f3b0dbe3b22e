"""Issue 16, point 13: the unit adds what ``systemd-analyze security`` flagged that costs nothing
on a Pi (devices limited to the ones a config can name, no IP, invisible processes, no W+X
memory, UMask 0077). Where systemd-analyze exists (it does on the development machine and any
Debian with systemd) its exposure score is checked too: 1.9 before this issue, 1.0 now."""
from __future__ import annotations

import re
import shutil
import subprocess

from .test_deploy import UNIT, unit_settings


def service() -> dict[str, list[str]]:
    return unit_settings(UNIT.read_text())["Service"]


def test_the_unit_opens_only_the_devices_a_config_can_name():
    unit = service()
    assert unit["DevicePolicy"] == ["closed"]
    allowed = {value.split()[0] for value in unit["DeviceAllow"]}
    assert allowed == {"char-gpiochip", "char-i2c", "char-spi", "char-ttyACM", "char-ttyUSB"}


def test_the_unit_closes_what_costs_nothing_on_a_pi():
    unit = {key: values[-1] for key, values in service().items()}
    assert unit["ProtectProc"] == "invisible" and unit["MemoryDenyWriteExecute"] == "yes"
    assert unit["IPAddressDeny"] == "any" and unit["UMask"] == "0077"
    assert unit["RemoveIPC"] == "yes" and unit["PrivateMounts"] == "yes"
    assert "~@privileged @resources" in service()["SystemCallFilter"]
    # the club drop-in lifts the IP ban for the broker, nothing else
    club = (UNIT.parent / "club" / "pitchpad-club.conf").read_text()
    assert "IPAddressDeny=\n" in club


def test_the_exposure_score_where_systemd_analyze_exists(tmp_path):
    analyze = shutil.which("systemd-analyze")
    if analyze is None:                       # no systemd here: the unit keys above still hold
        return
    unit = tmp_path / "pitchpad.service"
    unit.write_text(UNIT.read_text().replace("/opt/pitchpad/venv/bin/pitchpad", shutil.which("true")))
    done = subprocess.run([analyze, "security", "--offline=true", str(unit)], capture_output=True,
                          text=True)
    score = re.search(r"Overall exposure level for pitchpad.service: ([\d.]+)", done.stdout)
    assert score, done.stdout + done.stderr
    assert float(score.group(1)) <= 1.0
