"""The test-only games (``tests/games/``), published as an installed plugin would be: a
dist-info folder whose ``entry_points.txt`` names the game's spec under ``pitchpad.games``, put
on this process's path (the registry read again) and on its subprocesses' (``PYTHONPATH``), and
taken off again, so no other test sees them. No product file names them."""
from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from firmware.games import registry

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = {
    "spot-kicks": "tests.games.spotkicks.console:SPEC",
    "goofspiel": "tests.games.goofspiel.console:SPEC",
}
"""Each test-only game's name -> its entry point's value."""


def publish(folder: Path, *names: str) -> Path:
    """The plugins' metadata in ``folder``, as ``pip install`` would leave it: a dist-info each,
    with its entry point."""
    for name in names:
        info = folder / f"pitchpad_{name.replace('-', '_')}-0.1.dist-info"
        info.mkdir(parents=True)
        (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: pitchpad-{name}\nVersion: 0.1\n")
        (info / "entry_points.txt").write_text(f"[pitchpad.games]\n{name} = {PLUGINS[name]}\n")
    return folder


def environment(folder: Path) -> dict[str, str]:
    """The environment of a subprocess that finds the plugins published in ``folder``."""
    paths = [str(folder), str(ROOT), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p)}


@contextmanager
def published(folder: Path, *names: str) -> Iterator[dict[str, str]]:
    """The plugins ``names`` registered in this process while inside (the registry read again),
    and the environment that registers them in a subprocess."""
    publish(folder, *names)
    sys.path.insert(0, str(folder))
    registry.reload()
    try:
        missing = [name for name in names if name not in registry.GAMES]
        assert not missing, f"the entry points of {missing} were not found"
        yield environment(folder)
    finally:
        sys.path.remove(str(folder))
        registry.reload()


def shared_tests(folder: Path, name: str, paths: list[str], *more: str,
                 timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """pytest run in a subprocess on the shared tests ``paths`` with the plugin ``name``
    published, only the cases of that game (``-k``: every shared check that lists games names
    each case after its game), one JUnit report in ``folder``."""
    publish(folder, name)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0", "-k", name,
         "--junitxml", str(folder / "report.xml"), *more, *paths],
        cwd=ROOT, env=environment(folder), capture_output=True, text=True, timeout=timeout,
        stdin=subprocess.DEVNULL)


PRODUCT = ("engine", "hal", "sim", "firmware", "deploy", "bench", "pyproject.toml", "README.md", "dev.sh")
"""What a user's install is made of (docs/ left out: a recipe may name a test's game)."""


def lines_naming(*names: str) -> list[str]:
    """Every line of the product that names any of ``names`` (case-insensitive)."""
    found = []
    for part in PRODUCT:
        root = ROOT / part
        for path in ([root] if root.is_file() else sorted(root.rglob("*"))):
            if not path.is_file() or path.suffix in (".png", ".pbm", ".pil", ".ttf", ".pyc"):
                continue
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                if any(name in line.lower() for name in names):
                    found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    return found
