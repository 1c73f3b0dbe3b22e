"""A real Mosquitto on loopback, configured by deploy/club/setup-broker.sh, for the club tests.

Nothing here is a fake: the broker is Debian's mosquitto (the one a club runs), its users,
passwords and ACL are what the deploy script writes, and the clients are paho-mqtt. The broker
listens on 127.0.0.1 only, on a free port, and is killed at the end of each test.
"""
from __future__ import annotations

import http.client
import os
import pwd
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

from firmware.club.config import Broker, ClubConfig

REPO = Path(__file__).resolve().parents[2]
SETUP = REPO / "deploy" / "club" / "setup-broker.sh"
MISSING = ("the club tests need Debian's mosquitto (apt-get install mosquitto): ./dev.sh test "
           "installs it when run as root")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def http_get(address: tuple[str, int], path: str, timeout: float = 5.0) -> tuple[int, bytes]:
    """GET ``path`` from a league's page server at ``address``: the status and the body, the
    connection closed whatever happens (a fuzzed page must not leave sockets behind)."""
    connection = http.client.HTTPConnection(*address, timeout=timeout)
    try:
        connection.request("GET", path)
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


def wait_until(condition, timeout: float = 10.0, every: float = 0.02) -> bool:
    """Poll ``condition`` (real time, bounded) until true."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(every)
    return bool(condition())


class Mosquitto:
    """One club's broker: ``start()``, ``kill()`` (SIGKILL, a power cut), ``stop()`` (SIGTERM)."""

    def __init__(self, root: Path, club: str, tables: tuple[str, ...]) -> None:
        # Debian puts the broker in /usr/sbin, which a user's PATH may not hold.
        search = os.pathsep.join([os.environ.get("PATH", ""), "/usr/sbin", "/sbin"])
        self.binary = shutil.which("mosquitto", path=search)
        if self.binary is None or shutil.which("mosquitto_passwd", path=search) is None:
            pytest.fail(MISSING)
        self.root = root
        self.club = club
        self.tables = tables
        self.port = free_port()
        env = {**os.environ, "PITCHPAD_ROOT": str(root), "PATH": search}
        self.env = env
        # Loopback only (a club's broker listens on every address: no --bind).
        self.setup("--club", club, "--tables", ",".join(tables), "--port", str(self.port),
                   "--bind", "127.0.0.1")
        self.data = root / "var/lib/mosquitto"
        self.data.mkdir(parents=True, exist_ok=True)
        self.log = root / "mosquitto.log"
        self.main = root / "mosquitto.conf"
        # Debian's main file, the log where a test reads it: the set-up's files send it to the
        # journal at their levels; here, with no journal (no /dev/log: glibc's syslog() then
        # tries to connect at every line, which slows the broker twentyfold), to a file.
        self.main.write_text(
            f"user {pwd.getpwuid(os.getuid()).pw_name}\n"
            f"persistence_location {self.data}/\n"
            f"include_dir {root / 'etc/mosquitto/conf.d'}\n"
            f"log_dest none\nlog_dest file {self.log}\n")
        self.process: subprocess.Popen[bytes] | None = None

    def setup(self, *args: str) -> subprocess.CompletedProcess[str]:
        """Run deploy/club/setup-broker.sh on this broker's files, as a club owner would."""
        return subprocess.run([str(SETUP), *args, "--no-restart"], check=True, env=self.env,
                              capture_output=True, text=True, timeout=30)

    def with_tls(self, certs: Path) -> int:
        """Add the TLS listener (``certs``: what :func:`make_certs` made) as the docs say, bound
        to loopback by hand (the edit a rerun must keep); its port."""
        self.tls_port = free_port()
        self.setup("--tls-cert", str(certs / "server.crt"), "--tls-key", str(certs / "server.key"),
                   "--tls-port", str(self.tls_port))
        self.conf.write_text(self.conf.read_text().replace(f"listener {self.tls_port}\n",
                                                           f"listener {self.tls_port} 127.0.0.1\n"))
        return self.tls_port

    @property
    def conf(self) -> Path:
        return self.root / "etc/mosquitto/conf.d/pitchpad.conf"

    def password(self, user: str) -> str:
        return (self.root / "etc/pitchpad/club" / f"{user}.password").read_text().strip()

    def broker(self, user: str, password: str | None = None, **options) -> Broker:
        return Broker(host="127.0.0.1", port=self.port, username=user,
                      password=self.password(user) if password is None else password,
                      keepalive=5, reconnect_max=1, **options)

    def unit(self, table: str, *, as_table: str | None = None) -> ClubConfig:
        """A unit's config for ``table`` (with ``as_table``: the credentials of another)."""
        return ClubConfig(self.club, table, self.broker(as_table or table))

    def start(self) -> None:
        self.process = subprocess.Popen([self.binary, "-c", str(self.main)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if not wait_until(self._accepting, 10):
            self.kill()
            raise RuntimeError(f"mosquitto did not start: {self.log.read_text()[-500:]}")

    def _accepting(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                return True
        except OSError:
            return False

    def kill(self) -> None:
        self._end(signal.SIGKILL)

    def stop(self) -> None:
        self._end(signal.SIGTERM)

    def _end(self, sig: int) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(10)
        self.process = None


class LeagueRig:
    """``pitchpad league``'s parts in this process: the SQLite store, the MQTT service (a real
    paho client on the real broker) and the page server (Tornado, its own thread and loop) on a
    free loopback port. ``restart()`` stops all three and starts them again on the same file."""

    def __init__(self, broker: Mosquitto, db: Path, service_options=None, **site_options) -> None:
        self.broker = broker
        self.db = db
        self.service_options = service_options or {}
        self.site_options = site_options
        self.port = 0
        self._open()

    def _open(self) -> None:
        import threading

        from firmware.league.server import LeagueService, Site
        from firmware.league.standings import League

        self.league = League(self.db)
        self.service = LeagueService(self.league, self.broker.club, self.broker.broker("league"),
                                     **self.service_options)
        self.site = Site(self.league, self.broker.club, ("127.0.0.1", self.port), service=self.service,
                         **self.site_options)
        self.port = self.site.address[1]
        self.url = f"http://127.0.0.1:{self.port}/"
        self._thread = threading.Thread(target=self.site.run, daemon=True, name="league-site")

    def start(self) -> LeagueRig:
        self._thread.start()
        assert self.site.ready.wait(10), "the page server did not start"
        self.service.start()
        assert self.service.connected.wait(10), "the league did not connect"
        return self

    def stop(self) -> None:
        self.service.stop()
        self.site.stop()
        self._thread.join(10)
        self.league.close()

    def restart(self) -> LeagueRig:
        self.stop()
        self._open()
        return self.start()

    def count(self) -> int:
        return self.league.count()


def raw_client(mosquitto, user: str, *, client_id: str = "", password: str | None = None,
               protocol=None, **callbacks):
    """A plain paho client logged in as ``user``: a table misbehaving."""
    import paho.mqtt.client as mqtt

    protocol = mqtt.MQTTv5 if protocol is None else protocol
    broker = mosquitto.broker(user, password)
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id or f"probe-{time.monotonic_ns()}",
                         protocol=protocol)
    client.username_pw_set(broker.username, broker.password)
    for name, callback in callbacks.items():
        setattr(client, name, callback)
    client.connect(broker.host, broker.port, keepalive=5)
    client.loop_start()
    return client


def tls_snippet() -> str:
    """The docs' commands that make the club's CA and the broker's certificate
    (docs/club.md, "TLS"), as a club owner copies them."""
    text = (REPO / "docs" / "club.md").read_text()
    start = text.index("```sh\n", text.index("Make a CA and a server certificate"))
    return text[start + 6:text.index("```", start + 6)]


def make_certs(folder: Path, name: str) -> Path:
    """Run the docs' snippet (POSIX sh) in ``folder`` for the broker's ``name`` (the lines
    with sudo left out: they install the files); returns ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    script = "\n".join(line.replace("    ", "", 1) if line.startswith("    ") else line
                       for line in tls_snippet().replace("league.local", name).splitlines()
                       if "sudo " not in line)
    subprocess.run(["sh", "-e", "-c", script], cwd=folder, check=True, capture_output=True, timeout=60)
    return folder


def result_message(table: str, number: int, players=(("red", "ana", 2), ("blue", "ben", 1)),
                   game: str = "chifootmi", club: str = "cafe"):
    """A finished match's message as a unit makes it (the first player wins unless tied)."""
    from firmware.club.messages import Player, Result, outcomes

    best = max(score for _, _, score in players)
    top = [seat for seat, _, score in players if score == best]
    winner = top[0] if len(top) == 1 else "draw"
    outcome = outcomes([seat for seat, _, _ in players], winner)
    return Result(id=f"{club}/{table}/2026-11-23T20:{number // 60:02d}:{number % 60:02d}/{number}",
                  game=game, level="pro", finished=f"2026-11-23T20:{number // 60 % 60:02d}:00",
                  players=tuple(Player(seat, name, score, outcome[seat])
                                for seat, name, score in players))
