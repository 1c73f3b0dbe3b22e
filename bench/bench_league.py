"""The league's figures: results per second it absorbs, result-to-page latency, its memory.

Everything real, on loopback: Debian's mosquitto set up by deploy/club/setup-broker.sh, the
real ``pitchpad league`` process (its own Python, SQLite file and page server), units as
paho-mqtt clients with the tables' credentials.

1. Throughput: ``--tables`` units each publish ``--results`` distinct results as fast as QoS 1
   allows; the figure is results recorded (and acknowledged) per second, from the first publish
   to the last one in SQLite.
2. Latency: a unit's :class:`Publisher` records a result (``result()``, what the console calls)
   while a reader follows the page's ``/events`` stream, the bytes the browser gets; the time
   until the result is in the stream, ``--samples`` times, one at a time.
3. Memory: the league process's resident set (VmRSS) idle after start, after the load, and its
   peak (VmHWM).

Usage: .venv/bin/python bench/bench_league.py [--tables 3] [--results 2000] [--samples 50]
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from club_rig import Mosquitto, free_port, result_message, wait_until  # noqa: E402

from firmware.club import messages  # noqa: E402
from firmware.club.publisher import Publisher, mqtt_client  # noqa: E402


def rss_kib(pid: int) -> dict[str, int]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0])
    return fields


def league_count(url_port: int) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", url_port, timeout=5)
    conn.request("GET", "/api/state")
    state = json.loads(conn.getresponse().read())
    conn.close()
    return state


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=3)
    parser.add_argument("--results", type=int, default=2000, help="results per table")
    parser.add_argument("--samples", type=int, default=50)
    args = parser.parse_args()
    tables = tuple(f"table{n + 1}" for n in range(args.tables))
    with tempfile.TemporaryDirectory(prefix="pitchpad-league-bench-") as tmp:
        tmp_path = Path(tmp)
        broker = Mosquitto(tmp_path / "broker", "cafe", tables)
        broker.start()
        http_port = free_port()
        (tmp_path / "league.password").write_text(broker.password("league"))
        league = subprocess.Popen(
            [sys.executable, "-c", "import sys; from firmware.cli import main; sys.exit(main())",
             "league", "--club", "cafe", "--broker", "127.0.0.1", "--port", str(broker.port),
             "--password-file", str(tmp_path / "league.password"), "--db",
             str(tmp_path / "league.sqlite"), "--listen", f"127.0.0.1:{http_port}"],
            cwd=ROOT, stderr=subprocess.DEVNULL)
        try:
            assert wait_until(lambda: _up(http_port), 20), "the league did not start"
            time.sleep(1.0)
            idle = rss_kib(league.pid)
            print(f"load average at start: {open('/proc/loadavg').read().split()[:3]}")
            print(f"league RSS idle: {idle['VmRSS'] / 1024:.1f} MiB")

            # 1. throughput
            total = args.tables * args.results
            clients = []
            for table in tables:
                client = mqtt_client(broker.broker(table), f"bench-{table}")
                client.max_inflight_messages_set(100)
                client.connect("127.0.0.1", broker.port)
                client.loop_start()
                clients.append((table, client))
            payloads = {table: [result_message(table, n, players=(("red", f"p{n % 8}", n % 4),
                                                                  ("blue", f"p{(n + 3) % 8}", n % 3)))
                                .payload() for n in range(args.results)] for table in tables}
            started = time.perf_counter()

            def blast(table: str, client) -> None:
                topic = messages.topic("cafe", table, "result")
                for payload in payloads[table]:
                    client.publish(topic, payload, qos=1)

            threads = [threading.Thread(target=blast, args=pair) for pair in clients]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            done = wait_until(lambda: league_count(http_port)["recent"] and _count(tmp_path) >= total,
                              timeout=300, every=0.05)
            elapsed = time.perf_counter() - started
            assert done, f"only {_count(tmp_path)} of {total} results recorded"
            for _, client in clients:
                client.loop_stop()
                client.disconnect()
            after = rss_kib(league.pid)
            print(f"throughput: {total} results from {args.tables} tables in {elapsed:.2f} s = "
                  f"{total / elapsed:,.0f} results/s (QoS 1, each written to SQLite, acknowledged, "
                  f"receipt sent)")
            print(f"load average after the load: {open('/proc/loadavg').read().split()[:3]}")

            # 2. latency, a result at a time, unit -> broker -> league -> SQLite -> /events
            unit = Publisher(broker.unit(tables[0]), tmp_path / "unit", resend_after=60)
            unit.start()
            assert wait_until(lambda: unit.connected, 10)
            stream = http.client.HTTPConnection("127.0.0.1", http_port, timeout=10)
            stream.request("GET", "/events")
            response = stream.getresponse()
            _event(response)                           # the state as it is now
            latencies = []
            for number in range(args.samples):
                message = result_message(tables[0], 100_000 + number,
                                         players=(("red", "lat", 1), ("blue", "ency", 0)))
                sent = time.perf_counter()
                unit.result(message)
                while message.id not in _event(response):
                    pass
                latencies.append((time.perf_counter() - sent) * 1000)
                time.sleep(0.05)
            unit.stop()
            latencies.sort()
            p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))]
            print(f"result on a unit -> in the page's event stream: p50 {statistics.median(latencies):.1f} ms, "
                  f"p99 {p99:.1f} ms, max {latencies[-1]:.1f} ms ({len(latencies)} results)")
            final = rss_kib(league.pid)
            print(f"league RSS after {total + args.samples} results: {final['VmRSS'] / 1024:.1f} MiB, "
                  f"peak {final['VmHWM'] / 1024:.1f} MiB (after the burst: {after['VmRSS'] / 1024:.1f} MiB)")
            print(f"SQLite file: {os.path.getsize(tmp_path / 'league.sqlite') / 1024:.0f} KiB "
                  f"(+ WAL {os.path.getsize(tmp_path / 'league.sqlite-wal') / 1024:.0f} KiB)")
            print(f"load average at the end: {open('/proc/loadavg').read().split()[:3]}")
        finally:
            league.terminate()
            league.wait(10)
            broker.kill()
    return 0


def _count(tmp_path: Path) -> int:
    import sqlite3
    db = sqlite3.connect(tmp_path / "league.sqlite", timeout=5)
    try:
        return int(db.execute("SELECT COUNT(*) FROM results").fetchone()[0])
    finally:
        db.close()


def _event(response: http.client.HTTPResponse) -> str:
    """The next ``data:`` event of the stream (heartbeats skipped)."""
    while True:
        line = response.readline().decode()
        if line.startswith("data: "):
            response.readline()
            return line


def _up(port: int) -> bool:
    try:
        league_count(port)
        return True
    except OSError:
        return False


if __name__ == "__main__":
    sys.exit(main())
