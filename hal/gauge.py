"""The battery gauge: how full the cell is, whether it charges, whether it is about to drop.

A handheld on a LiPo cell reads a **MAX17048** fuel gauge (I2C address 0x36; on most LiPo
charger boards and UPS HATs that have a gauge) on the screens' bus, through smbus2 as the
screens' luma interface does. A console without a gauge has :class:`NoGauge`, which reads
nothing: no battery mark, no low-battery warning, no power-off on an empty cell, as before.

What is read, each time the console asks (now and then: never on a timer of its own here):

- ``VCELL`` (0x02, 78.125 µV a step) and ``SOC`` (0x04, 1/256 % a step): voltage and charge;
- ``CRATE`` (0x16, 0.208 % an hour a step, signed): more than :data:`CHARGING_RATE` is a charger
  at work;
- ``STATUS`` (0x1A): ``VL``, the chip's own "the voltage fell below VALRT.MIN" alert, which this
  driver sets to :data:`LOW_VOLTS` (the cell is about to drop out under the Pi's load, whatever
  the charge estimate says); ``RI``, set when the gauge itself was reset, after which the
  alert threshold is written again. The threshold is written before the first ``STATUS`` read,
  and a ``VCELL`` under it says the same as ``VL`` (a cell already low at start is not missed
  until the chip compares again). The other alerts (``HD``, the charge under 4 %; ``SC``, ``VH``,
  ``VR``) and ``CONFIG.ALRT``, which holds the chip's ALRT pin low, are written back to 0 once
  read, so a wired ALRT pin can tell the next alert.

A reading no cell gives (under 2.5 V or over 4.6 V, more than 105 %: all registers 0x0000 or
0xFFFF, a glitch on the bus) is no reading: :meth:`Gauge.read` returns None for it, logged once
(``hal.gauge.Max17048.implausible`` counts them); acting on one is the console's to confirm
(``firmware.console.power_service``).

Each register is one combined transfer (a write of the register number, a repeated start, a
read of two bytes: 5 bytes on the wire), 20 bytes a reading. The read waits for every screen on
the same bus to finish what it is sending (``quiet``), so it never lands inside a frame. A gauge
that does not answer is logged once (and once when it answers again); :meth:`Gauge.read` then
returns None and the console carries on without a battery level.
"""
from __future__ import annotations

import contextlib
import logging
import threading
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Callable, ContextManager

log = logging.getLogger(__name__)

ADDRESS = 0x36
VCELL, SOC, CONFIG, VALRT, CRATE, STATUS = 0x02, 0x04, 0x0C, 0x14, 0x16, 0x1A
VOLT_STEP = 78.125e-6
SOC_STEP = 1 / 256
CRATE_STEP = 0.208
VALRT_STEP = 0.020
RI, VL = 1 << 8, 1 << 10
ALERT_BITS = 0x3E00
"""STATUS's alert bits (VH, VL, VR, HD, SC): written back as 0 once acted on."""
LOW_VOLTS = 3.30
"""The voltage alert (``VALRT.MIN``): below this under load, a LiPo has minutes left and a
boost converter may soon drop out (the PowerBoost's low-battery pin says 3.2 V)."""
RECOVERED = 0.10
"""Volts above :data:`LOW_VOLTS` at which a latched voltage alert is cleared (a cell that was
only dipping under a load, or has been charged since)."""
CHARGING_RATE = 1.0
"""% an hour: above it the cell is charging (a full cell on a charger reads about 0)."""
WIRE_BYTES_PER_READING = 4 * 5
"""Four registers, each address + register + address + two bytes."""
CELL_VOLTS = (2.5, 4.6)
"""Volts a LiPo cell can read at all (a protection circuit cuts it off near 2.5 V; a full one
is 4.2 V): outside, the reading is not a cell's."""
MOST_PERCENT = 105.0
"""The chip's charge estimate runs a little over 100 % on a full cell, never far."""
HD, CONFIG_ALRT = 1 << 12, 1 << 5
"""STATUS.HD (the charge crossed CONFIG.ATHD, 4 % by default) and CONFIG.ALRT (holds the ALRT
pin low until written back to 0)."""


@dataclass(frozen=True)
class Charge:
    """One reading of the cell."""

    percent: float
    """State of charge, 0 to 100."""
    volts: float
    charging: bool
    about_to_drop: bool = False
    """The gauge's own alarm: the voltage fell below :data:`LOW_VOLTS` (act on it as on 5 %)."""

    @property
    def shown_percent(self) -> int:
        """The whole percent a person is shown (99.6 % is 100 %, never more or less)."""
        return max(0, min(100, round(self.percent)))


class Gauge(ABC):
    """A battery gauge on the console (or none)."""

    present: bool = True
    name: str = "battery gauge"

    @abstractmethod
    def read(self) -> Charge | None:
        """The cell now; None when there is no gauge or it does not answer."""

    def close(self) -> None:  # noqa: B027 - most gauges hold nothing
        """Release the bus."""


class NoGauge(Gauge):
    """A console without a gauge: no battery level, as on mains or a USB power bank."""

    present = False
    name = "no battery gauge"

    def read(self) -> Charge | None:
        return None


class Max17048(Gauge):
    """A MAX17048 (or MAX17049) on an I2C bus, read through ``smbus2.i2c_msg`` transfers."""

    def __init__(self, bus: Any, *, address: int = ADDRESS, port: int | None = None,
                 quiet: Callable[[], ContextManager[Any]] | None = None,
                 low_volts: float = LOW_VOLTS) -> None:
        self._bus = bus
        self.address = address
        self.name = f"battery gauge (MAX17048 on I2C bus {port if port is not None else '?'} at 0x{address:02X})"
        self._quiet = quiet or contextlib.nullcontext
        self._low = max(0, min(255, round(low_volts / VALRT_STEP)))
        self._lock = threading.Lock()
        self._answering: bool | None = None
        self._armed = False
        self._believed = True
        self.readings = 0
        self.failures = 0
        self.implausible = 0
        """Readings no cell gives, ignored (each returned as None)."""
        self.rejected: tuple[float, float] | None = None
        """(volts, percent) of the last reading no cell gives (None once one is believed)."""

    @property
    def answering(self) -> bool:
        """False after a reading that failed, until one succeeds."""
        return bool(self._answering)

    def read(self) -> Charge | None:
        with self._lock, self._quiet():
            try:
                if not self._armed:
                    self._arm(0)
                status = self._get(STATUS)
                if status & RI:
                    self._arm(status)
                volts = self._get(VCELL) * VOLT_STEP
                percent = self._get(SOC) * SOC_STEP
                rate = _signed(self._get(CRATE)) * CRATE_STEP
                status = self._serve_alerts(status, volts, rate)
            except OSError as error:
                self.failures += 1
                if self._answering is not False:
                    log.warning("%s is not answering (%s): no battery level until it does",
                                self.name, error.strerror or error)
                self._answering = False
                self._armed = False
                return None
            if self._answering is False:
                log.warning("%s is answering again", self.name)
            self._answering = True
            if not (CELL_VOLTS[0] <= volts <= CELL_VOLTS[1] and percent <= MOST_PERCENT):
                self.implausible += 1
                self.rejected = (volts, percent)
                if self._believed:
                    log.warning("%s read %.2f V and %.0f %%, which no cell gives: ignored", self.name,
                                volts, percent)
                self._believed = False
                return None
            self._believed = True
            self.rejected = None
            self.readings += 1
            low = volts < self._low * VALRT_STEP
            return Charge(percent=min(100.0, percent), volts=volts, charging=rate > CHARGING_RATE,
                          about_to_drop=bool(status & VL or low) and rate <= CHARGING_RATE)

    def _serve_alerts(self, status: int, volts: float, rate: float) -> int:
        """Write back the alerts just read, so that the chip (and its ALRT pin, if wired) can
        tell the next one: every alert but ``VL`` at once, and ``CONFIG.ALRT`` with them;
        ``VL`` once a charger is at work or the cell is well above the threshold again (until
        then it says a dip under load happened since). ``status`` as it stands after."""
        alerts = status & ALERT_BITS
        if not alerts:
            return status
        keep = VL if status & VL and rate <= CHARGING_RATE and volts < self._low * VALRT_STEP + RECOVERED else 0
        if alerts & ~keep:
            self._put(STATUS, status & ~ALERT_BITS & 0xFF00 | keep)
        config = self._get(CONFIG)
        if config & CONFIG_ALRT:
            self._put(CONFIG, config & ~CONFIG_ALRT)
        return status & ~ALERT_BITS | keep

    def clear_alert(self) -> None:
        """Write the voltage alert back to 0 (after acting on it, or when a charger took over)."""
        with self._lock, self._quiet(), contextlib.suppress(OSError):
            self._put(STATUS, self._get(STATUS) & ~ALERT_BITS & 0xFF00)

    def _arm(self, status: int) -> None:
        """Our voltage alert threshold (the chip forgets it when it resets) and RI cleared."""
        self._put(VALRT, self._low << 8 | 0xFF)
        if status & RI:
            self._put(STATUS, status & ~RI & 0xFF00)
        self._armed = True

    def _get(self, register: int) -> int:
        from smbus2 import i2c_msg

        answer = i2c_msg.read(self.address, 2)
        self._bus.i2c_rdwr(i2c_msg.write(self.address, [register]), answer)
        high, low = bytes(answer)
        return high << 8 | low

    def _put(self, register: int, value: int) -> None:
        from smbus2 import i2c_msg

        self._bus.i2c_rdwr(i2c_msg.write(self.address, [register, value >> 8 & 0xFF, value & 0xFF]))

    def close(self) -> None:
        with self._lock, contextlib.suppress(OSError):
            self._bus.close()


def _signed(value: int) -> int:
    return value - 0x10000 if value & 0x8000 else value
