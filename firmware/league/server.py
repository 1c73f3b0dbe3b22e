"""``pitchpad league``: the club's standings, from the tables' results over MQTT, on a web page.

One process, on one of the Pis or any machine of the club: paho-mqtt's network thread takes
the messages (a persistent MQTT session, so results published while the league was off wait
in the broker), writes them to SQLite (:mod:`firmware.league.standings`) and only then
acknowledges them, to the broker (manual PUBACK) and to the table (a receipt on its ``ack``
topic, which clears the unit's outbox). A message that cannot be read is logged in one line,
acknowledged (so it is not redelivered for ever) and ignored: the league goes on.

The page (:mod:`firmware.league.page`) is served by the standard library's threaded HTTP server:
``/`` the page, ``/api/state`` the whole state as JSON, ``/events`` a Server-Sent Events stream
that pushes the state on every change (the page falls back to polling where it cannot).
"""
from __future__ import annotations

import json
import logging
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

log = logging.getLogger("pitchpad.league")
HEARTBEAT = 15.0
SESSION_EXPIRY = 7 * 24 * 3600
"""How long the broker keeps the league's session (and the results queued for it) while the
league is off: a week."""


class LeagueService:
    """The MQTT side: subscribe, record, acknowledge."""

    def __init__(self, league: Any, club: str, broker: Any, *, client_id: str | None = None) -> None:
        from firmware.club import messages
        from firmware.club.publisher import mqtt_client

        self.league = league
        self.club = club
        self.broker = broker
        self.messages = messages
        self.client = mqtt_client(broker, client_id or f"pitchpad-league-{club}", manual_ack=True)
        self.client.on_connect = self._on_connect
        self.client.on_message = self._on_message
        self.client.on_disconnect = self._on_disconnect
        self.connected = threading.Event()
        self.received = 0
        self.stopping = False

    def start(self) -> None:
        from firmware.club.publisher import session_properties

        self.client.connect_async(self.broker.host, self.broker.port, keepalive=self.broker.keepalive,
                                  clean_start=False, properties=session_properties(SESSION_EXPIRY))
        self.client.loop_start()

    def stop(self) -> None:
        self.stopping = True
        self.client.disconnect()
        self.client.loop_stop()

    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        if reason.is_failure:
            log.error("league: the broker %s:%d refused the league (%s)", self.broker.host,
                      self.broker.port, reason)
            return
        root = self.messages.ROOT
        client.subscribe([(f"{root}/{self.club}/+/result", 1), (f"{root}/{self.club}/+/live", 1)])
        log.info("league: connected to %s:%d, club %s", self.broker.host, self.broker.port, self.club)
        self.connected.set()

    def _on_disconnect(self, client: Any, userdata: Any, flags: Any, reason: Any,
                       properties: Any) -> None:
        if self.connected.is_set() and not self.stopping:
            log.warning("league: lost the broker (%s); reconnecting", reason)
        self.connected.clear()

    def _on_message(self, client: Any, userdata: Any, message: Any) -> None:
        try:
            self.handle(message.topic, message.payload)
        except self.messages.BadMessage as exc:
            self.league.note_ignored()
            log.warning("league: ignored a malformed message on %s: %s", message.topic, exc)
        except Exception:
            log.exception("league: could not record a message on %s; it will come again",
                          message.topic)
            return                                  # no PUBACK: the broker delivers it again
        client.ack(message.mid, message.qos)

    def handle(self, topic: str, payload: bytes) -> None:
        messages = self.messages
        club, table, kind = messages.parse_topic(topic)
        if club != self.club:
            raise messages.BadMessage(f"club {club!r} is not this league's")
        if kind == "result":
            result = messages.read_result(payload, club, table)
            self.league.add_result(club, table, result)
            self.received += 1
            self.client.publish(messages.topic(club, table, "ack"), messages.ack_payload(result.id),
                                qos=1)
        elif kind == "live":
            self.league.set_live(club, table, messages.read_live(payload) if payload else None)


def make_server(league: Any, club: str, address: tuple[str, int]) -> ThreadingHTTPServer:
    """The page's HTTP server (not started)."""
    from firmware.league.page import PAGE

    class Handler(BaseHTTPRequestHandler):
        server_version = "PitchPadLeague"

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            log.debug("http: " + format, *args)

        def do_GET(self) -> None:  # noqa: N802
            path = self.path.split("?", 1)[0]
            if path == "/":
                self._send(PAGE.encode("utf-8"), "text/html; charset=utf-8")
            elif path == "/api/state":
                self._send(_state(league, club), "application/json")
            elif path == "/events":
                self._events()
            else:
                self.send_error(HTTPStatus.NOT_FOUND)

        def _send(self, body: bytes, kind: str) -> None:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def _events(self) -> None:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            seen = -1
            with league.changed:
                league.streams += 1
            try:
                while not getattr(self.server, "closing", False):
                    with league.changed:
                        if league.version == seen:
                            league.changed.wait(HEARTBEAT)
                        version = league.version
                    if version != seen:
                        seen = version
                        self.wfile.write(b"data: " + _state(league, club) + b"\n\n")
                    else:
                        self.wfile.write(b": still here\n\n")
                    self.wfile.flush()
            except OSError:
                return                               # the browser went away
            finally:
                with league.changed:
                    league.streams -= 1

    server = ThreadingHTTPServer(address, Handler)
    server.daemon_threads = True
    return server


def _state(league: Any, club: str) -> bytes:
    return json.dumps(league.snapshot(club), ensure_ascii=False, separators=(",", ":")).encode()
