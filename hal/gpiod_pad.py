"""A pad of seven buttons on the Pi's header, read through the kernel's GPIO character device
with libgpiod v2 (``gpiod`` on PyPI): the handheld's default button backend.

Why not gpiozero here: its default pin factory on a Pi, lgpio, claims an lgpio *alert* per
input, and lg's alert thread then loops on ``ppoll()`` with a 0.5 ms timeout for as long as any
alert is claimed: about 2,000 wake-ups a second and a few per cent of a core on a battery
handheld that nobody is touching (``bench/bench_wakeups.py`` measures a copy of that loop).
Here one thread per pad (:class:`~hal.edge_thread.EdgeThread`) sleeps in ``select()`` on the line
request's file descriptor until the kernel queues an edge: zero wake-ups when nobody presses.

The lines are requested as inputs with the internal pull-up (``Bias.PULL_UP``; a button closes
to GND, so a falling edge is a press) and edge detection on both edges. Debounce is ours
(:class:`~hal.pad.Debouncer`: the first edge is taken at once, bounces are ignored for
``debounce``), because the kernel's ``debounce_period`` reports an edge only once the line has
been stable that long, which would add the whole period to every press's latency; a short kernel
period can still be asked for (``[gpio] kernel_debounce_ms``) to filter glitches on long wires.

The header's chip is found by its label, not its number (``/dev/gpiochip0`` on a Pi 4 is the
header, on early Pi 5 kernels it is ``gpiochip4``); a line is looked up by its name
(``GPIO17``) where the chip names its lines, else by offset (the BCM number).
"""
from __future__ import annotations

import errno
import functools
import glob
import logging
import os
from datetime import timedelta
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Protocol

from hal.buttons import Button
from hal.clock import Clock, SystemClock
from hal.edge_thread import EdgeThread
from hal.errors import BackendUnavailable
from hal.events import EventQueue
from hal.pad import DEFAULT_DEBOUNCE, Debouncer, Pad, Repeat

if TYPE_CHECKING:
    import gpiod

log = logging.getLogger(__name__)

HEADER_LABELS = ("pinctrl-bcm2835", "pinctrl-bcm2711", "pinctrl-rp1")
"""Labels of the chip that drives the 40-pin header: Pi 1/2/3/Zero/Zero 2 W (BCM2835 family),
Pi 4/400/CM4 (BCM2711), Pi 5/500/CM5 (the RP1 I/O chip). Its offsets 0..27 are GPIO0..GPIO27."""
CONSUMER = "pitchpad"
CONSUMER_CHARS = 31
"""What the kernel keeps of a line request's consumer name (``GPIO_MAX_NAME_SIZE``, 32 bytes
with its NUL): a longer one is cut, and ``gpioinfo`` would show two lines alike."""


class Chip(Protocol):
    """What we use of ``gpiod.Chip`` (and what :mod:`hal.mock_gpiochip` provides)."""

    def get_info(self) -> Any: ...
    def line_offset_from_id(self, id: str | int) -> int: ...
    def get_line_info(self, line: int | str) -> Any: ...
    def request_lines(self, config: Any, consumer: str | None = None) -> Any: ...
    def close(self) -> None: ...


class Chips(Protocol):
    """The machine's GPIO chips: ``/dev/gpiochip*`` and ``gpiod.Chip`` on a Pi."""

    def paths(self) -> list[str]: ...
    def open(self, path: str) -> Chip: ...


V1_BINDING = ("the gpiod module found ({where}) is libgpiod v1's binding (Debian's python3-libgpiod); "
              "PitchPad needs the v2 binding: pip install 'gpiod>=2.2' in PitchPad's venv "
              "(sudo deploy/install.sh does it), or set buttons = \"gpiozero\" under [gpio]")


def _gpiod() -> Any:
    """The libgpiod v2 binding, or :class:`BackendUnavailable` saying what to install: none at
    all, or Debian's ``python3-libgpiod`` (libgpiod 1.6, the v1 API: ``gpiod.Chip`` with other
    methods, no ``gpiod.line``, no ``LineSettings``), which ``import gpiod`` finds through a
    venv's system site packages."""
    try:
        import gpiod
    except ImportError:
        raise BackendUnavailable(
            "the gpiod package (libgpiod v2) is not installed: pip install 'pitchpad[pi]', or set "
            "buttons = \"gpiozero\" under [gpio] in the config") from None
    if not hasattr(gpiod, "LineSettings") or not hasattr(gpiod, "request_lines"):
        raise BackendUnavailable(V1_BINDING.format(where=getattr(gpiod, "__file__", None) or "built in"))
    return gpiod


class SystemChips:
    """The kernel's GPIO chips under ``dev``, opened with the real ``gpiod`` bindings."""

    def __init__(self, dev: str = "/dev") -> None:
        self.dev = dev

    def paths(self) -> list[str]:
        gpiod = _gpiod()
        return [path for path in sorted(glob.glob(os.path.join(self.dev, "gpiochip*")),
                                        key=lambda p: (len(p), p))
                if gpiod.is_gpiochip_device(path)]

    def open(self, path: str) -> Chip:
        chip: Chip = _gpiod().Chip(path)
        return chip


def find_header_chip(chips: Chips, wanted: str = "auto") -> str:
    """The path of the chip ``wanted`` names: ``"auto"`` (the header's, by label), a label, or
    a path. Raises :class:`BackendUnavailable` with what was found instead."""
    if wanted.startswith("/"):
        if wanted not in chips.paths():
            raise BackendUnavailable(f"{wanted} is not a GPIO chip on this machine "
                                     f"(GPIO chips: {', '.join(chips.paths()) or 'none'})")
        return wanted
    labels = HEADER_LABELS if wanted == "auto" else (wanted,)
    seen = []
    for path in chips.paths():
        try:
            chip = chips.open(path)
        except PermissionError:
            raise BackendUnavailable(f"{path}: permission denied: add the user to the gpio group "
                                     f"(sudo usermod -aG gpio $USER)") from None
        except OSError as error:
            seen.append(f"{path} (cannot be opened: {error.strerror or error})")
            continue
        try:
            label = chip.get_info().label
        finally:
            chip.close()
        if label in labels:
            return path
        seen.append(f"{path} \"{label}\"")
    looked_for = " or ".join(f"\"{label}\"" for label in labels)
    found = ", ".join(seen) if seen else "no GPIO chip at all"
    raise BackendUnavailable(f"no GPIO chip labelled {looked_for} (found {found}): is this a "
                             f"Raspberry Pi? Another board's header chip can be named with "
                             f"chip = \"LABEL\" under [gpio] in the config")


def line_offset(chip: Chip, gpio: int) -> int:
    """The offset of BCM ``gpio`` on the header chip: by the line's name (``GPIO17``) where the
    chip names it, else the number itself (the header chips number lines as BCM does)."""
    try:
        return chip.line_offset_from_id(f"GPIO{gpio}")
    except (OSError, ValueError):
        return gpio


class GpiodPad(Pad):
    """Seven buttons on one line request; a thread blocked on its fd delivers the edges."""

    detachable = False

    def __init__(self, pad_id: int, pins: Mapping[Button, int], events: EventQueue, *,
                 chips: Chips | None = None, chip: str = "auto",
                 debounce: float = DEFAULT_DEBOUNCE, kernel_debounce: float = 0.0,
                 repeat: Repeat | None = None, clock: Clock | None = None) -> None:
        gpiod = _gpiod()
        from gpiod.line import Bias, Direction, Edge

        self.pad_id = pad_id
        clock = clock or SystemClock()
        chips = chips or SystemChips()
        self.chip_path = find_header_chip(chips, chip)
        self.settings = gpiod.LineSettings(
            direction=Direction.INPUT, edge_detection=Edge.BOTH, bias=Bias.PULL_UP,
            debounce_period=timedelta(seconds=kernel_debounce))
        self._falling = gpiod.EdgeEvent.Type.FALLING_EDGE
        self._inactive = gpiod.line.Value.INACTIVE
        handle = chips.open(self.chip_path)
        try:
            self._buttons = {line_offset(handle, gpio): button for button, gpio in pins.items()}
            self._request = self._request_lines(handle, pins)
        finally:
            handle.close()
        self._debouncers = {
            button: Debouncer(pad_id, button, events.put, functools.partial(self._level, offset),
                              interval=debounce, clock=clock, repeat=repeat)
            for offset, button in self._buttons.items()}
        self._reader = EdgeThread(self._request, self.edges, f"pad{pad_id}-gpiod", self._reading_failed)

    def _request_lines(self, handle: Chip, pins: Mapping[Button, int]) -> Any:
        try:
            return handle.request_lines({tuple(self._buttons): self.settings},
                                        consumer=f"{CONSUMER} pad {self.pad_id}")
        except OSError as error:
            raise BackendUnavailable(self._request_failed(handle, pins, error)) from None

    def _request_failed(self, handle: Chip, pins: Mapping[Button, int], error: OSError) -> str:
        where = f"pad {self.pad_id} buttons on {self.chip_path}"
        if error.errno == errno.EBUSY:
            for offset, button in self._buttons.items():
                info = handle.get_line_info(offset)
                if info.used:
                    return (f"{where}: {button.name} (GPIO{pins[button]}) is in use by "
                            f"{info.consumer or 'another program'}: stop it, or move the button "
                            f"(is another PitchPad, or a dtoverlay, holding the pin?)")
            return f"{where}: a line is in use by another program"
        if error.errno in (errno.EACCES, errno.EPERM):
            return f"{where}: permission denied: add the user to the gpio group"
        if error.errno == errno.EINVAL:
            return (f"{where}: the kernel refused the settings ({error.strerror}); a GPIO number "
                    f"beyond this chip's lines?")
        return f"{where}: {error.strerror or error}"

    @property
    def connected(self) -> bool:
        """Buttons on the header do not come and go."""
        return True

    def is_pressed(self, button: Button) -> bool:
        return self._debouncers[button].pressed

    def edges(self, events: Iterable[gpiod.EdgeEvent]) -> None:
        """Decode kernel edge events: a falling edge closes the switch to GND (a press)."""
        for event in events:
            button = self._buttons.get(event.line_offset)
            if button is not None:
                self._debouncers[button].edge(event.event_type == self._falling)

    def _level(self, offset: int) -> bool:
        """Pressed now? (the line reads low); read when a debounce lock-out ends."""
        try:
            return bool(self._request.get_value(offset) == self._inactive)
        except (OSError, ValueError):
            return False

    def _reading_failed(self, error: Exception) -> None:
        log.error("pad %d: reading button edges failed (%s); its buttons are dead until the "
                  "console restarts", self.pad_id, error)

    def close(self) -> None:
        if not self._reader.stop():
            return
        for debouncer in self._debouncers.values():
            debouncer.close()
        self._request.release()
