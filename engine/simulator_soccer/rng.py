"""The match's dice (S-RNG-1, S-RNG-2): SplitMix64 on the match seed, exactly, so two
implementations of the rules agree to the die; a script may replace the first draws.

>>> dice = Dice(42)
>>> dice.draw(2), dice.draw(6), dice.draw(100)
(2, 2, 59)
"""
from __future__ import annotations

from ..errors import EngineError

MASK = (1 << 64) - 1


class BadDie(EngineError, ValueError):
    """A scripted die value outside 1..n of the draw it replaces (S-RNG-2)."""


class SplitMix64:
    """S-RNG-1's generator, u64 arithmetic mod 2^64."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if not 0 <= seed <= MASK:
            raise ValueError(f"a seed is an integer 0 <= seed < 2^64, not {seed}")
        self.state = seed

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)


class Dice:
    """draw(n) = 1 + next() mod n; values given by the script's ``deal.dice`` come first,
    each checked against its draw when drawn (then the generator runs from its seeded start).
    """

    __slots__ = ("generator", "forced")

    def __init__(self, seed: int, forced: tuple[int, ...] = ()) -> None:
        self.generator = SplitMix64(seed)
        self.forced = list(forced)

    def draw(self, n: int) -> int:
        if self.forced:
            value = self.forced[0]
            if not 1 <= value <= n:
                raise BadDie(f"deal.dice value {value} is not in 1..{n} of its draw (S-RNG-2)")
            del self.forced[0]
            return value
        return 1 + self.generator.next() % n

    def d6(self) -> int:
        return self.draw(6)

    def d100(self) -> int:
        return self.draw(100)

    def copy(self) -> Dice:
        """The dice as they are: the copy draws what this one would (a clone's dice)."""
        twin = Dice.__new__(Dice)
        twin.generator = SplitMix64(self.generator.state)
        twin.forced = list(self.forced)
        return twin

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Dice):
            return NotImplemented
        return self.generator.state == other.generator.state and self.forced == other.forced

    __hash__ = None  # type: ignore[assignment]  # unhashable, like a list: mypy refuses the idiom (python/mypy#4266)
