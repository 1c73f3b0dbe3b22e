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
from pathlib import Path

import pytest
from club_rig import LeagueRig, free_port, wait_until


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
        for _ in range(300):                          # connected, never a request
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        for _ in range(100):                          # pages following the event stream
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
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


def test_connections_past_the_limit_are_closed_and_streams_past_theirs_are_told_to_poll(mosquitto, tmp_path):
    rig = LeagueRig(mosquitto, tmp_path / "league.sqlite", max_connections=20, max_streams=5).start()
    held = []
    try:
        for _ in range(5):
            sock = socket.create_connection(("127.0.0.1", rig.port), timeout=5)
            sock.sendall(b"GET /events HTTP/1.1\r\nHost: league\r\n\r\n")
            assert sock.recv(4096).startswith(b"HTTP/1.1 200")
            held.append(sock)
        status, headers, body = request(rig.port, path="/events")
        assert status == 503 and headers["retry-after"] == "30" and b"polls" in body
        assert wait_until(lambda: rig.site.server.open_connections == 5)
        for _ in range(15):
            held.append(socket.create_connection(("127.0.0.1", rig.port), timeout=5))
        assert wait_until(lambda: rig.site.server.open_connections == 20)
        late = socket.create_connection(("127.0.0.1", rig.port), timeout=5)
        try:
            late.sendall(b"GET / HTTP/1.1\r\nHost: league\r\n\r\n")
            answer = late.recv(4096)
        except ConnectionResetError:
            answer = b""
        assert answer == b"", "closed at once: the server is full"
        late.close()
    finally:
        for sock in held:
            sock.close()
        rig.stop()


def test_a_connection_that_never_asks_is_closed_after_the_idle_timeout(mosquitto, tmp_path):
    rig = LeagueRig(mosquitto, tmp_path / "league.sqlite", idle_timeout=1.0).start()
    try:
        sock = socket.create_connection(("127.0.0.1", rig.port), timeout=10)
        assert sock.recv(16) == b"", "the server closed it"
        sock.close()
    finally:
        rig.stop()
