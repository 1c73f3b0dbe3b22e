"""What the console does at start with what a power cut (or a full card) left behind.

- A journal is only offered for resume if the match it holds will really play:
  :func:`rebuild_check` checks its ``console`` settings against what the console writes (the
  platform's fields and the game's own, :mod:`firmware.games.journal_fit`: pad seats, names,
  move clock, level...), rebuilds it through the game's entry exactly as RIGHT on the offer
  will, and compares the rebuilt match with the one the journal replays. A journal that
  parses but does not fit or cannot be rebuilt (a seed changed under an explicit deal, a pad
  seat the game does not have, a negative move clock...) is moved aside like a corrupt one,
  with one log line naming what is wrong, so the offer never comes back at every boot.
- A finished match whose result could not be appended (full card) keeps its journal, set
  aside as ``match.journal.unrecorded-<time>`` so the next match cannot overwrite it;
  :func:`record_unrecorded` records those results at the next start and only then removes them.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from firmware.storage import durable
from firmware.storage import journal as match_journal
from firmware.games import journal_fit
from firmware.games.spec import Resume
from firmware.games.registry import GAMES, rules
from firmware.render import Canvas

log = logging.getLogger("pitchpad.recovery")
UNRECORDED = match_journal.FILE_NAME + ".unrecorded-"


def rebuild_check(pad_count: int, timing: Any) -> Callable[[match_journal.JournalledMatch], None]:
    """A check for :func:`firmware.storage.journal.load`: raises ``JournalCorrupt`` when the
    journal's console settings are not ones the console writes, when the game's entry cannot
    rebuild the journalled match, or rebuilds a different one."""
    def check(offer: match_journal.JournalledMatch) -> None:
        name = offer.setup.script["game"]
        if name not in GAMES:
            raise match_journal.JournalCorrupt(f"a game this console does not host ({name})")
        spec = GAMES[name]
        resume = Resume(offer.setup.script, offer.setup.console, offer.decisions, 0.0, pad_count,
                        timing, spec.rules)
        try:
            journal_fit.check_platform(offer.setup.console, tuple(offer.final.seats))
            if spec.console.check is not None:
                spec.console.check(resume)
        except journal_fit.Unfit as exc:
            raise match_journal.JournalCorrupt(str(exc)) from None
        except Exception as exc:  # noqa: BLE001 - a game's check that fails refuses, never crashes
            raise match_journal.JournalCorrupt(
                f"its console settings cannot be checked ({type(exc).__name__})") from None
        try:
            started = spec.console.resume(resume)
            for seat in offer.final.seats:          # every screen draws (names, clock...)
                model = started.session.screen(seat, 0.0)
                model.draw(Canvas(), "en")
            rebuilt = started.session.match
            same = spec.summary(rebuilt) == spec.summary(offer.final) and all(
                rebuilt.view(seat).to_json() == offer.final.view(seat).to_json()
                for seat in offer.final.seats)
        except Exception as exc:  # noqa: BLE001 - any failure to rebuild means: do not offer it
            raise match_journal.JournalCorrupt(
                f"cannot be rebuilt ({type(exc).__name__}: {str(exc)[:120]})") from None
        if not same:
            raise match_journal.JournalCorrupt("rebuilds a different match than it replays "
                                               "(its deal does not come from its seed)")

    return check


def set_aside_unrecorded(state_dir: str | Path) -> None:
    """Keep a finished match's journal whose result could not be written, out of the way of
    the next match's journal; never raises."""
    path = Path(state_dir) / match_journal.FILE_NAME
    try:
        aside = durable.rename_aside(path, "unrecorded")    # never over an earlier one
        log.warning("the result could not be recorded: its journal is kept as %s and the result "
                    "is recorded at the next start", aside.name)
    except OSError as exc:
        log.warning("the result could not be recorded, and its journal cannot be set aside (%s)",
                    exc.strerror)


def record_unrecorded(state_dir: str | Path,
                      record: Callable[[match_journal.JournalledMatch], bool]) -> None:
    """Record the result of every set-aside finished journal; remove each once recorded."""
    folder = Path(state_dir)
    try:
        kept = sorted(p for p in folder.iterdir() if p.name.startswith(UNRECORDED)
                      and not p.name.endswith(".tmp"))
    except OSError:
        return
    for path in kept:
        try:
            match = match_journal.parse(path.read_bytes(), rules())
        except (OSError, match_journal.JournalCorrupt) as exc:
            log.warning("%s cannot be read (%s); left where it is", path.name, exc)
            continue
        if not match.over:
            continue
        if record(match):
            try:
                path.unlink()
                log.warning("recorded the result kept in %s", path.name)
            except OSError:
                pass
