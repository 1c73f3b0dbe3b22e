"""A tournament on one unit: 3 to 8 of its players' names, round robin or knockout, any game.

Kept in ``tournament.json`` in the state directory, rewritten whole and atomically
(``firmware.storage.durable``) when it is created and after each result: a power cut loses nothing
(the match being played is resumed from its own journal, which names the fixture it is).

- **Round robin** (``league``): everyone plays everyone once (the circle method: with an odd
  number, one name sits out each round); 3 points a win, 1 a draw; ranked by points, wins,
  goal difference, then name.
- **Knockout**: a bracket of the next power of two; the first names drawn get byes; a drawn
  match is played again; each round is made when the one before is over.

The order of names is the order they were picked: the unit decides nothing at random, so a
tournament is the same after a restart.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from firmware.storage import durable

FILE_NAME = "tournament.json"
FORMATS = ("league", "knockout")
MIN_PLAYERS, MAX_PLAYERS = 3, 8
log = logging.getLogger("pitchpad.tournament")


@dataclass
class Fixture:
    round: int
    home: str
    away: str
    score: tuple[float, float] | None = None
    winner: str | None = None
    """The winning name; None for a draw (or not played yet: see :attr:`played`)."""

    @property
    def played(self) -> bool:
        return self.score is not None

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "home": self.home, "away": self.away,
                "score": None if self.score is None else list(self.score), "winner": self.winner}


@dataclass
class Tournament:
    format: str
    game: str
    players: list[str]
    fixtures: list[Fixture] = field(default_factory=list)

    @classmethod
    def create(cls, format: str, game: str, players: list[str]) -> Tournament:  # noqa: A002
        if format not in FORMATS:
            raise ValueError(f"format {format!r}: one of {', '.join(FORMATS)}")
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS or len(set(players)) != len(players):
            raise ValueError(f"{MIN_PLAYERS} to {MAX_PLAYERS} different names")
        tournament = cls(format, game, list(players))
        if format == "league":
            tournament.fixtures = round_robin(players)
        else:
            tournament.fixtures = knockout_round(players, 1)
        return tournament

    # ----- play ------------------------------------------------------------------------------
    def next_fixture(self) -> int | None:
        """The index of the next match to play, or None when the tournament is over."""
        for index, fixture in enumerate(self.fixtures):
            if not fixture.played:
                return index
        return None

    def record(self, index: int, home_score: float, away_score: float, winner: str | None) -> None:
        """A fixture's result (``winner`` a name, or None for a draw). In a knockout a draw is
        played again, and a finished round makes the next one."""
        fixture = self.fixtures[index]
        if fixture.played:
            return                                     # a result recorded twice (a resume)
        if self.format == "knockout" and winner is None:
            self.fixtures.insert(index + 1, Fixture(fixture.round, fixture.home, fixture.away))
        fixture.score, fixture.winner = (home_score, away_score), winner
        if self.format == "knockout" and self.next_fixture() is None:
            winners = self.round_winners(fixture.round)
            if len(winners) > 1:
                self.fixtures += knockout_round(winners, fixture.round + 1)

    def round_winners(self, round_number: int) -> list[str]:
        """Who goes through from a knockout round: byes first, then winners in bracket order."""
        byes = [f.home for f in self.fixtures if f.round == round_number and f.away == ""]
        return byes + [f.winner for f in self.fixtures
                       if f.round == round_number and f.away and f.winner is not None]

    @property
    def over(self) -> bool:
        return self.next_fixture() is None

    @property
    def champion(self) -> str | None:
        if not self.over:
            return None
        if self.format == "league":
            return self.table()[0]["name"]
        last = self.fixtures[-1]
        return last.winner if last.away else last.home

    def table(self) -> list[dict[str, Any]]:
        """The round robin's standings, best first."""
        rows: dict[str, dict[str, Any]] = {
            name: {"name": name, "played": 0, "won": 0, "drawn": 0, "lost": 0, "diff": 0.0, "points": 0}
            for name in self.players}
        for fixture in self.fixtures:
            if not fixture.played or not fixture.away:
                continue
            assert fixture.score is not None
            home_goals, away_goals = fixture.score
            for name, own, other in ((fixture.home, home_goals, away_goals),
                                     (fixture.away, away_goals, home_goals)):
                row = rows[name]
                row["played"] += 1
                row["diff"] += own - other
                if fixture.winner is None:
                    row["drawn"] += 1
                    row["points"] += 1
                elif fixture.winner == name:
                    row["won"] += 1
                    row["points"] += 3
                else:
                    row["lost"] += 1
        return sorted(rows.values(), key=lambda r: (-r["points"], -r["won"], -r["diff"], r["name"]))

    # ----- the file -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"format": self.format, "game": self.game, "players": self.players,
                "fixtures": [f.to_json() for f in self.fixtures]}

    @classmethod
    def from_json(cls, doc: Any) -> Tournament:
        if not isinstance(doc, dict) or doc.get("format") not in FORMATS:
            raise ValueError("not a tournament")
        fixtures = []
        for item in doc["fixtures"]:
            score = item.get("score")
            fixtures.append(Fixture(int(item["round"]), str(item["home"]), str(item["away"]),
                                    None if score is None else (score[0], score[1]),
                                    item.get("winner")))
        return cls(doc["format"], str(doc["game"]), [str(p) for p in doc["players"]], fixtures)


def round_robin(players: list[str]) -> list[Fixture]:
    """Every pair once, in rounds (the circle method); an odd field gets a sit-out each round."""
    names = list(players) + ([""] if len(players) % 2 else [])
    count = len(names)
    fixtures = []
    for round_number in range(1, count):
        for i in range(count // 2):
            home, away = names[i], names[count - 1 - i]
            if home and away:
                if round_number % 2 == 0 and i == 0:
                    home, away = away, home          # the fixed name is not always at home
                fixtures.append(Fixture(round_number, home, away))
        names = [names[0], names[-1], *names[1:-1]]
    return fixtures


def knockout_round(players: list[str], round_number: int) -> list[Fixture]:
    """One round of a bracket; in the first, byes to the first names so the next is a power
    of two (a bye is a fixture with no away side, already played)."""
    size = 1
    while size < len(players):
        size *= 2
    byes = size - len(players) if round_number == 1 else 0
    fixtures = [Fixture(round_number, name, "", (0, 0), name) for name in players[:byes]]
    rest = players[byes:]
    fixtures += [Fixture(round_number, rest[i], rest[i + 1]) for i in range(0, len(rest) - 1, 2)]
    return fixtures


def load(state_dir: str | Path) -> Tournament | None:
    path = Path(state_dir) / FILE_NAME
    try:
        return Tournament.from_json(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError, IndexError) as exc:
        durable.move_aside(path, f"not a readable tournament ({exc})")
        return None


def save(state_dir: str | Path, tournament: Tournament | None) -> bool:
    path = Path(state_dir) / FILE_NAME
    if tournament is None:
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.warning("cannot remove %s (%s)", path, exc.strerror)
            return False
        return True
    body = json.dumps(tournament.to_json(), ensure_ascii=False).encode("utf-8")
    return durable.replace(path, body)
