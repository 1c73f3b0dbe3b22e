"""The unit's side of club play: finished matches and live scores to the club's broker.

The console's loop only ever calls :meth:`Publisher.result` (one durable append to the outbox,
then a wake-up) and :meth:`Publisher.live` (a wake-up): neither touches the network, so play
never waits for it. A sender thread of ours publishes, and paho-mqtt's own network thread
(``loop_start``) connects, reconnects with back-off while the broker is away, and reads the
league's receipts.

- Results: QoS 1 to ``pitchpad/<club>/<table>/result``; a result stays in the outbox until the
  league's receipt comes back on ``.../ack``; it is sent again on every reconnect and every
  :attr:`Publisher.resend_after` seconds until then. The league counts an id once.
- Live: the latest score only (an older one is worth nothing), QoS 1 and retained on
  ``.../live``, so a league page opened mid-match shows it; cleared (an empty retained payload)
  when the match ends.
- MQTT 5, so a publish the broker refuses (a unit configured with another table's name: the
  ACL says no) comes back with a reason code and is logged, once, in plain words.
- What stands between the unit and the league is kept in :attr:`Publisher.status`, in plain
  words (the broker's name unknown, nothing answering, a certificate not signed by the club's
  CA or made for another name, a password refused, another unit taking turns with this table's
  connection), logged once when it changes, and written to ``club-status.json`` in the state
  directory for ``pitchpad doctor``; the console's menu shows it (``ClubLink.trouble``).
- The club's list of players (``pitchpad/<club>/players``, retained, from the league) is kept
  in ``club-players.json`` in the state directory: the pads offer those names.
"""
from __future__ import annotations

import json
import logging
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.properties import Properties
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.reasoncodes import ReasonCode

from firmware.club import messages
from firmware.club.config import Broker, ClubConfig
from firmware.club.outbox import Outbox
from firmware.club.reach import why_unreachable
from firmware.storage import durable
from firmware.storage.roster import valid

log = logging.getLogger("pitchpad.club")
_CLEAR = object()
"""The live score to send is "nothing on now"."""


STATUS_FILE = "club-status.json"
PLAYERS_FILE = "club-players.json"
TAKEN_OVER = 142
"""MQTT 5's "session taken over" (a broker that says so; Mosquitto 2.0.11 just closes)."""
BOUNCES = 2
"""Connections closed by the broker and taken back at the first try, within a minute, that
mean another client is logging in as this one (the broker closes the older connection)."""


class Takeovers:
    """Tells a connection taken over by another client logging in as the same user (the
    broker keeps one connection per client id, and names clients after their users): either
    the broker says so (MQTT 5 reason 142), or the connection keeps being closed by the broker
    and taken back at the first try, :data:`BOUNCES` times within a minute (Mosquitto 2.0.11
    closes without a word). A broker restarting or away makes the next attempt fail: no count."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._lost_at: float | None = None
        self._bounces: list[float] = []
        self.count = 0
        """Takeovers seen."""

    def closed(self, reason: Any, flags: Any) -> bool:
        """The connection closed; True when the broker said it was taken over."""
        if getattr(reason, "value", None) == TAKEN_OVER and getattr(flags, "is_disconnect_packet_from_server", False):
            self._bounces = [self.clock()] * BOUNCES
            self.count += 1
            return True
        self._lost_at = self.clock()
        return False

    def failed(self) -> None:
        """A connection attempt failed: the broker was away, not taken."""
        self._lost_at = None

    def connected(self) -> bool:
        """Connected again; True when that makes a takeover."""
        now = self.clock()
        bounced = self._lost_at is not None and now - self._lost_at < 10
        self._lost_at = None
        self._bounces = [t for t in self._bounces if now - t < 60] + ([now] if bounced else [])
        if bounced and len(self._bounces) >= BOUNCES:
            self.count += 1
            return True
        return False

    @property
    def recent(self) -> bool:
        """A takeover within the last minute."""
        return len(self._bounces) >= BOUNCES and self.clock() - self._bounces[-1] < 60


class _Client(mqtt.Client):
    """paho's client, keeping why the last connection attempt failed (paho's loop only
    retries): the unit says it in plain words."""

    last_error: BaseException | None = None

    def reconnect(self) -> mqtt.MQTTErrorCode:
        try:
            rc = super().reconnect()
        except OSError as exc:
            self.last_error = exc
            raise
        self.last_error = None
        return rc


def mqtt_client(broker: Broker, client_id: str, *, manual_ack: bool = False) -> mqtt.Client:
    """A paho-mqtt 2 client for ``broker`` (MQTT 5, credentials, TLS when asked)."""
    client = _Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id,
                     protocol=mqtt.MQTTv5, manual_ack=manual_ack)
    if broker.username:
        client.username_pw_set(broker.username, broker.password)
    if broker.tls:
        client.tls_set(ca_certs=broker.ca_file, tls_version=ssl.PROTOCOL_TLS_CLIENT)
    client.reconnect_delay_set(1, max(1, int(broker.reconnect_max)))
    return client


@dataclass(frozen=True)
class LinkStatus:
    """What stands between this unit and the league, in plain words."""

    state: str
    """``connecting``, ``connected``, ``unreachable``, ``tls``, ``refused`` or ``taken_over``."""
    text: str
    since: float
    """Wall time of the change."""
    pending: int = 0
    """Results in the outbox, waiting for the league."""

    @property
    def trouble(self) -> bool:
        return self.state not in ("connecting", "connected")


class Publisher:
    """Sends one unit's results and live score; :meth:`start` it once, :meth:`stop` at exit."""

    def __init__(self, config: ClubConfig, state_dir: str | Path, *,
                 clock: Callable[[], float] = time.monotonic, resend_after: float = 60.0) -> None:
        self.config = config
        self.outbox = Outbox(state_dir)
        self.clock = clock
        self.resend_after = resend_after
        self.result_topic = messages.topic(config.club, config.table, "result")
        self.live_topic = messages.topic(config.club, config.table, "live")
        self.ack_topic = messages.topic(config.club, config.table, "ack")
        self.players_topic = messages.players_topic(config.club)
        self.state_dir = Path(state_dir)
        self.client = mqtt_client(config.broker, f"pitchpad-{config.club}-{config.table}")
        self.client.on_connect = self._on_connect
        self.client.on_connect_fail = self._on_connect_fail
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self.client.on_publish = self._on_publish
        self.status = LinkStatus("connecting", f"connecting to {config.broker.host}:{config.broker.port}",
                                 time.time())
        self._status_written: LinkStatus | None = None
        """What club-status.json says (the status and the results waiting)."""
        self.takeovers = Takeovers()
        self.failed_attempts = 0
        """Connection attempts that failed (each retry; the log says it once)."""
        self.players: list[str] = _read_players(self.state_dir / PLAYERS_FILE)
        """The club's list of players (from the league), kept for when the broker is away."""
        # A unit that vanishes mid-match (power cut, network gone) leaves no stale live score:
        # the broker publishes this empty retained message for it after the keep-alive.
        self.client.will_set(self.live_topic, b"", qos=1, retain=True)
        self.connected = False
        self.refused = 0
        """Publishes the broker refused (not authorised: the ACL)."""
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._sent_at: dict[str, float] = {}
        """When each pending result was last published (cleared on every reconnect)."""
        self._live: Any = _CLEAR
        """What to send on ``live``: cleared at start (a power cut mid-match left one behind)."""
        self._live_sent: Any = None
        self._in_flight: dict[int, str] = {}
        self._thread: threading.Thread | None = None

    # ----- what the console calls (never blocks on the network) ------------------------------
    def result(self, result: messages.Result) -> None:
        """A finished match: durable in the outbox on return, sent when the broker can be had."""
        self.outbox.add(result.to_json())
        self._wake.set()

    def live(self, live: messages.Live | None) -> None:
        """The score of the match on now (None: no match on now)."""
        with self._lock:
            self._live = _CLEAR if live is None else live.payload()
        self._wake.set()

    # ----- life cycle ---------------------------------------------------------------------------
    def start(self) -> None:
        broker = self.config.broker
        self.client.connect_async(broker.host, broker.port, keepalive=broker.keepalive)
        self.client.loop_start()
        self._thread = threading.Thread(target=self._run, name="pitchpad-club", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        """Stop sending. A unit that stops cleanly (Esc in the simulator, SIGTERM from systemd)
        first says its table is idle: the empty live score, waited for up to ``timeout``, then a
        disconnect that asks the broker for the will as well (MQTT 5's reason 4; a plain
        disconnect discards it), so no live card stays on the league's page."""
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
        if self.connected:
            try:
                self.client.publish(self.live_topic, b"", qos=1, retain=True).wait_for_publish(timeout)
            except (RuntimeError, ValueError) as exc:   # the connection went meanwhile: the will
                log.info("club: could not say the table is idle (%s)", exc)
        self.client.disconnect(reasoncode=ReasonCode(PacketTypes.DISCONNECT, "Disconnect with will message"))
        self.client.loop_stop()

    def __enter__(self) -> Publisher:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # ----- the sender thread ------------------------------------------------------------------
    def _run(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(timeout=min(5.0, self.resend_after))
            self._wake.clear()
            self._write_status()
            if self.connected:
                try:
                    self._send()
                except Exception:                   # never let the sender die silently
                    log.exception("club: sending failed; trying again later")

    def _send(self) -> None:
        now = self.clock()
        for doc in self.outbox.pending():
            ident = doc["id"]
            sent = self._sent_at.get(ident)
            if sent is not None and now - sent < self.resend_after:
                continue
            info = self.client.publish(self.result_topic, messages._dump(doc), qos=1)
            if info.rc != mqtt.MQTT_ERR_SUCCESS:
                return                               # disconnected meanwhile: on_connect resends
            self._sent_at[ident] = now
            with self._lock:
                self._in_flight[info.mid] = ident
        with self._lock:
            live = self._live
        if live is not None and live is not self._live_sent:
            payload = b"" if live is _CLEAR else live
            if self.client.publish(self.live_topic, payload, qos=1, retain=True).rc == mqtt.MQTT_ERR_SUCCESS:
                self._live_sent = live

    # ----- what stands between the unit and the league -----------------------------------------
    def _set_status(self, state: str, text: str) -> None:
        """Keep (and log, once) a change of status; a connection taken over stays said for a
        minute through the reconnections it causes."""
        old = self.status
        if (state, text) == (old.state, old.text):
            return
        if old.state == "taken_over" and state == "connected" and self.takeovers.recent:
            return
        self.status = LinkStatus(state, text, time.time(), len(self.outbox))
        if state == "connected":
            if old.trouble:
                log.info("club: the broker is back (%s)", text)
        elif state != "connecting":
            log.error("club: %s; results wait in the outbox (%d now)", text, len(self.outbox))
        self._wake.set()                             # the sender thread writes the status file

    def _write_status(self) -> None:
        status = replace(self.status, pending=len(self.outbox))
        if status == self._status_written:
            return
        self._status_written = status
        doc = {**asdict(status), "table": self.config.table, "club": self.config.club,
               "broker": f"{self.config.broker.host}:{self.config.broker.port}",
               "pending": len(self.outbox)}
        durable.replace(self.state_dir / STATUS_FILE, json.dumps(doc, ensure_ascii=False).encode())

    # ----- paho's network thread ----------------------------------------------------------------
    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any,
                    properties: Any) -> None:
        broker = self.config.broker
        if reason.is_failure:
            self.failed_attempts += 1
            self._set_status("refused", f"the broker {broker.host}:{broker.port} refused table "
                                        f"{self.config.table} ({reason}): copy the password made for "
                                        f"{self.config.table} to this unit's password_file")
            return
        if self.takeovers.connected():
            self._taken_over()
        log.info("club: connected to %s:%d as table %s; %d result(s) to send",
                 broker.host, broker.port, self.config.table, len(self.outbox))
        client.subscribe([(self.ack_topic, 1), (self.players_topic, 1)])
        self._sent_at.clear()                        # send everything pending again
        self._live_sent = None
        self.connected = True
        self._set_status("connected", f"connected to {broker.host}:{broker.port} as table {self.config.table}")
        self._wake.set()

    def _taken_over(self) -> None:
        self._set_status("taken_over", f"another unit logs in with table {self.config.table}'s "
                                       f"password and takes turns with this one (the broker keeps one "
                                       f"connection per table): give each unit its own table and "
                                       f"password (an SD card cloned?)")

    def _on_connect_fail(self, client: mqtt.Client, userdata: Any) -> None:
        self.takeovers.failed()
        self.failed_attempts += 1
        error = getattr(client, "last_error", None)
        if error is not None:
            self._set_status(*why_unreachable(error, self.config.broker))

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any,
                       properties: Any) -> None:
        if self._stop.is_set():
            pass
        elif self.takeovers.closed(reason, flags):
            self._taken_over()
        else:
            if self.connected and self.status.state != "taken_over":
                log.warning("club: lost the broker (%s); results wait in the outbox", reason)
        self.connected = False

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        try:
            payload = bytes(message.payload)
            if message.topic == self.players_topic:
                self._players(payload)
                return
            ident = messages.read_ack(payload)
            if self.outbox.done(ident):
                self._sent_at.pop(ident, None)
                self._wake.set()                     # club-status.json: one fewer waiting
        except messages.BadMessage:
            log.warning("club: ignored a malformed receipt on %s", message.topic)
        except Exception as exc:                     # never stop paho's thread
            log.error("club: could not handle a message on %s (%s)", message.topic, exc)

    def _players(self, payload: bytes) -> None:
        names = _players_from(payload)
        if names is None:
            log.warning("club: ignored a malformed list of players from the league")
            return
        if names != self.players:
            self.players = names
            durable.replace(self.state_dir / PLAYERS_FILE,
                            json.dumps({"names": names}, ensure_ascii=False).encode("utf-8"))
            log.info("club: the club's list of players has %d name(s)", len(names))

    def _on_publish(self, client: mqtt.Client, userdata: Any, mid: int, reason: Any,
                    properties: Any) -> None:
        with self._lock:
            ident = self._in_flight.pop(mid, None)
        if reason is not None and reason.is_failure:
            self.refused += 1
            if self.refused == 1:
                log.error("club: the broker refused a result of table %s (%s): check this unit's "
                          "table name and password against the broker's ACL", self.config.table,
                          reason)
            if ident is not None:
                self._sent_at[ident] = self.clock() + 10 * self.resend_after


def _players_from(payload: bytes) -> list[str] | None:
    """The names of a players message (the league's), each one a pad can show; None if it is
    not one."""
    if len(payload) > 16384 or messages.nesting(payload, 3) > 3:
        return None
    try:
        doc = json.loads(payload.decode("utf-8")) if payload else {"names": []}
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    names = doc.get("names") if isinstance(doc, dict) else None
    if not isinstance(names, list):
        return None
    kept: list[str] = []
    for name in names:
        if isinstance(name, str) and valid(name) and name not in kept:
            kept.append(name)
    return kept


def _read_players(path: Path) -> list[str]:
    try:
        return _players_from(path.read_bytes()) or []
    except OSError:
        return []


def session_properties(expiry: int) -> Properties:
    """CONNECT properties keeping the session (and queued QoS 1 messages) for ``expiry`` s."""
    props = Properties(PacketTypes.CONNECT)
    props.SessionExpiryInterval = expiry
    return props
