"""The league's figures: results per second with pages open, memory after 10,000 results, and
the time from a result on a unit to the TV page showing it.

Everything real, on loopback: Debian's mosquitto set up by deploy/club/setup-broker.sh, the
real ``pitchpad league`` process (its own Python, SQLite file and Tornado page server), units
as paho-mqtt clients with the tables' credentials, the TV page in Debian's headless chromium.

1. Throughput with pages open: ``--pages`` readers follow the page's ``/events`` stream (the
   bytes an open page gets, read as fast as they come) while ``--tables`` units each publish
   ``--results`` distinct results as fast as QoS 1 allows; the figure is results recorded (each
   checked, written to SQLite, acknowledged and receipted) per second, from the first publish
   to the last one in SQLite.
2. Memory: the league process's resident set (VmRSS) idle after start and after those results
   (``--tables`` x ``--results``: 10,000 by default), and its peak (VmHWM).
3. Result to the TV page: chromium shows ``/tv``; a unit's :class:`Publisher` records a result
   (``result()``, what the console calls) with a new name, and the page notes (a
   MutationObserver, ``Date.now()``) when that name is on the screen; ``--samples`` times, one
   at a time. Same machine, same clock.

Usage: .venv/bin/python bench/bench_league.py [--tables 5] [--results 2000] [--pages 10]
       [--samples 20] [--json bench/results/league.json]
"""
from __future__ import annotations

import argparse
import http.client
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "rigs"))

from bench import run_record  # noqa: E402
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


def count(db: Path) -> int:
    conn = sqlite3.connect(db, timeout=5)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM results").fetchone()[0])
    finally:
        conn.close()


def up(port: int) -> bool:
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        conn.request("GET", "/api/state")
        ok = conn.getresponse().status == 200
        conn.close()
        return ok
    except OSError:
        return False


class Page(threading.Thread):
    """One open page: follows ``/events`` and reads every byte as it comes."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.events = 0
        self.stop = False

    def run(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        conn.request("GET", "/events")
        response = conn.getresponse()
        while not self.stop:
            line = response.readline()
            if not line:
                return
            if line.startswith(b"data: "):
                self.events += 1


WATCH = """
window.seenAt = {};
new MutationObserver(function () {
  var text = document.getElementById("recent-list").textContent;
  (window.waitFor || []).forEach(function (name) {
    if (!(name in window.seenAt) && text.indexOf(name) >= 0) window.seenAt[name] = Date.now();
  });
}).observe(document.body, {childList: true, subtree: true, characterData: true});
"""


def tv_latency(url: str, broker: Mosquitto, table: str, state: Path, samples: int) -> list[float]:
    from browser_rig import browser

    latencies = []
    with browser((1920, 1080)) as driver, \
            Publisher(broker.unit(table), state, resend_after=60) as unit:
        assert wait_until(lambda: unit.connected, 10)
        driver.get(url + "tv")
        assert wait_until(lambda: driver.execute_script("return !!document.body.getAttribute('data-version')"), 20)
        driver.execute_script(WATCH)
        for number in range(samples):
            name = f"Tv{number:03d}"
            driver.execute_script("window.waitFor = [arguments[0]];", name)
            message = result_message(table, 500_000 + number, players=(("red", name, 1), ("blue", "Ref", 0)))
            sent = time.time()
            unit.result(message)
            assert wait_until(lambda name=name: driver.execute_script("return window.seenAt[arguments[0]]", name),
                              timeout=20, every=0.01), f"{name} never showed"
            shown = driver.execute_script("return window.seenAt[arguments[0]]", name)
            latencies.append(shown - sent * 1000)
            time.sleep(0.3)
    return latencies


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=5)
    parser.add_argument("--results", type=int, default=2000, help="results per table")
    parser.add_argument("--pages", type=int, default=10, help="pages following the event stream")
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--json", default=str(ROOT / "bench" / "results" / "league.json"))
    args = parser.parse_args()
    run = run_record.Run.begin()
    tables = tuple(f"table{n + 1}" for n in range(args.tables))
    figures: dict[str, object] = {"tables": args.tables, "results_per_table": args.results,
                                  "pages": args.pages, "samples": args.samples}
    with tempfile.TemporaryDirectory(prefix="pitchpad-league-bench-") as tmp:
        tmp_path = Path(tmp)
        broker = Mosquitto(tmp_path / "broker", "cafe", tables)
        broker.start()
        http_port = free_port()
        db = tmp_path / "league.sqlite"
        (tmp_path / "league.password").write_text(broker.password("league"))
        league = subprocess.Popen(
            [sys.executable, "-c", "import sys; from firmware.cli import main; sys.exit(main())",
             "league", "--club", "cafe", "--broker", "127.0.0.1", "--port", str(broker.port),
             "--password-file", str(tmp_path / "league.password"), "--db", str(db),
             "--listen", f"127.0.0.1:{http_port}"], cwd=ROOT, stderr=subprocess.DEVNULL)
        try:
            assert wait_until(lambda: up(http_port), 30), "the league did not start"
            time.sleep(1.0)
            idle = rss_kib(league.pid)
            figures["rss_idle_mib"] = round(idle["VmRSS"] / 1024, 1)
            print(f"league RSS idle: {figures['rss_idle_mib']} MiB")

            # 1. throughput with pages open
            pages = [Page(http_port) for _ in range(args.pages)]
            for page in pages:
                page.start()
            assert wait_until(lambda: all(page.events for page in pages), 10)
            total = args.tables * args.results
            clients = []
            for table in tables:
                client = mqtt_client(broker.broker(table), f"bench-{table}")
                client.max_inflight_messages_set(100)
                client.connect("127.0.0.1", broker.port)
                client.loop_start()
                clients.append((table, client))
            names = [f"P{n}" for n in range(12)]
            payloads = {table: [result_message(table, n, players=(("red", names[n % 12], n % 4 + 1),
                                                                  ("blue", names[(n + 5) % 12], 0)))
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
            done = wait_until(lambda: count(db) >= total, timeout=600, every=0.05)
            elapsed = time.perf_counter() - started
            assert done, f"only {count(db)} of {total} results recorded"
            for _, client in clients:
                client.loop_stop()
                client.disconnect()
            figures["throughput_results"] = total
            figures["throughput_seconds"] = round(elapsed, 2)
            figures["throughput_per_s"] = round(total / elapsed, 1)
            figures["page_events_min"] = min(page.events for page in pages)
            figures["streams_open"] = sum(page.is_alive() for page in pages)
            print(f"throughput: {total} results from {args.tables} tables with {args.pages} pages open "
                  f"in {elapsed:.2f} s = {total / elapsed:,.0f} results/s (each page got "
                  f"{figures['page_events_min']}+ updates)")

            # 2. memory after those results
            after = rss_kib(league.pid)
            figures["rss_after_mib"] = round(after["VmRSS"] / 1024, 1)
            figures["rss_peak_mib"] = round(after["VmHWM"] / 1024, 1)
            figures["sqlite_kib"] = round(os.path.getsize(db) / 1024)
            print(f"league RSS after {total} results: {figures['rss_after_mib']} MiB "
                  f"(peak {figures['rss_peak_mib']} MiB); SQLite {figures['sqlite_kib']} KiB")
            for page in pages:
                page.stop = True

            # 3. a result on a unit -> on the TV page (chromium)
            latencies = tv_latency(f"http://127.0.0.1:{http_port}/", broker, tables[0], tmp_path / "unit",
                                   args.samples)
            figures["tv_latency_ms"] = {"p50": round(statistics.median(latencies), 1),
                                        "p99": round(percentile(latencies, 0.99), 1),
                                        "max": round(max(latencies), 1), "samples": len(latencies)}
            print(f"result on a unit -> on the TV page: p50 {figures['tv_latency_ms']['p50']} ms, "
                  f"p99 {figures['tv_latency_ms']['p99']} ms, max {figures['tv_latency_ms']['max']} ms "
                  f"({len(latencies)} results)")
        finally:
            league.terminate()
            league.wait(20)
            broker.kill()
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    run_record.write(args.json, figures, run)
    print(f"load average: {run.load_start} at the start, {run_record.load()} at the end; {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
