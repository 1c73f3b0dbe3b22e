"""The league's page server against greedy and slow visitors: how long a new phone waits for the
page while others hold sockets open, and what the server holds.

The real ``pitchpad league`` process (its Tornado page server) on loopback, its broker Debian's
mosquitto; each "client" a loopback address of its own (Linux answers on all of 127.0.0.0/8).

1. One laptop opens ``--sockets`` connections and sends nothing: how many the server keeps
   open, then a new phone's ``GET /`` (time to the first byte of the answer, or reset).
2. A crowd: ``--sockets`` idle connections from as many addresses as it takes (``--per``
   each): the same.
3. A slow head: a connection sending its request head a byte every 0.2 s, how long until the
   server closes it.
4. The league's resident memory and threads with the crowd held.

Usage: .venv/bin/python bench/bench_league_visitors.py [--sockets 600] [--per 20]
       [--json bench/results/league-visitors.json]
"""
from __future__ import annotations

import argparse
import resource
import socket
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
from club_rig import Mosquitto, free_port, wait_until  # noqa: E402

PITCHPAD = [sys.executable, "-c", "import sys; from firmware.cli import main; sys.exit(main())"]


def connect(port: int, client: str) -> socket.socket:
    sock = socket.socket()
    sock.settimeout(5)
    sock.bind((client, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def visitor(port: int, client: str) -> float | None:
    """Milliseconds from connecting to the first byte of the answer to ``GET /``; None when the
    connection is refused or reset."""
    started = time.perf_counter()
    try:
        sock = connect(port, client)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: league\r\n\r\n")
        first = sock.recv(64)
        sock.close()
    except OSError:
        return None
    return round((time.perf_counter() - started) * 1000, 1) if first.startswith(b"HTTP/1.1 200") else None


def still_open(socks: list[socket.socket]) -> int:
    """How many of ``socks`` the server has not closed."""
    alive = 0
    for sock in socks:
        sock.setblocking(False)
        try:
            alive += sock.recv(1) != b""
        except BlockingIOError:
            alive += 1
        except OSError:
            pass
    return alive


def slow_head(port: int) -> float:
    """Seconds until the server closes a connection trickling its head (capped at 90)."""
    sock = connect(port, "127.0.9.1")
    sock.sendall(b"GET / HTTP/1.1\r\nHost: league\r\n")
    started = time.monotonic()
    while time.monotonic() - started < 90:
        try:
            sock.sendall(b"X")
        except OSError:
            break
        time.sleep(0.2)
    sock.close()
    return round(time.monotonic() - started, 1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=600)
    parser.add_argument("--per", type=int, default=20, help="the crowd's sockets per address")
    parser.add_argument("--json", default=str(ROOT / "bench" / "results" / "league-visitors.json"))
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 4 * args.sockets)), hard))
    run = run_record.Run.begin()
    figures: dict[str, object] = {"sockets": args.sockets, "per_address": args.per}
    with tempfile.TemporaryDirectory(prefix="pitchpad-league-visitors-") as tmp:
        tmp_path = Path(tmp)
        broker = Mosquitto(tmp_path / "broker", "cafe", ("table1",))
        broker.start()
        (tmp_path / "league.password").write_text(broker.password("league"))
        port = free_port()
        league = subprocess.Popen(
            [*PITCHPAD, "league", "--club", "cafe", "--broker", "127.0.0.1", "--port", str(broker.port),
             "--password-file", str(tmp_path / "league.password"), "--db", str(tmp_path / "league.sqlite"),
             "--listen", f"127.0.0.1:{port}"], cwd=ROOT, stderr=subprocess.DEVNULL)
        try:
            assert wait_until(lambda: up(port), 30), "the league did not start"
            figures["visitor_alone_ms"] = visitor(port, "127.0.8.1")
            laptop = [connect(port, "127.0.5.1") for _ in range(args.sockets)]
            time.sleep(0.5)
            figures["laptop_kept_open"] = still_open(laptop)
            figures["visitor_with_laptop_ms"] = visitor(port, "127.0.8.2")
            for sock in laptop:
                sock.close()
            time.sleep(0.5)
            crowd = [connect(port, f"127.0.{10 + n // args.per // 250}.{n // args.per % 250 + 1}")
                     for n in range(args.sockets)]
            time.sleep(0.5)
            figures["crowd_kept_open"] = still_open(crowd)
            figures["visitor_with_crowd_ms"] = visitor(port, "127.0.8.3")
            memory = rss_kib(league.pid)
            figures["rss_with_crowd_mib"] = round(memory["VmRSS"] / 1024, 1)
            figures["threads_with_crowd"] = len(list(Path(f"/proc/{league.pid}/task").iterdir()))
            for sock in crowd:
                sock.close()
            figures["slow_head_closed_after_s"] = slow_head(port)
        finally:
            league.terminate()
            league.wait(30)
            broker.kill()
    for key, value in figures.items():
        print(f"{key}: {value if value is not None else 'refused or reset'}")
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    run_record.write(args.json, figures, run)
    print(f"load average: {run.load_start} at the start, {run_record.load()} at the end; {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
