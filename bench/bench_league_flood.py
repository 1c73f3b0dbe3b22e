"""The league under a hostile table: what a flood costs and how long the clean-up takes.

Everything real, on loopback: Debian's mosquitto set up by deploy/club/setup-broker.sh, the
real ``pitchpad league`` process (its own Python, SQLite file and page server), the hostile
table a paho-mqtt client with that table's own credentials (QoS 1, as fast as the broker takes
it), the clean-up the real ``pitchpad league admin`` commands.

1. A garbage flood: table1 publishes distinct unusable messages (up to 4 KiB of bytes that are
   not JSON) for ``--seconds``; the league's resident memory (VmRSS) and its SQLite file (with
   its WAL) before and after, the messages the broker delivered, the set-aside rows kept.
2. A valid-looking flood: table2 publishes distinct, well-formed results of made-up players
   for ``--seconds``; how many the league recorded, and what it logged.
3. The clean-up: one ``admin delete`` of one of those results (what a person had before), and
   ``admin purge table2 --from … --yes`` taking out everything table2 sent in the flood's
   window (and the set-aside messages of table1 with ``admin rejected --forget-table``).

Usage: .venv/bin/python bench/bench_league_flood.py [--seconds 10]
       [--json bench/results/league-flood.json]
"""
from __future__ import annotations

import argparse
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "rigs"))

from bench import run_record  # noqa: E402
from bench.bench_league import rss_kib, up  # noqa: E402
from club_rig import Mosquitto, free_port, result_message, wait_until  # noqa: E402

from firmware.club import messages  # noqa: E402
from firmware.club.publisher import mqtt_client  # noqa: E402
from firmware.league.standings import League  # noqa: E402

PITCHPAD = [sys.executable, "-c", "import sys; from firmware.cli import main; sys.exit(main())"]


def query(db: Path, sql: str) -> int:
    conn = sqlite3.connect(db, timeout=10)
    try:
        return int(conn.execute(sql).fetchone()[0] or 0)
    finally:
        conn.close()


def on_disk_mib(db: Path) -> float:
    return round(sum(os.path.getsize(p) for p in (db, Path(f"{db}-wal")) if p.exists()) / 2**20, 1)


def flood(broker: Mosquitto, table: str, seconds: float, payload) -> int:
    """``table`` publishes ``payload(n)`` for ``seconds`` (QoS 1, 100 in flight); how many."""
    client = mqtt_client(broker.broker(table), f"flood-{table}")
    client.max_inflight_messages_set(100)
    client.max_queued_messages_set(1000)
    client.connect("127.0.0.1", broker.port)
    client.loop_start()
    topic = messages.topic("cafe", table, "result")
    sent, end = 0, time.monotonic() + seconds
    while time.monotonic() < end:
        info = client.publish(topic, payload(sent), qos=1)
        if info.rc == 0:
            sent += 1
        else:
            time.sleep(0.001)                    # paho's queue is full: the broker is behind
    time.sleep(1.0)
    client.loop_stop()
    client.disconnect()
    return sent


def admin(db: Path, *args: str) -> tuple[float, subprocess.CompletedProcess[str]]:
    started = time.perf_counter()
    done = subprocess.run([*PITCHPAD, "league", "--db", str(db), "admin", "--by", "bench", *args],
                          capture_output=True, text=True, timeout=3600, cwd=ROOT)
    return time.perf_counter() - started, done


def settle(read, timeout: float = 600) -> int:
    """Wait until ``read()`` stops changing for 2 s (the broker's queue drained)."""
    last, since, end = -1, time.monotonic(), time.monotonic() + timeout
    while time.monotonic() < end:
        now = read()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since > 2:
            break
        time.sleep(0.2)
    return last


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--json", default=str(ROOT / "bench" / "results" / "league-flood.json"))
    args = parser.parse_args()
    run = run_record.Run.begin()
    figures: dict[str, object] = {"seconds": args.seconds}
    rng = random.Random(39)
    with tempfile.TemporaryDirectory(prefix="pitchpad-league-flood-") as tmp:
        tmp_path = Path(tmp)
        broker = Mosquitto(tmp_path / "broker", "cafe", ("table1", "table2", "table3"))
        broker.start()
        db = tmp_path / "league.sqlite"
        (tmp_path / "league.password").write_text(broker.password("league"))
        port = free_port()
        log = (tmp_path / "league.log").open("w")
        league = subprocess.Popen(
            [*PITCHPAD, "league", "--club", "cafe", "--broker", "127.0.0.1", "--port", str(broker.port),
             "--password-file", str(tmp_path / "league.password"), "--db", str(db),
             "--listen", f"127.0.0.1:{port}"], cwd=ROOT, stderr=log)
        try:
            assert wait_until(lambda: up(port), 30), "the league did not start"
            time.sleep(1.0)
            before = rss_kib(league.pid)["VmRSS"]
            disk = on_disk_mib(db)

            # 1. garbage
            garbage = [rng.randbytes(4000) for _ in range(64)]
            sent = flood(broker, "table1", args.seconds,
                         lambda n: b"%d" % n + garbage[n % 64][: 3000 + n % 1000])
            seen = settle(lambda: query(db, "SELECT SUM(count) FROM rejected"))
            after = rss_kib(league.pid)
            figures["garbage"] = {
                "published": sent, "set_aside_seen": seen,
                "rows_kept": query(db, "SELECT COUNT(*) FROM rejected"),
                "payload_kib_kept": round(query(db, "SELECT SUM(LENGTH(payload)) FROM rejected") / 1024),
                "rss_before_mib": round(before / 1024, 1), "rss_after_mib": round(after["VmRSS"] / 1024, 1),
                "rss_growth_mib": round((after["VmRSS"] - before) / 1024, 1),
                "disk_before_mib": disk, "disk_after_mib": on_disk_mib(db)}
            print(f"garbage flood: {sent:,} published in {args.seconds:g} s, {seen:,} set aside; "
                  f"{figures['garbage']['rows_kept']:,} rows kept "
                  f"({figures['garbage']['payload_kib_kept']:,} KiB of payload); league RSS "
                  f"{before / 1024:.1f} -> {after['VmRSS'] / 1024:.1f} MiB; SQLite {disk} -> "
                  f"{on_disk_mib(db)} MiB")

            # 2. a valid-looking flood
            start_wall = time.time()
            sent = flood(broker, "table2", args.seconds, lambda n: result_message(
                "table2", n, players=(("red", f"Fake{n % 997}", 2), ("blue", f"Ghost{n % 991}", 1))).payload())
            recorded = settle(lambda: query(db, "SELECT COUNT(*) FROM results WHERE deleted = 0"))
            end_wall = time.time()
            log.flush()
            lines = [line for line in (tmp_path / "league.log").read_text().splitlines() if "table2" in line]
            figures["valid_flood"] = {"published": sent, "recorded": recorded, "log_lines_naming_table2": len(lines),
                                      "first_log_line": lines[0] if lines else None}
            print(f"valid-looking flood: {sent:,} published, {recorded:,} recorded; "
                  f"{len(lines)} log line(s) naming table2{': ' + lines[0] if lines else ''}")

            # 3. the clean-up
            conn = sqlite3.connect(db, timeout=10)
            [(one_id,)] = conn.execute("SELECT id FROM results WHERE tbl = 'table2' LIMIT 1").fetchall()
            conn.close()
            delete_s, done = admin(db, "delete", one_id)
            assert done.returncode == 0, done.stderr
            figures["delete_one_s"] = round(delete_s, 2)
            store = League(db)
            [(other_id,)] = store._db.execute("SELECT id FROM results WHERE tbl = 'table2' AND deleted = 0 "
                                              "LIMIT 1").fetchall()
            started = time.perf_counter()
            store.delete(other_id, "bench")
            figures["delete_one_in_process_ms"] = round((time.perf_counter() - started) * 1000, 1)
            store.close()
            print(f"admin delete of one result: {delete_s:.2f} s, the command's start included "
                  f"({figures['delete_one_in_process_ms']} ms of it League.delete); x {recorded:,} results: "
                  f"{delete_s * recorded / 3600:.1f} h one by one")
            window = ("--from", time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(start_wall - 1)),
                      "--to", time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(end_wall + 1)))
            purge_s, done = admin(db, "purge", "table2", *window, "--yes")
            figures["purge_s"] = round(purge_s, 2) if done.returncode == 0 else None
            figures["purge_said"] = (done.stdout or done.stderr).strip().splitlines()[-1:]
            forget_s, done = admin(db, "rejected", "--forget-table", "table1")
            figures["forget_table_s"] = round(forget_s, 2) if done.returncode == 0 else None
            left = query(db, "SELECT COUNT(*) FROM results WHERE deleted = 0 AND tbl = 'table2'")
            figures["results_left"] = left
            print(f"admin purge table2 (the flood's window): {purge_s:.2f} s "
                  f"({figures['purge_said']}); {left} of table2's results left; "
                  f"admin rejected --forget-table table1: {forget_s:.2f} s")
            # The flood watch's minute report (a timer in the league, a minute after the first line).
            wait_until(lambda: "table table2 goes on" in (tmp_path / "league.log").read_text(), timeout=75,
                       every=1)
            lines = [line for line in (tmp_path / "league.log").read_text().splitlines() if "table2" in line]
            figures["valid_flood"]["log_lines_after_a_minute"] = lines
            print("what the league logged of table2:\n  " + "\n  ".join(lines))
        finally:
            league.terminate()
            league.wait(30)
            log.close()
            broker.kill()
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    run_record.write(args.json, figures, run)
    print(f"load average: {run.load_start} at the start, {run_record.load()} at the end; {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
