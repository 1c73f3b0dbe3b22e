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
"""
from __future__ import annotations

import logging
import ssl
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.properties import Properties
from paho.mqtt.packettypes import PacketTypes

from firmware.club import messages
from firmware.club.config import Broker, ClubConfig
from firmware.club.outbox import Outbox

log = logging.getLogger("pitchpad.club")
_CLEAR = object()
"""The live score to send is "nothing on now"."""


def mqtt_client(broker: Broker, client_id: str, *, manual_ack: bool = False) -> mqtt.Client:
    """A paho-mqtt 2 client for ``broker`` (MQTT 5, credentials, TLS when asked)."""
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id,
                         protocol=mqtt.MQTTv5, manual_ack=manual_ack)
    if broker.username:
        client.username_pw_set(broker.username, broker.password)
    if broker.tls:
        client.tls_set(ca_certs=broker.ca_file, tls_version=ssl.PROTOCOL_TLS_CLIENT)
    client.reconnect_delay_set(1, max(1, int(broker.reconnect_max)))
    return client


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
        self.client = mqtt_client(config.broker, f"pitchpad-{config.club}-{config.table}")
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message
        self.client.on_publish = self._on_publish
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
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout)
        self.client.disconnect()
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

    # ----- paho's network thread ----------------------------------------------------------------
    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any,
                    properties: Any) -> None:
        if reason.is_failure:
            log.warning("club: the broker %s:%d refused table %s (%s)", self.config.broker.host,
                        self.config.broker.port, self.config.table, reason)
            return
        log.info("club: connected to %s:%d as table %s; %d result(s) to send",
                 self.config.broker.host, self.config.broker.port, self.config.table,
                 len(self.outbox))
        client.subscribe(self.ack_topic, qos=1)
        self._sent_at.clear()                        # send everything pending again
        self._live_sent = None
        self.connected = True
        self._wake.set()

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any,
                       properties: Any) -> None:
        if self.connected and not self._stop.is_set():
            log.warning("club: lost the broker (%s); results wait in the outbox", reason)
        self.connected = False

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        try:
            ident = messages.read_ack(message.payload)
        except messages.BadMessage:
            log.warning("club: ignored a malformed receipt on %s", message.topic)
            return
        if self.outbox.done(ident):
            self._sent_at.pop(ident, None)

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


def session_properties(expiry: int) -> Properties:
    """CONNECT properties keeping the session (and queued QoS 1 messages) for ``expiry`` s."""
    props = Properties(PacketTypes.CONNECT)
    props.SessionExpiryInterval = expiry
    return props
