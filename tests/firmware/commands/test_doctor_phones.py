"""``pitchpad doctor`` says whether phones can reach the unit (issue 38): the phones extra, the
unit's address on a network, the phone page asked for at the address a code names (the real
phone server on 127.0.0.1, the real HTTP fetch), the port free when the console is off, the
systemd drop-in, and the unit's own Wi-Fi as NetworkManager (an injected nmcli: no
NetworkManager runs here) says it is."""
from __future__ import annotations

import http.server
import threading
from pathlib import Path

from hal.clock import SystemClock
from hal.config import PhonesConfig
from hal.events import EventQueue
from hal.phone.server import open_phones

from .test_doctor_watchdog import HANDHELD, doctor, texts

HOTSPOT = '\n[phones.hotspot]\nssid = "PitchPad"\npassword = "12345678"\n'


def phones_doctor(tmp_path: Path, table: str, *, running: bool = False, drop_in: bool = True):
    """A doctor for a unit whose [phones] listens on 127.0.0.1 given as an address (tests talk
    only to loopback): the codes name it, as they name a unit's LAN address."""
    config = tmp_path / "phones.toml"
    config.write_text(HANDHELD.read_text() + '\n[phones]\nlisten = "127.0.0.1"\n' + table)
    d = doctor(tmp_path, config=config)
    d.wakeup_seconds = 0
    d.console_pid = (lambda: 4242) if running else (lambda: None)
    drop = tmp_path / "phones.conf"
    if drop_in:
        drop.write_text("[Service]\n")
    d.phones_drop_in = str(drop)
    return d


def phone_lines(findings, level):
    return [t for t in texts(findings, level) if t.startswith("phones")]


def test_a_unit_without_phones_opens_no_port(tmp_path):
    d = doctor(tmp_path)
    d.wakeup_seconds = 0
    assert phone_lines(d.check(), "ok") == [
        "phones: off (no [phones] in the config: the console opens no network port)"]


def test_the_running_console_serves_the_phone_page_where_the_codes_say(tmp_path):
    served = open_phones(PhonesConfig(port=0, listen="localhost"), 3, EventQueue(), SystemClock())
    try:
        d = phones_doctor(tmp_path, f"port = {served.server.port}\n", running=True)
        findings = d.check()
        assert phone_lines(findings, "fail") == []
        assert phone_lines(findings, "ok")[0].startswith(
            f"phones: the console serves the phone page at http://127.0.0.1:{served.server.port}")
    finally:
        served.close()


def test_another_program_on_the_port_or_nothing_at_all_is_named(tmp_path):
    other = http.server.HTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        port = other.server_address[1]
        running = phones_doctor(tmp_path, f"port = {port}\n", running=True).check()
        assert phone_lines(running, "fail") == [
            f"phones: http://127.0.0.1:{port} answers, but not with the phone page: another program "
            f"holds port {port}"]
        stopped = phones_doctor(tmp_path, f"port = {port}\n").check()
        assert phone_lines(stopped, "fail")[0].startswith(f"phones: port {port} is taken (")
    finally:
        other.shutdown()
        other.server_close()
    silent = phones_doctor(tmp_path, f"port = {port}\n", running=True).check()
    assert phone_lines(silent, "fail")[0].startswith(f"phones: the console runs, but http://127.0.0.1:{port} "
                                                     f"does not answer (")
    free = phones_doctor(tmp_path, f"port = {port}\n").check()
    assert phone_lines(free, "ok") == [f"phones: port {port} is free for the console (not running now): "
                                       f"phones will reach http://127.0.0.1:{port}"]


def test_no_network_no_drop_in_no_extra_are_each_said(tmp_path):
    config = tmp_path / "lan.toml"
    config.write_text(HANDHELD.read_text() + '\n[phones]\nlisten = "lan"\n')
    d = doctor(tmp_path, config=config)
    d.wakeup_seconds, d.console_pid, d.phones_drop_in = 0, lambda: None, str(tmp_path / "phones.conf")
    d.url_host = lambda phones: "127.0.0.1"                  # on no network: no default route
    fails = phone_lines(d.check(), "fail")
    assert fails[0].startswith("phones: the unit is on no network")
    assert fails[-1].startswith(f"phones: {tmp_path / 'phones.conf'} is missing: the service may use no network")
    d.has_module = lambda name: name != "nacl"
    assert phone_lines(d.check(), "fail") == [
        "phones: the phones extra is missing (nacl): run sudo deploy/install.sh again (it adds it for [phones])"]


def test_the_units_own_wifi_as_networkmanager_says_it_is(tmp_path):
    d = phones_doctor(tmp_path, "port = 8733\n" + HOTSPOT)
    answers = {"up": (0, "Home:\npitchpad-hotspot:wlan0\n"), "down": (0, "Home:wlan0\npitchpad-hotspot:\n"),
               "none": (0, "Home:wlan0\n"), "no nmcli": (127, "nmcli is not installed")}
    said = {}
    for case, answer in answers.items():
        d.nmcli = lambda *args, answer=answer: answer
        findings = d.check()
        said[case] = [t for t in phone_lines(findings, "ok") + phone_lines(findings, "warn")
                      + phone_lines(findings, "fail") if "Wi-Fi" in t or "NetworkManager" in t]
    assert said["up"] == ['phones: the unit\'s own Wi-Fi "PitchPad" is up on wlan0 (10.42.0.1)']
    assert said["down"][0].startswith('phones: the unit\'s own Wi-Fi "PitchPad" is down')
    assert said["none"] == ["phones: NetworkManager has no pitchpad-hotspot profile: run sudo deploy/install.sh"]
    assert said["no nmcli"][0].startswith("phones: the unit's own Wi-Fi needs NetworkManager")
