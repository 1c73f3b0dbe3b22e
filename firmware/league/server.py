"""``pitchpad league``: the club's standings, from the tables' results over MQTT, on a web page.

One process, on one of the Pis or any machine of the club, two threads:

- **paho-mqtt's network thread** takes the messages (a persistent MQTT session, so results
  published while the league was off wait in the broker), checks them (:mod:`firmware.club.messages`
  for the form, :mod:`firmware.league.rules` for the game and its rules), writes them to SQLite
  (:mod:`firmware.league.standings`) and only then acknowledges them, to the broker (manual
  PUBACK) and to the table (a receipt on its ``ack`` topic, which clears the unit's outbox).
  **Every message is acknowledged**, whatever happens: one the league cannot use (malformed,
  nonsense, too long, too deep, or one that made the handler fail in any way) is set aside in
  SQLite for a person to read (``pitchpad league admin rejected``), logged in one line naming
  the table, and never delivered again, so nothing one table sends can stop another's.
- **Tornado's event loop** (the main thread) serves the pages (:mod:`firmware.league.page`,
  its handlers in :mod:`firmware.league.web`):
  ``/`` and ``/tv``, ``/api/state`` (the whole state as JSON), ``/events`` (Server-Sent Events:
  the state on every change), ``/results`` and ``/results.csv``. Every connection, idle or
  following the stream, is a socket in that one loop, not a thread; how many, from whom and
  for how long is :mod:`firmware.league.connections`' to say (500 at once, 24 from one
  address, the longest idle closed to make room, 10 s to send a request, 431 for a head over
  8 KiB), and :data:`MAX_STREAMS` of them may follow the stream.
  Every answer carries a Content-Security-Policy (only the page's own files), X-Frame-Options,
  nosniff and no-referrer headers; HEAD answers as GET without the body; the Server header
  names only "PitchPad league". Once a second the loop also looks for changes made by
  ``pitchpad league admin`` in the SQLite file (its ``data_version``), so pages follow them and
  the club's list of players goes to the units.
"""
from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

from firmware.club import messages
from firmware.league.changes import MAX_STREAMS, Changes, log
from firmware.league.flood import FloodWatch
from firmware.league.rules import check_live, check_result

SESSION_EXPIRY = 7 * 24 * 3600
"""How long the broker keeps the league's session (and the results queued for it) while the
league is off: a week."""
MAX_PACKET = 16384
"""The largest MQTT packet the league takes (told to the broker when it connects, which then
never sends it a bigger one); the broker's own ``max_packet_size`` is the same."""


def players_payload(names: list[str]) -> bytes:
    return json.dumps({"v": 1, "names": names}, ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")


class LeagueService:
    """The MQTT side: subscribe, check, record, acknowledge; publish the club's players."""

    def __init__(self, league: Any, club: str, broker: Any, *, client_id: str | None = None,
                 flood: FloodWatch | None = None) -> None:
        from firmware.club.publisher import Takeovers, mqtt_client  # paho-mqtt, the league extra

        self.league = league
        self.club = club
        self.broker = broker
        self.messages = messages
        # The broker names the client after its user (use_username_as_clientid): the id asked
        # for here only matters on a broker set up otherwise.
        self.client = mqtt_client(broker, client_id or f"pitchpad-league-{club}", manual_ack=True)
        self.client.on_connect = self._on_connect
        self.client.on_message = self._on_message
        self.client.on_disconnect = self._on_disconnect
        self.client.on_connect_fail = self._on_connect_fail
        self.client.on_subscribe = self._on_subscribe
        self.client.on_publish = self._on_publish
        self.connected = threading.Event()
        """Set once subscribed: every table's messages reach the league."""
        self.received = 0
        self.takeover = Takeovers()
        self._takeover_said = -60.0
        self.stopping = False
        self.flood = flood or FloodWatch()
        self._players_sent: bytes | None = None
        self._clearing: dict[int, str] = {}
        """Retained messages being cleared, by the publish's mid."""
        self._refusal_said = -60.0

    def start(self) -> None:
        from paho.mqtt.packettypes import PacketTypes
        from paho.mqtt.properties import Properties

        props = Properties(PacketTypes.CONNECT)
        props.SessionExpiryInterval = SESSION_EXPIRY
        props.MaximumPacketSize = MAX_PACKET
        self.client.connect_async(self.broker.host, self.broker.port, keepalive=self.broker.keepalive,
                                  clean_start=False, properties=props)
        self.client.loop_start()

    def stop(self) -> None:
        self.stopping = True
        self.client.disconnect()
        self.client.loop_stop()

    # ----- paho's network thread ----------------------------------------------------------------
    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        if reason.is_failure:
            log.error("league: the broker %s:%d refused the league (%s)", self.broker.host,
                      self.broker.port, reason)
            return
        if self.takeover.connected():
            self._taken_over()
        from paho.mqtt.subscribeoptions import SubscribeOptions

        # Retain as published: a retained message says so, and the league clears it (below);
        # no local: the league does not hear its own clearing.
        options = SubscribeOptions(qos=1, noLocal=True, retainAsPublished=True)
        root = self.messages.ROOT
        client.subscribe([(f"{root}/{self.club}/+/result", options), (f"{root}/{self.club}/+/live", options)])
        log.info("league: connected to %s:%d, club %s", self.broker.host, self.broker.port, self.club)

    def _on_subscribe(self, client: Any, userdata: Any, mid: int, reasons: Any, properties: Any) -> None:
        """Subscribed: the league hears every table from now on."""
        if any(getattr(reason, "is_failure", False) for reason in reasons):
            log.error("league: the broker refused the league's subscriptions (%s): check the ACL "
                      "(setup-broker.sh writes it)", ", ".join(str(r) for r in reasons))
            return
        self.connected.set()
        self._players_sent = None
        self.publish_players()

    def _on_disconnect(self, client: Any, userdata: Any, flags: Any, reason: Any,
                       properties: Any) -> None:
        if self.stopping:
            pass
        elif self.takeover.closed(reason, flags):
            self._taken_over()
        elif self.connected.is_set():
            log.warning("league: lost the broker (%s); reconnecting", reason)
        self.connected.clear()

    def _on_connect_fail(self, client: Any, userdata: Any) -> None:
        self.takeover.failed()

    @property
    def takeovers(self) -> int:
        return int(self.takeover.count)

    def _taken_over(self) -> None:
        now = time.monotonic()
        if now - self._takeover_said < 60:
            return
        self._takeover_said = now
        log.error("league: another client logged in to the broker as the league's user (%s) and "
                      "took over its session (%d time(s)): is a second pitchpad league running with "
                      "the league's password, or has that password leaked? Change it with "
                      "setup-broker.sh --password league", self.broker.username, self.takeovers)

    def _on_message(self, client: Any, userdata: Any, message: Any) -> None:
        """Whatever the message, and whatever goes wrong with it: acknowledged once handled or
        set aside (a raise here would stop paho's thread, and with it the league)."""
        topic, payload, retained = message.topic, message.payload, bool(message.retain)
        try:
            self.handle(topic, payload, retained=retained)
        except self.messages.BadMessage as exc:
            self._set_aside(topic, payload, str(exc), refused=True)
            ident = getattr(exc, "ident", None)
            if retained:                                 # or it comes back at every restart
                self._clear(topic)
            elif ident is not None:                      # the table stops resending it
                self._receipt(topic, ident)
        except Exception as exc:                         # a bug, a full disk: still no blockage
            self._set_aside(topic, payload, f"{type(exc).__name__}: {exc}", refused=False,
                            trace=traceback.format_exc(limit=8))
        try:
            client.ack(message.mid, message.qos)
        except Exception as exc:                         # the connection went meanwhile
            log.warning("league: could not acknowledge a message on %s (%s)", topic, exc)

    def handle(self, topic: str, payload: bytes, *, retained: bool = False) -> None:
        """Check and record one message (:class:`BadMessage` when the league cannot use it). A
        retained result is refused: a unit publishes a result once, never retained, and the
        broker would hand a retained one to the league again at every restart."""
        messages = self.messages
        club, table, kind = messages.parse_topic(topic)
        if club != self.club:
            raise messages.BadMessage(f"club {club!r} is not this league's")
        if kind == "result" and retained:
            raise messages.BadMessage("a retained result (a unit never retains one): cleared from "
                                      "the broker, so it does not come back")
        if kind == "result":
            result = messages.read_result(payload, club, table)
            try:
                check_result(result, self.league.clock())
                if self.league.add_result(club, table, result):
                    self.flood.result(table)
            except messages.BadMessage as exc:
                exc.ident = result.id
                raise
            self.received += 1
            self._receipt(topic, result.id)
        elif kind == "live":
            live = messages.read_live(payload) if payload else None
            if live is not None:
                check_live(live)
            self.league.set_live(club, table, live)
        else:
            raise messages.BadMessage(f"{kind!r} is the league's to send, not a table's")

    def _clear(self, topic: str) -> None:
        """Delete the retained message on ``topic`` (an empty retained payload): garbage a table
        left there would otherwise come to the league at every (re)subscription."""
        info = self.client.publish(topic, b"", qos=1, retain=True)
        self._clearing[info.mid] = topic

    def _on_publish(self, client: Any, userdata: Any, mid: int, reason: Any, properties: Any) -> None:
        """The broker's answer to one of the league's publishes: a refusal (the ACL) is said
        once a minute at most."""
        topic = self._clearing.pop(mid, None)
        if reason is None or not reason.is_failure:
            return
        now = time.monotonic()
        if now - self._refusal_said < 60:
            return
        self._refusal_said = now
        what = f"clear the retained message on {topic}" if topic else "publish (a receipt or the players)"
        log.error("league: the broker would not let the league %s (%s): run deploy/club/setup-broker.sh "
                  "again, it gives the league the rights it needs", what, reason)

    def _receipt(self, topic: str, ident: str) -> None:
        club, table, _ = self.messages.parse_topic(topic)
        self.client.publish(self.messages.topic(club, table, "ack"), self.messages.ack_payload(ident), qos=1)

    def _set_aside(self, topic: str, payload: bytes, why: str, *, refused: bool, trace: str = "") -> None:
        parts = topic.split("/")
        table = parts[2] if len(parts) == 4 else "?"
        kind = parts[3] if len(parts) == 4 else "message"
        try:
            new = self.league.set_aside(table, topic, payload, why + (f"\n{trace}" if trace else ""))
        except Exception as exc:                         # the file itself fails: say so, go on
            log.error("league: could not set aside a %s from table %s (%s: %s); it is acknowledged "
                      "all the same", kind, table, type(exc).__name__, exc)
            return
        speak = self.flood.set_aside(table)
        if not new or not speak:
            return
        if refused:
            log.warning("league: refused a %s from table %s: %s (set aside: pitchpad league admin "
                        "rejected)", kind, table, why)
        else:
            log.error("league: could not handle a %s from table %s (%s); set aside (pitchpad league "
                      "admin rejected shows it whole) and acknowledged", kind, table, why)

    def publish_players(self) -> None:
        """The club's list of players, retained, for the units (when it changed)."""
        payload = players_payload(self.league.players())
        if payload == self._players_sent or not self.connected.is_set():
            return
        info = self.client.publish(self.messages.players_topic(self.club), payload, qos=1, retain=True)
        if info.rc == 0:
            self._players_sent = payload


# ----- the pages ------------------------------------------------------------------------------
class Site:
    """The league's page server on its own event loop, for ``pitchpad league`` (in the main
    thread) or a test (in a thread of its own): :meth:`run` until :meth:`stop`."""

    def __init__(self, league: Any, club: str, address: tuple[str, int], *,
                 service: LeagueService | None = None, max_streams: int = MAX_STREAMS,
                 check_every: float = 1.0, **limits: Any) -> None:
        from tornado.netutil import bind_sockets

        self.league = league
        self.club = club
        self.service = service
        self.sockets = bind_sockets(address[1], address[0] or None, family=socket.AF_INET, backlog=128)
        self.address = self.sockets[0].getsockname()[:2]
        self.limits = limits
        """:func:`firmware.league.connections.make_server`'s (``max_connections``,
        ``max_per_client``, ``header_timeout``): a test's smaller ones."""
        self.max_streams = max_streams
        self.check_every = check_every
        self.loop: Any = None
        self.server: Any = None
        self.ready = threading.Event()

    def run(self, started: Callable[[], None] | None = None) -> None:
        asyncio.run(self._serve(started))

    async def _serve(self, started: Callable[[], None] | None) -> None:
        from tornado.ioloop import IOLoop, PeriodicCallback

        self.loop = IOLoop.current()
        self.stopped = asyncio.Event()
        changes = Changes(self.league, self.club, self.loop)
        self.league.listeners.append(changes.notify)
        from firmware.league.connections import make_server  # Tornado: the league extra
        from firmware.league.web import make_app

        self.server = make_server(make_app(self.league, self.club, changes, max_streams=self.max_streams),
                                  **self.limits)
        self.server.add_sockets(self.sockets)
        check = PeriodicCallback(self._outside_change, self.check_every * 1000)
        check.start()
        self.ready.set()
        if started is not None:
            started()
        await self.stopped.wait()
        check.stop()
        self.server.stop()
        self.league.listeners.remove(changes.notify)
        await asyncio.wait_for(self.server.close_all_connections(), 5)

    def _outside_change(self) -> None:
        try:
            if self.league.outside_change() and self.service is not None:
                self.service.publish_players()
        except Exception as exc:                       # never let the check end the loop
            log.error("league: could not look for changes in the league's file (%s)", exc)

    def stop(self) -> None:
        """From any thread (a signal handler included)."""
        if self.loop is not None:
            self.loop.add_callback(lambda: self.stopped.set())
