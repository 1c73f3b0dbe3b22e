"""What the league accepts: results of the games the console hosts, played by their rules.

The games are the console's registry (``firmware.games.registry.GAMES``: a name and its title);
how a match of each can end is its engine game's :class:`engine.results.ResultRules`
(``firmware.games.registry.game_named(name).rules.results``). Nothing here lists a game: a game added to
the registry is accepted by the league with the rules it declares.
"""
from __future__ import annotations

from engine.results import check
from firmware.club.messages import BadMessage, Live, Result
from firmware.games.registry import GAMES, game_named


def games() -> dict[str, str]:
    """Every game the console hosts, by name: its title (in menu order), for the page."""
    return {name: entry.title for name, entry in GAMES.items()}


def _known(game: str) -> None:
    """Asks the registry itself at each message (it keeps the specs), so a game it lists
    later, a plugin's read again (``registry.reload()``), is accepted too."""
    if game not in GAMES:
        raise BadMessage(f"unknown game {game!r} (the games are {', '.join(GAMES)})")


def check_result(result: Result) -> None:
    """:class:`BadMessage` naming what is wrong, when ``result`` is not a game's possible result."""
    _known(result.game)
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
