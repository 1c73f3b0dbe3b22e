"""What a spare pad reads of a Simulator Soccer move (its spec's ``spectator_words``)."""
from __future__ import annotations

from collections.abc import Sequence

from engine.events import Event
from firmware.games.spec import Words
from firmware.i18n import Key, seat_key

SOCCER_RANK = ("goal", "card", "shot", "var", "foul", "offside", "sub", "clock", "duel")
"""Simulator Soccer's events a spectator reads, the most telling first (two lines fit)."""


def soccer_words(events: Sequence[Event]) -> Words:
    """Simulator Soccer's last move for a spectator: a goal (who scored), cards, the shot
    duel's result (aim and dive, only ever in an event once both were locked in), fouls, VAR,
    offside, substitutions, the half's end, else a duel. Its formations and a shot or dive
    being chosen are in no event, so they never reach a spare pad (S-VIS-1)."""
    found: list[tuple[int, int, str, dict[str, str]]] = []
    for order, event in enumerate(events):
        line = event.to_json() if hasattr(event, "to_json") else {}
        kind = line.get("event")
        team = seat_key(str(line.get("seat", "")))
        num = str(line.get("player", ""))
        said: tuple[str, dict[str, str]] | None = None
        if kind == "goal":
            said = ("watch.ss.goal", {"team": team, "num": num})
        elif kind == "card":
            said = ("watch.ss.card_" + ("red" if line.get("card") == "red" else "yellow"),
                    {"team": team, "num": num})
        elif kind == "shot":
            result = str(line.get("result", "wide"))
            if result in ("goal", "saved"):
                said = ("watch.ss.shot_" + result, {"team": team, "sides": Key(
                    f"ss.side.{line.get('aim')}/ss.side.{line.get('dive') or 'none'}")})
            else:
                said = ("watch.ss.shot_" + ("blocked" if result == "blocked" else "wide"),
                        {"team": team})
        elif kind == "var":
            said = ("watch.ss.var_" + ("no" if line.get("overturned") else "yes"), {})
        elif kind == "foul":
            said = ("watch.ss.foul_" + ("penalty" if line.get("award") == "penalty" else "free_kick"),
                    {"team": team, "num": num})
        elif kind == "offside":
            said = ("watch.ss.offside", {"team": team, "num": num})
        elif kind == "sub":
            said = ("watch.ss.sub", {"team": team, "out": str(line.get("out")),
                                     "into": str(line.get("in"))})
        elif kind == "clock" and line.get("end") is not None:
            said = ("ss.ev.half_time" if line.get("half") == 1 else "ss.ev.full_time", {})
        elif kind == "duel" and "seat" in line:
            said = ("watch.duel_won" if line.get("won") else "watch.duel_lost", {"team": team})
        if said is not None:
            found.append((SOCCER_RANK.index(str(kind)), order, *said))
    kept = sorted(found)[:2]
    return tuple((key, values) for _rank, _order, key, values in sorted(kept, key=lambda f: f[1]))


