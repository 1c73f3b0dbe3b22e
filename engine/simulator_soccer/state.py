"""The pieces of a Simulator Soccer match's state, as records: players and teams (mutable,
copied field by field when a match is cloned: a CPU search clones thousands of states), and
the frozen records of what the rules remember between two decisions — the kick being
resolved, the restart being set up, the decision being waited for. Players are always
referred to by (team, shirt), so a clone shares nothing that changes.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import BadSetup
from .choices import Entry
from .geometry import Cell
from .teams import STAND_IN, STANDARD, PlayerCard, Team

SEATS = ("red", "blue")
RED, BLUE = 0, 1

PRO_OPTIONS = ("assist", "offside_line", "wide_crossing", "through_ball", "torpedo",
               "pinpoint_cross", "recovery", "header", "wall", "speed", "pro_quick_turn")
"""The Pro rules' script names (S-PRO-*), each off by default."""

BENCH, GONE = 0, -1
"""Slots that are not on the pitch: on the bench, or gone for good (substituted, sent off)."""


@dataclass(frozen=True)
class Options:
    """The menu's options: half length (S-TIME-1), tie-break (S-END-1), Pro rules."""

    half_steps: int = 33
    tiebreak: bool = False
    pro: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        if not 1 <= self.half_steps <= 33:
            raise BadSetup(f"half_steps is 1-33, not {self.half_steps} (S-TIME-1)")
        unknown = sorted(set(self.pro) - set(PRO_OPTIONS))
        if unknown:
            raise BadSetup(f"unknown Pro rule {unknown[0]!r} ({' '.join(PRO_OPTIONS)})")

    def has(self, rule: str) -> bool:
        return rule in self.pro

    def to_json(self) -> dict[str, Any]:
        return {"half_steps": self.half_steps, "tiebreak": self.tiebreak,
                "pro": [p for p in PRO_OPTIONS if p in self.pro]}


@dataclass(frozen=True)
class MatchConfig:
    """Options and the two teams (red first)."""

    options: Options = Options()
    teams: tuple[Team, Team] = (STANDARD, STANDARD)


class Player:
    """A pawn in a match: where he is, whether he lies, his cards."""

    __slots__ = ("team", "card", "num", "slot", "cell", "lying", "stood", "yellow",
                 "stand_in", "kicks")

    def __init__(self, team: int, card: PlayerCard, slot: int) -> None:
        self.team = team
        self.card = card
        self.num = card.num
        self.slot = slot
        self.cell: Cell | None = None
        self.lying = False
        self.stood = False
        """Stood up at the start of this phase: he does not move in it (S-TURN-2)."""
        self.yellow = 0
        self.stand_in = False
        self.kicks = 0
        """Shoot-out kicks taken (S-END-1)."""

    def copy(self) -> Player:
        twin = Player.__new__(Player)
        twin.team, twin.card, twin.num, twin.slot = self.team, self.card, self.num, self.slot
        twin.cell, twin.lying, twin.stood, twin.yellow = self.cell, self.lying, self.stood, self.yellow
        twin.stand_in, twin.kicks = self.stand_in, self.kicks
        return twin

    def _key(self) -> tuple[object, ...]:
        return (self.team, self.card, self.slot, self.cell, self.lying, self.stood, self.yellow,
                self.stand_in, self.kicks)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Player):
            return NotImplemented
        return self is other or self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # unhashable, like a list: mypy refuses the idiom (python/mypy#4266)

    @property
    def on_pitch(self) -> bool:
        return self.slot > 0 and self.cell is not None

    @property
    def keeper(self) -> bool:
        return self.slot == 1

    @property
    def duel(self) -> tuple[int, int, int, int]:
        return STAND_IN[0] if self.stand_in else self.card.duel

    @property
    def dots(self) -> str:
        return STAND_IN[1] if self.stand_in else self.card.dots

    def count(self, colour: str) -> int:
        return self.dots.count(colour)

    @property
    def standing(self) -> bool:
        return self.on_pitch and not self.lying

    def __repr__(self) -> str:
        return f"<{SEATS[self.team]} #{self.num} {self.cell}{' lying' if self.lying else ''}>"


class TeamState:
    """A team in a match: its 16 players, formation of the half, substitutions made."""

    __slots__ = ("index", "team", "players", "by_num", "formation", "subs")

    def __init__(self, index: int, team: Team) -> None:
        self.index = index
        self.team = team
        self.players = [Player(index, card, slot if slot <= 11 else BENCH)
                        for slot, card in enumerate(team.players, start=1)]
        self.by_num = {p.num: p for p in self.players}
        self.formation: str | None = None
        self.subs = 0

    def copy(self) -> TeamState:
        twin = TeamState.__new__(TeamState)
        twin.index, twin.team = self.index, self.team
        twin.players = [p.copy() for p in self.players]
        twin.by_num = {p.num: p for p in twin.players}
        twin.formation, twin.subs = self.formation, self.subs
        return twin

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TeamState):
            return NotImplemented
        return (self.index, self.team, self.formation, self.subs, self.players) == (
            other.index, other.team, other.formation, other.subs, other.players)

    __hash__ = None  # type: ignore[assignment]  # unhashable, like a list: mypy refuses the idiom (python/mypy#4266)

    def on_pitch(self) -> list[Player]:
        """Players on the pitch, in slot order."""
        return sorted((p for p in self.players if p.on_pitch), key=lambda p: p.slot)

    def bench(self) -> list[Player]:
        return [p for p in self.players if p.slot == BENCH]

    def keeper(self) -> Player | None:
        for p in self.players:
            if p.slot == 1 and p.cell is not None:
                return p
        return None

    def in_slot(self, slot: int) -> Player | None:
        for p in self.players:
            if p.slot == slot:
                return p
        return None


class Teams(tuple[TeamState, TeamState]):
    """Red's and Blue's :class:`TeamState`, indexed by team (``RED``, ``BLUE``); ``copy``
    copies both, as :meth:`engine.match.Match.clone` asks of a state part it changes."""

    __slots__ = ()

    def copy(self) -> Teams:
        return Teams((self[0].copy(), self[1].copy()))


@dataclass
class Turn:
    """What a turn remembers (S-TURN-1, S-TURN-2): who attacks, who passed, who moved."""

    attacker: int
    relance: bool = False
    set_piece: str | None = None
    """The restart whose first kick this turn opens with (S-K-1), until it is kicked."""
    passed: set[int] = field(default_factory=set)
    cdd_moved: set[int] = field(default_factory=set)
    """Attackers who moved to the ball in a CdD (>= 1 cell): no Phase 2 move."""
    most: int = 0
    """The most cells an attacker moved in Phases 1-2 (S-P3-1's a)."""
    limit: int = 3
    """Phase 2's limit (S-CDD-3)."""
    crossed: bool = False
    shot: bool = False
    kicks: int = 0
    assisted: int | None = None
    """S-PRO-ASSIST: the receiver whose marker loses one B dot for his next kick."""

    def copy(self) -> Turn:
        return Turn(self.attacker, self.relance, self.set_piece, set(self.passed),
                    set(self.cdd_moved), self.most, self.limit, self.crossed, self.shot,
                    self.kicks, self.assisted)


@dataclass(frozen=True, slots=True)
class KickState:
    """The kick being resolved, from its kick (or announcement) until the ball settles:
    what the rules read of it on the way (S-K-*, S-CDD-*, S-CRS-*, S-SHOT-*)."""

    kind: str
    """``pass lob dribble throw header_pass cross shot``."""
    kicker: int
    set_piece: str | None = None
    """The restart this kick opens (S-K-1, S-CDD-1: its kicker is no CdD candidate)."""
    offside: frozenset[int] = frozenset()
    """Attackers in an offside position when it was resolved (S-OFF-1)."""
    pressed: bool = False
    """Kicked from a midfield cell with an opponent in it (S-P3-4)."""
    relance_first: bool = False
    """A relance turn's first kick (S-CDD-2: ties go to the defender)."""
    dribbled: frozenset[int] = frozenset()
    """Opponents this dribble went past (S-K-4): no CdD candidates, they stop nothing."""
    headers: tuple[int, ...] = ()
    """S-PRO-HEADER movers: no CdD candidates."""
    travelled: int = 0
    """From the kicker's cell to where the ball rests (S-CDD-2)."""
    direct: bool = False
    """A replayed cross or shot after a move to the ball (S-SKL-3)."""
    moved: int = 0
    """How far the kicker moved to the ball: an interceptor's reach (S-INT-1)."""
    header: bool = False
    """A header shot (S-CRS-2)."""
    penalty: bool = False
    intercept: Entry | None = None
    """The interceptor and his cell (S-INT-1)."""
    keeper_to: Cell | None = None
    """Where the keeper was prepared to (S-SHOT-1)."""
    rushed: bool = False
    rounded: bool = False


@dataclass(frozen=True, slots=True)
class Restart:
    """A restart being set up (S-RST-2): its kind, the kicking team, the ball's cell, the
    placement step and the field players relocated in step (1)."""

    kind: str
    """``kickoff free_kick penalty corner goal_kick throw_in``."""
    team: int
    cell: Cell
    step: int = 1
    relocated: frozenset[int] = frozenset()
    first: bool = False
    """A half's first kick-off: no clock step (S-RST-2), half-time substitutions (S-SUB-1)."""


@dataclass(frozen=True, slots=True)
class ChallengeMade:
    """Phase 3's challenge as the ``p3`` event reports it (S-P3-2, S-P3-3)."""

    player: int
    moved: int
    entry: str
    """``fair behind violent recovery``."""
    tackle: bool

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "moved": self.moved, "entry": self.entry,
                "tackle": self.tackle}


@dataclass(frozen=True, slots=True)
class Pending:
    """The decision being waited for: its kind (the script's key) and who decides."""

    kind: str
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class KickPending(Pending):
    """A kick asked (S-K-1): at a turn's start, as a skill replay (S-SKL-1, ``kinds``, after
    a move of ``moved`` cells to the ball), or of a heading player (S-CRS-2)."""

    mode: str = "start"
    """``start skill header``."""
    kinds: tuple[str, ...] = ()
    moved: int = 0


@dataclass(frozen=True, slots=True)
class DefendPending(Pending):
    """The defence of an announced shot, or of a direct cross (``cross``: an interception
    only, S-INT-1)."""

    cross: bool = False


@dataclass(frozen=True, slots=True)
class MovePending(Pending):
    """A move list asked: Phase 2, Phase 3 (after its ``challenge``), or a throw-in's two
    lists (S-RST-1: ``throw`` at ``cell``, then ``throw_answer`` within ``a`` cells)."""

    phase: str = "p2"
    """``p2 p3 throw throw_answer``."""
    challenge: ChallengeMade | None = None
    """Phase 3's challenge, made before the list: its player has moved already."""
    cell: Cell | None = None
    a: int = 0


@dataclass(frozen=True, slots=True)
class RemovePending(Pending):
    """A keeper sent off (S-FOUL-2): the field player who leaves for the stand-in at
    ``cell``, then the restart ``then``."""

    then: Restart
    cell: Cell
