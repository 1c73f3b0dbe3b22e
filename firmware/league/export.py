"""The league's results for a spreadsheet or the notice board: ``/results.csv`` and
``pitchpad league admin export``.

One row per match, oldest first. What a table sent (names, a level) and what a person typed (a
season's name) are text, and a spreadsheet must never read one as a formula: following OWASP's
guidance on CSV injection, a cell whose text starts with ``=``, ``+``, ``-``, ``@``, a tab, a
carriage return or a NUL (after any spaces) gets a leading apostrophe, which spreadsheets take
as "this is text", and every cell is quoted. A name "-A1" reads "'-A1" in a plain text editor:
the lesser evil. The file starts with a UTF-8 byte-order mark, by which Excel knows the file
is UTF-8 (without it, "Élodie" reads "Ã‰lodie"); LibreOffice and Google Sheets read it as
UTF-8 either way, and Python's ``utf-8-sig`` codec drops it.
"""
from __future__ import annotations

import csv
import io
from typing import Any

from firmware.club.messages import shootout_score

BOM = "\ufeff"
FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\0")
"""What makes a spreadsheet read a cell as a formula (OWASP, CSV injection; ASVS 1.2.10)."""
HEADER = ["finished", "table", "game", "level", "period", "friendly", "seat 1", "name 1", "score 1",
          "seat 2", "name 2", "score 2", "seat 3", "name 3", "score 3", "seat 4", "name 4",
          "score 4", "shoot-out", "winner", "id"]


def cell(value: Any) -> Any:
    """``value`` as a spreadsheet must read it: text that would start a formula gets a leading
    apostrophe; numbers stay numbers."""
    if isinstance(value, str) and value.lstrip(" ").startswith(FORMULA_START):
        return "'" + value
    return value


def results_csv(league: Any, *, period: str | None = None, game: str | None = None) -> str:
    """Every result (of ``period``, of ``game``), oldest first, one row per match."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, quoting=csv.QUOTE_ALL)
    writer.writerow(HEADER)
    total = league.result_count(period=period, game=game)
    for row in reversed(league.results(total, period=period, game=game)):
        seats: list[Any] = []
        for player in row["players"]:
            seats += [player["seat"], player["name"], _number(player["score"])]
        seats += [""] * (12 - len(seats))
        winners = [p["name"] for p in row["players"] if p.get("outcome") == "win"]
        writer.writerow([cell(value) for value in (
            row["finished"], row["table"], row["game"], row.get("level", ""), row["period"],
            "" if row["ranked"] else "yes", *seats, shootout_score(row),
            " + ".join(winners) or "draw", row["id"])])
    return out.getvalue()


def _number(value: float) -> float | int:
    return int(value) if value == int(value) else value
