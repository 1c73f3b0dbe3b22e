"""A match on the headless simulator, played by scripted presses that depend only on the seed and
on the match so far, so a run killed and resumed presses exactly what an uninterrupted run did.

Used in-process (the reference run) and as the body of the crashing processes, and runnable as
a script: ``python driver.py STATE_DIR SEED LEVEL PLAYERS [DIFFICULTY]`` plays (or resumes) one
match and writes ``outcome.json`` in STATE_DIR.
"""
from __future__ import annotations

import base64
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import sim  # noqa: E402
from engine.chifootmi.script import joint_to_json, summary  # noqa: E402
from firmware.console.app import App, Idle  # noqa: E402
from firmware.chifootmi.session import Step, button_choice  # noqa: E402
from firmware.storage.settings import Settings, save  # noqa: E402
from hal.buttons import Button  # noqa: E402
from hal.clock import ManualClock  # noqa: E402

PADS = {"red": 1, "blue": 2}
OUTCOME = "outcome.json"
MOMENTS = ("before", "half", "after")
"""Where a kill lands in the chosen journal operation: before it, halfway through a write (a
torn line), or just after it."""


class JournalOps:
    """Stands in for ``os`` inside ``firmware.storage.journal``: every call goes through to the real
    ``os``; the operations that change what is on the card (``write``, ``fsync``, ``replace``)
    are counted, and at operation number ``kill_at`` the process kills itself with SIGKILL at
    ``moment``. With ``kill_at`` None it only counts (the reference run)."""

    COUNTED = ("write", "fsync", "replace")

    def __init__(self, kill_at: int | None = None, moment: str = "after") -> None:
        self.kill_at = kill_at
        self.moment = moment
        self.count = 0

    def __getattr__(self, name: str) -> Any:
        real = getattr(os, name)
        if name not in self.COUNTED:
            return real

        def counted(*args: Any) -> Any:
            self.count += 1
            if self.count != self.kill_at:
                return real(*args)
            if self.moment == "before":
                self._die()
            if self.moment == "half" and name == "write":
                fd, data = args
                os.write(fd, bytes(data[:max(1, len(data) // 2)]))
                self._die()
            result = real(*args)
            self._die()
            return result
        return counted

    @staticmethod
    def _die() -> None:
        import signal

        os.kill(os.getpid(), signal.SIGKILL)


def settings_for(level: str, players: str, difficulty: str = "easy") -> Settings:
    return Settings.flat(players=players, level=level, difficulty=difficulty, sound=False)


def screens(app: App) -> dict[str, str]:
    """Both pads' current frames, as base64 of their 1-bit bytes."""
    return {str(pad): base64.b64encode(app.console.screen(pad).image.tobytes()).decode()
            for pad in app.pads}


class Player:
    """Boots the console, answers the resume offer with yes, and plays to the final whistle."""

    def __init__(self, state_dir: str | Path, seed: int, settings: Settings | None) -> None:
        self.state_dir = Path(state_dir)
        if settings is not None:
            save(self.state_dir, settings)
        self.seed = seed
        self.clock = ManualClock()
        self.console = sim.open_console(2, clock=self.clock)
        self.app = App(self.console, state_dir=self.state_dir, seed=seed,
                       idle=Idle(abandon_after=1e9, screensaver_after=1e9))
        self.app.refresh()
        self.resumed_at: int | None = None
        self.resumed_screens: dict[str, str] = {}
        self.starts: dict[int, dict[str, str]] = {}
        """The screens at the start of each decision (by decisions so far), before any press."""

    def press(self, pad: int, button: Button) -> None:
        self.console.tap(pad, button)
        for event in self.console.events.drain():
            self.app.step(event)

    def boot(self) -> None:
        app = self.app
        if app.mode == "resume":
            self.press(1, Button.RIGHT)
            assert app.session is not None
            self.resumed_at = len(app.session.decisions)
            self.resumed_screens = screens(app)
            return
        self.press(1, Button.CARD1)          # leave the splash
        self.press(1, Button.CENTRE)         # OK = play

    def choices(self) -> list[tuple[int, Button]]:
        """The presses a person would make now, fixed by (seed, decisions so far, seat)."""
        session = self.app.session
        assert session is not None
        presses = []
        for seat, pending in session.pending.items():
            if seat in session.seats.cpus or pending.locked is not None or pending.highlight is not None:
                continue
            rng = random.Random(f"{self.seed}/{len(session.decisions)}/{seat}")
            if session.step is Step.FLAG and rng.random() < 0.5:
                continue
            view = session.match.view(seat)
            legal = session.match.legal_choices(seat)
            buttons = [b for b in Button if button_choice(view.decision, view, legal, b) is not None]
            button = rng.choice(buttons)
            presses += [(PADS[seat], button), (PADS[seat], button)]
        return presses

    def play(self) -> dict[str, Any]:
        """Play to the end (booting first unless done); the outcome: turns, summary, final
        screens, resume point."""
        if self.app.session is None:
            self.boot()
        app = self.app
        while True:
            session = app.session
            assert session is not None
            if session.match.is_over:
                break
            if session.step in (Step.CHOOSE, Step.FLAG) and len(session.decisions) not in self.starts:
                self.starts[len(session.decisions)] = screens(app)
            presses = self.choices() if session.step in (Step.CHOOSE, Step.FLAG) else []
            for pad, button in presses:
                self.press(pad, button)
            if not presses:
                deadline = app.deadline()
                assert deadline is not None, "the match waits for nothing"
                self.clock.advance(max(0.0, deadline - self.clock.now()))
                app.step(None)
        session = app.session
        return {"turns": [joint_to_json(j) for j in session.decisions],
                "summary": summary(session.match), "final": screens(app),
                "resumed_at": self.resumed_at, "resumed_screens": self.resumed_screens}


def write_outcome(state_dir: str | Path, outcome: dict[str, Any], name: str = OUTCOME) -> None:
    """Atomically (temp + rename): the process may be killed in the middle of it too."""
    path = Path(state_dir) / name
    temp = path.with_suffix(".tmp")
    temp.write_text(json.dumps(outcome))
    os.replace(temp, path)


def run(state_dir: str, seed: str, level: str, players: str, difficulty: str = "easy") -> None:
    player = Player(state_dir, int(seed), settings_for(level, players, difficulty))
    player.boot = _noting_resume(player)  # type: ignore[method-assign]
    write_outcome(state_dir, player.play())


def _noting_resume(player: Player) -> Any:
    """Boot, then note each resume point in its own file (the test compares them all)."""
    boot = player.boot

    def noted() -> None:
        boot()
        if player.resumed_at is not None:
            count = len(list(player.state_dir.glob("resume-*.json")))
            note = {"at": player.resumed_at, "screens": player.resumed_screens}
            write_outcome(player.state_dir, note, f"resume-{count:03d}.json")
    return noted


def zygote() -> int:
    """Fork one crashing process per request, already imported, so hundreds of kills stay fast.

    Each stdin line: ``WHEN STATE_DIR SEED LEVEL PLAYERS DIFFICULTY``. The child plays (or
    resumes) the match. WHEN is ``op:K:MOMENT``: the child kills itself at its K-th journal
    operation (:class:`JournalOps`); or a number of seconds after which it gets SIGKILL
    (negative: never). One line back: ``killed`` or ``exit N``.
    """
    import signal
    import time

    from firmware.games.registry import GAMES
    from firmware.storage import journal

    list(GAMES)                         # the games loaded once here, not in every child
    for line in sys.stdin:
        when, *args = line.split()
        delay = -1.0
        if not when.startswith("op:"):
            delay = float(when)
        pid = os.fork()
        if pid == 0:
            status = 1
            try:
                if when.startswith("op:"):
                    _, kill_at, moment = when.split(":")
                    journal.os = JournalOps(int(kill_at), moment)  # type: ignore[attr-defined]
                run(*args)
                status = 0
            except BaseException:
                import traceback
                traceback.print_exc()
            finally:
                os._exit(status)
        killed, done, status = False, 0, 0
        if delay >= 0:
            time.sleep(delay)
            done, status = os.waitpid(pid, os.WNOHANG)
            if done == 0:
                os.kill(pid, signal.SIGKILL)
                killed = True
        if done == 0:
            _, status = os.waitpid(pid, 0)
        killed = killed or os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
        print("killed" if killed else f"exit {os.waitstatus_to_exitcode(status)}", flush=True)
    return 0


def main(argv: list[str]) -> int:
    if argv == ["--zygote"]:
        return zygote()
    run(*argv)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
