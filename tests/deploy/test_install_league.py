"""deploy/club/install-league.sh, run against a fake root with a stub systemctl: the league's
service runs the pitchpad of the install it is given (a Pi's /opt venv, or a PC's own venv:
nothing hard-coded), with a clear line when that install cannot run the league."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "deploy" / "club" / "install-league.sh"


def venv(folder: Path, *, club_extra: bool = True) -> Path:
    """A stand-in venv: bin/pitchpad, and bin/python that has the league extra or not."""
    (folder / "bin").mkdir(parents=True)
    (folder / "bin" / "pitchpad").write_text("#!/bin/sh\nexit 0\n")
    (folder / "bin" / "python").write_text(f"#!/bin/sh\nexit {0 if club_extra else 1}\n")
    for name in ("pitchpad", "python"):
        (folder / "bin" / name).chmod(0o755)
    return folder / "bin" / "pitchpad"


def install(root: Path, *args: str, path: str = "") -> subprocess.CompletedProcess[str]:
    stubs = root.parent / "stubs"
    stubs.mkdir(exist_ok=True)
    (stubs / "systemctl").write_text(f'#!/bin/sh\necho "systemctl $*" >> "{root.parent}/log"\n')
    (stubs / "systemctl").chmod(0o755)
    env = {**os.environ, "PITCHPAD_ROOT": str(root),
           "PATH": f"{stubs}:{path + ':' if path else ''}/usr/bin:/bin"}
    return subprocess.run(["bash", str(SCRIPT), *args], env=env, capture_output=True, text=True, timeout=30)


def test_on_a_pi_it_runs_the_venv_install_sh_made(tmp_path):
    root = tmp_path / "root"
    venv(root / "opt/pitchpad/venv")
    done = install(root, "--club", "cafe-du-port")
    assert done.returncode == 0, done.stderr
    unit = (root / "etc/systemd/system/pitchpad-league.service").read_text()
    assert "ExecStart=/opt/pitchpad/venv/bin/pitchpad league --club ${PITCHPAD_CLUB}" in unit
    assert (root / "etc/pitchpad/league.env").read_text().splitlines()[1:] == [
        "PITCHPAD_CLUB=cafe-du-port", "PITCHPAD_LISTEN=0.0.0.0:8080"]
    assert (tmp_path / "log").read_text().splitlines() == [
        "systemctl daemon-reload", "systemctl enable pitchpad-league.service",
        "systemctl restart pitchpad-league.service"]


def test_on_a_pc_it_runs_the_venv_it_is_given_or_finds_and_a_rerun_keeps_the_club(tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    mine = venv(tmp_path / "home/ana/pitchpad/.venv")
    done = install(root, "--club", "cafe", "--listen", "127.0.0.1:8090", path=str(mine.parent))
    assert done.returncode == 0, done.stderr
    # The stand-in venv is outside the fake root: the unit names it as found on PATH.
    unit = (root / "etc/systemd/system/pitchpad-league.service").read_text()
    assert f"ExecStart={mine} league" in unit and "/opt/pitchpad" not in unit
    again = install(root, "--no-start", "--pitchpad", "/srv/league/.venv/bin/pitchpad")
    assert again.returncode == 1 and "no such command" in again.stderr
    venv(root / "srv/league/.venv")
    again = install(root, "--no-start", "--pitchpad", "/srv/league/.venv/bin/pitchpad")
    assert again.returncode == 0, again.stderr
    assert "ExecStart=/srv/league/.venv/bin/pitchpad league" in \
        (root / "etc/systemd/system/pitchpad-league.service").read_text()
    assert "PITCHPAD_CLUB=cafe\nPITCHPAD_LISTEN=127.0.0.1:8090" in (root / "etc/pitchpad/league.env").read_text()


@pytest.mark.parametrize("args, words", [
    ([], "--club: give the club's name"),
    (["--club", "cafe", "--pitchpad", "relative/pitchpad"], "give an absolute path"),
    (["--club", "cafe", "--pitchpad", "/nowhere/pitchpad"], "no such command"),
    (["--club", "cafe", "--listen", "8080"], "--listen 8080: give ADDRESS:PORT"),
])
def test_a_wrong_option_is_one_line(tmp_path, args, words):
    root = tmp_path / "root"
    venv(root / "opt/pitchpad/venv")
    done = install(root, *args)
    assert done.returncode == 1 and words in done.stderr and len(done.stderr.splitlines()) == 1


def test_an_install_without_the_league_extra_is_told_how_to_add_it(tmp_path):
    root = tmp_path / "root"
    venv(root / "opt/pitchpad/venv", club_extra=False)
    done = install(root, "--club", "cafe")
    assert done.returncode == 1
    assert "the league extra is missing beside /opt/pitchpad/venv/bin/pitchpad: " \
           "/opt/pitchpad/venv/bin/pip install '.[league]'" in done.stderr
