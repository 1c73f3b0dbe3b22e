"""Spare pads as spectators: a four-pad table playing a two-player game shows pads 3 and 4
the score and what each move did, never anything secret.

Built from two public things only: the game's summary line (the replay's last line: score
or points, shoot-out, winner, whether it is over, read as a :class:`~firmware.games.sheets.Standing`)
and the last move's events, which every engine reports publicly (a card drawn face down is an
event without its value), worded by the game's spec (``GameSpec.spectator_words``; a game
without words shows the standing alone). Never from a
seat's view: a seat's view holds that seat's secrets. ``tests/firmware/console/test_console_spectator.py``
checks it by property: the screen is the same for every match either seat could be in. The
players are called by the names they chose on the pads (public: every screen calls them so),
by their team's or army's colour when they have none or the name does not fit.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.events import Event

from firmware.games.sheets import Standing, number_text
from firmware.games.spec import Words
from firmware.i18n import STRINGS, Key, seat_key, seat_word, text
from firmware.render import LIST_TOP, WIDTH, Canvas, fitting, text_width


LINES = (29, 41, 53)
"""The three lines under the score (the shoot-out, then the move or the winner), 12 rows
apart: a descender never touches an accent under it, the last ends on the panel's last row."""


@dataclass(frozen=True)
class SpectatorScreen:
    """A spare pad's screen: the game, each seat's score, the shoot-out, the last move."""

    title: str
    score: tuple[tuple[str, str], ...]
    """(seat label, goals or points) in seat order."""
    shootout: tuple[str, ...] | None
    words: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    """The last move, as (i18n key, values) (hashable: a screen is redrawn only on change)."""
    winner: str | None
    """The winner's seat label once the match is over, ``"draw"`` for a level end."""
    names: tuple[tuple[str, str], ...] = ()
    """(seat label, the name its player chose on the pads), for the seats that have one."""

    @classmethod
    def of(cls, title: str, summary: Mapping[str, Any], events: Sequence[Event],
           show_move: bool, words_of: Callable[[Sequence[Event]], Words] | None = None,
           people: Mapping[str, str] | None = None) -> SpectatorScreen:
        """The screen from the game's summary line and the last move's events (worded by
        ``words_of``, the game's, while ``show_move``: the session's step shows the move),
        ``people`` the names the players chose (seat -> name)."""
        standing = Standing.of(summary)
        winner = None
        if standing.over:
            won = standing.winner
            winner = seat_key(won) if won is not None and won in standing.seats else "draw"
        words = words_of(events) if show_move and words_of is not None else ()
        return cls(title, tuple((seat_key(seat), number_text(value)) for seat, value in standing.tally),
                   None if not standing.shootout else tuple(str(v) for _, v in standing.shootout),
                   tuple((key, tuple(sorted(values.items()))) for key, values in words), winner,
                   tuple(sorted((seat_key(seat), name) for seat, name in (people or {}).items())))

    def who(self, language: str, label: str, room: int = WIDTH) -> str:
        """A seat as this pad words it: its player's name when it fits ``room`` px, else its
        colour."""
        word = seat_word(language, label)
        name = dict(self.names).get(label)
        return word if name is None else fitting(room, name, word)

    def draw(self, c: Canvas, language: str) -> None:
        c.box(0, 0, WIDTH - 1, LIST_TOP - 2, filled=True)
        c.centred(-2, self.title, ink=0)
        values = "-".join(value for _, value in self.score)
        if len(self.score) == 2:
            room = (WIDTH - text_width(values, 2)) // 2 - 3
            c.text(0, 14, self.who(language, self.score[0][0], room))
            c.right(WIDTH, 14, self.who(language, self.score[1][0], room))
            c.centred(10, values, scale=2)
        else:
            initials = " ".join(f"{seat_word(language, label)[:1]}{value}" for label, value in self.score)
            named = " ".join(f"{self.who(language, label)} {value}" for label, value in self.score)
            c.centred(14, fitting(WIDTH, named, initials) if self.names else initials)
        if self.shootout is not None:
            c.centred(LINES[0], f"{text(language, 'out.shootout')} {'-'.join(self.shootout)}")
        else:
            c.centred(LINES[0], f"({text(language, 'watch.header')})")
        if self.winner is not None:
            headline = (text(language, "watch.draw") if self.winner == "draw" else fitting(
                WIDTH, *(text(language, "result.team_wins", team=team)
                         for team in (self.who(language, self.winner), seat_word(language, self.winner)))))
            c.centred(LINES[1], headline)
            return
        lines = [self._line(language, key, dict(values), dict(self.names))
                 for key, values in self.words][-2:]
        for y, line in zip(LINES[1:], lines):
            c.centred(y, fitting(WIDTH, line, line[:21]))

    @staticmethod
    def _line(language: str, key: str, values: dict[str, str],
              names: Mapping[str, str] | None = None) -> str:
        """The words of ``key`` with its values: ``team`` a seat (or its key), a
        :class:`~firmware.i18n.Key` (``Key("team.red")``, a game's side) in the pad's language,
        any other value as it is (a card, a shirt number); a line too wide for the pad takes
        its key's ``_short`` form when there is one. A seat with a name in ``names`` (seat
        label -> name) is called by it, unless only its colour makes the line fit (the
        longest names give way first)."""
        forms = [key + "_short"] if key + "_short" in STRINGS else []
        called, tries = dict(names or {}), []
        while True:
            tries.append(dict(called))
            if not called:
                break
            del called[max(called, key=lambda label: len(called[label]))]
        lines = [text(language, form, **{name: _worded(language, name, value, kept)
                                         for name, value in values.items()})
                 for kept in tries for form in (key, *forms)]
        return fitting(WIDTH, *lines)


def _worded(language: str, name: str, value: str, names: Mapping[str, str]) -> str:
    if (name == "team" or isinstance(value, Key)) and value in names:
        return names[value]
    if name == "team":
        return seat_word(language, value)
    if isinstance(value, Key):                  # keys joined by "/" (a shot's aim/dive): "G/D"
        return "/".join(text(language, part) for part in value.split("/"))
    return value
