"""``pitchpad league``: the club's league server (:mod:`firmware.league.server`), and
``pitchpad league admin``: a person running the league (:mod:`firmware.league.standings`).

The admin commands work on the league's SQLite file, while the league runs or not (the running
league sees each change within a second: its pages update, and a new list of players goes to
the units). Every change is written to the audit trail with who made it (``--by``, else the
login name: the person behind ``sudo`` when there is one).
"""
from __future__ import annotations

import argparse
import getpass
import json
import logging
import os
import resource
import signal
import sys
import time
from pathlib import Path
from typing import Any

from firmware.club.config import Broker, ClubConfigError, read_password
from firmware.club.messages import check_name, shootout_score
from firmware.league.export import results_csv
from firmware.league.server import LeagueService, Site, log
from firmware.league.standings import AdminError, League


def default_db() -> Path:
    """The service's state directory (systemd's ``StateDirectory=``), else the user's own
    (``~/.local/state/pitchpad-league``): no root needed, never the console's state."""
    state = os.environ.get("STATE_DIRECTORY")
    if state:
        return Path(state.split(":")[0]) / "league.sqlite"
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "pitchpad-league" / "league.sqlite"


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "league", help="the club's league: standings from every table, on a web page",
        description="Subscribe to the club's MQTT broker, keep the standings in SQLite and serve "
                    "a page with them (needs the 'league' extra: pip install 'pitchpad[league]'). "
                    "'pitchpad league admin --help': correct results, seasons, the club's players.")
    parser.add_argument("--club", help="the club's name, as in the units' club.toml (required to serve)")
    parser.add_argument("--broker", default="localhost", help="the broker's host (default localhost)")
    parser.add_argument("--port", type=int, default=None, help="default 1883, 8883 with --tls")
    parser.add_argument("--username", default="league", help="the league's broker user (default league)")
    parser.add_argument("--password-file", help="a file holding the league user's password")
    parser.add_argument("--tls", action="store_true", help="TLS to the broker")
    parser.add_argument("--ca-file", help="the club's CA certificate (with --tls)")
    parser.add_argument("--db", default=None,
                        help="the SQLite file (default: $STATE_DIRECTORY/league.sqlite under "
                             "systemd, else ~/.local/state/pitchpad-league/league.sqlite)")
    parser.add_argument("--listen", default="0.0.0.0:8080",
                        help="the page's address and port (default 0.0.0.0:8080)")
    parser.set_defaults(run=run)
    sub = parser.add_subparsers(dest="league_command", metavar="admin")
    admin = sub.add_parser("admin", help="run the league: results, corrections, seasons, players",
                           description="Change or read the league's SQLite file (--db), while the "
                                       "league runs or not. Every change is in the audit trail.")
    admin.add_argument("--by", default=None, help="who makes the change (default: your login name)")
    actions = admin.add_subparsers(dest="action", metavar="ACTION", required=True)
    results = actions.add_parser("results", help="list results, newest first, with their ids")
    results.add_argument("--game")
    results.add_argument("--period", help="a season's name or a month (YYYY-MM)")
    results.add_argument("--limit", type=int, default=50)
    results.add_argument("--offset", type=int, default=0)
    standings = actions.add_parser("standings", help="the standings (of --period)")
    standings.add_argument("--period")
    correct = actions.add_parser("correct", help="correct a result: scores, names, shoot-out")
    correct.add_argument("id")
    correct.add_argument("--score", action="append", default=[], metavar="SEAT=N")
    correct.add_argument("--name", action="append", default=[], metavar="SEAT=NAME")
    correct.add_argument("--shootout", metavar="SEAT=N,SEAT=N")
    correct.add_argument("--no-shootout", action="store_true")
    delete = actions.add_parser("delete", help="take a result out of the league")
    delete.add_argument("id")
    purge = actions.add_parser(
        "purge", help="take out everything one table sent in a time window (a flood)",
        description="Every result TABLE sent from --from to --to (when the league received them) "
                    "out of the league, and the messages set aside from it then forgotten, at once. "
                    "Without --yes, says what it would take out.")
    purge.add_argument("table")
    purge.add_argument("--from", dest="start", required=True, metavar="WHEN",
                       help="'YYYY-MM-DD HH:MM[:SS]', or 'HH:MM[:SS]' today (the league's clock)")
    purge.add_argument("--to", dest="end", metavar="WHEN", help="the same (default: now)")
    purge.add_argument("--yes", action="store_true", help="take them out")
    merge = actions.add_parser("merge", help="merge two spellings of a name: SPELLING becomes NAME")
    merge.add_argument("spelling")
    merge.add_argument("name")
    season = actions.add_parser("season", help="start a new season, a monthly ladder, or one table "
                                               "for all results, from now on")
    season.add_argument("kind", choices=("start", "monthly", "all"))
    season.add_argument("name", nargs="?", default="", help="the season's name (with start)")
    players = actions.add_parser("players", help="the club's list of players the units offer")
    players.add_argument("change", nargs="?", choices=("add", "remove"))
    players.add_argument("names", nargs="*")
    export = actions.add_parser("export", help="every result as CSV (the notice board, a spreadsheet)")
    export.add_argument("--period")
    export.add_argument("--game")
    export.add_argument("--out", help="a file (default: standard output)")
    audit = actions.add_parser("audit", help="who changed what, newest first")
    audit.add_argument("--limit", type=int, default=50)
    rejected = actions.add_parser("rejected", help="messages the league set aside, and why")
    rejected.add_argument("--limit", type=int, default=50)
    rejected.add_argument("--forget", type=int, metavar="N", help="forget set-aside message N")
    rejected.add_argument("--forget-table", metavar="TABLE",
                          help="forget every message set aside from TABLE")


def _fail(text: str) -> int:
    print(f"pitchpad league: {text}", file=sys.stderr)
    return 2


def _open(args: argparse.Namespace) -> Any:
    path = Path(args.db) if args.db else default_db()
    path.parent.mkdir(parents=True, exist_ok=True)
    return League(path)


def run(args: argparse.Namespace) -> int:
    if getattr(args, "league_command", None) == "admin":
        return run_admin(args)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    try:
        import paho.mqtt.client  # noqa: F401  (the league extra)
        import tornado  # noqa: F401
    except ImportError as exc:
        return _fail(f"{exc.name} is missing: install the league extra (pip install 'pitchpad[league]')")
    try:
        if not args.club:
            raise ValueError("--club: give the club's name, as in the units' club.toml")
        check_name("club", args.club)
        password = read_password(args.password_file, "league") if args.password_file else None
        host, _, port = args.listen.rpartition(":")
        if not port.isdigit() or not 0 <= int(port) < 65536:
            raise ValueError(f"--listen {args.listen!r}: give ADDRESS:PORT, e.g. 0.0.0.0:8080")
        address = (host or "0.0.0.0", int(port))
    except (ValueError, ClubConfigError) as exc:
        return _fail(str(exc))
    broker = Broker(host=args.broker, port=args.port or (8883 if args.tls else 1883),
                    username=args.username, password=password, tls=args.tls, ca_file=args.ca_file)
    _more_files()
    try:
        league = _open(args)
        service = LeagueService(league, args.club, broker)
        site = Site(league, args.club, address, service=service)
    except (OSError, Exception) as exc:  # sqlite3.Error, an address in use
        return _fail(str(exc))
    service.start()
    signal.signal(signal.SIGTERM, lambda *_: site.stop())
    signal.signal(signal.SIGINT, lambda *_: site.stop())
    try:
        site.run(lambda: log.info("league: the page is on http://%s:%d/ (the TV: /tv), the "
                                  "results in %s", *site.address, league.path))
    finally:
        service.stop()
        league.close()
    return 0


def _more_files() -> None:
    """Room for every connection the page server allows (systemd's soft limit is 1024)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = 4096 if hard == resource.RLIM_INFINITY else min(hard, 4096)
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))


# ----- pitchpad league admin --------------------------------------------------------------------
def _who(args: argparse.Namespace) -> str:
    if args.by:
        return str(args.by)
    return os.environ.get("SUDO_USER") or getpass.getuser()


def _pairs(items: list[str], what: str, number: bool) -> dict[str, Any]:
    pairs: dict[str, Any] = {}
    for item in items:
        for part in item.split(","):
            seat, _, value = part.partition("=")
            if not seat or not value:
                raise ValueError(f"{what} {part!r}: give SEAT=VALUE, e.g. red=2")
            if number:
                try:
                    pairs[seat.strip()] = int(value) if value.strip().isdigit() else float(value)
                except ValueError:
                    raise ValueError(f"{what} {part!r}: {value!r} is not a number") from None
            else:
                pairs[seat.strip()] = value.strip()
    return pairs


def _when(stamp: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(stamp))


def _moment(text: str, what: str) -> float:
    """A local time a person types: ``2026-11-29 20:41[:07]`` (or with a T), or ``20:41[:07]``
    (today)."""
    text = text.strip().replace("T", " ")
    for form in ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%H:%M:%S", "%H:%M"):
        try:
            parsed = time.strptime(text, form)
        except ValueError:
            continue
        if not form.startswith("%Y"):
            today = time.localtime()
            parsed = time.struct_time((today.tm_year, today.tm_mon, today.tm_mday, parsed.tm_hour,
                                       parsed.tm_min, parsed.tm_sec, 0, 0, -1))
        return time.mktime(parsed)
    raise ValueError(f"{what} {text!r}: give 'YYYY-MM-DD HH:MM', or 'HH:MM' for today")


def _purge(league: Any, args: argparse.Namespace, who: str) -> None:
    check_name("table", args.table)
    start = _moment(args.start, "--from")
    end = _moment(args.end, "--to") if args.end else time.time()
    if end < start:
        raise ValueError("--to is before --from")
    window = (f"table {args.table} from {time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(start))} "
              f"to {time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(end))}")
    said = league.sent_by(args.table, start, end) if not args.yes else league.purge(args.table, start, end, who)
    what = (f"{said['results']} result(s) and {said['set_aside']} set-aside message(s) "
            f"({said['set_aside_messages']} sent)")
    if not said["results"] and not said["set_aside"]:
        print(f"nothing from {window}")
    elif args.yes:
        print(f"took out {what} from {window}: the standings are rebuilt (in the audit trail)")
    else:
        print(f"{what} from {window}" + (f", results {said['first']} … {said['last']}" if said["results"] else ""))
        print("run it again with --yes to take them out")


def _line(result: dict[str, Any]) -> str:
    players = "  ".join(f"{p['seat']}={p['name']} {p['score']}{'*' if p.get('outcome') == 'win' else ''}"
                        for p in result["players"])
    pens = f"  (pens {shootout_score(result)})" if result.get("shootout") else ""
    friendly = "  friendly" if not result.get("ranked", True) else ""
    when = result["finished"].replace("T", " ")[:16]
    return f"{when}  {result['game']:<16} {players}{pens}{friendly}  [{result['id']}]"


def run_admin(args: argparse.Namespace) -> int:
    try:
        league = _open(args)
    except Exception as exc:  # noqa: BLE001 - a file that cannot be opened: one line
        return _fail(f"cannot open the league's file: {exc}")
    who = _who(args)
    try:
        return _admin(league, args, who)
    except (AdminError, ValueError) as exc:
        return _fail(str(exc))
    finally:
        league.close()


def _admin(league: Any, args: argparse.Namespace, who: str) -> int:
    action = args.action
    if action == "results":
        rows = league.results(args.limit, args.offset, period=args.period, game=args.game)
        total = league.result_count(period=args.period, game=args.game)
        for row in rows:
            print(_line(row))
        print(f"{len(rows)} of {total} result(s) shown (--limit, --offset for more)")
    elif action == "standings":
        period = args.period if args.period is not None else league.period()["name"]
        for game, rows in league.standings(period).items():
            print(f"{game}{' (' + period + ')' if period else ''}")
            for place, row in enumerate(rows, 1):
                print(f"  {place:>2}. {row['name']:<12} P{row['played']} W{row['won']} D{row['drawn']} "
                      f"L{row['lost']} {row['scored'] - row['conceded']:+} {row['points']} pts")
    elif action == "correct":
        if args.shootout and args.no_shootout:
            raise ValueError("--shootout or --no-shootout, not both")
        shootout: Any = False
        if args.no_shootout:
            shootout = None
        elif args.shootout:
            shootout = {seat: int(value) for seat, value in _pairs([args.shootout], "--shootout", True).items()}
        if not (args.score or args.name or args.shootout or args.no_shootout):
            raise ValueError("correct: give --score SEAT=N, --name SEAT=NAME or --shootout")
        after = league.correct(args.id, who, scores=_pairs(args.score, "--score", True),
                               names=_pairs(args.name, "--name", False), shootout=shootout)
        print(f"corrected: {_line(after)}")
    elif action == "delete":
        league.delete(args.id, who)
        print(f"deleted {args.id} (in the audit trail; a resend of it stays out)")
    elif action == "purge":
        _purge(league, args, who)
    elif action == "merge":
        changed = league.merge(args.spelling, args.name, who)
        print(f"{args.spelling} is now {args.name} in {changed} result(s); the standings are rebuilt")
    elif action == "season":
        if args.kind == "start" and not args.name:
            raise ValueError("season start: give the season's name, e.g. season start 'Winter 2027'")
        kind = {"start": "season", "monthly": "monthly", "all": "all"}[args.kind]
        period = league.start_period(kind, args.name, who)
        print({"season": f"season {period['name']} started: the standings start empty",
               "monthly": f"monthly ladder on: the standings of {period['name']}, a new table each month",
               "all": "one table for every result from now on"}[kind])
    elif action == "players":
        if args.change is None:
            names = league.players()
            print("\n".join(names) if names else "the club's list is empty (players add NAME ...)")
        elif not args.names:
            raise ValueError(f"players {args.change}: give at least one name")
        else:
            for name in args.names:
                if args.change == "add":
                    print(f"added {league.add_player(name, who)}")
                else:
                    league.remove_player(name, who)
                    print(f"removed {name}")
    elif action == "export":
        text = results_csv(league, period=args.period, game=args.game)
        if args.out:
            Path(args.out).write_text(text, encoding="utf-8")
            print(f"{text.count(chr(10)) - 1} result(s) written to {args.out}")
        else:
            sys.stdout.write(text)
    elif action == "audit":
        for entry in league.audit(args.limit):
            print(f"{_when(entry['at'])}  {entry['who']:<10} {entry['action']:<14} "
                  f"{json.dumps(entry['detail'], ensure_ascii=False)}")
    elif action == "rejected":
        _rejected(league, args, who)
    return 0


def _rejected(league: Any, args: argparse.Namespace, who: str) -> None:
    """``admin rejected``: list the set-aside messages, forget one, or every one of a table."""
    if args.forget_table is not None:
        print(f"forgot {league.forget_table(args.forget_table, who)} set-aside message(s) of "
              f"table {args.forget_table}")
    elif args.forget is not None:
        gone = league.forget_rejected(args.forget, who)
        print(f"forgot set-aside message {args.forget} (table {gone['table']})")
    else:
        rows = league.rejected(args.limit)
        for row in rows:
            reason = row["reason"].splitlines()[0]
            shown = row["payload"][:120].decode("utf-8", "replace")
            print(f"{row['id']:>4}  {_when(row['last'])}  table {row['table']}  x{row['count']}  "
                  f"{row['topic'].rsplit('/', 1)[-1]}: {reason}\n      {row['size']} bytes: {shown!r}")
        print(f"{len(rows)} set-aside message(s) shown")
