"""A simulated screen that keeps every distinct frame it was given.

The terminal and window backends subclass it and draw in :meth:`SimScreen.shown`; the
headless backend uses it as it is, so tests can look at exactly what each player saw.
"""
from __future__ import annotations

import threading
from pathlib import Path

from PIL import Image

from hal.screen import Screen, blank_frame, check_contrast, checked_frame


class SimScreen(Screen):
    """Captures frames: :attr:`frames` holds each frame that differed from the one before it
    (a real screen sends nothing for an unchanged frame, so neither is one captured here)."""

    def __init__(self, pad_id: int) -> None:
        self.pad_id = pad_id
        self.echo: Screen | None = None
        """Another screen that shows the same (a phone's, for a phone pad of the simulator)."""
        self.frames: list[Image.Image] = []
        self.display_calls = 0
        self.level = 0xCF
        self.is_on = True
        self._current = blank_frame()
        self._current_bytes = self._current.tobytes()
        self._lock = threading.Lock()

    @property
    def image(self) -> Image.Image:
        """What the panel holds now (shown when on)."""
        return self._current.copy()

    def display(self, image: Image.Image) -> None:
        frame = checked_frame(image).copy()
        with self._lock:
            self.display_calls += 1
            frame_bytes = frame.tobytes()
            if frame_bytes == self._current_bytes:
                return
            self._current, self._current_bytes = frame, frame_bytes
            self.frames.append(frame)
        if self.echo is not None:
            self.echo.display(frame)
        self.shown()

    def contrast(self, level: int) -> None:
        self.level = check_contrast(level)
        if self.echo is not None:
            self.echo.contrast(level)
        self.shown()

    def power(self, on: bool) -> None:
        self.is_on = bool(on)
        if self.echo is not None:
            self.echo.power(on)
        self.shown()

    def close(self) -> None:
        self.is_on = False

    def shown(self) -> None:
        """Called after every visible change; backends that draw override it."""

    def save_frames(self, folder: str | Path, stem: str | None = None, scale: int = 1) -> list[Path]:
        """Write every captured frame as ``<stem>-NNNN.png`` (white on black) and return the paths."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        stem = stem or f"pad{self.pad_id}"
        paths = []
        for number, frame in enumerate(list(self.frames)):
            path = folder / f"{stem}-{number:04d}.png"
            picture = frame if scale == 1 else frame.resize((frame.width * scale, frame.height * scale),
                                                            Image.Resampling.NEAREST)
            picture.save(path)
            paths.append(path)
        return paths
