"""The engine's errors: one base, precise names that say what went wrong."""
from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalChoice(EngineError, ValueError):
    """A choice the rules do not allow now; the state is left unchanged.

    ``rule`` is the rule id (e.g. ``C-RND-1``) so a screen, a log line or a test can
    say exactly which rule refused it.
    """

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{reason} ({rule})")
        self.rule = rule
        self.reason = reason


class BadSetup(EngineError, ValueError):
    """A match set-up (level, options, deal) that the rules cannot start from."""


class MatchOver(IllegalChoice):
    """A decision was offered after the match had ended; ``rule`` is the refusing game's own
    rule id for its end (``C-END-2``, ``K-END-1``...): a shared error names no game's rule."""

    def __init__(self, rule: str) -> None:
        super().__init__(rule, "the match is over")
