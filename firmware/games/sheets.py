"""The screens every game may share: a match's standing (:class:`Standing`, from the game's
summary line), the result sheet over the menu (:class:`ResultScreen`), the pad of a CPU seat
(:class:`CpuPadScreen`), and the kick-off's "Tu es Rouge" line.

None of them knows a game: they read a :class:`Standing` — each seat's goals or points, the
shoot-out's goals when there was one, who won — and the words the reading pad names seats by
(``team.<seat>``, ``you``, the CPU or a person's name). A game gives them through its summary's
keys (``score`` or ``points``, ``shootout``, ``over``, ``winner``) or builds the standing from
its own view (:meth:`Standing.tallied`); its seats are worded by the ``team.<seat>`` keys, its
own in its spec's ``strings`` when the console has none (``team.red``, ``team.blue`` it has).
The result is a whole screen (its headline, the tally, a shoot-out's goals and the OK chip need
more than a sheet's half), with an OK chip for the pad that may clear it.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from firmware.i18n import plain_names, seat_word, text
from firmware.render import CHAR_W, LINE_H, SHEET_Y, WIDTH, Canvas, fitting, text_width


def number_text(value: Any) -> str:
    """Goals or points as a screen shows them: ``3``, ``8½`` (half points)."""
    if isinstance(value, float) and value != int(value):
        return f"{int(value)}½" if value - int(value) == 0.5 else f"{value:g}"
    return str(int(value)) if isinstance(value, float) else str(value)


@dataclass(frozen=True)
class Standing:
    """Where a match stands, as every screen may show it (all of it public: the replay prints
    it, spare pads show it)."""

    tally: tuple[tuple[str, float], ...]
    """(seat, goals or points) in seat order."""
    shootout: tuple[tuple[str, int], ...] | None = None
    """(seat, shoot-out goals) when there was a shoot-out."""
    over: bool = False
    winner: str | None = None
    """The winner once over: a seat, a team (``"a+b"``); None (or a word no seat is, such as
    ``"shared"``): level."""

    @classmethod
    def of(cls, summary: Mapping[str, Any]) -> Standing:
        """From a game's summary line: its ``score`` (goals) or else its ``points``, its
        ``shootout``, ``over`` and ``winner``."""
        tally = summary.get("score") or summary.get("points") or {}
        shootout = summary.get("shootout")
        winner = summary.get("winner")
        return cls.tallied(dict(tally), dict(shootout) if shootout else None,
                           winner if isinstance(winner, str) else None, bool(summary.get("over")))

    @classmethod
    def tallied(cls, tally: Mapping[str, float], shootout: Mapping[str, int] | None = None,
                winner: str | None = None, over: bool = True) -> Standing:
        """From a game's own view: each seat's goals or points, the shoot-out's, the winner."""
        return cls(tuple((str(seat), value) for seat, value in tally.items()),
                   None if shootout is None else tuple((str(s), int(v)) for s, v in shootout.items()),
                   over, winner)

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(seat for seat, _ in self.tally)

    def won(self, seat: str) -> bool | None:
        """Whether ``seat`` won (on its team too); None when nobody did (a draw)."""
        sides = self.winner.split("+") if self.winner else []
        if not sides or not set(sides) <= set(self.seats):
            return None
        return seat in sides

    def values(self, first: str | None = None, kicks: bool = False) -> list[str]:
        """Each seat's goals or points (``kicks``: shoot-out goals) as words, ``first``'s first
        (the reading pad's), the others in seat order."""
        pairs = list(self.shootout or ()) if kicks else list(self.tally)
        pairs.sort(key=lambda pair: pair[0] != first)
        return [number_text(value) for _, value in pairs]

    def others(self, seat: str) -> tuple[str, ...]:
        return tuple(s for s in self.seats if s != seat)


def _headline(language: str, standing: Standing, seat: str, spectator: bool, draw_key: str,
              called: Mapping[str, str]) -> str:
    """"Gagné !" / "Perdu" for a player, "Ana gagne !" for a spectator (a CPU pad, a demo:
    the winner as ``called`` names it, else by colour), the game's word for a level end."""
    won = standing.won(seat)
    if won is None:
        return text(language, draw_key)
    if spectator:
        assert standing.winner is not None
        sides = standing.winner.split("+")
        for words in ([_called(language, side, called) for side in sides],
                      [seat_word(language, side) for side in sides]):
            headline = text(language, "result.team_wins", team=" + ".join(words))
            if text_width(headline) <= WIDTH:
                break
        return headline
    return text(language, "result.win" if won else "result.lose")


def _called(language: str, seat: str, called: Mapping[str, str]) -> str:
    """``seat`` as a pad nobody plays at names it: its player's name, the CPU, else its colour."""
    key = called.get(seat)
    return seat_word(language, seat) if key is None else text(language, key)


HEADLINE_ROWS = 24
"""The result's headline stands in the screen's top rows: big letters are 22 rows high with
an accent and a descender ("Gagné !")."""
TALLY_Y = (26, 38)
"""The tally's two lines (the goals, then a shoot-out's), clear of the headline's descenders
above and of the OK chip under them; one line alone stands at :data:`TALLY_ONE_Y`."""
TALLY_ONE_Y = 32


@dataclass(frozen=True)
class ResultScreen:
    """The end, over the whole screen: the headline big ("Gagné !"; "Ana gagne !" on a pad
    nobody plays at), then "Toi 2-2 Ordi" (goals or points, yours first, the other seat as
    its screens name it: ``opponent_key``), after a shoot-out its goals under it as well ("3-1
    aux tirs au but": the match's score stays), and the OK chip in the middle of the bottom
    line, over the OK button, unless ``spectator`` (a pad nobody plays at: the seats in seat
    order, as the CPU pad showed the score, by the names ``called`` gives them, else their
    colour; no button). A game of more than two seats reads "R3 B2 W1".

    It is not a sheet over the menu: a headline, two lines and the chip need more than the
    sheet's half screen. Leaving it for the menu redraws each pad whole, the pad whose OK was
    pressed first (the app staggers the others to the next pass: one frame on the bus each)."""

    standing: Standing
    seat: str
    """The reading pad's seat."""
    opponent_key: str
    """How the reading pad names the other seat (``team.blue``, ``cpu``, a person's name)."""
    spectator: bool
    draw_key: str = "result.draw"
    """The game's words for a level end ("Match nul", "Égalité")."""
    called: tuple[tuple[str, str], ...] = ()
    """How a spectator's pad names the seats (seat, key: ``person:Ana``, ``cpu``); a seat not
    here by its colour (:meth:`firmware.games.session.MatchSession.called`)."""

    def draw(self, c: Canvas, language: str) -> None:
        called = dict(self.called)
        headline = _headline(language, self.standing, self.seat, self.spectator, self.draw_key, called)
        scale = 2 if text_width(headline, 2) <= WIDTH else 1
        c.centred((HEADLINE_ROWS - LINE_H * scale) // 2, headline, scale=scale)
        lines = self._lines(language, called)
        for y, line in zip(TALLY_Y if len(lines) > 1 else (TALLY_ONE_Y,), lines):
            c.centred(y, line)
        if not self.spectator:
            c.ok_chip()

    def _lines(self, language: str, called: Mapping[str, str]) -> tuple[str, ...]:
        """The tally ("Toi 2-2 Ordi"), then a shoot-out's goals ("3-1 aux tirs au but")."""
        standing = self.standing
        seat = standing.seats[0] if self.spectator else self.seat    # a spectator: seat order
        others = standing.others(seat)
        if len(others) != 1:
            initials = " ".join(f"{seat_word(language, s)[:1]}{number_text(v)}" for s, v in standing.tally)
            return (initials,)
        score = "-".join(standing.values(seat))
        if self.spectator:
            you, them = _called(language, seat, called), _called(language, others[0], called)
            colours = f"{seat_word(language, seat)} {score} {seat_word(language, others[0])}"
        else:
            you, them = text(language, "you"), text(language, self.opponent_key)
            colours = score
        tally = fitting(WIDTH, f"{you} {score} {them}", colours, score)
        if standing.shootout is None:
            return (tally,)
        return tally, text(language, "result.shootout", score="-".join(standing.values(seat, kicks=True)))


def word_in(language: str, key: str, room: int) -> str:
    """How a screen names ``key`` (a seat's, a person's) in ``room`` pixels: a person's name,
    or their seat's colour where the name does not fit."""
    word = text(language, key)
    if text_width(word) <= room:
        return word
    with plain_names():
        return text(language, key)


def draw_you_are(c: Canvas, label: str, name: str, short: str | None = None) -> None:
    """A kick-off sheet's first line, "Tu es Rouge": the small label, then the name big on the
    sheet's top rows, so a descender (the g of Rouge) stays clear of the line under it; both
    small on one line when a player's name makes the label too long ("Bob-C9, tu es Rouge");
    on two lines when that is too long too ("Maximilien," over "tu es Bleu"), so the player's
    name and the colour both stay, whatever name the pads can type. ``short``: one small line
    in place of those two ("Maximilien : Noir"), for a sheet whose bottom line says more (a
    partner: two lines over it run a descender into it)."""
    if text_width(label) + 6 + text_width(name, 2) > WIDTH:
        lines = you_are_lines(label, name)
        if short is not None and len(lines) > 1 and text_width(short) <= WIDTH:
            lines = [short]
        if len(lines) == 1:
            c.centred(SHEET_Y + 5, lines[0])
        else:
            c.centred(SHEET_Y + 1, lines[0])
            c.centred(SHEET_Y + 1 + LINE_H - 1, lines[1])
        return
    x = (WIDTH - text_width(label) - 6 - text_width(name, 2)) // 2
    c.text(x, SHEET_Y + 5, label)
    c.text(x + text_width(label) + 6, SHEET_Y - 1, name, scale=2)   # a colour's g ends on row 52


def you_are_lines(label: str, name: str) -> list[str]:
    """The label and the name in small letters: one line when it fits, else two, cut after
    the player's name ("Maximilien," / "tu es Bleu"; a label with no comma at its last
    space). Only what still does not fit (never a name the pads can type) is shortened,
    the colour kept whole."""
    whole = f"{label} {name}"
    if text_width(whole) <= WIDTH:
        return [whole]
    head, comma, tail = label.rpartition(", ")
    if comma:
        first, second = head + ",", f"{tail} {name}"
    else:
        first, _space, tail = label.rpartition(" ")
        first, second = (first, f"{tail} {name}") if first else (label, name)
    room = WIDTH // CHAR_W
    if len(second) > room:
        second = name
    return [first if len(first) <= room else first[:room - 1] + "…", second]


def you_are_label(language: str, person: str | None) -> str:
    """"Tu es", or "Bob, tu es" on the pad of a player who chose a name: which name plays on
    which pad."""
    return text(language, "cf.you_are") if person is None else \
        text(language, "cf.name_is", name=person)


@dataclass(frozen=True)
class CpuPadScreen:
    """The pad of a CPU seat: "L'ordi joue" over each seat's goals or points in seat order
    ("1-0"), never what the CPU holds."""

    standing: Standing

    def draw(self, c: Canvas, language: str) -> None:
        c.centred(6, text(language, "cpu.playing"))
        c.centred(26, "-".join(self.standing.values()), scale=2)
