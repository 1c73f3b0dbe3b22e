"""What the console keeps of its matches: the journal of the match on now (so a power cut
never loses it), the results history, a tournament's fixtures and the club's league.

Every joint decision is appended to the journal (one write and an fsync) before any screen
shows it; at the end of a match one results line is written and the journal goes. A journal
left by a power cut is offered for resume at the next start (:meth:`Records.offer_resume`) if
the match it holds can really be rebuilt (:mod:`firmware.console.recovery`).
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from engine.scripting import joint_to_json
from firmware.console import recovery
from firmware.console.tournament_screens import TournamentFlow
from firmware.games.registry import GAMES, game_named, rules
from firmware.games.session import Timing
from firmware.games.spec import Session
from firmware.storage import durable, history
from firmware.storage import journal as match_journal

log = logging.getLogger("pitchpad.app")


class Records:
    """The journal of the match on now, the results, and what a power cut left behind."""

    def __init__(self, state_dir: str | Path, tournament: TournamentFlow, club: Any,
                 on_result: Callable[[str], None]) -> None:
        self.state_dir = Path(state_dir)
        self.tournament = tournament
        self.club = club
        """Club play (``firmware.club.unit.ClubLink``): results and live scores to the league."""
        self.on_result = on_result
        """Told the game's name once a match's result is recorded (the menu's stats line, a
        tutorial that turns itself off)."""
        self.journal: match_journal.Journal | None = None
        self.journal_new = False
        """The journal is made but not written yet (see :meth:`open`)."""
        self.journal_turns: tuple[dict[str, Any], ...] = ()
        self.offer: match_journal.JournalledMatch | None = None
        """A match cut off by a power cut, offered for resume on every screen."""

    @property
    def failing(self) -> bool:
        """The card refuses writes (a warning on every screen)."""
        return (self.journal is not None and not self.journal.healthy) or durable.failing(self.state_dir)

    # ----- the journal ----------------------------------------------------------------------
    def open(self, script: Mapping[str, Any], console: Mapping[str, Any],
             turns: tuple[dict[str, Any], ...] = (), started: str | None = None) -> None:
        """Make the journal; it is written (two fsyncs) by :meth:`write_new`, after the screens
        have answered the press: no decision exists yet that the screens could show before it
        is durable, and the press that starts a match is not kept waiting."""
        setup = match_journal.JournalSetup(script, console, started or time.strftime("%Y-%m-%dT%H:%M:%S"))
        self.journal = match_journal.Journal(self.state_dir, setup)
        self.journal_turns = turns
        self.journal_new = True

    def reopen(self, offer: match_journal.JournalledMatch) -> None:
        """Journal a resumed match again, from where its journal stood."""
        setup = offer.setup
        self.open(setup.script, setup.console, offer.turns, setup.started)

    def write_new(self) -> None:
        if self.journal is not None and self.journal_new:
            self.journal_new = False
            self.journal.start(self.journal_turns)

    def record(self, session: Session) -> None:
        """Journal each new joint decision; at the end, one results line and no journal."""
        journal = self.journal
        if journal is None:
            return
        if self.journal_new:
            if len(session.decisions) == len(self.journal_turns) and not (
                    session.finished or session.match.is_over):
                return                              # written after this step's screens
            self.write_new()                        # a decision already: the journal first
        new = len(session.decisions) > len(journal.turns)
        for joint in session.decisions[len(journal.turns):]:
            journal.append(joint_to_json(joint))
        recorded = True
        if session.match.is_over:
            recorded = self.result(journal.setup, session.match)
        else:
            if session.finished:                    # left from the pads, or nobody played it
                self.result(journal.setup, session.match, abandoned=True)
            if self.club is not None and (new or session.finished):
                self._club_progress(journal.setup, session.match, session.finished)
        if session.finished or session.match.is_over:
            # An abandoned match's journal goes even when its line could not be written: it
            # has no result to record later (a power cut before this offers it for resume).
            journal.close(remove=recorded)
            if not recorded:                        # kept until its result is written
                recovery.set_aside_unrecorded(self.state_dir)
            self.journal = None

    def keep(self, session: Session) -> bool:
        """End the match on now as a power cut would leave it, for a power-off: every decision
        journalled, the journal closed and kept, so the next start offers to resume it. False
        when there is none to keep (no journal: a demo, or the match already recorded)."""
        journal = self.journal
        if journal is None or session.finished or session.match.is_over:
            return False
        self.write_new()
        for joint in session.decisions[len(journal.turns):]:
            journal.append(joint_to_json(joint))
        journal.close(remove=False)
        self.journal = None
        return True

    # ----- a power cut's leftovers -----------------------------------------------------------
    def offer_resume(self, pad_count: int, timing: Timing) -> match_journal.JournalledMatch | None:
        """Record what finished matches left unrecorded, and the match cut off by a power cut
        that can be resumed (None: nothing to offer; a journal that cannot be is set aside)."""
        recovery.record_unrecorded(self.state_dir, lambda m: self.result(m.setup, m.final))
        match_journal.restore_waiting(self.state_dir, rules())
        offer = match_journal.load(self.state_dir, rules(), recovery.rebuild_check(pad_count, timing))
        if offer is None:
            return None
        if offer.setup.script["game"] not in GAMES:
            log.warning("the match journal is of a game this console does not host (%s); "
                        "starting without it", offer.setup.script["game"])
            match_journal.discard(self.state_dir)
            return None
        if offer.over:
            if self.result(offer.setup, offer.final):
                match_journal.discard(self.state_dir)
            else:
                recovery.set_aside_unrecorded(self.state_dir)
            return None
        self.offer = offer
        return offer

    def forget_offer(self) -> None:
        """LEFT on the resume offer: the match cut off is dropped."""
        self.offer = None
        match_journal.discard(self.state_dir)

    def set_aside(self, why: str) -> None:
        """A journal offered for resume that failed to resume anyway: moved aside, never a
        crash loop at every start."""
        self.offer = None
        durable.move_aside(self.state_dir / match_journal.FILE_NAME, why)

    # ----- results -------------------------------------------------------------------------
    def result(self, setup: match_journal.JournalSetup, match: Any, *, abandoned: bool = False) -> bool:
        """One results line; False when the card refused it (the caller keeps the journal).
        An ``abandoned`` match (left from the pads, or nobody played it) is recorded with the
        score it stood at and no winner; it counts for no tournament or league."""
        game = setup.script["game"]
        summary: dict[str, Any] = dict(game_named(game).summary(match))
        result = history.Result(
            date=setup.started, game=game,
            level=str(setup.console.get("level", setup.script.get("level", ""))),
            score=summary.get("score") or summary.get("points") or {},
            winner=None if abandoned else summary["winner"],
            players=_players(setup, match), shootout=summary.get("shootout"),
            match=f"{setup.started}/{setup.script.get('seed')}", people=setup.console.get("people"),
            abandoned=abandoned)
        recorded = history.record(self.state_dir, result)
        if not abandoned:
            fixture = setup.console.get("tournament")
            if isinstance(fixture, int):
                self._record_fixture(fixture, setup.console.get("people", {}), result)
            if self.club is not None:
                self.club.finished(match_id=result.match, game=game, level=result.level,
                                   score=result.score, winner=result.winner, players=result.players,
                                   names=setup.console.get("people"), shootout=result.shootout)
        self.on_result("" if abandoned else game)
        return recorded

    def _record_fixture(self, index: int, people: dict[str, str], result: history.Result) -> None:
        """A tournament match's result into the tournament (home = pad 1's seat)."""
        seats = list(people)
        if len(seats) != 2:
            return
        score = result.score
        winner = people.get(result.winner) if isinstance(result.winner, str) else None
        self.tournament.record(index, score.get(seats[0], 0), score.get(seats[1], 0), winner)

    def _club_progress(self, setup: match_journal.JournalSetup, match: Any, ended: bool) -> None:
        """The live score for the league (nothing when the match was abandoned)."""
        summary = game_named(setup.script["game"]).summary(match)
        self.club.progress(game=setup.script["game"], started=setup.started,
                           score=None if ended else summary.get("score") or summary.get("points"),
                           players=_players(setup, match), names=setup.console.get("people"))


def _players(setup: match_journal.JournalSetup, match: Any) -> dict[str, str]:
    """Who sat where: ``human`` or ``cpu:<difficulty>``."""
    cpus = setup.console.get("cpus")
    cpus = cpus if isinstance(cpus, dict) else {}
    return {seat: f"cpu:{cpus[seat]}" if seat in cpus else "human" for seat in match.seats}
