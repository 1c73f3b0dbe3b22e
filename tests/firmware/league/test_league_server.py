"""The page's server (Tornado in ``pitchpad league``), as a browser, a phone left open, or a
port scanner would meet it: idle connections cost no thread, headers that keep the page from
being framed or sniffed, HEAD as GET, no Python version given away, and limits that hold.

The real ``pitchpad league`` process on the real broker; connections are plain sockets and
``http.client`` on loopback, bounded in number and time.
"""
from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from club_rig import LeagueRig, free_port, wait_until

from firmware.league.connections import MAX_PER_CLIENT


def connect(port: int, client: str = "127.0.0.1") -> socket.socket:
    """A connection to the page server from ``client``, a loopback address of its own (Linux
    answers on all of 127.0.0.0/8): a visitor on its own phone."""
    sock = socket.socket()
    sock.settimeout(5)
    sock.bind((client, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def answer(sock: socket.socket, path: str = "/") -> bytes:
    """The first bytes of the answer to a GET on ``sock``; b"" when the server closed it."""
    try:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: league\r\n\r\n".encode())
        return sock.recv(4096)
    except (ConnectionResetError, BrokenPipeError):
        return b""


def threads(pid: int) -> int:
    return len(list(Path(f"/proc/{pid}/task").iterdir()))


def request(port: int, method: str = "GET", path: str = "/") -> tuple[int, dict[str, str], bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    try:
        conn.request(method, path)
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


@pytest.fixture
def league_process(mosquitto, tmp_path):
    (tmp_path / "league.password").write_text(mosquitto.password("league"))
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-c", "import sys; from firmware.cli import main; sys.exit(main())",
         "league", "--club", "cafe", "--broker", "127.0.0.1", "--port", str(mosquitto.port),
         "--password-file", str(tmp_path / "league.password"), "--db", str(tmp_path / "l.sqlite"),
         "--listen", f"127.0.0.1:{port}"], stderr=subprocess.PIPE, text=True)
    try:
        assert wait_until(lambda: _up(port), 30), "the league did not start"
        yield process, port
    finally:
        process.terminate()
        process.communicate(timeout=20)


def _up(port: int) -> bool:
    try:
        return request(port, path="/api/state")[0] == 200
    except OSError:
        return False


def test_four_hundred_idle_connections_hold_no_thread_and_the_page_still_answers(league_process):
    process, port = league_process
    before = threads(process.pid)
    idle, streams = [], []
    try:
        for number in range(300):                     # connected, never a request
            idle.append(connect(port, f"127.0.1.{number // 20 + 1}"))
        for number in range(100):                     # pages following the event stream
            sock = connect(port, f"127.0.2.{number // 20 + 1}")
            sock.sendall(b"GET /events HTTP/1.1\r\nHost: league\r\n\r\n")
            streams.append(sock)
        for sock in streams:
            assert sock.recv(4096).startswith(b"HTTP/1.1 200"), "each stream is served"
        assert wait_until(lambda: json.loads(request(port, path="/api/state")[2])["version"] >= 0)
        during = threads(process.pid)
        status, _, body = request(port)
        assert status == 200 and b"PitchPad" in body, "a new browser still gets the page"
    finally:
        for sock in idle + streams:
            sock.close()
    assert during == before, f"{during} threads with 400 connections open, {before} before"
    assert during <= 6


def test_every_answer_has_the_security_headers_and_no_python_version(league_process):
    _, port = league_process
    for path in ("/", "/tv", "/api/state", "/results", "/results.csv", "/page.js", "/page.css", "/nope"):
        status, headers, _ = request(port, path=path)
        assert status == (404 if path == "/nope" else 200), path
        assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"
        assert "default-src 'none'" in headers["content-security-policy"]
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert headers["server"] == "PitchPad league", headers["server"]
        assert "python" not in json.dumps(headers).lower() and "tornado" not in json.dumps(headers).lower()


def test_head_answers_like_get_without_the_body(league_process):
    _, port = league_process
    for path in ("/", "/tv", "/api/state", "/results", "/results.csv", "/events"):
        get_status, get_headers, _ = request(port, "GET", path) if path != "/events" else (200, {}, b"")
        status, headers, body = request(port, "HEAD", path)
        assert status == get_status == 200 and body == b"", path
        if path != "/events":
            assert headers["content-type"] == get_headers["content-type"]
            assert headers["content-length"] == get_headers["content-length"]


def test_past_the_limit_the_longest_idle_connection_makes_room_and_streams_past_theirs_poll(
        mosquitto, tmp_path):
    rig = LeagueRig(mosquitto, tmp_path / "league.sqlite", max_connections=20, max_streams=5).start()
    held = []
    try:
        for _ in range(5):
            sock = connect(rig.port)
            assert answer(sock, "/events").startswith(b"HTTP/1.1 200")
            held.append(sock)
        status, headers, body = request(rig.port, path="/events")
        assert status == 503 and headers["retry-after"] == "30" and b"polls" in body
        assert wait_until(lambda: rig.site.server.open_connections == 5)
        for number in range(15):                      # sockets left open, from other phones
            held.append(connect(rig.port, f"127.0.3.{number + 1}"))
        assert wait_until(lambda: rig.site.server.open_connections == 20)
        late = connect(rig.port, "127.0.4.1")
        assert answer(late).startswith(b"HTTP/1.1 200"), "the full server closed an idle one for it"
        late.close()
        assert rig.site.server.evicted == 1 and rig.site.server.refused == 0
        assert held[5].recv(16) == b"", "the longest idle connection went"
        assert rig.site.league.streams == 5, "no page following the stream was closed"
    finally:
        for sock in held:
            sock.close()
        rig.stop()


def test_a_connection_that_never_asks_is_closed_after_the_header_timeout(mosquitto, tmp_path):
    rig = LeagueRig(mosquitto, tmp_path / "league.sqlite", header_timeout=1.0).start()
    try:
        sock = connect(rig.port)
        assert sock.recv(16) == b"", "the server closed it"
        sock.close()
        slow = connect(rig.port)                       # a head sent a byte at a time
        slow.sendall(b"GET / HTTP/1.1\r\nHost: league\r\n")
        started = time.monotonic()
        closed = False
        while time.monotonic() - started < 5 and not closed:
            try:
                slow.sendall(b"X")
                time.sleep(0.2)
            except (BrokenPipeError, ConnectionResetError):
                closed = True
        assert closed and time.monotonic() - started < 3, "the whole head is due within the timeout"
        slow.close()
    finally:
        rig.stop()


# ----- issue 39, item 7: slow and greedy clients -----------------------------------------------
def test_six_hundred_idle_sockets_from_one_laptop_or_from_many_keep_no_visitor_out(league_process):
    """The issue: 600 idle sockets reset every new visitor's connection until the 60 s idle
    timeout. The real ``pitchpad league``: a laptop's sockets past its share, then a crowd's past
    the server's, each time a new phone gets the page at once."""
    _, port = league_process
    laptop = [connect(port, "127.0.5.1") for _ in range(600)]
    try:
        for sock in laptop[:-MAX_PER_CLIENT]:
            assert sock.recv(16) == b"", "past its share, the laptop's own oldest go"
        visitor = connect(port, "127.0.6.1")
        assert answer(visitor).startswith(b"HTTP/1.1 200")
        visitor.close()
    finally:
        for sock in laptop:
            sock.close()
    crowd = [connect(port, f"127.0.{7 + number // 250}.{number % 250 + 1}") for number in range(600)]
    try:
        visitor = connect(port, "127.0.6.2")
        assert answer(visitor).startswith(b"HTTP/1.1 200"), "a crowd of idle sockets too"
        visitor.close()
        status, _, body = request(port, path="/api/state")
        assert status == 200 and json.loads(body)["club"] == "cafe"
    finally:
        for sock in crowd:
            sock.close()


def test_sixteen_kib_of_headers_get_a_431_not_a_closed_connection(league_process):
    _, port = league_process
    sock = connect(port)
    try:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: league\r\n" + b"X-Pad: " + b"a" * 16384 + b"\r\n\r\n")
        head = sock.recv(4096)
    finally:
        sock.close()
    assert head.startswith(b"HTTP/1.1 431 Request Header Fields Too Large"), head[:80]
    assert b"x-frame-options: deny" in head.lower()
    status, _, _ = request(port)
    assert status == 200, "the next request is served"
