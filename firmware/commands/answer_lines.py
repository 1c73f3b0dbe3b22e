"""Reading an outside program's answers: one line at a time, within a time limit and a size cap.

``readline()`` on a pipe waits forever for a program that stopped answering (or wrote half a
line) and reads a 100 MB line whole. :class:`AnswerReader` reads the raw file descriptor
with ``select``: a line must end within the time limit and within :data:`MAX_LINE` bytes,
otherwise :class:`NoAnswer` says which, and the rest of an over-long line is skipped. Answers
that arrive after their question was given up on are dropped before the next question
(:meth:`AnswerReader.drop_late`), so a late answer is never taken for the next one.
"""
from __future__ import annotations

import io
import os
import select
import time
from collections.abc import Callable
from typing import IO, Any

MAX_LINE = 64 * 1024
"""The longest answer line, newline included (``docs/formats/stdio-seat.md``: 64 KiB)."""
CHUNK = 64 * 1024


class NoAnswer(Exception):
    """No usable line: ``reason`` is ``"time"``, ``"size"`` or ``"end"`` (end of input)."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class AnswerReader:
    """Lines from ``stream`` (its file descriptor when it has one; else its ``readline``,
    without a time limit: an in-memory stream cannot stall)."""

    def __init__(self, stream: IO[Any], limit: int = MAX_LINE,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.limit = limit
        self.clock = clock
        try:
            self.fd: int | None = stream.fileno()
        except (AttributeError, OSError, io.UnsupportedOperation):
            self.fd = None
        self.buffer = bytearray()
        self.skipping = False
        """Inside a line already refused (too long, or late): drop bytes up to its newline."""
        self.ended = False

    def readline(self, timeout: float | None) -> bytes:
        """The next line (without its newline) within ``timeout`` seconds; ``NoAnswer`` else."""
        if self.fd is None:
            return self._readline_stream()
        deadline = None if timeout is None else self.clock() + timeout
        while True:
            line = self._take_line()
            if line is not None:
                return line
            if self.ended:
                raise NoAnswer("end", "end of input")
            wait = None if deadline is None else deadline - self.clock()
            if wait is not None and wait <= 0:
                self.buffer.clear()                # half a line: its rest, if it ever comes,
                                                   # is a late line that drop_late() drops
                raise NoAnswer("time", f"no answer within {timeout:g} s")
            ready, _, _ = select.select([self.fd], [], [], wait)
            if ready:
                self._read_some()

    def drop_late(self) -> None:
        """Forget what has arrived but was not asked for yet (answers to a question that was
        given up on); never waits."""
        if self.fd is None:
            return
        while not self.ended and select.select([self.fd], [], [], 0)[0]:
            self._read_some()
            while self._take_line() is not None:
                pass
        if self.buffer:                            # the start of a late line: skip its rest
            self.buffer.clear()
            self.skipping = True

    def _read_some(self) -> None:
        assert self.fd is not None
        try:
            data = os.read(self.fd, CHUNK)
        except BlockingIOError:
            return
        if not data:
            self.ended = True
            return
        self.buffer += data

    def _take_line(self) -> bytes | None:
        while True:
            end = self.buffer.find(b"\n")
            if self.skipping:
                if end < 0:
                    self.buffer.clear()
                    return None
                del self.buffer[:end + 1]
                self.skipping = False
                continue
            if end < 0:
                if len(self.buffer) >= self.limit:
                    self.buffer.clear()
                    self.skipping = True
                    raise NoAnswer("size", f"a line longer than {self.limit} bytes")
                if self.ended and self.buffer:     # a last line without its newline
                    line = bytes(self.buffer)
                    self.buffer.clear()
                    return line
                return None
            if end + 1 > self.limit:
                del self.buffer[:end + 1]
                raise NoAnswer("size", f"a line longer than {self.limit} bytes")
            line = bytes(self.buffer[:end])
            del self.buffer[:end + 1]
            return line

    def _readline_stream(self) -> bytes:
        text = self.stream.readline(self.limit + 1)
        if not text:
            raise NoAnswer("end", "end of input")
        data = text.encode("utf-8", "surrogateescape") if isinstance(text, str) else bytes(text)
        if len(data) > self.limit or not data.endswith(b"\n") and len(data) >= self.limit:
            raise NoAnswer("size", f"a line longer than {self.limit} bytes")
        return data.rstrip(b"\n")
