"""A unit that cannot reach the league says why, once, in plain words: in its log, in
``pitchpad doctor`` and on its menu (issue 31, items 5 and 2).

Real parts: Debian's mosquitto set up by deploy/club/setup-broker.sh (with the TLS listener of
docs/club.md, its certificates made by the docs' own snippet), paho-mqtt in the unit's
publisher, the console app on the headless simulator for the menu, ``pitchpad doctor``'s checks.
"""
from __future__ import annotations

import json
import logging
from dataclasses import replace

import pytest
from app_rig import Rig
from club_rig import free_port, make_certs, result_message, wait_until

from firmware.club.config import ClubConfig
from firmware.club.publisher import Publisher
from firmware.club.unit import ClubLink
from firmware.commands.doctor import Doctor
from firmware.storage.settings import Settings


def club_lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "pitchpad.club" and r.levelno >= logging.ERROR]


def doctor(tmp_path, config: ClubConfig, state) -> list[str]:
    """``pitchpad doctor``'s club findings for a unit with ``config`` as its club.toml."""
    etc = tmp_path / "etc"
    etc.mkdir(exist_ok=True)
    broker = config.broker
    (etc / "club.password").write_text(broker.password or "")
    (etc / "club.toml").write_text(
        f'[club]\nname = "{config.club}"\ntable = "{config.table}"\nbroker = "{broker.host}"\n'
        f'port = {broker.port}\npassword_file = "{etc / "club.password"}"\ntls = {str(broker.tls).lower()}\n'
        f'ca_file = "{broker.ca_file or ""}"\n')
    findings = Doctor(str(etc / "hardware.toml"), str(state), wakeup_seconds=0)._club()
    return [str(finding) for finding in findings]


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    """The club's CA and a certificate for localhost; another CA; a certificate for another name."""
    root = tmp_path_factory.mktemp("certs")
    return {"club": make_certs(root / "club", "localhost"), "stranger": make_certs(root / "stranger", "localhost"),
            "other-name": make_certs(root / "other", "league.local")}


def unit_over_tls(mosquitto, ca, host="localhost"):
    config = mosquitto.unit("table1")
    return replace(config, broker=replace(config.broker, host=host, port=mosquitto.tls_port, tls=True,
                                          ca_file=str(ca)))


def check_said_once(unit, caplog, words: str, state: str, tmp_path) -> None:
    assert wait_until(lambda: unit.status.state == state, timeout=15), unit.status
    assert words in unit.status.text, unit.status.text
    assert wait_until(lambda: unit.failed_attempts >= 3, timeout=15), "paho keeps trying"
    lines = [line for line in club_lines(caplog) if words in line]
    assert len(lines) == 1, f"logged once, though paho kept trying: {club_lines(caplog)}"
    assert len(unit.outbox) == 1, "the result waits"
    said = json.loads((tmp_path / "unit" / "club-status.json").read_text())
    assert said["state"] == state and words in said["text"] and said["pending"] == 1


@pytest.mark.parametrize("case, state, words", [
    ("nothing listens", "unreachable", "nothing answers on 127.0.0.1:"),
    ("unknown name", "unreachable", "the broker's name no-such-broker.invalid is not known"),
])
def test_an_unreachable_broker_is_said_once_in_the_log_the_status_and_doctor(
        mosquitto, tmp_path, caplog, case, state, words):
    config = mosquitto.unit("table1")
    broker = (replace(config.broker, port=free_port()) if case == "nothing listens"
              else replace(config.broker, host="no-such-broker.invalid"))
    config = replace(config, broker=broker)
    with Publisher(config, tmp_path / "unit") as unit:
        unit.result(result_message("table1", 1))
        check_said_once(unit, caplog, words, state, tmp_path)
    found = doctor(tmp_path, config, tmp_path / "unit")
    assert any(line.startswith("FAIL") and "the console said at" in line and words in line for line in found)
    assert any(line.startswith("FAIL") and words in line and "said" not in line for line in found), found


@pytest.mark.parametrize("case, words", [
    ("wrong CA", "the broker's certificate is not signed by the club's CA"),
    ("certificate for another name", "the broker's certificate is not made for the name localhost"),
])
def test_a_tls_broker_the_unit_cannot_trust_is_said_in_plain_words(mosquitto, tmp_path, caplog, certs,
                                                                     case, words):
    served = certs["club"] if case == "wrong CA" else certs["other-name"]
    mosquitto.stop()
    mosquitto.with_tls(served)
    mosquitto.start()
    ca = certs["stranger"] / "ca.crt" if case == "wrong CA" else served / "ca.crt"
    config = unit_over_tls(mosquitto, ca)
    with Publisher(config, tmp_path / "unit") as unit:
        unit.result(result_message("table1", 1))
        check_said_once(unit, caplog, words, "tls", tmp_path)
    found = doctor(tmp_path, config, tmp_path / "unit")
    assert sum(words in line and line.startswith("FAIL") for line in found) == 2, found


def test_the_club_ca_and_the_right_name_connect_over_tls_and_doctor_says_so(mosquitto, league, tmp_path, certs):
    mosquitto.stop()
    mosquitto.with_tls(certs["club"])
    mosquitto.start()
    config = unit_over_tls(mosquitto, certs["club"] / "ca.crt")
    with Publisher(config, tmp_path / "unit", resend_after=0.5) as unit:
        unit.result(result_message("table1", 1))
        assert wait_until(lambda: league.count() == 1 and len(unit.outbox) == 0)
        assert wait_until(lambda: json.loads((tmp_path / "unit/club-status.json").read_text())
                          == {**json.loads((tmp_path / "unit/club-status.json").read_text()),
                              "state": "connected", "pending": 0})
        found = doctor(tmp_path, config, tmp_path / "unit")
    assert found[0].startswith("OK") and "connected to localhost" in found[0] and "0 result(s) waiting" in found[0]
    assert found[1].startswith("OK") and "answers (TLS: its certificate is the club's" in found[1]


def test_a_wrong_password_is_said_on_the_unit(mosquitto, tmp_path, caplog):
    config = mosquitto.unit("table1")
    config = replace(config, broker=replace(config.broker, password="not-the-password"))
    with Publisher(config, tmp_path / "unit") as unit:
        unit.result(result_message("table1", 1))
        check_said_once(unit, caplog, "refused table table1", "refused", tmp_path)


def test_two_units_with_one_tables_password_are_told_they_take_turns(mosquitto, league, tmp_path, caplog):
    """Two units cloned from one SD card: the broker keeps one connection per table, so they
    knock each other off; each says so in plain words, on its menu too."""
    first = ClubLink(mosquitto.unit("table1"), tmp_path / "first")
    second = ClubLink(mosquitto.unit("table1"), tmp_path / "second")
    rig = Rig(tmp_path / "first", Settings.flat(language="en"), club=first)
    first.start()
    second.start()
    try:
        assert wait_until(lambda: first.state() == "taken_over" and second.state() == "taken_over", timeout=30)
    finally:
        second.stop()
        first.stop()
    lines = [line for line in club_lines(caplog) if "another unit logs in with table table1's password" in line]
    assert 1 <= len(lines) <= 2, "once per unit"
    rig.wait(6)                                          # the menu looks every few seconds
    screen = rig.app.menu.screen()
    assert screen.alert and ("League", "duplicate") in screen.lines
    assert league.service.connected.is_set(), "the league is not knocked off by them"


def test_the_menu_says_the_league_is_out_of_reach_and_back(mosquitto, tmp_path):
    link = ClubLink(mosquitto.unit("table1"), tmp_path)
    rig = Rig(tmp_path, Settings.flat(language="fr"), club=link)
    link.start()
    try:
        assert wait_until(lambda: link.state() == "connected")
        rig.wait(6)
        assert ("Ligue", "OK") in rig.app.menu.screen().lines and not rig.app.menu.screen().alert
        mosquitto.kill()
        # The broker's port is gone: paho's next attempt fails (refused).
        assert wait_until(lambda: link.state() == "unreachable", timeout=20)
        rig.wait(6)
        screen = rig.app.menu.screen()
        assert screen.alert and ("Ligue", "hors ligne") in screen.lines
        mosquitto.start()
        assert wait_until(lambda: link.state() == "connected", timeout=20)
        rig.wait(6)
        assert not rig.app.menu.screen().alert
    finally:
        link.stop()
