"""An independent model of the MAX17048 LiPo fuel gauge, answering on a recording I2C bus.

Written from the MAX17048/MAX17049 datasheet (register map, I2C protocol), not from PitchPad
code: 16-bit registers sent most significant byte first; a write message is the register
number and then values, a read continues from the register last addressed; the address pointer
moves on one byte at a time, so a long read runs into the next registers. The test sets the cell
(:meth:`Max17048Model.cell`) as a battery and a charger would; the model keeps VCELL, SOC and
CRATE in the chip's units and latches the alerts the way the chip does:

- ``STATUS.RI`` (reset indicator) is set at power-up and stays until the host writes it to 0;
  every register is then at its reset value (``VALRT`` 0x00FF: no voltage alert);
- ``STATUS.VL`` is set when VCELL falls below ``VALRT.MIN`` (20 mV a step) and stays set until
  the host clears it, even if the voltage comes back;
- ``STATUS.HD`` is set when SOC is below the empty threshold, 32 - ATHD % (4 % at reset), at
  each new estimate (the model has no time between two; the chip sets it as SOC crosses it);
- ``CONFIG.ALRT`` (the ALRT pin held low) is set with any STATUS alert, and cleared by the host
  writing it to 0.

``answering = False`` makes the chip stop acknowledging (a loose wire, or no gauge fitted).
"""
from __future__ import annotations

import errno
import os

VCELL, SOC, MODE, VERSION, HIBRT, CONFIG, VALRT, CRATE, VRESET_ID, STATUS, CMD = (
    0x02, 0x04, 0x06, 0x08, 0x0A, 0x0C, 0x14, 0x16, 0x18, 0x1A, 0xFE)
RESET_VALUES = {MODE: 0x0000, VERSION: 0x0012, HIBRT: 0x8030, CONFIG: 0x971C, VALRT: 0x00FF,
                VRESET_ID: 0x9600, STATUS: 0x0100}
"""Power-on values (datasheet Table 2); STATUS 0x0100: RI set."""
READ_ONLY = {VCELL, SOC, VERSION, CRATE}
WRITE_ONLY = {MODE, CMD}
RI, VH, VL, VR, HD, SC = (1 << 8, 1 << 9, 1 << 10, 1 << 11, 1 << 12, 1 << 13)
"""STATUS bits (in the register's high byte)."""
ALRT = 1 << 5
"""CONFIG's alert flag (in the low byte)."""
VOLT_STEP = 78.125e-6
SOC_STEP = 1 / 256
CRATE_STEP = 0.208
VALRT_STEP = 0.020


class Max17048Model:
    """One gauge on the bus; attach with ``bus.attach(0x36, model)``."""

    def __init__(self, volts: float = 3.9, percent: float = 80.0, rate: float = -5.0) -> None:
        self.answering = True
        self.registers: dict[int, int] = {}
        self.pointer = 0
        self.reads = 0
        """Read messages answered (tests count how often the console asks)."""
        self.power_up()
        self.cell(volts, percent, rate)

    def power_up(self) -> None:
        """Every register at its reset value, RI set (a gauge that lost its supply)."""
        self.registers = dict(RESET_VALUES)
        self.registers.update({VCELL: 0, SOC: 0, CRATE: 0})
        self.pointer = 0

    def cell(self, volts: float, percent: float, rate: float = 0.0) -> None:
        """The cell's voltage, the chip's state of charge and its charge rate (% an hour, more
        than 0 while charging), as the chip's ModelGauge would report them."""
        self.registers[VCELL] = max(0, min(0xFFFF, round(volts / VOLT_STEP)))
        self.registers[SOC] = max(0, min(0xFFFF, round(percent / SOC_STEP)))
        self.registers[CRATE] = round(rate / CRATE_STEP) & 0xFFFF
        self._alerts()

    def _alerts(self) -> None:
        volts = self.registers[VCELL] * VOLT_STEP
        low = (self.registers[VALRT] >> 8) * VALRT_STEP
        if volts < low:
            self.registers[STATUS] |= VL
        empty = 32 - (self.registers[CONFIG] & 0x1F)
        if self.registers[SOC] * SOC_STEP < empty:
            self.registers[STATUS] |= HD
        if self.registers[STATUS] & (VL | VH | VR | HD | SC):
            self.registers[CONFIG] |= ALRT

    # ----- the bus side --------------------------------------------------------------------
    def _ack(self) -> None:
        if not self.answering:
            raise OSError(errno.EREMOTEIO, os.strerror(errno.EREMOTEIO))

    def write(self, data: bytes) -> None:
        self._ack()
        if not data:
            return
        self.pointer = data[0]
        values = data[1:]
        for index in range(0, len(values) - 1, 2):
            register = self.pointer + index
            self._store(register, values[index] << 8 | values[index + 1])

    def _store(self, register: int, value: int) -> None:
        if register in READ_ONLY:
            return
        if register == CMD and value == 0x5400:      # power-on reset
            self.power_up()
            return
        if register == STATUS:                       # alert bits are cleared by writing 0
            self.registers[STATUS] &= value | 0x00FF
            return
        if register == CONFIG:                       # ALRT only clears
            keep = self.registers[CONFIG] & value & ALRT
            self.registers[CONFIG] = (value & ~ALRT) | keep
            return
        if register == VRESET_ID:                    # the ID byte is read-only
            self.registers[VRESET_ID] = (value & 0xFF00) | (self.registers[VRESET_ID] & 0x00FF)
            return
        self.registers[register] = value
        if register == VALRT:
            self._alerts()

    def read(self, count: int) -> bytes:
        self._ack()
        self.reads += 1
        out = bytearray()
        for offset in range(count):
            register = (self.pointer + offset) & ~1
            value = 0xFFFF if register in WRITE_ONLY else self.registers.get(register, 0)
            out.append(value >> 8 if (self.pointer + offset) % 2 == 0 else value & 0xFF)
        self.pointer = (self.pointer + count) & 0xFF
        return bytes(out)

    # ----- what the tests look at -----------------------------------------------------------
    @property
    def low_alert_volts(self) -> float:
        """``VALRT.MIN`` in volts (0: no voltage alert)."""
        return (self.registers[VALRT] >> 8) * VALRT_STEP

    @property
    def status(self) -> int:
        return self.registers[STATUS]

    @property
    def alert_pin_low(self) -> bool:
        """The ALRT pin is asserted (``CONFIG.ALRT`` set)."""
        return bool(self.registers[CONFIG] & ALRT)
