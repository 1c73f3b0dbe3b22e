"""What every benchmark's JSON output records beside its figures: the machine, the load average
and the git commit measured, so a figure can be compared with another run's and a busy machine
is visible. The docs keep the figures and their commands; a run's circumstances live here.

    run = run_record.Run.begin()           # at the start: the time and the load average
    ...                                    # measure
    run_record.write(path, figures, run)   # {"run": {...}, **figures}, indented
"""
from __future__ import annotations

import json
import os
import platform
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.split(":")[0].strip() in ("model name", "Model", "Hardware"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> dict[str, Any]:
    return {"host": socket.gethostname(), "cpu": cpu_model(), "cores": os.cpu_count(),
            "python": platform.python_version(), "implementation": platform.python_implementation(),
            "platform": platform.platform(), "machine": platform.machine()}


def load() -> list[float]:
    """The 1, 5 and 15-minute load averages."""
    return [round(value, 2) for value in os.getloadavg()]


def commit() -> str | None:
    """The commit measured, ``+dirty`` when the work tree has changes; None outside git."""
    try:
        head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], check=True,
                              capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                               check=True, capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    return f"{head}+dirty" if dirty else head


@dataclass(frozen=True)
class Run:
    """One run of a benchmark: when it started and the load average then."""

    started: str
    load_start: list[float]

    @classmethod
    def begin(cls) -> Run:
        return cls(time.strftime("%Y-%m-%dT%H:%M:%S"), load())

    def record(self) -> dict[str, Any]:
        """The run's circumstances, the load average at the end included."""
        return {"started": self.started, "commit": commit(), "machine": machine(),
                "load_start": self.load_start, "load_end": load()}


def with_run(figures: dict[str, Any], run: Run) -> dict[str, Any]:
    """``figures`` with the run's circumstances under ``"run"``."""
    return {"run": run.record(), **figures}


def write(path: str | Path, figures: dict[str, Any], run: Run) -> None:
    """Write ``figures`` and the run's circumstances as one indented JSON object."""
    Path(path).write_text(json.dumps(with_run(figures, run), indent=1), encoding="utf-8")
