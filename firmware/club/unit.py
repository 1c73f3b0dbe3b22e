"""The console's link to club play: what the app tells it, turned into league messages.

The app calls :meth:`ClubLink.finished` once per finished match (where it records the result
in its own history) and :meth:`ClubLink.progress` after each joint decision; both return at
once (see :mod:`firmware.club.publisher`). Who sat where comes from the match's set-up: a name
chosen on the pads, ``guest`` for a person with no name, ``cpu:<difficulty>`` for a CPU seat.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from firmware.club import messages
from firmware.club.config import ClubConfig, ClubConfigError
from firmware.club.config import beside as club_toml_beside
from firmware.club.config import load as load_config
from firmware.i18n import STRINGS

log = logging.getLogger("pitchpad.club")
STRINGS.update({
    # The menu's club line (only on a unit with club play) and its title-bar alert.
    "menu.club": ("Ligue", "League"),
    "menu.club_alert": ("Ligue !", "League !"),
    "club.connecting": ("connexion", "connecting"),
    "club.connected": ("OK", "OK"),
    "club.unreachable": ("hors ligne", "offline"),
    "club.tls": ("certificat", "certificate"),
    "club.refused": ("refusée", "refused"),
    "club.taken_over": ("en double", "duplicate"),
})


def seat_names(players: Mapping[str, str], names: Mapping[str, str] | None) -> dict[str, str]:
    """The league name of each seat: its chosen name, else ``guest`` (a person) or the CPU."""
    chosen = names or {}
    return {seat: who if str(who).startswith("cpu:") else chosen.get(seat) or messages.GUEST
            for seat, who in players.items()}


class ClubLink:
    """One unit's club play: results and live scores to the league, never in play's way."""

    def __init__(self, config: ClubConfig, state_dir: str | Path, publisher: Any = None) -> None:
        if publisher is None:
            from firmware.club.publisher import Publisher
            publisher = Publisher(config, state_dir)
        self.config = config
        self.publisher = publisher
        self._live: tuple[Any, ...] | None = None

    @classmethod
    def beside(cls, hardware_config: str | Path, state_dir: str | Path) -> ClubLink | None:
        """The club link a unit's ``club.toml`` asks for, or None (no file: no club play).
        A bad file or a missing paho-mqtt raises :class:`ClubConfigError` (one line)."""
        path = club_toml_beside(hardware_config)
        if not path.exists():
            return None
        config = load_config(path)
        try:
            import paho.mqtt.client  # noqa: F401
        except ImportError:
            raise ClubConfigError(f"{path}: club play needs paho-mqtt: install the club extra "
                                  "(pip install 'pitchpad[club]')") from None
        return cls(config, state_dir)

    # ----- what the console asks (never blocks) --------------------------------------------------
    def state(self) -> str:
        """What stands between this unit and the league, as one word the menu shows:
        ``connected``, ``connecting``, ``unreachable``, ``tls``, ``refused`` or ``taken_over``
        (the whole sentence is in the log and in ``pitchpad doctor``)."""
        status = getattr(self.publisher, "status", None)
        return "connected" if status is None else str(status.state)

    def players(self) -> list[str]:
        """The club's list of players (from the league), for the pads to offer."""
        return list(getattr(self.publisher, "players", []))

    def start(self) -> None:
        self.publisher.start()
        log.info("club play: club %s, table %s, broker %s:%d", self.config.club, self.config.table,
                 self.config.broker.host, self.config.broker.port)

    def stop(self) -> None:
        self.publisher.stop()

    def finished(self, *, match_id: str, game: str, level: str, score: Mapping[str, Any],
                 winner: str | None, players: Mapping[str, str],
                 names: Mapping[str, str] | None = None,
                 shootout: Mapping[str, int] | None = None) -> None:
        """A match is over (the history's result line, plus the names chosen at its start)."""
        who = seat_names(players, names)
        outcome = messages.outcomes(list(players), winner)
        result = messages.Result(
            id=f"{self.config.club}/{self.config.table}/{match_id}", game=game, level=level,
            finished=time.strftime("%Y-%m-%dT%H:%M:%S"),
            players=tuple(messages.Player(seat, who[seat], _number(score.get(seat, 0)),
                                          outcome[seat]) for seat in players),
            shootout=None if shootout is None else dict(shootout))
        self.publisher.result(result)
        self._live = None
        self.publisher.live(None)

    def progress(self, *, game: str, started: str, score: Mapping[str, Any] | None,
                 players: Mapping[str, str], names: Mapping[str, str] | None = None) -> None:
        """The match on now (``score`` None: no match on now); sent only when it changed."""
        if score is None:
            if self._live is not None:
                self._live = None
                self.publisher.live(None)
            return
        who = seat_names(players, names)
        key = (game, started, tuple((seat, who[seat], score.get(seat, 0)) for seat in players))
        if key == self._live:
            return
        self._live = key
        self.publisher.live(messages.Live(game, tuple(
            messages.Player(seat, who[seat], _number(score.get(seat, 0))) for seat in players),
            started))


def _number(value: Any) -> float | int:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


def open_link(path: str | Path | None, state_dir: str | Path, hardware_config: str | Path | None = None,
              ) -> ClubLink | None:
    """The started club link for ``pitchpad run``/``sim``, or None. A bad ``club.toml`` is one
    log line and no club play: the console plays on without the league."""
    try:
        if path is not None:
            config = load_config(path)
            link: ClubLink | None = ClubLink(config, state_dir)
        elif hardware_config is not None:
            link = ClubLink.beside(hardware_config, state_dir)
        else:
            return None
    except ClubConfigError as exc:
        log.error("club play is off: %s", exc)
        return None
    except ImportError:
        log.error("club play is off: paho-mqtt is missing (pip install 'pitchpad[club]')")
        return None
    if link is not None:
        link.start()
    return link
