"""A recording I2C bus that can fail on cue: the screens' counterpart of gpiozero's MockFactory.

It stands in for an ``smbus2.SMBus`` under luma's ``i2c`` interface, so tests and benchmarks run
the real luma and PitchPad code and see the exact bytes a panel would receive. "Unplugging" it
makes every write raise ``OSError(EREMOTEIO)`` (errno 121), which is what a loose I2C wire does.

Devices that answer reads (the battery gauge) are attached by address (:meth:`MockSMBus.attach`):
an ``smbus2.i2c_msg`` read is filled from the device, a write is handed to it as well as
recorded; a read from an address nothing is attached to is not acknowledged (``ENXIO``).
"""
from __future__ import annotations

import errno
import os
import threading
import ctypes
from dataclasses import dataclass
from typing import Any, Protocol

I2C_M_RD = 0x0001
"""``i2c_msg.flags`` of a read (``linux/i2c.h``)."""


@dataclass(frozen=True)
class Transfer:
    """One I2C write: the device address, the control byte (0x00 command, 0x40 data; a register
    number for the gauge) and the payload after it. A read (``read=True``) has no control byte:
    its payload is what the device answered."""

    address: int
    control: int
    payload: bytes
    read: bool = False

    @property
    def wire_bytes(self) -> int:
        """Bytes clocked on the wire: address, control and payload (each followed by an ACK)."""
        return (1 if self.read else 2) + len(self.payload)


class Device(Protocol):
    """A chip on the bus that answers reads (``tests/rigs/max17048_model.py``)."""

    def write(self, data: bytes) -> None:
        """The bytes of one write message (a register number, then values)."""

    def read(self, count: int) -> bytes:
        """``count`` bytes for one read message."""


class MockSMBus:
    """Records every write; ``unplug()``/``plug()`` or ``fail_after(n)`` simulate a loose wire."""

    def __init__(self, fail_errno: int = errno.EREMOTEIO) -> None:
        self.transfers: list[Transfer] = []
        self.fail_errno = fail_errno
        self.devices: dict[int, Device] = {}
        self._plugged = True
        self._fail_countdown: int | None = None
        self._lock = threading.Lock()

    def attach(self, address: int, device: Device) -> None:
        """Put a chip that answers reads at ``address``."""
        self.devices[address] = device

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
            self._check_plugged()
            self.transfers.append(Transfer(address, control, payload))
            device = self.devices.get(address)
            if device is not None:
                device.write(bytes([control]) + payload)

    def _check_plugged(self) -> None:
        if self._fail_countdown is not None:
            if self._fail_countdown == 0:
                self._plugged = False
                self._fail_countdown = None
            else:
                self._fail_countdown -= 1
        if not self._plugged:
            raise OSError(self.fail_errno, os.strerror(self.fail_errno))

    def _read(self, message: Any) -> None:
        with self._lock:
            self._check_plugged()
            device = self.devices.get(message.addr)
            if device is None:
                raise OSError(errno.ENXIO, os.strerror(errno.ENXIO))
            answer = device.read(message.len)
            ctypes.memmove(message.buf, answer, message.len)
            self.transfers.append(Transfer(message.addr, 0, bytes(answer), read=True))

    def write_i2c_block_data(self, address: int, register: int, values: list[int]) -> None:
        if len(values) > 32:
            raise ValueError("SMBus block writes carry at most 32 bytes")
        self._write(address, register, bytes(values))

    def i2c_rdwr(self, *messages: Any) -> None:
        """Each message an ``smbus2.i2c_msg``: a write (``addr`` and its bytes) or a read, filled
        by the device attached at ``addr``."""
        for message in messages:
            if message.flags & I2C_M_RD:
                self._read(message)
                continue
            raw = bytes(message)
            self._write(message.addr, raw[0], raw[1:])

    def close(self) -> None:
        pass

    def wire_bytes(self) -> int:
        return sum(transfer.wire_bytes for transfer in self.transfers)

    def clear(self) -> None:
        self.transfers.clear()
