"""Goofspiel on the console: its session, settings and menu lines, start and resume, LEDs,
options (the commands' flags) and its :class:`~firmware.games.spec.GameSpec`.

Registered only by an entry point (``pitchpad.games``: ``goofspiel = ...console:SPEC``) that
the tests put on the path: no product file names this game. It leaves ``cpu_screen`` out (a
CPU's pad is the shared one, from its summary's points) and gives the shared screens what they
need through its spec: its seats' words (``team.north``, ``team.south``), a spare pad's lines,
the kids' headline and the two bids a round compared.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine.events import Event
from engine.protocol import JSONObject
from firmware.games import journal_fit
from firmware.games.cpu import CpuPlayers, match_secret
from firmware.games.options import GameOptions, option
from firmware.games.session import MatchSession, Pending, Seats
from firmware.games.spec import (
    ConsoleEntry, GameSpec, MatchStart, Resume, Row, Started, Words, against_cpu, journal_header,
    journalled_cpus, players_row, two_seats,
)
from firmware.i18n import Key, seat_key
from firmware.storage.settings import known_fields
from hal.buttons import Button

from . import screens
from .rules import CARDS, GAME, SEATS, Bid, Bids, Config, Final, GoofScript, MatchingBot, Prize, RandomBot

TITLE = "Goofspiel"
CARD_BUTTONS = (Button.CARD1, Button.CARD2, Button.CARD3, Button.CARD4)
CPU = CpuPlayers(("easy", "medium"), lambda level: MatchingBot() if level == "medium" else RandomBot(),
                 "pitchpad-goofspiel-cpu", named={"random": RandomBot, "matching": MatchingBot})


@dataclass
class CardPending(Pending):
    """The card a seat has picked (its own screen shows it; locked in by OK or the card again)."""

    card: int | None = None


class GoofSession(MatchSession[CardPending]):
    """A match on the console: a card per button (the first four of the hand), ◀ ▶ along the
    hand, OK or the same card again bids it."""

    cpu_players = CPU

    @staticmethod
    def _new_match(config: Config, seed: int) -> Any:
        return GAME.new_match(config, seed)

    def _press(self, seat: str, button: Button, now: float) -> bool:
        pending = self.pending.get(seat)
        if pending is None or self.is_cpu(seat) or pending.locked is not None:
            return False
        hand = [bid.card for bid in self.legal(seat)]
        if button in CARD_BUTTONS:
            index = CARD_BUTTONS.index(button)
            if index >= len(hand):
                return False
            if pending.card != hand[index]:
                pending.card = hand[index]
                return True
        elif button in (Button.LEFT, Button.RIGHT):
            step = 1 if button is Button.RIGHT else -1
            at = hand.index(pending.card) if pending.card in hand else (-1 if step > 0 else len(hand))
            pending.card = hand[(at + step) % len(hand)]
            return True
        elif button is not Button.CENTRE or pending.card is None:
            return False
        assert pending.card is not None
        self.lock(seat, Bid(pending.card), now)
        return True

    def _new_pending(self, seat: str, now: float) -> CardPending:
        return CardPending(deadline=self._turn_deadline(seat, now))

    def _flips_anything(self, joint: Mapping[str, Any]) -> bool:
        return True

    def _flips(self, before: dict[str, Any], seen: dict[str, Any]) -> dict[str, Any]:
        """The flip screens are built from each seat's state (both bids, without words)."""
        return {}

    def _tunes(self, events: list[Any]) -> list[str]:
        return ["whistle" for event in events if isinstance(event, Final)]

    def _seat_state(self, seat: str, now: float) -> screens.SeatState:
        """From ``seat``'s view and its own pick only; of the other, "has bid"."""
        pending = self.pending.get(seat)
        theirs = next((p for s, p in self.pending.items() if s != seat), None)
        return screens.SeatState(
            view=self.view(seat), opponent_key=self.opponent_key(seat), step=self.step,
            spectator=self.all_cpus, pick=pending.card if pending is not None else None,
            locked=pending is not None and pending.locked is not None,
            opponent="" if theirs is None else "locked" if theirs.locked is not None else "choosing",
            person=self.people.get(seat))

    def _build(self, state: screens.SeatState) -> Any:
        return screens.build(state)


@dataclass(frozen=True)
class GoofSettings:
    players: str = "cpu"
    difficulty: str = "easy"
    cards: int = 5

    @classmethod
    def from_json(cls, obj: Any) -> GoofSettings:
        settings = known_fields(cls, obj)
        return settings if settings.cards in CARDS and settings.players in ("cpu", "two") else cls()


def rows(settings: GoofSettings, pad_count: int) -> list[Row]:
    shown = [players_row(pad_count)]
    if against_cpu(settings.players, pad_count):
        shown.append(Row("difficulty", "menu.cpu", CPU.difficulties(), "difficulty."))
    return shown + [Row("cards", "gs.menu.cards", CARDS)]


def _seats(cpus: dict[str, str], names: dict[str, str], console: dict[str, Any]) -> Seats:
    return Seats(CPU.seats(cpus, console), names, secret=match_secret(console))


def start(start: MatchStart) -> Started:
    settings: GoofSettings = start.settings
    cpus, names = two_seats(settings.players, settings.difficulty, start, SEATS)
    config = Config(settings.cards)
    console: dict[str, Any] = {"cpus": cpus, "names": names, "cpu_secret": start.cpu_secret}
    session = GoofSession(config, start.seed, _seats(cpus, names, console), start.now, timing=start.timing)
    journal = None if start.demo else (journal_header(GoofScript(config, start.seed)), console)
    return Started(session, SEATS, cpus, journal)


def resume(resume: Resume) -> Started:
    script, console = resume.parsed(), dict(resume.console)
    cpus = journalled_cpus(console)
    session = GoofSession.rebuild(script.config, script.seed, resume.decisions,
                                  _seats(cpus, dict(console.get("names", {})), console), resume.now,
                                  timing=resume.timing)
    return Started(session, SEATS, cpus, (dict(resume.script), console))


def check(resume: Resume) -> None:
    """A journal's console part as ``start`` writes it: each seat's name for the other."""
    journal_fit.check_names(resume.console, SEATS)


ENTRY = ConsoleEntry(
    settings=GoofSettings.from_json, rows=rows, start=start, resume=resume, check=check,
    lit=lambda session, seat: seat in session.pending and session.pending[seat].locked is None,
    two_people=lambda settings: replace(settings, players="two"), kids={"difficulty": "easy"})


@dataclass(frozen=True)
class GoofOptions(GameOptions):
    """``--cards`` 5, 3 or 1 (5 unless given)."""

    game: ClassVar[str] = "goofspiel"
    cards: int | None = option(None, "cards each, one round a card (default 5)", choices=CARDS)

    def setup(self) -> JSONObject:
        return {"cards": self.cards or 5}

    def settings(self, settings: GoofSettings) -> GoofSettings:
        return settings if self.cards is None else replace(settings, cards=self.cards)


def describe(event: Event) -> str | None:
    """The headless simulator's line for an event."""
    if isinstance(event, Prize):
        return f"Round {event.round}: prize {event.value}"
    if isinstance(event, Bids):
        taken = "nobody takes it" if event.winner is None else f"{event.winner} takes {event.prize}"
        return f"North bids {event.north}, south {event.south}: {taken}"
    if isinstance(event, Final):
        return f"Final: {event.winner or 'a draw'} ({event.north}-{event.south})"
    return None


def spectator_words(events: Sequence[Event]) -> Words:
    """A spare pad's lines for a round: both bids, then who took the prize."""
    words: list[tuple[str, dict[str, str]]] = []
    for event in events:
        if isinstance(event, Bids):
            words.append(("gs.watch.bids", {"n": Key("team.north"), "s": Key("team.south"),
                                            "north": str(event.north), "south": str(event.south)}))
            words.append(("gs.watch.tie", {"prize": str(event.prize)}) if event.winner is None
                         else ("gs.watch.won", {"team": seat_key(event.winner), "prize": str(event.prize)}))
    return tuple(words)


SPEC = GameSpec(rules=GAME, title=TITLE, menu_order=95, console=ENTRY, cpu=CPU, options=GoofOptions,
                strings=screens.STRINGS, third_person=screens.THIRD_PERSON, describe=describe,
                spectator_words=spectator_words, headline=screens.reveal_headline,
                kids_cards=screens.bid_cards)
"""Goofspiel, published under the ``pitchpad.games`` entry point (by the tests only)."""

__all__ = ["SPEC", "GoofSession", "GoofSettings"]
