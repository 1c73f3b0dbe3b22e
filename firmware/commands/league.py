"""``pitchpad league``: the club's league server (:mod:`firmware.league.server`) from the command line."""
from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
from pathlib import Path
from typing import Any

from firmware.league.server import LeagueService, log, make_server


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "league", help="the club's league: standings from every table, on a web page",
        description="Subscribe to the club's MQTT broker, keep the standings in SQLite and serve "
                    "a page with them (needs the 'club' extra: pip install pitchpad[club]).")
    parser.add_argument("--club", required=True, help="the club's name, as in the units' club.toml")
    parser.add_argument("--broker", default="localhost", help="the broker's host (default localhost)")
    parser.add_argument("--port", type=int, default=None, help="default 1883, 8883 with --tls")
    parser.add_argument("--username", default="league", help="the league's broker user (default league)")
    parser.add_argument("--password-file", help="a file holding the league user's password")
    parser.add_argument("--tls", action="store_true", help="TLS to the broker")
    parser.add_argument("--ca-file", help="the club's CA certificate (with --tls)")
    parser.add_argument("--db", default="/var/lib/pitchpad/league.sqlite",
                        help="the SQLite file (default /var/lib/pitchpad/league.sqlite)")
    parser.add_argument("--listen", default="0.0.0.0:8080",
                        help="the page's address and port (default 0.0.0.0:8080)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        from firmware.club.config import Broker, ClubConfigError, read_password
        from firmware.club.messages import check_name
        from firmware.league.standings import League
        import paho.mqtt.client  # noqa: F401  (the club extra)
    except ImportError as exc:
        print(f"pitchpad league: {exc.name} is missing: install the club extra "
              "(pip install 'pitchpad[club]')", file=sys.stderr)
        return 2
    try:
        check_name("club", args.club)
        password = read_password(args.password_file, "league") if args.password_file else None
        host, _, port = args.listen.rpartition(":")
        if not port.isdigit() or not 0 <= int(port) < 65536:
            raise ValueError(f"--listen {args.listen!r}: give ADDRESS:PORT, e.g. 0.0.0.0:8080")
        address = (host or "0.0.0.0", int(port))
    except (ValueError, ClubConfigError) as exc:
        print(f"pitchpad league: {exc}", file=sys.stderr)
        return 2
    broker = Broker(host=args.broker, port=args.port or (8883 if args.tls else 1883),
                    username=args.username, password=password, tls=args.tls, ca_file=args.ca_file)
    try:
        Path(args.db).parent.mkdir(parents=True, exist_ok=True)
        league = League(args.db)
        server = make_server(league, args.club, address)
    except (OSError, Exception) as exc:  # sqlite3.Error, an address in use
        print(f"pitchpad league: {exc}", file=sys.stderr)
        return 2
    service = LeagueService(league, args.club, broker)
    service.start()
    signal.signal(signal.SIGTERM, lambda *_: threading.Thread(target=server.shutdown).start())
    log.info("league: the page is on http://%s:%d/", *server.server_address[:2])
    try:
        server.serve_forever(poll_interval=0.5)
    finally:
        server.closing = True  # type: ignore[attr-defined]
        service.stop()
        server.server_close()
        league.close()
    return 0
