"""Types, lint and the engine's doctests, as part of ``./dev.sh test`` (so CI counts them).

- ruff (pyflakes, pycodestyle, bugbear; ``[tool.ruff]`` in pyproject.toml) on the whole tree;
- mypy on every layer (engine, hal, sim, firmware: ``[tool.mypy]`` in pyproject.toml), every
  function typed and its body checked, the engine module by module as strict as ``mypy --strict``;
- every ``>>>`` example in an engine module runs, so a docstring that shows usage stays true.

Both tools are run from the virtualenv's own install (the ``dev`` extra), in a subprocess, the
way a developer runs them by hand: ``.venv/bin/ruff check .`` and ``.venv/bin/mypy``.
"""
from __future__ import annotations

import doctest
import importlib
import pkgutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import engine

ROOT = Path(__file__).resolve().parents[1]


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, stdin=subprocess.DEVNULL)


def test_ruff_finds_nothing_in_the_tree():
    result = _run("ruff", "check", "--no-cache", "--output-format", "concise", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_no_type_error():
    result = _run("mypy", "--cache-dir", str(ROOT / ".mypy_cache"))
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_checks_every_layer_and_every_function_is_typed():
    """The check above is only as wide as its config: no layer may drop out of it."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert config["files"] == ["engine", "hal", "sim", "firmware"]
    assert config["disallow_untyped_defs"] and config["disallow_incomplete_defs"] and config["check_untyped_defs"]


def _engine_modules() -> list[str]:
    return sorted(info.name for info in pkgutil.walk_packages(engine.__path__, "engine."))


@pytest.mark.parametrize("name", _engine_modules())
def test_engine_doctests_hold(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
