"""A press during a decision says someone is there, even when it picked nothing and the move
clock then chose at random (``Timing.unattended_turns``): that decision starts the count of a
match nobody plays again rather than counting one. Played on Chifootmi, whose OK in a card
round opens the help page and picks no card."""
from __future__ import annotations

from engine.chifootmi import MatchConfig
from firmware.chifootmi.session import ChifootmiSession, Seats, Step
from firmware.games.session import Timing
from hal.buttons import Button

CLOCK = 10.0


def _first_card_round(press_ok: bool) -> ChifootmiSession:
    """Two people at the first card round, the move clock at 10 s; red presses OK (the help
    page, no card) or nothing, blue nothing; the clock runs out for both."""
    session = ChifootmiSession(MatchConfig(), 3, Seats(), 0.0, move_clock=CLOCK)
    session.tick(Timing().kickoff)
    assert session.step is Step.CHOOSE and session.view("red").decision == "play"
    if press_ok:
        assert session.press("red", Button.CENTRE, Timing().kickoff + 1)
        assert "red" in session.helping and session.pending["red"].highlight is None
    session.tick(Timing().kickoff + CLOCK)
    assert len(session.decisions) == 1                       # the clock chose for both
    return session


def test_a_decision_the_clock_made_for_everybody_counts_for_a_match_nobody_plays():
    assert _first_card_round(press_ok=False).unattended == 1


def test_a_press_that_picked_nothing_before_the_clock_chose_starts_the_count_again():
    assert _first_card_round(press_ok=True).unattended == 0
