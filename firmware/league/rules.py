"""What the league accepts: results of the games the console hosts, played by their rules,
when they could have been played.

The games are the console's registry (``firmware.games.registry.GAMES``: a name and its title);
how a match of each can end is its engine game's :class:`engine.results.ResultRules`
(``firmware.games.registry.game_named(name).rules.results``: the seats, the outcomes, the
most a seat can score, the shoot-out). Nothing here lists a game: a game added to the registry
is accepted by the league with the rules it declares. A result's ``finished`` (the unit's clock)
must fall between :data:`EARLIEST` and a day after the league's own clock.
"""
from __future__ import annotations

from datetime import datetime

from engine.results import check
from firmware.club.messages import BadMessage, Live, Result, local_time
from firmware.games.registry import GAMES, game_named

EARLIEST = datetime(2025, 1, 1)
"""No match of a PitchPad league finished before this: a unit's clock that says so is wrong (a Pi
with no clock chip restores the time it last saved, never 1970)."""
AHEAD = 24 * 3600.0
"""How far a unit's clock may be ahead of the league's (another time zone set by mistake)."""


def games() -> dict[str, str]:
    """Every game the console hosts, by name: its title (in menu order), for the page."""
    return {name: entry.title for name, entry in GAMES.items()}


def _known(game: str) -> None:
    """Asks the registry itself at each message (it keeps the specs), so a game it lists
    later, a plugin's read again (``registry.reload()``), is accepted too."""
    if game not in GAMES:
        raise BadMessage(f"unknown game {game!r} (the games are {', '.join(GAMES)})")


def check_result(result: Result, now: float) -> None:
    """:class:`BadMessage` naming what is wrong, when ``result`` is not a game's possible result
    or did not finish between :data:`EARLIEST` and :data:`AHEAD` past ``now`` (the league's
    clock, a POSIX time)."""
    _known(result.game)
    finished = local_time(result.finished)
    if finished is None or not EARLIEST <= finished <= datetime.fromtimestamp(now + AHEAD):
        raise BadMessage(f"finished {result.finished}: not a time a match of this league finished "
                         f"(from {EARLIEST:%Y-%m-%d} to a day after the league's clock)")
    why = check(game_named(result.game).rules.results,
                [(p.seat, p.score, p.outcome or "") for p in result.players], result.shootout)
    if why is not None:
        raise BadMessage(why)


def check_live(live: Live) -> None:
    """:class:`BadMessage` when the match on now is not of a game the console hosts, or its
    seats are not that game's."""
    _known(live.game)
    seats = sorted(p.seat for p in live.players)
    if not any(seats == sorted(seating) for seating in game_named(live.game).rules.results.seatings):
        raise BadMessage(f"seats {'/'.join(seats)} are not a {live.game} match's")
