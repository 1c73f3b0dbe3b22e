"""A recording I2C bus that can fail on cue: the screens' counterpart of gpiozero's MockFactory.

It stands in for an ``smbus2.SMBus`` under luma's ``i2c`` interface, so tests and benchmarks run
the real luma and PitchPad code and see the exact bytes a panel would receive. "Unplugging" it
makes every write raise ``OSError(EREMOTEIO)`` (errno 121), which is what a loose I2C wire does.
"""
from __future__ import annotations

import errno
import os
import threading
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Transfer:
    """One I2C write: the device address, the control byte (0x00 command, 0x40 data) and the
    payload after it."""

    address: int
    control: int
    payload: bytes

    @property
    def wire_bytes(self) -> int:
        """Bytes clocked on the wire: address, control and payload (each followed by an ACK)."""
        return 2 + len(self.payload)


class MockSMBus:
    """Records every write; ``unplug()``/``plug()`` or ``fail_after(n)`` simulate a loose wire."""

    def __init__(self, fail_errno: int = errno.EREMOTEIO) -> None:
        self.transfers: list[Transfer] = []
        self.fail_errno = fail_errno
        self._plugged = True
        self._fail_countdown: int | None = None
        self._lock = threading.Lock()

    def unplug(self) -> None:
        self._plugged = False

    def plug(self) -> None:
        self._plugged = True
        self._fail_countdown = None

    def fail_after(self, writes: int) -> None:
        """Let ``writes`` more writes through, then behave as unplugged (a wire that comes loose
        in the middle of a frame)."""
        self._fail_countdown = writes

    @property
    def plugged(self) -> bool:
        return self._plugged

    def _write(self, address: int, control: int, payload: bytes) -> None:
        with self._lock:
            if self._fail_countdown is not None:
                if self._fail_countdown == 0:
                    self._plugged = False
                    self._fail_countdown = None
                else:
                    self._fail_countdown -= 1
            if not self._plugged:
                raise OSError(self.fail_errno, os.strerror(self.fail_errno))
            self.transfers.append(Transfer(address, control, payload))

    def write_i2c_block_data(self, address: int, register: int, values: list[int]) -> None:
        if len(values) > 32:
            raise ValueError("SMBus block writes carry at most 32 bytes")
        self._write(address, register, bytes(values))

    def i2c_rdwr(self, *messages: Any) -> None:
        """Each message an ``smbus2.i2c_msg`` write: ``addr`` and its bytes."""
        for message in messages:
            raw = bytes(message)
            self._write(message.addr, raw[0], raw[1:])

    def close(self) -> None:
        pass

    def wire_bytes(self) -> int:
        return sum(transfer.wire_bytes for transfer in self.transfers)

    def clear(self) -> None:
        self.transfers.clear()
