"""The buzzer contract and its backends: the kernel's PWM through sysfs (the default on a Pi:
nothing polls) and gpiozero's ``TonalBuzzer`` (a config's choice).

Tunes play in the background: :meth:`Buzzer.play` returns at once, so a goal jingle never holds
up the screens. Notes are stepped by the injectable clock's timers, not a sleeping thread, so
tests step through a tune with :class:`~hal.clock.ManualClock`.
"""
from __future__ import annotations

import logging
import os
import re
import threading
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Callable

from hal.clock import Clock, SystemClock, Timer
from hal.errors import BackendUnavailable
from hal.tunes import HIGHEST_HZ, LOWEST_HZ, Tune

log = logging.getLogger(__name__)


class Buzzer(ABC):
    """The console's one piezo buzzer."""

    @abstractmethod
    def play(self, tune: Tune) -> None:
        """Start ``tune`` in the background, cutting off any tune still playing."""

    @abstractmethod
    def stop(self) -> None:
        """Silence now."""

    @abstractmethod
    def close(self) -> None:
        """Silence and release the pin."""

    @property
    def trouble(self) -> str | None:
        """Why a fitted buzzer stays silent (one line, for the log and ``pitchpad doctor``),
        or None: it sounds, or none is fitted."""
        return None


class NoBuzzer(Buzzer):
    """Stands in when no buzzer is fitted, so the firmware never checks for one."""

    def play(self, tune: Tune) -> None:
        pass

    def stop(self) -> None:
        pass

    def close(self) -> None:
        pass


class SilentBuzzer(NoBuzzer):
    """Stands in for a fitted buzzer that could not be opened (its PWM overlay missing from the
    boot config, say): a café unit whose config.txt lost a line still plays, silent, and says
    why (:attr:`trouble`) instead of stopping."""

    def __init__(self, trouble: str) -> None:
        self._trouble = trouble

    @property
    def trouble(self) -> str:
        return self._trouble


class TunePlayer:
    """Steps through a tune's notes with clock timers, calling ``sound(frequency or None)``."""

    def __init__(self, sound: Callable[[float | None], None], clock: Clock) -> None:
        self._sound = sound
        self._clock = clock
        self._lock = threading.RLock()
        self._timer: Timer | None = None
        self._generation = 0

    def play(self, tune: Tune) -> None:
        with self._lock:
            self._cancel()
            self._generation += 1
            self._step(tune, 0, self._generation)

    def stop(self) -> None:
        with self._lock:
            self._cancel()
            self._generation += 1
            self._sound(None)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _step(self, tune: Tune, index: int, generation: int) -> None:
        with self._lock:
            if generation != self._generation:
                return
            if index == len(tune.notes):
                self._timer = None
                self._sound(None)
                return
            note = tune.notes[index]
            self._sound(note.frequency)
            self._timer = self._clock.call_later(
                note.seconds, lambda: self._step(tune, index + 1, generation))


class GpioBuzzer(Buzzer):
    """A piezo on a PWM-capable GPIO, driven by gpiozero's ``TonalBuzzer``.

    The buzzer's range is set to A5 +/- 2 octaves (220..3520 Hz) so a referee's whistle fits.
    """

    def __init__(self, pin: int | str, *, clock: Clock | None = None, pin_factory: object = None) -> None:
        from gpiozero import TonalBuzzer
        from gpiozero.tones import Tone

        self._tone = Tone
        self._device = TonalBuzzer(pin, mid_tone=Tone("A5"), octaves=2, pin_factory=pin_factory)
        assert self._device.min_tone.frequency <= LOWEST_HZ + 1e-6
        assert self._device.max_tone.frequency >= HIGHEST_HZ - 1e-6
        self._player = TunePlayer(self._sound, clock or SystemClock())

    def _sound(self, frequency: float | None) -> None:
        if frequency is None:
            self._device.stop()
        else:
            self._device.play(self._tone.from_frequency(frequency))

    @property
    def frequency(self) -> float | None:
        """The frequency sounding now, or ``None`` when silent."""
        tone = self._device.tone
        return None if tone is None else float(tone.frequency)

    def play(self, tune: Tune) -> None:
        self._player.play(tune)

    def stop(self) -> None:
        self._player.stop()

    def close(self) -> None:
        self._player.stop()
        self._device.close()


PWM_SYSFS = "/sys/class/pwm"
PWM_CHANNELS = {12: 0, 18: 0, 13: 1, 19: 1}
"""The header pins the SoC's PWM reaches on a Pi 1 to 4 and Zero (BCM2835..BCM2711: two
channels), and the channel of each: ``dtoverlay=pwm`` puts GPIO12 or GPIO18 on channel 0,
``pwm-2chan`` GPIO13 or GPIO19 on channel 1."""
RP1_PWM_CHANNELS = {12: 0, 13: 1, 18: 2, 19: 3}
"""The same pins on a Pi 5, whose header belongs to the RP1: its PWM0 block has four channels,
GPIO12 and 13 in function a0 (PWM0_CHAN0, PWM0_CHAN1), GPIO18 and 19 in function a3
(PWM0_CHAN2, PWM0_CHAN3): the RP1 datasheet's GPIO function table, as Raspberry Pi's
``pinctrl`` carries it. The overlays are the same lines as on older Pis."""
RP1_HEADER_PWM = "pwm@98000"
"""The RP1's PWM0 in the device tree (``rp1_pwm0``); ``pwm@9c000``, PWM1, drives the Pi 5's
fan and reaches no header pin."""


@dataclass(frozen=True)
class PwmOutput:
    """Where the kernel's PWM sounds a pin: ``/sys/class/pwm/<chip>/pwm<channel>``."""

    pin: int
    chip: str
    """The chip's folder, ``/sys/class/pwm/pwmchipN``."""
    channel: int
    block: str
    """Which PWM it is, in words (the RP1's PWM0 on a Pi 5, or the SoC's)."""

    @property
    def path(self) -> str:
        return os.path.join(self.chip, f"pwm{self.channel}")


def pwm_overlay(pin: int) -> str:
    """The boot config line that puts ``pin`` in its PWM function."""
    func = 4 if pin in (12, 13) else 2
    return f"dtoverlay=pwm,pin={pin},func={func}" if pin in (12, 18) else f"dtoverlay=pwm-2chan,pin2={pin},func2={func}"


def _block(chip_dir: str) -> str | None:
    """What a ``pwmchipN`` is, from its device-tree node: ``"rp1"`` (the Pi 5's header PWM),
    ``"fan"`` (the RP1's other PWM), ``"soc"`` (BCM2835..BCM2711), or None (not said)."""
    node = os.path.join(chip_dir, "device", "of_node")
    try:
        with open(os.path.join(node, "compatible"), "rb") as file:
            compatible = file.read().split(b"\0")
    except OSError:
        return None
    if b"raspberrypi,rp1-pwm" in compatible:
        return "rp1" if os.path.basename(os.path.realpath(node)) == RP1_HEADER_PWM else "fan"
    return "soc" if b"brcm,bcm2835-pwm" in compatible else None


def find_pwm(pin: int, chip: int | None = None, sysfs: str = PWM_SYSFS) -> PwmOutput:
    """The kernel PWM that sounds ``pin``: ``/sys/class/pwm/pwmchip<chip>`` if the config names
    one, else the header's PWM found by what it is (its number changes between kernels on a
    Pi 5: ``pwmchip0`` or ``pwmchip2``), else the only one there. Its channel for ``pin`` is the
    RP1's on a Pi 5 (GPIO18 is channel 2 there, not 0). :class:`BackendUnavailable` says which
    boot config line is missing."""
    if pin not in PWM_CHANNELS:
        raise BackendUnavailable(f"buzzer on GPIO{pin}: the kernel's PWM reaches GPIO12, 13, 18 and 19 "
                                 f"only; move the buzzer, or set outputs = \"gpiozero\" under [gpio]")
    missing = (f"buzzer on GPIO{pin}: no PWM chip in {sysfs}: add {pwm_overlay(pin)} to the boot "
               f"config (/boot/firmware/config.txt) and reboot")
    if chip is not None:
        chosen = os.path.join(sysfs, f"pwmchip{chip}")
        if not os.path.isdir(chosen):
            raise BackendUnavailable(missing.replace(f"in {sysfs}", chosen))
        block = _block(chosen)
        if block == "fan":
            raise BackendUnavailable(f"buzzer on GPIO{pin}: {chosen} is the Pi 5's fan PWM, on no header "
                                     f"pin: remove pwm_chip under [buzzer] (the header's is found), "
                                     f"and add {pwm_overlay(pin)} to the boot config")
    else:
        try:
            names = sorted((n for n in os.listdir(sysfs) if re.fullmatch(r"pwmchip\d+", n)), key=lambda n: int(n[7:]))
        except OSError:
            names = []
        found = [(os.path.join(sysfs, name), _block(os.path.join(sysfs, name))) for name in names]
        header = [each for each in found if each[1] in ("rp1", "soc")] or [each for each in found if each[1] is None]
        if not header:
            raise BackendUnavailable(missing)
        chosen, block = header[0]
    if block == "rp1":
        return PwmOutput(pin, chosen, RP1_PWM_CHANNELS[pin], "the RP1's PWM0 (a Pi 5)")
    return PwmOutput(pin, chosen, PWM_CHANNELS[pin], "the SoC's PWM" if block == "soc" else "the kernel's PWM")


class PwmBuzzer(Buzzer):
    """A piezo on a PWM pin, sounded by the kernel's PWM through sysfs
    (``/sys/class/pwm/pwmchipN/pwmM``: ``period`` and ``duty_cycle`` in ns, ``enable``).

    A passive piezo needs a square wave at the note's frequency (220..3520 Hz): made by the
    kernel's PWM it is exact and costs no CPU, and nothing wakes between two notes; the notes
    are stepped by clock timers, which exist only while a tune plays. (Toggling a gpiod line
    from Python instead would take 440..7,040 wake-ups a second while a note sounds, and a
    loaded Pi would make it warble.) The pin must be in its PWM function: ``dtoverlay=pwm,pin=12,
    func=4`` in the boot config for GPIO12."""

    def __init__(self, pin: int, *, chip: int | None = None, clock: Clock | None = None,
                 sysfs: str = PWM_SYSFS) -> None:
        self.output = find_pwm(pin, chip, sysfs)
        self.path = self.output.path
        try:
            if not os.path.isdir(self.path):
                with open(os.path.join(self.output.chip, "export"), "w") as export:
                    export.write(str(self.output.channel))
            self._write("enable", 0)
        except OSError as error:
            raise BackendUnavailable(f"buzzer on GPIO{pin}: {self.path}: {error.strerror or error} "
                                     f"(the pitchpad user needs the gpio group; is {pwm_overlay(pin)} "
                                     f"in the boot config?)") from None
        self._lock = threading.Lock()
        self._period = 0
        self._sounding: float | None = None
        self._closed = False
        self._player = TunePlayer(self._sound, clock or SystemClock())

    def _write(self, name: str, value: int) -> None:
        with open(os.path.join(self.path, name), "w") as attribute:
            attribute.write(str(value))

    def _sound(self, frequency: float | None) -> None:
        with self._lock:
            if self._closed:
                return
            try:
                if frequency is None:
                    self._write("enable", 0)
                else:
                    period = int(round(1e9 / frequency))
                    self._write("duty_cycle", 0)       # never above the period, old or new
                    self._write("period", period)
                    self._write("duty_cycle", period // 2)
                    self._write("enable", 1)
                    self._period = period
            except OSError as error:
                log.warning("buzzer %s: %s; silent", self.path, error)
                frequency = None
            self._sounding = frequency

    @property
    def frequency(self) -> float | None:
        """The frequency sounding now, or ``None`` when silent."""
        return self._sounding

    def play(self, tune: Tune) -> None:
        self._player.play(tune)

    def stop(self) -> None:
        self._player.stop()

    def close(self) -> None:
        self._player.stop()
        with self._lock:
            self._closed = True
