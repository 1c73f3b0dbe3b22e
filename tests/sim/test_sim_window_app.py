"""``pitchpad sim --window`` end to end: the real command, the real console app and the real
pygame window (SDL's dummy video driver, so no X server), in real time. Keys are posted as
pygame key events, as a keyboard gives them; what the window shows is read back from pygame's
own surface and saved as PNGs (``PITCHPAD_SHOTS=DIR`` keeps them for a look)."""
from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import sim
from firmware.chifootmi.session import button_choice
from firmware.commands import sim as sim_command
from firmware.cli import main
from firmware.console.app import App
from firmware.console.context import Mode
from firmware.console.power_screens import GoodbyeScreen
from firmware.console.resume import ResumeScreen
from firmware.games.session import Step
from firmware.render import Canvas
from firmware.games.registry import GAMES
from firmware.storage import journal
from hal.buttons import Button
from sim.battery import POWER_KEY
from sim.log import LOG_FILE
from sim.terminal import PAD_KEYS
from sim.window import LABEL, WindowConsole

PAD1 = {button: key for key, button in PAD_KEYS[1].items()}
TRY_ORDER = (Button.CARD1, Button.CARD2, Button.CARD3, Button.CARD4, Button.LEFT, Button.RIGHT, Button.CENTRE)


def wait_for(condition: Callable[[], Any], what: str, timeout: float = 20.0) -> Any:
    """Poll ``condition`` in real time (bounded) until it is true; its value."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f"not within {timeout:.0f} s: {what}")


@dataclass
class Run:
    """One ``pitchpad sim --window`` in a thread, with the console and app it opened."""

    thread: threading.Thread
    opened: dict[str, Any] = field(default_factory=dict)
    status: list[int] = field(default_factory=list)
    shots: Path = Path(".")

    @property
    def console(self) -> WindowConsole:
        return self.opened["console"]

    @property
    def app(self) -> App:
        return self.opened["app"]

    def key(self, name: str, held: float = 0.03, mod: int = 0) -> None:
        """A key pressed and let go ``held`` seconds later, as a keyboard reports it (``mod``:
        the modifiers and locks on, such as NumLock)."""
        import pygame

        code = pygame.key.key_code(name)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod))
        time.sleep(held)
        if pygame.display.get_init():                   # a key that ends the simulator closed it
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod))

    def window(self) -> Image.Image | None:
        """What the window shows now, pixel for pixel (pygame's display surface; None before
        its first frame and once it is closed)."""
        import pygame

        surface = pygame.display.get_surface()
        if surface is None:
            return None
        return Image.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))

    def shows(self, pad: int, model: Any) -> bool:
        """Whether the window's panel of ``pad`` shows ``model`` as the console draws it."""
        canvas = Canvas()
        model.draw(canvas, self.app.settings.language)
        return self.console.screen(pad).image.tobytes() == canvas.image.tobytes() and self.redrawn()

    def redrawn(self) -> bool:
        """The window has drawn the screens as they are now (its picture is the composite of
        them, scaled as the window scales it)."""
        composite = self.console.composite
        if composite is None or composite.tobytes() != self.console.compose().tobytes():
            return False
        scale = self.console.scale
        window = self.window()
        seen = composite.resize((composite.width * scale, composite.height * scale), Image.Resampling.NEAREST)
        return window is not None and window.tobytes() == seen.tobytes()

    def shot(self, name: str) -> Path:
        """Save what the window shows, four times the simulator's pixels, to look at."""
        wait_for(self.redrawn, f"the window redrawn for {name}")
        composite = self.console.composite
        assert composite is not None
        path = self.shots / f"window-{name}.png"
        composite.resize((composite.width * 4, composite.height * 4), Image.Resampling.NEAREST).save(path)
        return path

    def ended(self, timeout: float = 15.0) -> int:
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "pitchpad sim --window did not end"
        return self.status[0]


@pytest.fixture
def start(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Callable[[Path], Run]]:
    """Start ``pitchpad sim --window --state-dir DIR`` (the real command in a thread)."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    shots = Path(os.environ.get("PITCHPAD_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    runs: list[Run] = []
    opened: dict[str, Any] = {}
    open_console = sim.open_console

    def opening(*args: Any, **kwargs: Any) -> Any:
        opened["console"] = open_console(*args, **kwargs)
        return opened["console"]

    class SeenApp(App):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            opened["app"] = self

    monkeypatch.setattr(sim, "open_console", opening)
    monkeypatch.setattr(sim_command, "App", SeenApp)

    def begin(state: Path) -> Run:
        opened.clear()
        command = ["sim", "--window", "--state-dir", str(state)]
        run = Run(threading.Thread(target=lambda: run.status.append(main(command)), daemon=True), opened,
                  shots=shots)
        runs.append(run)
        run.thread.start()
        wait_for(lambda: "app" in opened and opened["console"].composite is not None, "the window open")
        return run

    yield begin
    for run in runs:
        if run.thread.is_alive():
            run.console.close()
            run.thread.join(10)


def play_a_move(run: Run) -> None:
    """Pad 1 (red) picks a button that means a legal choice now and presses it again to lock it
    in; the CPU answers and the move is played."""
    session = run.app.session
    assert session is not None
    played = len(session.decisions)
    wait_for(lambda: session.step is Step.CHOOSE and "red" in session.pending, "red's turn")
    view, legal = session.view("red"), session.legal("red")
    button = next(b for b in TRY_ORDER if button_choice(view.decision, view, legal, b) is not None)
    run.key(PAD1[button])
    wait_for(lambda: session.pending["red"].highlight is button, f"{button.name} picked")
    run.key(PAD1[button])
    wait_for(lambda: len(session.decisions) > played, "the move played")


def test_pitchpad_sim_window_plays_from_keys_and_its_power_off_keeps_the_match(start, tmp_path: Path) -> None:
    state = tmp_path / "state"
    run = start(state)
    assert run.console.battery is not None
    wait_for(lambda: run.app.mode is Mode.MENU, "the menu after the splash")
    run.shot("menu")
    run.key(PAD1[Button.CENTRE])                        # OK: play Chifootmi against the CPU
    wait_for(lambda: run.app.mode is Mode.MATCH, "the match started")
    run.shot("kickoff")
    play_a_move(run)
    run.shot("first-move")
    play_a_move(run)
    session = run.app.session
    assert session is not None and len(session.decisions) == 2
    run.key(POWER_KEY, held=2.3)                        # the power button held 2 s: power off
    wait_for(lambda: run.shows(1, GoodbyeScreen(kept=True)) and run.shows(2, GoodbyeScreen(kept=True)),
             "the goodbye, the match kept")
    run.shot("goodbye-kept")
    # The power-off's log line: the window's bottom line and the state directory, not stderr.
    assert run.console.log_line == f"Warning: powering off: the power button, held  (all in {state / LOG_FILE})"
    assert "WARNING pitchpad.power: powering off: the power button, held" in (state / LOG_FILE).read_text()
    assert run.ended() == 0
    assert not run.console._thread.is_alive() and run.console.closed
    assert all(not screen.is_on for screen in run.console.screens)
    kept = journal.load(state, {name: spec.rules for name, spec in GAMES.items()})
    assert kept is not None and len(kept.decisions) == 2

    again = start(state)                                # the next start offers to resume it
    wait_for(lambda: isinstance(again.app.screen_for(1), ResumeScreen) and again.redrawn(), "the resume offer")
    again.shot("resume-offer")
    again.key(PAD1[Button.RIGHT])                       # Oui: the match as it stood
    wait_for(lambda: again.app.mode is Mode.MATCH and again.app.session is not None
             and len(again.app.session.decisions) == 2, "the match resumed")
    again.shot("resumed")
    again.key("escape")
    assert again.ended() == 0


def test_the_keypads_enter_plays_from_the_menu_and_its_digits_pick_cards(start, tmp_path: Path) -> None:
    """A keyboard's keypad (NumLock on), as a user tries it: its Enter is OK, its 1 is pad 1's
    CARD1 (pressed again, locked in), as the main keyboard's Enter and 1."""
    import pygame

    run = start(tmp_path / "state")
    wait_for(lambda: run.app.mode is Mode.MENU, "the menu after the splash")
    run.key("keypad enter", mod=pygame.KMOD_NUM)       # OK: play Chifootmi against the CPU
    wait_for(lambda: run.app.mode is Mode.MATCH, "the match started")
    session = run.app.session
    assert session is not None
    wait_for(lambda: session.step is Step.CHOOSE and "red" in session.pending, "red's turn")
    run.key("[1]", mod=pygame.KMOD_NUM)
    wait_for(lambda: session.pending["red"].highlight is Button.CARD1, "CARD1 picked")
    run.key("[1]", mod=pygame.KMOD_NUM)
    wait_for(lambda: len(session.decisions) == 1, "the card played")
    run.shot("keypad-first-move")
    run.key("escape")
    assert run.ended() == 0


def test_pitchpad_sim_window_sleeps_and_powers_off_from_the_menus_last_line(start, tmp_path: Path) -> None:
    run = start(tmp_path / "state")
    wait_for(lambda: run.app.mode is Mode.MENU, "the menu after the splash")
    width, height = run.console.size
    power_line = (0, height - 2 * LABEL, width, height - LABEL)
    awake = run.console.compose().crop(power_line)
    run.key(POWER_KEY, held=0.2)                        # a short press: asleep, the window says so
    wait_for(lambda: run.console.asleep and run.redrawn(), "asleep")
    assert not any(screen.is_on for screen in run.console.screens)
    assert run.console.compose().crop(power_line).tobytes() != awake.tobytes(), "the power line says asleep"
    run.shot("asleep")
    run.key(PAD1[Button.CARD2])                         # any key wakes it, and does nothing else
    wait_for(lambda: not run.console.asleep and run.redrawn(), "awake")
    assert run.app.menu.cursor == 0
    assert run.console.compose().crop(power_line).tobytes() == awake.tobytes()
    lines = len(run.app.menu.rows())
    for _ in range(lines - 1):
        run.key(PAD1[Button.CARD2])                     # ▼ to the last line: Éteindre
    wait_for(lambda: run.app.menu.rows()[run.app.menu.cursor].field == "power" and run.redrawn(),
             "the power-off line")
    run.shot("menu-power-off")
    run.key(PAD1[Button.CENTRE])
    wait_for(lambda: run.app.mode is Mode.POWER and run.redrawn(), "the question")
    run.shot("power-off-question")
    run.key(PAD1[Button.RIGHT])                         # ▶ Oui
    wait_for(lambda: run.shows(1, GoodbyeScreen(kept=False)), "the goodbye")
    run.shot("goodbye")
    assert run.ended() == 0


def test_closing_the_window_while_it_draws_ends_the_simulator(start, tmp_path: Path) -> None:
    """The window closed (or Esc) while a frame is being drawn: luma's own check would quit
    pygame and end the window's thread only, the app serving a window that is gone forever."""
    import pygame

    run = start(tmp_path / "state")
    wait_for(lambda: run.app.mode is Mode.MENU and run.redrawn(), "the menu after the splash")
    frame = Canvas()
    frame.centred(20, "a frame")
    run.console.screen(1).display(frame.image)          # a frame to draw, as the app gives one ...
    pygame.event.post(pygame.event.Event(pygame.QUIT))  # ... and the window closed meanwhile
    assert run.ended() == 0
    assert run.console.closed
