"""The stages of a Fotboll match (what the seats to act decide now) and the targets an attack
may take (F-TURN-4): the match moves through them, a view shows them, so both read them here
and neither imports the other."""
from __future__ import annotations

from collections.abc import Mapping

from .cards import Card, Formation, line_of

FORMATION, PREPARE, ATTACK, SEND_OFF, KEEPER, SHOOT_STAGE, OVER = (
    "formation", "prepare", "attack", "send_off", "keeper", "shoot", "over")


def open_line(field: Mapping[str, Card | None], formation: Formation, line: str) -> bool:
    """A line is open when one of its positions is empty or removed (F-TURN-4)."""
    return any(field.get(p) is None for p in formation.outfield if p[0] == line)


def targets(field: Mapping[str, Card | None], formation: Formation) -> tuple[str, ...]:
    """The legal targets in a line-up, in formation order (F-TURN-4)."""
    f_open = open_line(field, formation, "F")
    m_open = f_open and open_line(field, formation, "M")
    d_open = m_open and open_line(field, formation, "D")
    allowed = {"F": True, "M": f_open, "D": m_open, "GK": d_open}
    return tuple(p for p in formation.positions if allowed[line_of(p)]
                 and (field.get(p) is not None or (p == "GK" and p in field)))
