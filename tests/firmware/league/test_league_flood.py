"""Issue 39, item 5: a table flooding the league (garbage, or well-formed results of made-up
players) costs a counter, is said in the log once a minute, and is taken out in one command.

The real broker (Debian's mosquitto as deploy/club/setup-broker.sh sets it up), the hostile
table a paho client with that table's own credentials, the real ``pitchpad league admin``.
"""
from __future__ import annotations

import logging
import re
import subprocess
import sys
import time

import pytest
from club_rig import LeagueRig, raw_client, result_message, wait_until

from firmware.club import messages
from firmware.club.publisher import Publisher
from firmware.league.flood import RESULTS_PER_MINUTE, FloodWatch
from firmware.league.standings import KEPT_PAYLOAD, KEPT_PER_TABLE, SAMPLE


def admin(league, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "import sys; from firmware.cli import main; sys.exit(main())",
         "league", "--db", str(league.db), "admin", "--by", "Marie", *args],
        capture_output=True, text=True, timeout=60)


def publish_all(client, table: str, payloads: list[bytes]) -> None:
    topic = messages.topic("cafe", table, "result")
    infos = [client.publish(topic, payload, qos=1) for payload in payloads]
    for info in infos:
        info.wait_for_publish(10)


def test_a_garbage_flood_keeps_a_hundred_messages_of_the_table_and_counts_the_rest(mosquitto, league):
    hostile = raw_client(mosquitto, "table1")
    flood = [b"%05d" % n + b"\xff" * 3000 for n in range(KEPT_PER_TABLE + 200)]
    publish_all(hostile, "table1", flood)
    hostile.loop_stop()
    rejected = league.league.rejected(1000)
    assert wait_until(lambda: sum(row["count"] for row in league.league.rejected(1000)) == len(flood))
    rejected = league.league.rejected(1000)
    assert len(rejected) == KEPT_PER_TABLE + 1, "a hundred kept whole, the rest in one row"
    [more] = [row for row in rejected if row["reason"].startswith("more than")]
    assert more["count"] == 200 and len(more["payload"]) == SAMPLE and more["size"] == 3005
    assert sum(len(row["payload"]) for row in rejected) <= KEPT_PER_TABLE * KEPT_PAYLOAD + SAMPLE
    listed = admin(league, "rejected", "--limit", "1")
    assert "x200" in listed.stdout and "more than 100 messages" in listed.stdout, listed.stdout
    forgot = admin(league, "rejected", "--forget-table", "table1")
    assert forgot.returncode == 0 and f"forgot {KEPT_PER_TABLE + 1} set-aside message(s)" in forgot.stdout
    assert wait_until(lambda: league.league.ignored == 0)
    assert '"table": "table1"' in admin(league, "audit").stdout


@pytest.fixture
def quick_league(mosquitto, tmp_path):
    """The league with a one-second "minute" for its flood watch, so a test sees the minute's
    report without waiting one."""
    rig = LeagueRig(mosquitto, tmp_path / "league.sqlite",
                    service_options={"flood": FloodWatch(minute=1.0)}).start()
    yield rig
    rig.stop()


def test_a_flood_of_made_up_results_is_said_once_a_minute_and_purged_in_one_command(
        mosquitto, quick_league, tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="pitchpad.league")
    league = quick_league
    with Publisher(mosquitto.unit("table1"), tmp_path / "unit1", resend_after=0.5) as honest:
        honest.result(result_message("table1", 1, (("red", "Ana", 2), ("blue", "Ben", 1))))
        assert wait_until(lambda: league.count() == 1)
    before = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(time.time() - 1))
    hostile = raw_client(mosquitto, "table2")
    fakes = [result_message("table2", n, (("red", f"Fake{n}", 3), ("blue", f"Ghost{n}", 0)))
             for n in range(3 * RESULTS_PER_MINUTE)]
    publish_all(hostile, "table2", [fake.payload() for fake in fakes])
    assert wait_until(lambda: league.count() == 1 + len(fakes)), "each counts: they look real"
    assert wait_until(lambda: any("goes on" in r.getMessage() for r in caplog.records), timeout=5)
    time.sleep(2.5)                                   # a quiet "minute" ends the flood's reports
    lines = [r for r in caplog.records if "table table2" in r.getMessage()]
    first = lines[0].getMessage()
    assert re.search(rf"table table2 sent {RESULTS_PER_MINUTE + 1} results in \d+ s, more than a table "
                     r"plays", first), first
    assert "pitchpad league admin purge table2 --from '" in first
    told = RESULTS_PER_MINUTE + 1 + sum(int(re.search(r"(\d+) more result", r.getMessage()).group(1))
                                        for r in lines[1:])
    assert told == len(fakes), [r.getMessage() for r in lines]
    gaps = [b.created - a.created for a, b in zip(lines, lines[1:], strict=False)]
    assert all(gap >= 0.9 for gap in gaps), f"once a minute at most: {gaps}"
    assert all("\n" not in r.getMessage() for r in lines)

    asked = admin(league, "purge", "table2", "--from", before)
    assert asked.returncode == 0 and f"{len(fakes)} result(s)" in asked.stdout and "--yes" in asked.stdout
    assert league.count() == 1 + len(fakes), "without --yes nothing goes"
    done = admin(league, "purge", "table2", "--from", before, "--yes")
    assert done.returncode == 0, done.stderr
    assert f"took out {len(fakes)} result(s)" in done.stdout
    assert wait_until(lambda: league.count() == 1)
    assert [row["name"] for row in league.league.standings()["chifootmi"]] == ["Ana", "Ben"]
    publish_all(hostile, "table2", [fakes[0].payload()])   # sent again: it stays out
    hostile.loop_stop()
    time.sleep(0.3)
    assert league.count() == 1
    trail = admin(league, "audit").stdout.splitlines()
    assert len(trail) == 1 and "purge" in trail[0] and f'"results": {len(fakes)}' in trail[0]


def test_purge_refuses_a_time_it_cannot_read_in_one_line(league):
    for args, words in ((["purge", "table2", "--from", "yesterday"], "--from 'yesterday'"),
                        (["purge", "table2", "--from", "20:00", "--to", "19:00"], "--to is before --from"),
                        (["purge", "Table 2", "--from", "00:01"], "table 'Table 2'")):
        done = admin(league, *args)
        assert done.returncode == 2 and words in done.stderr, done.stderr
        assert len(done.stderr.splitlines()) == 1 and "Traceback" not in done.stderr
