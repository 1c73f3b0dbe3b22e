"""One exceptions module for the hardware layer, in the manner of gpiozero's ``exc.py``.

Every error the HAL raises derives from :class:`PitchPadHardwareError`, and each also
inherits the builtin it resembles, so callers can catch either the precise name or the
familiar builtin.
"""
from __future__ import annotations


class PitchPadHardwareError(Exception):
    """Base class of every error raised by ``hal`` and ``sim``."""


class ConfigError(PitchPadHardwareError, ValueError):
    """The hardware config is wrong; the message names the file, line and key.

    Raised instead of a traceback from deep inside gpiozero or luma, so that a person
    editing ``/etc/pitchpad/hardware.toml`` is told exactly what to fix.
    """

    def __init__(self, message: str, *, key: str | None = None, line: int | None = None,
                 path: str | None = None) -> None:
        self.key = key
        self.line = line
        self.path = path
        where = ":".join(str(part) for part in (path, line) if part is not None)
        prefix = f"{where}: " if where else ""
        named = f"{key}: " if key else ""
        super().__init__(f"{prefix}{named}{message}")


class BackendUnavailable(PitchPadHardwareError, ImportError):
    """A backend needs a library or a bus that this machine lacks (e.g. pygame, /dev/i2c-1)."""


class ConsoleClosed(PitchPadHardwareError, EOFError):
    """The console was closed (the simulator window or terminal was quit) while waiting for events."""


class ScreenNotAnswering(PitchPadHardwareError, OSError):
    """A screen stopped answering on its bus. The screen retries by itself; this is only raised
    by an explicit :meth:`hal.oled.OledScreen.check` so a diagnostics page can show it."""
