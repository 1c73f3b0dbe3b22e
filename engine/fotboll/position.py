"""Fotboll positions for tests, checked (python-chess's ``Board(fen)`` idea).

A position is a half under way: each team's line-up and cards, whose turn it is, and
whether that seat is preparing or has drawn its attacking card (``drawn``). Tests build the
positions they need here instead of assigning a match's internals, and a position the rules
could never reach is refused with :class:`~engine.errors.BadSetup`: a card its deck does not
hold, a field that does not fit its formation, a shown or replaceable card that is not on the
field (or is a Joker, which leaves after its first duel), removed positions that are not one
per red card, a seat asked to prepare that would draw at once, more than three substitutions.

>>> from engine.fotboll import MatchConfig
>>> low = ["2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C", "4D", "4H"]
>>> match = position(MatchConfig(), red=Team(low, library=["QS"]),
...                  blue=Team([*low[:10], None], library=[]), drawn="5C")
>>> match.to_act(), match.stage, [c.to_json() for c in match.legal_choices("red")][:2]
(('red',), 'attack', [{'attack': 'M1'}, {'attack': 'M2'}])
>>> len(match.view("blue").opponent.discard), match.view("red").drawn
(39, 5C)
>>> position(MatchConfig(), red=Team(low, library=["2C"]), blue=Team(low))
Traceback (most recent call last):
...
engine.errors.BadSetup: red's cards hold 2C 2 times, a deck 1 (F-COMP-1)
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from ..errors import BadSetup
from .cards import FORMATIONS, SEATS, Card, MatchConfig, full_deck
from .match import ATTACK, MAX_SUBS, PREPARE, Deal, FotbollMatch, new_match

__all__ = ["Team", "position", "setup_of"]


@dataclass(frozen=True)
class Team:
    """One team in a position; cards are labels (``"10D"``, ``"JK"``).

    ``field``: the cards on the positions of ``formation`` that are not ``removed``, in
    lay-out order (GK, D1…, M1…, F1…), None for an empty position. ``library``: top
    first; None for every card of the deck that is nowhere else, in deck order.
    ``discard``: oldest first; the cards nowhere else follow it when ``library`` is given.
    ``formation`` None: the half is about to be lined up (field, discard and marks empty).
    """

    field: Sequence[str | None] = ()
    library: Sequence[str] | None = None
    discard: Sequence[str] = ()
    formation: str | None = "4-4-2"
    removed: Collection[str] = ()
    shown: Collection[str] = ()
    """Positions whose card the opponent has seen in a duel (F-VIS-1)."""
    replaceable: Collection[str] = ()
    """Positions whose card survived an attack since its owner's last turn (F-TURN-1)."""
    yellow: int = 0
    """Yellow cards so far; every second one was red (F-JOK-3), which removed a position."""
    subs: int = 0


def _cards(seat: str, labels: Sequence[str | None]) -> list[Card | None]:
    try:
        return [None if label is None else Card.parse(label) for label in labels]
    except ValueError as exc:
        raise BadSetup(f"{seat}: {exc}") from None


def _fill(seat: str, team: Team, deck: tuple[Card, ...], drawn: Card | None,
          ) -> tuple[list[Card | None], list[Card], list[Card]]:
    """The team's field, library (top first) and discard, checked against one deck."""
    field = _cards(seat, team.field)
    given = _cards(seat, [*team.field, *(team.library or ()), *team.discard])
    held = Counter(c for c in [*given, drawn] if c is not None)
    for card in sorted(held - Counter(deck)):
        raise BadSetup(f"{seat}'s cards hold {card.label} {held[card]} times, a deck "
                       f"{deck.count(card)} (F-COMP-1)")
    rest = list((Counter(deck) - held).elements())
    rest.sort(key=deck.index)
    discard = [c for c in _cards(seat, team.discard) if c is not None]
    if team.library is None:
        library = rest
    else:
        library = [c for c in _cards(seat, team.library) if c is not None]
        discard += rest
    return field, library, discard


def _check_team(seat: str, team: Team, config: MatchConfig) -> None:
    if team.yellow < 0 or (team.yellow and not config.jokers):
        raise BadSetup(f"{seat}: yellow cards come from a Diamond on a Joker only (F-JOK-2)")
    if not 0 <= team.subs <= MAX_SUBS:
        raise BadSetup(f"{seat}: 0 to {MAX_SUBS} substitutions a match (F-TURN-2)")
    if team.formation is None:
        if team.field or team.discard or team.removed or team.shown or team.replaceable:
            raise BadSetup(f"{seat} has not lined up yet: no field, discard or marks (F-SET-1)")
        return
    formation = FORMATIONS.get(team.formation)
    if formation is None:
        raise BadSetup(f"{seat}: formation {team.formation!r} is not one of {', '.join(FORMATIONS)} "
                       "(F-SET-1)")
    removed = set(team.removed)
    if not removed <= set(formation.outfield) or len(removed) != team.yellow // 2:
        raise BadSetup(f"{seat} removes one outfield position per red card: {team.yellow // 2} "
                       f"(F-HALF-1, F-JOK-3), not {sorted(removed)}")
    places = [p for p in formation.positions if p not in removed]
    if len(team.field) != len(places):
        raise BadSetup(f"{seat}'s field lists {len(team.field)} cards for {len(places)} positions "
                       f"({' '.join(places)})")
    holding = {p for p, label in zip(places, team.field) if label is not None}
    jokers = {p for p, label in zip(places, team.field) if label == "JK"}
    for marks, what in ((team.shown, "shown"), (team.replaceable, "replaceable")):
        if not set(marks) <= holding - jokers:
            raise BadSetup(f"{seat}: a {what} position holds a card that has been in a duel and "
                           "is not a Joker, which leaves after its first (F-VIS-1, F-JOK-1)")


def position(config: MatchConfig | None = None, *, red: Team = Team(), blue: Team = Team(),
             turn: str = "red", drawn: str | None = None, half: int = 1,
             score: tuple[int, int] = (0, 0), first: str = "red", shootout_first: str = "blue",
             second: tuple[Sequence[str], Sequence[str]] = ((), ())) -> FotbollMatch:
    """``turn``'s seat preparing, or attacking with ``drawn`` (F-TURN-1, F-TURN-3); with both
    formations None, the line-up of ``half`` (each library, top first, is the deck it deals).
    ``second``: the tops of the second half's decks when ``half`` is 1."""
    config = config or MatchConfig()
    teams = (red, blue)
    for seat, team in zip(SEATS, teams):
        _check_team(seat, team, config)
    if turn not in SEATS or first not in SEATS or shootout_first not in SEATS:
        raise BadSetup("turn, first and shootout_first are \"red\" or \"blue\"")
    if half not in (1, 2) or min(score) < 0:
        raise BadSetup("half is 1 or 2 and scores are not negative (F-HALF-1)")
    lining_up = [team.formation is None for team in teams]
    if lining_up[0] != lining_up[1]:
        raise BadSetup("both teams line up at once (F-SET-1)")
    if lining_up[0] and (drawn is not None or (half == 1 and (max(score) or red.subs or blue.subs))):
        raise BadSetup("before the first line-up nothing has been played (F-SET-1)")
    deck = full_deck(config.jokers)
    s = SEATS.index(turn)
    drawn_card = None if drawn is None else _cards(turn, [drawn])[0]
    dealt = [_fill(seat, team, deck, drawn_card if i == s else None)
             for i, (seat, team) in enumerate(zip(SEATS, teams))]
    if lining_up[0]:
        now = (_top("red", red.library or (), deck), _top("blue", blue.library or (), deck))
    else:       # the deck this half dealt: the field, the card drawn, the library, the discard
        red_deck, blue_deck = ((*(c for c in field if c), *([drawn_card] if i == s and drawn_card else []),
                                *library, *discard) for i, (field, library, discard) in enumerate(dealt))
        now = (red_deck, blue_deck)
    later = (_top("red", second[0], deck), _top("blue", second[1], deck)) if half == 1 else (deck, deck)
    match = new_match(config, 0, Deal((now, later) if half == 1 else ((deck, deck), now), first, shootout_first))
    match.half = half
    match.score = list(score)
    match.yellow = [team.yellow for team in teams]
    match.reds = [team.yellow // 2 for team in teams]
    match.subs_used = [team.subs for team in teams]
    if lining_up[0]:
        return match
    for i, (team, (field, library, discard)) in enumerate(zip(teams, dealt)):
        formation = FORMATIONS[team.formation or ""]
        match.formation[i] = formation
        match.removed[i] = tuple(p for p in formation.outfield if p in set(team.removed))
        places = [p for p in formation.positions if p not in match.removed[i]]
        match.field[i] = dict(zip(places, field))
        match.library[i] = library[::-1]
        match.discard[i] = discard
        match.shown[i] = set(team.shown)
        match.replaceable[i] = set(team.replaceable)
    match.turn = s
    if drawn_card is not None:
        if match.replaceable[s]:
            raise BadSetup(f"{turn} has prepared: its replaceable marks are gone (F-TURN-1)")
        match.stage, match.drawn = ATTACK, drawn_card
    elif not match.library[s]:
        raise BadSetup(f"{turn} has no card left: it passes (F-TURN-6)")
    elif not match.can_prepare(s):
        raise BadSetup(f"{turn} has nothing to prepare and draws at once (F-TURN-1): give the "
                       "card it drew")
    else:
        match.stage = PREPARE
    return match


def _top(seat: str, top: Sequence[str], deck: tuple[Card, ...]) -> tuple[Card, ...]:
    """A whole deck whose first cards are ``top``, the rest in deck order."""
    head = [c for c in _cards(seat, top) if c is not None]
    if Counter(head) - Counter(deck):
        raise BadSetup(f"{seat}'s second-half deck holds a card twice (F-COMP-1)")
    rest = list((Counter(deck) - Counter(head)).elements())
    rest.sort(key=deck.index)
    return (*head, *rest)


def setup_of(match: FotbollMatch) -> dict[str, Any]:
    """A match under way as :func:`position`'s keywords (the inverse): ``position(config,
    **setup_of(match))`` shows each seat what ``match`` shows it and plays on alike."""
    teams = []
    for i in range(2):
        formation = match.formation[i]
        if formation is None:
            teams.append(Team(library=[c.label for c in match.decks[match.half - 1][i]],
                              formation=None, yellow=match.yellow[i], subs=match.subs_used[i]))
            continue
        teams.append(Team(
            field=[None if c is None else c.label for c in match.field[i].values()],
            library=[c.label for c in reversed(match.library[i])],
            discard=[c.label for c in match.discard[i]], formation=formation.name,
            removed=match.removed[i], shown=tuple(sorted(match.shown[i])),
            replaceable=tuple(sorted(match.replaceable[i])), yellow=match.yellow[i],
            subs=match.subs_used[i]))
    second: tuple[Sequence[str], Sequence[str]] = ((), ())
    if match.half == 1:
        second = ([c.label for c in match.decks[1][0]], [c.label for c in match.decks[1][1]])
    return {"red": teams[0], "blue": teams[1], "turn": SEATS[match.turn],
            "drawn": None if match.drawn is None else match.drawn.label, "half": match.half,
            "score": (match.score[0], match.score[1]), "first": SEATS[match.first],
            "shootout_first": SEATS[match.shootout_first], "second": second}
