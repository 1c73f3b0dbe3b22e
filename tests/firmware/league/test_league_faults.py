"""Issue 31's faults, each on the real broker (Debian's mosquitto as deploy/club/setup-broker.sh
sets it up) and the real client (paho-mqtt): a table sending what it should not cannot stop the
league, impersonate it, swell it, or get nonsense counted.

Each test plays a hostile or broken table the way the issue found it, then checks what a club
owner would see: the other tables' results in the standings, one log line naming the table, the
message set aside for a person to read (``pitchpad league admin rejected``).
"""
from __future__ import annotations

import json
import logging
import time

import paho.mqtt.client as mqtt
import pytest
from club_rig import raw_client, result_message, wait_until

from firmware.club import messages
from firmware.club.messages import Player, Result
from firmware.club.publisher import Publisher
from firmware.league.flood import LINES_PER_MINUTE as LOG_LINES_PER_MINUTE
from firmware.league.standings import League


def refusals(caplog, table: str) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == "pitchpad.league" and f"table {table}" in r.getMessage()]


def deep(number: int) -> bytes:
    """A 3.8 kB result nested 1,900 levels deep (under the 4 KiB cap): the issue's message."""
    head = json.dumps({"v": 1, "id": f"cafe/table1/deep/{number}", "game": "chifootmi"})[:-1]
    return (head + ', "players": ' + "[" * 1900 + "]" * 1900 + "}").encode()


# ----- 1. no message stops the league ---------------------------------------------------------
def test_twenty_deep_nested_messages_stop_nothing_and_a_restart_does_not_bring_them_back(
        mosquitto, league, tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="pitchpad.league")
    hostile = raw_client(mosquitto, "table1")
    assert len(deep(0)) < messages.MAX_PAYLOAD and deep(0).count(b"[") == 1900
    for number in range(20):
        hostile.publish(messages.topic("cafe", "table1", "result"), deep(number), qos=1).wait_for_publish(5)
    with Publisher(mosquitto.unit("table2"), tmp_path / "unit2", resend_after=0.5) as unit:
        unit.result(result_message("table2", 1, (("red", "Ana", 2), ("blue", "Ben", 0))))
        assert wait_until(lambda: league.count() == 1), "another table's result is recorded"
        assert wait_until(lambda: len(unit.outbox) == 0), "and receipted"
    assert wait_until(lambda: league.league.ignored == 20), "the 20 are set aside"
    lines = refusals(caplog, "table1")
    assert len(lines) == LOG_LINES_PER_MINUTE + 1 and "nested deeper" in lines[0]
    assert "keeps sending" in lines[-1]
    assert not any(r.exc_info for r in caplog.records), "no traceback"
    hostile.loop_stop()

    league.restart()                               # nothing of the 20 comes again
    with Publisher(mosquitto.unit("table3"), tmp_path / "unit3", resend_after=0.5) as unit:
        unit.result(result_message("table3", 2, (("red", "Cy", 3), ("blue", "Dee", 1))))
        assert wait_until(lambda: league.count() == 2)
    time.sleep(0.5)                                # a redelivery would be counted by now
    rows = league.league.rejected()
    assert len(rows) == 20 and all(row["count"] == 1 for row in rows), "acknowledged: never redelivered"
    assert all(row["table"] == "table1" and 3800 < row["size"] < 4096 for row in rows)


class Faulty(League):
    """The league with a bug: recording a match of Zed fails (as a full disk, or a bug would)."""

    broken = True

    def add_result(self, club, table, result):
        if Faulty.broken and any(p.name == "Zed" for p in result.players):
            raise RuntimeError("the disk is full")
        return super().add_result(club, table, result)


def test_an_unexpected_error_sets_the_message_aside_and_the_league_goes_on(mosquitto, tmp_path, caplog,
                                                                          monkeypatch):
    import club_rig

    monkeypatch.setattr("firmware.league.standings.League", Faulty)
    caplog.set_level(logging.INFO, logger="pitchpad.league")
    rig = club_rig.LeagueRig(mosquitto, tmp_path / "league.sqlite").start()
    try:
        assert isinstance(rig.league, Faulty)
        with Publisher(mosquitto.unit("table1"), tmp_path / "unit1", resend_after=0.3) as one, \
                Publisher(mosquitto.unit("table2"), tmp_path / "unit2", resend_after=0.3) as two:
            one.result(result_message("table1", 1, (("red", "Zed", 1), ("blue", "Ana", 0))))
            assert wait_until(lambda: rig.league.ignored == 1)
            two.result(result_message("table2", 2, (("red", "Ben", 2), ("blue", "Cy", 0))))
            assert wait_until(lambda: rig.count() == 1), "the other table's result is recorded"
            assert wait_until(lambda: rig.league.rejected()[0]["count"] >= 3), "Zed's is resent"
            assert len(one.outbox) == 1, "no receipt for a result the league could not record"
            [line] = [line for line in refusals(caplog, "table1") if "could not handle" in line]
            assert "RuntimeError: the disk is full" in line and not any(r.exc_info for r in caplog.records)
            assert "Traceback" in rig.league.rejected()[0]["reason"], "the whole story for a person"
            Faulty.broken = False                   # the disk has room again
            assert wait_until(lambda: rig.count() == 2), "the unit's next resend is recorded"
            assert wait_until(lambda: len(one.outbox) == 0)
    finally:
        Faulty.broken = True
        rig.stop()


# ----- 2. no table can impersonate the league ---------------------------------------------------
def test_a_table_using_the_leagues_client_id_does_not_knock_the_league_off(mosquitto, league, tmp_path,
                                                                            caplog):
    caplog.set_level(logging.INFO, logger="pitchpad.league")
    for _ in range(6):                             # the issue: 6 times in 12 s
        rogue = raw_client(mosquitto, "table1", client_id="pitchpad-league-cafe")
        rogue.disconnect()
        rogue.loop_stop()
    with Publisher(mosquitto.unit("table2"), tmp_path / "unit", resend_after=0.5) as unit:
        unit.result(result_message("table2", 1))
        assert wait_until(lambda: league.count() == 1)
    assert league.service.connected.is_set() and league.service.takeovers == 0
    assert not [r for r in caplog.records if "lost the broker" in r.getMessage()
                or "took over" in r.getMessage()]


def test_a_second_client_with_the_leagues_password_is_said_in_plain_words(mosquitto, league, caplog):
    caplog.set_level(logging.INFO, logger="pitchpad.league")
    second = raw_client(mosquitto, "league")
    assert wait_until(lambda: league.service.takeovers == 1)
    second.disconnect()
    second.loop_stop()
    [line] = [r.getMessage() for r in caplog.records if "took over" in r.getMessage()]
    assert "another client logged in to the broker as the league's user" in line
    assert "a second pitchpad league" in line
    assert wait_until(league.service.connected.is_set, timeout=15), "back once it is gone"


# ----- 3. size limits --------------------------------------------------------------------------
def test_a_64_mib_publish_is_refused_by_the_broker_and_never_reaches_the_league(mosquitto, league, tmp_path):
    assert "max_packet_size 16384" in mosquitto.conf.read_text()
    gone: list[object] = []
    # MQTT 3.1.1: the client is told no limit, so it sends it all (a hostile table would).
    hostile = raw_client(mosquitto, "table1", protocol=mqtt.MQTTv311,
                         on_disconnect=lambda *args: gone.append(args))
    hostile.publish(messages.topic("cafe", "table1", "result"), b"x" * (64 << 20), qos=1)
    assert wait_until(lambda: gone, timeout=20), "the broker cut the table off"
    hostile.loop_stop()
    with Publisher(mosquitto.unit("table2"), tmp_path / "unit", resend_after=0.5) as unit:
        unit.result(result_message("table2", 1))
        assert wait_until(lambda: league.count() == 1)
    assert league.league.ignored == 0, "the league never saw it"
    assert "exceeded maximum packet size" in mosquitto.log.read_text().lower() or \
        "disconnect" in mosquitto.log.read_text().lower()


def test_a_message_over_the_leagues_cap_is_refused_before_it_is_parsed(mosquitto, league, caplog):
    caplog.set_level(logging.INFO, logger="pitchpad.league")
    hostile = raw_client(mosquitto, "table1")
    big = b'{"v": 1, "pad": "' + b"x" * 10000 + b'"}'
    hostile.publish(messages.topic("cafe", "table1", "result"), big, qos=1).wait_for_publish(5)
    assert wait_until(lambda: league.league.ignored == 1)
    [row] = league.league.rejected()
    assert row["size"] == len(big) and len(row["payload"]) == 4096
    assert "longer than the 4096" in row["reason"]
    hostile.loop_stop()


# ----- 4. nonsense is refused ------------------------------------------------------------------
def nonsense(number: int, game="chifootmi", players=(("red", "Ana", 2, "win"), ("blue", "Ben", 1, "loss")),
             shootout=None, finished="2026-11-23T20:40:00") -> Result:
    return Result(f"cafe/table1/2026-11-23T20:00:00/{number}", game, "pro", finished,
                  tuple(Player(seat, name, score, outcome) for seat, name, score, outcome in players),
                  shootout)


@pytest.mark.parametrize("result, why", [
    (nonsense(1, game="hockey"), "unknown game 'hockey'"),
    (nonsense(2, game="<h1>Top</h1>"), "is not a game's name"),
    (nonsense(3, players=(("red", "<b>Fox</b>", 2, "win"), ("blue", "Ben", 1, "loss"))), "not one a pad can type"),
    (nonsense(16, players=(("red", "Poﬆ", 2, "win"), ("blue", "Ben", 1, "loss"))), "the name 'Poﬆ' is not one"),
    (nonsense(4, players=(("red", "Ana", 2, "win"), ("blue", "Ben", 1, "win"))), "two sides won"),
    (nonsense(5, players=(("red", "Ana", 1, "win"), ("blue", "Ben", 3, "loss"))), "won with fewer goals"),
    (nonsense(6, players=(("red", "Ana", 1, "win"), ("blue", "ana", 0, "loss"))), "the same name on two seats"),
    (nonsense(7, players=(("red", "Ana", 1, "draw"), ("blue", "Ben", 1, "draw"))), "cannot end drawn"),
    (nonsense(8, players=(("red", "Ana", 1, "win"), ("blue", "Ben", 1, "loss")), shootout={"red": 2, "blue": 4}),
     "shoot-out it did not win"),
    (nonsense(9, game="fotboll", players=(("red", "Ana", 1, "win"), ("green", "Ben", 0, "loss"))),
     "this game seats red/blue"),
    # Issue 39, item 3: what no match can end with, or when none was played.
    (nonsense(10, players=(("red", "Ana", 999, "win"), ("blue", "Ben", 0, "loss"))),
     "red scored 999: more than a match of this game can reach (15)"),
    (nonsense(11, game="fotboll", players=(("red", "Ana", 2.5, "win"), ("blue", "Ben", 0, "loss"))),
     "red scored 2.5: not a whole number"),
    (nonsense(12, players=(("red", "Ana", 1, "win"), ("blue", "Ben", 1, "loss")), shootout={"red": 9, "blue": 0}),
     "a shoot-out cannot end 9-0"),
    (nonsense(13, finished="2099-01-01T20:00:00"), "finished 2099-01-01T20:00:00: not a time"),
    (nonsense(14, finished="1970-01-01T00:00:00"), "finished 1970-01-01T00:00:00: not a time"),
    (nonsense(15, finished="2026-13-45T99:99:99"), "finished: '2026-13-45T99:99:99' is not a local time"),
], ids=["unknown game", "html game", "html name", "ligature name", "both win", "lower score wins",
        "same name", "drawn chifootmi", "lost shoot-out", "wrong seat", "999-0", "half goals", "shoot-out 9-0",
        "finished 2099", "finished 1970", "finished 13-45"])
def test_nonsense_is_refused_with_one_line_naming_the_table_and_the_unit_is_told(
        mosquitto, league, tmp_path, caplog, result, why):
    caplog.set_level(logging.INFO, logger="pitchpad.league")
    with Publisher(mosquitto.unit("table1"), tmp_path / "unit", resend_after=0.5) as unit:
        unit.result(result)
        assert wait_until(lambda: league.league.ignored == 1)
        assert wait_until(lambda: len(unit.outbox) == 0), "receipted: the unit stops resending"
    [line] = refusals(caplog, "table1")
    assert line.startswith("league: refused a result from table table1: ") and why in line, line
    assert league.count() == 0 and league.league.standings() == {}, "nothing counted, no new table"


def test_the_same_id_with_other_scores_is_refused_and_the_first_stands(mosquitto, league, tmp_path, caplog):
    caplog.set_level(logging.INFO, logger="pitchpad.league")
    first = nonsense(1)
    changed = nonsense(1, players=(("red", "Ana", 0, "loss"), ("blue", "Ben", 5, "win")))
    with Publisher(mosquitto.unit("table1"), tmp_path / "unit", resend_after=0.5) as unit:
        unit.result(first)
        assert wait_until(lambda: league.count() == 1 and len(unit.outbox) == 0)
        unit.result(first)                           # a plain resend: harmless, receipted again
        assert wait_until(lambda: len(unit.outbox) == 0)
        unit.result(changed)
        assert wait_until(lambda: league.league.ignored == 1)
        assert wait_until(lambda: len(unit.outbox) == 0)
    [line] = refusals(caplog, "table1")
    assert "was recorded with other scores" in line
    [row] = league.league.recent()
    assert [(p["name"], p["score"]) for p in row["players"]] == [("Ana", 2), ("Ben", 1)]
    assert league.league.standings()["chifootmi"][0]["name"] == "Ana"


# ----- 5. what a table leaves on the broker (issue 39, item 6) -----------------------------------
def test_retained_garbage_is_cleared_once_and_never_comes_back_at_a_restart(mosquitto, league, caplog):
    caplog.set_level(logging.INFO, logger="pitchpad.league")
    hostile = raw_client(mosquitto, "table1")
    result_topic, live_topic = (messages.topic("cafe", "table1", kind) for kind in ("result", "live"))
    hostile.publish(result_topic, b"{garbage", qos=1, retain=True).wait_for_publish(5)
    hostile.publish(live_topic, b"[1, 2]", qos=1, retain=True).wait_for_publish(5)
    hostile.loop_stop()
    assert wait_until(lambda: league.league.ignored == 2)
    for _ in range(3):                                # the issue: back 13 times, never cleared
        league.restart()
        time.sleep(0.5)                               # a retained message comes with the SUBACK
    rows = league.league.rejected()
    assert len(rows) == 2 and all(row["count"] == 1 for row in rows), [(r["topic"], r["count"]) for r in rows]
    # A retained result that reads as a result is refused all the same: a unit never retains one.
    again = raw_client(mosquitto, "table1")
    again.publish(result_topic, result_message("table1", 1).payload(), qos=1, retain=True).wait_for_publish(5)
    again.loop_stop()
    assert wait_until(lambda: league.league.ignored == 3)
    league.restart()
    time.sleep(0.5)
    assert league.count() == 0 and league.league.ignored == 3
    assert all(row["count"] == 1 for row in league.league.rejected())
    assert "a retained result" in league.league.rejected()[0]["reason"]
    assert not [r for r in caplog.records if "would not let the league" in r.getMessage()]


def test_a_table_writing_another_tables_topics_is_in_the_brokers_log(mosquitto, league):
    hostile = raw_client(mosquitto, "table1")
    hostile.publish(messages.topic("cafe", "table2", "result"), result_message("table2", 1).payload(),
                    qos=1).wait_for_publish(5)
    hostile.publish(messages.topic("cafe", "table3", "live"), b"", qos=1, retain=True).wait_for_publish(5)
    hostile.loop_stop()
    assert wait_until(lambda: "'pitchpad/cafe/table3/live'" in mosquitto.log.read_text(errors="replace"))
    denied = [line for line in mosquitto.log.read_text(errors="replace").splitlines() if "Denied" in line]
    assert any("Denied PUBLISH from table1" in line and "'pitchpad/cafe/table2/result'" in line for line in denied)
    assert any("Denied PUBLISH from table1" in line and "'pitchpad/cafe/table3/live'" in line for line in denied)
    assert league.count() == 0
