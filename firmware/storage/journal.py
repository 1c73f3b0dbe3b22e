"""The journal of the match in progress, so a power cut never loses a match.

One small file in the state directory, JSON lines:

- line 1, the set-up: the game's match-script header, what ``pitchpad replay`` needs (every
  key of that game's script but ``turns``: ``game``, ``seed``, ``options``, and e.g. ``level``
  for Chifootmi, ``players`` for Chifoumi, ``deal`` for Fotboll) plus what the console needs
  to rebuild its seats (``console``: CPU difficulties, the names each seat shows, the move
  clock, the menu's level, the seat at each pad; whatever the game's entry keeps) and
  ``started``;
- then one line per joint decision, in the match-script turn encoding
  (``{"blue": {"play": 3}, "red": {"play": 11}}``).

Each record is appended with one ``write`` and made durable with ``fsync`` before the match
goes on: about 40 bytes per decision, nothing while idle. A power cut during a write leaves at
worst a torn last line, which reading ignores. A journal that cannot be read any other way
is moved aside (``match.journal.corrupt-<timestamp>``) with one log line, never a crash. A journal
of a game not installed now (a plugin missing at start-up) is no corrupt one: it is kept as
``match.journal.waiting-<timestamp>`` with one log line, and put back to be offered once the
game is back (:func:`restore_waiting`). :func:`to_script` turns a journal into the match-script
document, exactly.

When a write fails (full card, read-only folder) the match goes on: the journal is marked
unhealthy (the app shows a warning), and the next decision tries to rewrite it whole
(temp file, fsync, rename) so it is complete again as soon as the card allows.
"""
from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import EngineError
from engine.scripting import ScriptError
from engine.protocol import Game
from firmware.storage import durable
from firmware.storage.json_input import read_json

FILE_NAME = "match.journal"
WAITING = "waiting"
"""A journal of a game not installed is kept as ``match.journal.waiting-<time>``."""
CONSOLE_KEYS = ("console", "started")
"""The set-up line's keys that are the console's, not the match script's."""
log = logging.getLogger("pitchpad.journal")
Rules = Game[Any, Any, Any, Any]


class JournalCorrupt(ValueError):
    """A journal that is not a torn version of a valid one."""


class GameMissing(JournalCorrupt):
    """A journal of a game this console does not host now (a plugin removed, or not found at
    start-up): not corrupt, kept until the game is back."""

    def __init__(self, game: str) -> None:
        super().__init__(f"a match of {game!r}, a game not installed")
        self.game = game


@dataclass(frozen=True)
class JournalSetup:
    """Line 1: the match as ``pitchpad replay`` sees it, plus the console's own settings."""

    script: Mapping[str, Any]
    """The game's match-script header: every key of its script but ``turns``."""
    console: Mapping[str, Any] = field(default_factory=dict)
    """What the game's entry keeps to rebuild its seats (e.g. ``cpus`` {seat: difficulty})."""
    started: str = ""
    """When the match began (local ISO time), for the results history."""

    def to_json(self) -> dict[str, Any]:
        return {**script_header(self.script), "console": dict(self.console), "started": self.started}

    @classmethod
    def from_json(cls, obj: Any, games: Mapping[str, Rules]) -> JournalSetup:
        if not isinstance(obj, dict) or not isinstance(obj.get("game"), str) or "turns" in obj:
            raise JournalCorrupt("the first line is not a match set-up")
        if obj["game"] not in games:
            raise GameMissing(obj["game"])
        console = obj.get("console", {})
        if not isinstance(console, dict):
            raise JournalCorrupt("the set-up's console settings are not an object")
        started = obj.get("started", "")
        if not isinstance(started, str):
            raise JournalCorrupt("the set-up's start time is not a text")
        return cls(script_header(obj), console, started)


@dataclass(frozen=True)
class JournalledMatch:
    """What a journal holds: the set-up and the joint decisions, checked by replaying them."""

    setup: JournalSetup
    rules: Rules
    """The game's rules (what replayed the decisions)."""
    turns: tuple[dict[str, Any], ...]
    decisions: tuple[dict[str, Any], ...]
    """The joint decisions, as the game's engine takes them."""
    final: Any
    """The match after every decision, replayed through the engine."""
    torn: bool = False
    """A torn last record was dropped."""

    @property
    def over(self) -> bool:
        return bool(self.final.is_over)

    @property
    def summary(self) -> dict[str, Any]:
        """The game's summary line of the match so far (score or points, winner)."""
        return self.rules.summary(self.final)


def script_header(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A match-script header from a set-up line or a script: every key but the console's and
    ``turns``."""
    return {key: value for key, value in doc.items() if key not in (*CONSOLE_KEYS, "turns")}


def to_script(setup: JournalSetup, turns: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The match-script document (``docs/formats/match-script.md``) of a journal."""
    return {**script_header(setup.script), "turns": [dict(t) for t in turns]}


def script_from_file(path: str | Path, games: Mapping[str, Rules]) -> dict[str, Any]:
    """Read a journal file and convert it (``pitchpad journal-to-script``)."""
    match = parse(Path(path).read_bytes(), games)
    return to_script(match.setup, match.turns)


def parse(raw: bytes, games: Mapping[str, Rules]) -> JournalledMatch:
    """Read a journal's bytes; a torn last record is dropped, anything else wrong raises.

    ``games`` are the rules of the games the console hosts, by name (the registry's). The
    turns are replayed through the engine, so a journal accepted here resumes for sure.
    """
    lines = [line.strip(b"\0 \t\r") for line in raw.split(b"\n")]
    while lines and not lines[-1]:
        lines.pop()
    records: list[Any] = []
    torn = False
    for number, line in enumerate(lines):
        last = number == len(lines) - 1
        if not line:
            raise JournalCorrupt(f"line {number + 1} is empty")
        try:
            record = read_json(line.decode("utf-8"))
        except ValueError:                          # UnicodeDecodeError too
            if last:
                torn = True
                break
            raise JournalCorrupt(f"line {number + 1} is not a JSON record") from None
        if not isinstance(record, dict):
            raise JournalCorrupt(f"line {number + 1} is not a JSON object")
        records.append(record)
    if not records:
        raise JournalCorrupt("no set-up line")
    setup = JournalSetup.from_json(records[0], games)
    game = games[setup.script["game"]]
    try:
        script = game.parse_script(to_script(setup, records[1:]))
        match = script.start()
        decisions = []
        for index, turn in enumerate(script.turns):
            if match.is_over:
                raise ScriptError("a decision after the end of the match", index)
            joint = game.parse_turn(turn, index)
            match.apply(joint)
            decisions.append(joint)
    except (ScriptError, EngineError, ValueError) as exc:
        raise JournalCorrupt(str(exc)) from None
    return JournalledMatch(setup, game, tuple(records[1:]), tuple(decisions), match, torn)


def load(state_dir: str | Path, games: Mapping[str, Rules],
         check: Callable[[JournalledMatch], None] | None = None) -> JournalledMatch | None:
    """The match the journal in ``state_dir`` holds, or None.

    Never raises: a journal that cannot be read, or that ``check`` refuses (``JournalCorrupt``:
    the console cannot rebuild it), is moved aside (or, if even that fails, left where it is)
    with one log line, and the console starts as if there were none.
    """
    path = Path(state_dir) / FILE_NAME
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        log.warning("cannot read the match journal %s (%s); starting without it", path, exc.strerror)
        return None
    try:
        match = parse(raw, games)
        if check is not None:
            check(match)
    except GameMissing as exc:
        _keep_waiting(path, exc.game)
        return None
    except JournalCorrupt as exc:
        if not raw.strip(b"\0 \t\r\n") or raw.count(b"\n") == 0:
            _discard(path, f"the match journal {path} holds no complete record")
            return None
        durable.move_aside(path, f"corrupt match journal ({exc})", log)
        return None
    if match.torn:
        log.warning("the match journal's last record was torn (power cut during a write); "
                    "it is ignored")
    return match


def _keep_waiting(path: Path, game: str) -> None:
    """Keep the journal of a game not installed out of the next match's way, in one log line."""
    try:
        aside = durable.rename_aside(path, WAITING)
    except OSError as exc:
        log.warning("the match journal is of %s, a game not installed now, and it cannot be kept "
                    "aside (%s); starting without it", game, exc.strerror)
        return
    log.warning("the match journal is of %s, a game not installed now: kept as %s, and offered "
                "once the game is back", game, aside.name)


def game_of(raw: bytes) -> str | None:
    """The game a journal's set-up line names, or None (no readable set-up line)."""
    first = raw.split(b"\n", 1)[0].strip(b"\0 \t\r")
    try:
        setup = read_json(first.decode("utf-8"))
    except ValueError:
        return None
    game = setup.get("game") if isinstance(setup, dict) else None
    return game if isinstance(game, str) else None


def restore_waiting(state_dir: str | Path, games: Mapping[str, Rules]) -> None:
    """Put back the oldest kept journal whose game is installed again, to be offered as a match
    cut off is; only while no other journal is there (that one is offered first, this one at a
    later start). Never raises."""
    folder = Path(state_dir)
    path = folder / FILE_NAME
    prefix = f"{FILE_NAME}.{WAITING}-"
    try:
        kept = sorted(p for p in folder.iterdir() if p.name.startswith(prefix) and not p.name.endswith(".tmp"))
    except OSError:
        return
    for waiting in kept:
        if os.path.lexists(path):
            return
        try:
            game = game_of(waiting.read_bytes())
            if game not in games:
                continue
            os.link(waiting, path)                  # never over a journal written meanwhile
            os.unlink(waiting)
        except OSError as exc:
            log.warning("%s cannot be put back (%s); left where it is", waiting.name, exc.strerror)
            return
        log.warning("%s is installed again: its match kept in %s is offered", game, waiting.name)
        return


def _discard(path: Path, why: str) -> None:
    try:
        path.unlink()
        log.warning("%s; removed", why)
    except OSError as exc:
        log.warning("%s, and it cannot be removed (%s)", why, exc.strerror)


def discard(state_dir: str | Path) -> None:
    """Forget the journal (the players declined to resume, or the match ended)."""
    try:
        (Path(state_dir) / FILE_NAME).unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("cannot remove the match journal (%s)", exc.strerror)


def _line(obj: Any) -> bytes:
    return (json.dumps(obj, separators=(",", ":"), ensure_ascii=False) + "\n").encode("utf-8")


def _fsync_folder(folder: Path) -> None:
    directory = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(directory)
    finally:
        os.close(directory)


class Journal:
    """Writes one match's journal; every method survives a failing card (see :attr:`healthy`)."""

    def __init__(self, state_dir: str | Path, setup: JournalSetup) -> None:
        self.folder = Path(state_dir)
        self.path = self.folder / FILE_NAME
        self.setup = setup
        self.turns: list[dict[str, Any]] = []
        self.healthy = True
        self.bytes_written = 0
        self._fd: int | None = None

    def start(self, turns: Sequence[Mapping[str, Any]] = ()) -> None:
        """Write the set-up (and, when resuming, the turns so far) as a fresh journal."""
        self.turns = [dict(t) for t in turns]
        self._rewrite()

    def append(self, turn: Mapping[str, Any]) -> None:
        """Record one joint decision, durably, before the match goes on."""
        self.turns.append(dict(turn))
        if self._fd is None:
            self._rewrite()
            return
        try:
            self._write_all(self._fd, _line(self.turns[-1]))
            os.fsync(self._fd)
        except OSError as exc:
            self._failed("append a decision to", exc)

    def close(self, *, remove: bool) -> None:
        """Stop writing; ``remove`` the file when the match is over or abandoned."""
        self._close_fd()
        if remove:
            discard(self.folder)

    def _rewrite(self) -> None:
        """The whole journal through a temp file and a rename: complete or absent, never torn."""
        self._close_fd()
        temp = self.folder / (FILE_NAME + ".tmp")
        body = _line(self.setup.to_json()) + b"".join(_line(t) for t in self.turns)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # holds secrets
            try:
                self._write_all(fd, body)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(temp, self.path)
            _fsync_folder(self.folder)
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            self._close_fd()
            try:
                temp.unlink()
            except OSError:
                pass
            self._failed("write", exc)
            return
        if not self.healthy:
            log.warning("the match journal %s is complete again", self.path)
        self.healthy = True
        durable.note_success(self.path)

    def _write_all(self, fd: int, data: bytes) -> None:
        view = memoryview(data)
        while view:
            count = os.write(fd, view)
            self.bytes_written += count
            view = view[count:]

    def _failed(self, what: str, exc: OSError) -> None:
        self._close_fd()
        if self.healthy:
            log.warning("cannot %s the match journal %s (%s): the match goes on, but it could "
                        "not be resumed after a power cut", what, self.path, exc.strerror or exc)
        self.healthy = False
        durable.note_failure(self.path, what)

    def _close_fd(self) -> None:
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None
