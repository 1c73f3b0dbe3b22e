"""A unit's results reach the league over a real Mosquitto, once, whatever goes wrong.

Everything is real: Debian's mosquitto configured by deploy/club/setup-broker.sh (users,
passwords, ACL), paho-mqtt clients, SQLite, on 127.0.0.1. Every wait is bounded.
"""
from __future__ import annotations

import json
import logging
import time

import paho.mqtt.client as mqtt
from club_rig import result_message, wait_until

from firmware.club import messages
from firmware.club.messages import Live, Player
from firmware.club.publisher import Publisher, mqtt_client
from firmware.league.flood import LINES_PER_MINUTE as LOG_LINES_PER_MINUTE


def raw_client(mosquitto, user: str, password: str | None = None) -> mqtt.Client:
    """A plain paho client logged in as ``user`` (a unit misbehaving, or a test's probe)."""
    client = mqtt_client(mosquitto.broker(user, password), f"probe-{user}-{time.monotonic_ns()}")
    client.connect(mosquitto.broker(user).host, mosquitto.port)
    client.loop_start()
    return client


def standing(league, game: str, name: str) -> dict:
    return next(row for row in league.league.standings()[game] if row["name"] == name)


def test_a_finished_match_reaches_the_standings_and_leaves_the_outbox(mosquitto, league, tmp_path):
    with Publisher(mosquitto.unit("table1"), tmp_path / "unit1", resend_after=0.5) as unit:
        unit.result(result_message("table1", 1))
        assert wait_until(lambda: league.count() == 1)
        assert wait_until(lambda: len(unit.outbox) == 0), "the league's receipt cleared the outbox"
    assert standing(league, "chifootmi", "ana") == {
        "name": "ana", "played": 1, "won": 1, "drawn": 0, "lost": 0, "scored": 2, "conceded": 1,
        "points": 3}
    assert standing(league, "chifootmi", "ben")["lost"] == 1
    assert (tmp_path / "unit1/club-outbox.jsonl").read_bytes() == b""


def test_duplicate_deliveries_count_once(mosquitto, league):
    probe = raw_client(mosquitto, "table2")
    payload = result_message("table2", 7).payload()
    for _ in range(5):
        probe.publish(messages.topic("cafe", "table2", "result"), payload, qos=1).wait_for_publish(5)
    other = result_message("table2", 8, players=(("red", "ana", 0), ("blue", "ben", 0)), game="fotboll")
    probe.publish(messages.topic("cafe", "table2", "result"), other.payload(), qos=1).wait_for_publish(5)
    assert wait_until(lambda: league.count() == 2)
    time.sleep(0.3)                                  # any late duplicate would land now
    assert league.count() == 2
    assert standing(league, "chifootmi", "ana") == {
        "name": "ana", "played": 1, "won": 1, "drawn": 0, "lost": 0, "scored": 2, "conceded": 1,
        "points": 3}
    assert standing(league, "fotboll", "ana")["drawn"] == 1
    probe.loop_stop()


def test_a_result_resent_after_a_lost_receipt_counts_once(mosquitto, league, tmp_path):
    # The receipt is lost (the unit is cut off before it arrives): the unit sends it again on
    # reconnect; the league answers again and counts nothing more.
    message = result_message("table1", 3)
    with Publisher(mosquitto.unit("table1"), tmp_path / "unit", resend_after=0.2) as unit:
        unit.outbox.add(message.to_json())
        unit._wake.set()
        assert wait_until(lambda: league.count() == 1)
    league.league.add_result("cafe", "table1", messages.read_result(message.payload(), "cafe", "table1"))
    with Publisher(mosquitto.unit("table1"), tmp_path / "unit2", resend_after=0.2) as again:
        again.result(message)
        assert wait_until(lambda: len(again.outbox) == 0)
    assert league.count() == 1
    assert standing(league, "chifootmi", "ana")["played"] == 1


def test_the_broker_killed_and_restarted_mid_evening_loses_nothing(mosquitto, league, tmp_path):
    units = {table: Publisher(mosquitto.unit(table), tmp_path / table, resend_after=0.5)
             for table in ("table1", "table2", "table3")}
    for unit in units.values():
        unit.start()
    try:
        for number, (table, unit) in enumerate(units.items()):
            unit.result(result_message(table, number))
        assert wait_until(lambda: league.count() == 3)
        assert wait_until(lambda: sum(len(u.outbox) for u in units.values()) == 0)
        mosquitto.kill()                              # SIGKILL: no goodbye, no save
        assert wait_until(lambda: not any(u.connected for u in units.values()))
        started = time.monotonic()
        for number in range(3, 12):
            table = f"table{number % 3 + 1}"
            units[table].result(result_message(table, number))
        assert time.monotonic() - started < 1.0, "recording a result never waits for the broker"
        assert sum(len(u.outbox) for u in units.values()) == 9
        time.sleep(1.0)                              # the units retry against a dead port
        mosquitto.start()
        assert wait_until(lambda: league.count() == 12, timeout=20)
        assert wait_until(lambda: sum(len(u.outbox) for u in units.values()) == 0, timeout=10)
    finally:
        for unit in units.values():
            unit.stop()
    rows = league.league.standings()["chifootmi"]
    assert {row["name"]: (row["played"], row["won"]) for row in rows} == {"ana": (12, 12),
                                                                         "ben": (12, 0)}


def test_a_unit_offline_for_an_hour_sends_everything_when_it_is_back(mosquitto, league, tmp_path):
    # An hour of matches (one every 5 minutes on a simulated clock) on a unit that cannot
    # reach the broker (its network is down: nothing listens where it connects), with a
    # power cut half way (the publisher is abandoned, not stopped); then the network is back.
    now = [0.0]
    state = tmp_path / "unit"
    dead = mosquitto.unit("table3")
    dead = type(dead)(dead.club, dead.table, type(dead.broker)(
        **{**dead.broker.__dict__, "port": mosquitto.port + 1 if mosquitto.port < 65535 else 1}))
    offline = Publisher(dead, state, clock=lambda: now[0], resend_after=60)
    offline.start()
    for number in range(12):
        if number == 6:
            offline.client.loop_stop()               # the power cut: nothing more from it
            offline = Publisher(dead, state, clock=lambda: now[0], resend_after=60)
            assert len(offline.outbox) == 6, "the outbox survived the power cut"
            offline.start()
        offline.result(result_message("table3", number))
        now[0] += 300
    assert now[0] == 3600 and not offline.connected and len(offline.outbox) == 12
    offline.stop()
    assert league.count() == 0
    with Publisher(mosquitto.unit("table3"), state, clock=lambda: now[0], resend_after=60) as back:
        assert wait_until(lambda: league.count() == 12, timeout=20)
        assert wait_until(lambda: len(back.outbox) == 0)
    assert standing(league, "chifootmi", "ana")["played"] == 12


def test_a_unit_cannot_publish_under_another_tables_topic(mosquitto, league, tmp_path, caplog):
    # A unit set up as table2 but holding table1's credentials: the broker's ACL refuses it.
    caplog.set_level(logging.ERROR, logger="pitchpad.club")
    with Publisher(mosquitto.unit("table2", as_table="table1"), tmp_path / "unit") as unit:
        unit.result(result_message("table2", 1))
        assert wait_until(lambda: unit.refused >= 1)
        assert len(unit.outbox) == 1, "a refused result stays in the outbox"
    assert "refused a result of table table2" in caplog.text
    probe = raw_client(mosquitto, "table1")
    info = probe.publish(messages.topic("cafe", "table3", "result"),
                         result_message("table3", 2).payload(), qos=1)
    info.wait_for_publish(5)
    probe.publish(messages.topic("cafe", "table3", "live"), b"", qos=1, retain=True).wait_for_publish(5)
    time.sleep(0.3)
    assert league.count() == 0
    probe.loop_stop()


def test_a_wrong_password_is_refused(mosquitto, tmp_path):
    unit = Publisher(mosquitto.unit("table1"), tmp_path / "unit")
    unit.client.username_pw_set("table1", "not-the-password")
    with unit:
        unit.result(result_message("table1", 1))
        time.sleep(0.5)
        assert not unit.connected and len(unit.outbox) == 1


def test_malformed_messages_are_ignored_with_a_log_line_and_the_league_goes_on(mosquitto, league, caplog):
    caplog.set_level(logging.WARNING, logger="pitchpad.league")
    probe = raw_client(mosquitto, "table1")
    good = result_message("table1", 1).to_json()
    bad = [b"not json", b"\xff\xfe", b"[1, 2]", b'{"v": 99}', json.dumps({**good, "v": 1, "id": 5}),
           json.dumps({**good, "id": "cafe/table2/stolen"}),          # another table's id
           json.dumps({**good, "players": [good["players"][0]]}),     # one seat
           json.dumps({**good, "players": [{**p, "score": "lots"} for p in good["players"]]}),
           json.dumps({**good, "players": [{**p, "outcome": "maybe"} for p in good["players"]]}),
           json.dumps({**good, "players": [{**p, "name": "x" * 40} for p in good["players"]]}),
           b"{" + b" " * 5000 + b"}"]
    topic = messages.topic("cafe", "table1", "result")
    for payload in bad:
        probe.publish(topic, payload, qos=1).wait_for_publish(5)
    probe.publish(messages.topic("cafe", "table1", "live"), b"{broken", qos=1).wait_for_publish(5)
    probe.publish(topic, json.dumps(good), qos=1).wait_for_publish(5)
    assert wait_until(lambda: league.count() == 1)
    assert wait_until(lambda: league.league.ignored == len(bad) + 1), "each one set aside"
    lines = [r.getMessage() for r in caplog.records if "refused a" in r.getMessage()]
    # One line each, naming the table, up to LOG_LINES_PER_MINUTE; then one line saying so.
    assert len(lines) == min(len(bad) + 1, LOG_LINES_PER_MINUTE)
    assert all("from table table1" in line and "\n" not in line for line in lines)
    assert all(r.exc_info is None for r in caplog.records), "no traceback"
    assert {row["table"] for row in league.league.rejected()} == {"table1"}
    probe.loop_stop()


def test_the_live_score_shows_while_the_match_is_on_and_goes_at_the_end(mosquitto, league, tmp_path):
    with Publisher(mosquitto.unit("table2"), tmp_path / "unit") as unit:
        unit.live(Live("chifootmi", (Player("red", "ana", 1), Player("blue", "guest", 0)), "2026-11-23T20:00:00"))
        assert wait_until(lambda: [m["table"] for m in league.league.live()] == ["table2"])
        unit.live(Live("chifootmi", (Player("red", "ana", 2), Player("blue", "guest", 0)), "2026-11-23T20:00:00"))
        assert wait_until(lambda: league.league.live()[0]["players"][0]["score"] == 2)
        unit.live(None)
        assert wait_until(lambda: league.league.live() == [])
        unit.live(Live("fotboll", (Player("red", "cy", 0), Player("blue", "dee", 0)), "2026-11-23T21:00:00"))
        assert wait_until(lambda: len(league.league.live()) == 1)
        unit.client.loop_stop()                      # the unit dies mid-match: its will clears it
        unit.client.socket().close()
        assert wait_until(lambda: league.league.live() == [], timeout=15)
        unit.client.loop_start()


def test_pitchpad_league_refuses_bad_arguments_in_one_line(tmp_path):
    import subprocess
    import sys

    def league(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", "import sys; from firmware.cli import main; "
                               "sys.exit(main())", "league", *args], capture_output=True, text=True,
                              timeout=60)

    for args, words in ((["--club", "Bad Name"], "club 'Bad Name'"),
                        (["--club", "cafe", "--listen", "nope"], "--listen 'nope'"),
                        (["--club", "cafe", "--password-file", str(tmp_path / "none")], "cannot read")):
        done = league(*args)
        assert done.returncode == 2 and words in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def sqlite_names(path) -> list[str]:
    import sqlite3

    db = sqlite3.connect(path)
    try:
        return [row[0] for row in db.execute("SELECT name FROM standings ORDER BY name")]
    finally:
        db.close()


def test_the_pitchpad_league_process_records_serves_and_stops_on_sigterm(mosquitto, tmp_path):
    import http.client
    import subprocess
    import sys

    from club_rig import free_port

    (tmp_path / "league.password").write_text(mosquitto.password("league"))
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-c", "import sys; from firmware.cli import main; sys.exit(main())",
         "league", "--club", "cafe", "--broker", "127.0.0.1", "--port", str(mosquitto.port),
         "--password-file", str(tmp_path / "league.password"), "--db", str(tmp_path / "l.sqlite"),
         "--listen", f"127.0.0.1:{port}"], stderr=subprocess.PIPE, text=True)

    def state() -> dict:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/api/state")
            return json.loads(conn.getresponse().read())
        except OSError:
            return {}

    errors = ""
    try:
        # Started with the league: what it misses before it subscribes is resent (no receipt).
        with Publisher(mosquitto.unit("table1"), tmp_path / "unit", resend_after=0.5) as unit:
            unit.result(result_message("table1", 1))
            recorded = wait_until(lambda: len(state().get("recent", [])) == 1, timeout=30)
            delivered = wait_until(lambda: len(unit.outbox) == 0)
    finally:
        process.terminate()
        _, errors = process.communicate(timeout=20)
    assert recorded and delivered, errors
    assert state() == {}, "stopped"
    assert process.returncode == 0, errors
    assert sqlite_names(tmp_path / "l.sqlite") == ["ana", "ben"]
    assert "league: connected to 127.0.0.1" in errors and "Traceback" not in errors
