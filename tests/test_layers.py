"""The layers of the product and the order of the firmware's parts, checked on every import
statement (read from the source by ``tests/rigs/code_shape.py``; nothing is imported):

- ``engine/`` (the rules) imports only itself and the standard library, and of that no clock,
  thread, file, process or socket: a match is a pure function of its seed and the choices.
- ``hal/`` imports nothing of ours but itself; ``sim/`` only itself and ``hal/`` (the same
  contracts, simulated); neither ever imports ``firmware/``.
- ``firmware/``'s parts stand in the order of :data:`FIRMWARE_ORDER`: a part imports only parts
  below it, never one above or beside it; only the commands open a simulator.
- No two modules of ours need each other, through any chain of imports: at a module's top, in a
  function, or under ``TYPE_CHECKING`` (a cycle there is still two modules that need each other).
- An import inside a function is of a library some installs lack (the extras: a PC has no
  libgpiod, a unit no Tornado), or of a module of ours that needs one at its top; anything else
  is imported at the top, where a reader (and this test) sees what a module depends on. The
  one import by name (``firmware.cli``: the command given only) names its modules under
  ``TYPE_CHECKING`` too.
- No module is over 800 lines, no function over 80.

Each failure names the module, the file and line of the import, and the rule it breaks.
"""
from __future__ import annotations

import ast
import sys
import tomllib
from functools import cache
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest

from code_shape import (
    ROOT, Import, product_cycles, product_imports, product_long_functions,
    product_long_modules, product_modules,
)

ENGINE_MAY_NOT = frozenset({
    "time", "datetime", "threading", "asyncio", "concurrent", "multiprocessing", "subprocess",
    "signal", "socket", "select", "selectors", "ssl", "os", "io", "pathlib", "shutil", "tempfile",
    "glob", "sqlite3", "ctypes", "logging",
})
"""The standard library's clocks, threads, processes, files, sockets and logs: none in the rules."""

GAME_FOLDERS = tuple(sorted(p.name for p in (ROOT / "firmware").iterdir()
                            if (p / "spec.py").exists() and p.name != "games"))
FIRMWARE_ORDER: tuple[tuple[str, ...], ...] = (
    ("cli",),                       # the ``pitchpad`` command
    ("commands",),                  # one module per subcommand: where the parts are put together
    ("league",),                    # the club's league server (its own machine)
    ("console", "club"),            # the console app; a unit's link to its club
    GAME_FOLDERS,                   # one folder per game, none knowing another
    ("games",),                     # the platform every game plugs into (session, registry...)
    ("render", "i18n", "storage"),  # drawing, the words, the files on the card
)
"""The firmware's parts, top first: each imports only the parts in the rows below its own."""

OPTIONAL_HOSTS = {
    "firmware.club.publisher": "paho-mqtt, the club extra: a unit without club play lacks it",
    "firmware.league.web": "Tornado, the league extra: no unit has it",
    "firmware.league.connections": "Tornado, the league extra: no unit has it",
    "hal.phone.server": "websockets and PyNaCl, the phones extra: a unit without [phones] lacks them",
}
"""Modules of ours imported inside a function, because they import an optional library at
their top."""

BY_NAME = {
    "firmware.cli": "the pitchpad command imports the module of the command it runs only (a plain "
                    "pitchpad run starts without the league server, the simulators, doctor)",
}
"""Modules of ours that import modules of ours by name (``importlib.import_module``), and why."""


@cache
def _imports() -> tuple[Import, ...]:
    return tuple(product_imports())


def _told(bad: list[tuple[Import, str]]) -> str:
    lines = [f"{each.where()}: {each.module} imports {each.name}: {why}" for each, why in bad]
    return "\n".join(dict.fromkeys(lines))


def _part(module: str) -> str:
    """``firmware.console.app`` -> ``console``; ``firmware.cli`` -> ``cli``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _row(part: str) -> int | None:
    return next((n for n, row in enumerate(FIRMWARE_ORDER) if part in row), None)


# ----- the layers ----------------------------------------------------------------------------
def test_the_engine_imports_only_itself_and_the_standard_library_without_clock_or_io():
    bad = [(each, "the engine takes nothing of the other layers" if each.ours else
            "a library (the engine is pure Python)" if each.root not in sys.stdlib_module_names else
            "a clock, thread, file or socket (a match depends on its seed and choices alone)")
           for each in _imports() if each.module.startswith("engine")
           and (each.ours is not None and not each.ours.startswith("engine")
                or each.ours is None and (each.root not in sys.stdlib_module_names
                                          or each.root in ENGINE_MAY_NOT))]
    assert not bad, _told(bad)


def test_hal_imports_nothing_of_ours_but_itself_and_sim_only_itself_and_hal():
    allowed = {"hal": ("hal",), "sim": ("hal", "sim")}
    bad = [(each, f"{each.module.split('.')[0]} may import only {' and '.join(allowed[layer])} of ours")
           for each in _imports() for layer in allowed
           if (each.module == layer or each.module.startswith(layer + "."))
           and each.ours is not None and each.ours.split(".")[0] not in allowed[layer]]
    assert not bad, _told(bad)


def test_every_firmware_part_stands_in_the_order():
    parts = {_part(module) for module in product_modules(("firmware",)) if module != "firmware"}
    unplaced = sorted(part for part in parts if _row(part) is None)
    assert not unplaced, f"firmware parts in no row of FIRMWARE_ORDER (tests/test_layers.py): {unplaced}"


def test_a_firmware_part_imports_only_the_parts_below_it():
    bad = []
    for each in _imports():
        if not each.module.startswith("firmware.") or each.ours is None:
            continue
        if not each.ours.startswith("firmware."):
            if each.ours.startswith("sim") and _part(each.module) != "commands":
                bad.append((each, "only the commands open a simulator (the firmware sees hal's contracts)"))
            continue
        mine, theirs = _part(each.module), _part(each.ours)
        if mine == theirs:
            continue
        row, other = _row(mine), _row(theirs)
        if row is None or other is None or other <= row:
            where = "above" if other is not None and row is not None and other < row else "beside"
            bad.append((each, f"firmware/{mine} may not import firmware/{theirs}, {where} it in FIRMWARE_ORDER"))
    assert not bad, _told(bad)


def test_the_firmware_package_itself_imports_nothing():
    bad = [(each, "firmware/__init__.py stays empty: importing a part loads no other")
           for each in _imports() if each.module == "firmware"]
    assert not bad, _told(bad)


# ----- cycles and hidden imports -----------------------------------------------------------------
def test_no_modules_of_ours_need_each_other_even_under_type_checking():
    cycles = product_cycles()
    assert not cycles, "modules that import each other:\n" + "\n".join(cycles)


@cache
def _required_libraries() -> frozenset[str]:
    """The import names of ``[project] dependencies`` (pyproject.toml): on every install."""
    wanted = {dep.split(";")[0].split(">")[0].split("<")[0].split("=")[0].split("[")[0].strip().lower()
              for dep in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]}
    wanted = {name.replace("_", "-") for name in wanted}
    return frozenset(name for name, dists in packages_distributions().items()
                     if any(dist.lower().replace("_", "-") in wanted for dist in dists))


def test_an_import_inside_a_function_is_of_an_optional_library_or_a_module_needing_one():
    optional = set(OPTIONAL_HOSTS)
    bad = [(each, "ours: import it at the top (a lazy import hides what a module needs, and cycles)"
            if each.ours is not None else "the standard library: import it at the top")
           for each in _imports() if each.function is not None
           and (each.ours is not None and each.ours not in optional
                or each.ours is None and each.root in sys.stdlib_module_names)]
    assert not bad, _told(bad)


def test_a_module_imported_by_name_is_named_under_type_checking_too():
    """``import_module(name)`` is an import no reader and no check above sees: it is allowed in
    :data:`BY_NAME` only, and each module of ours named there in a dotted string is also imported under
    ``TYPE_CHECKING``, so the order, the cycles and mypy see it."""
    modules = product_modules()
    by_name = {}
    for module, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(node, ast.Call) and "import_module" in (getattr(node.func, "id", None),
                                                                  getattr(node.func, "attr", None))
               for node in ast.walk(tree)):
            by_name[module] = {node.value for node in ast.walk(tree)
                               if isinstance(node, ast.Constant) and node.value in modules
                               and "." in node.value}
    assert set(by_name) == set(BY_NAME), "import_module outside BY_NAME (tests/test_layers.py)"
    for module, named in by_name.items():
        checked = {each.ours for each in _imports() if each.module == module and each.type_checking}
        assert named and named <= checked, f"{module} imports {sorted(named - checked)} by name only"


@pytest.mark.parametrize("module", sorted(OPTIONAL_HOSTS))
def test_a_module_imported_late_imports_an_optional_library_at_its_top(module):
    required = _required_libraries() | set(sys.stdlib_module_names)
    libraries = {each.root for each in _imports()
                 if each.module == module and each.function is None and each.ours is None}
    assert libraries - required, (f"{module} imports no optional library at its top "
                                  f"({sorted(libraries)}): import it at the top where it is used")


def test_the_required_libraries_are_known_by_their_import_names():
    """The check above is only as good as this list: pillow is PIL, pyserial is serial."""
    assert {"PIL", "gpiozero", "luma", "serial", "smbus2"} <= _required_libraries()
    assert not {"paho", "tornado", "gpiod", "blessed", "pygame"} & _required_libraries()


# ----- sizes -------------------------------------------------------------------------------------
def test_no_module_is_over_800_lines_nor_any_function_over_80():
    assert product_long_modules(800) == []
    assert product_long_functions(80) == []


# ----- the tests mirror the code ------------------------------------------------------------------
TESTS = ROOT / "tests"
TEST_ONLY = {
    "rigs": "what the tests share (rigs, models of chips, builders)",
    "golden": "the reference screens",
    "fuzz": "hostile input through every layer",
    "games": "a game that exists for the tests only",
}


def test_every_test_folder_is_a_folder_of_the_code():
    """``tests/<layer>/<part or game>/`` holds the tests of ``<layer>/<part or game>/``."""
    folders = sorted({path.parent.relative_to(TESTS) for path in TESTS.rglob("test_*.py")} - {Path(".")})
    bad = [str(folder) for folder in folders
           if folder.parts[0] not in TEST_ONLY and not (ROOT / folder).is_dir()]
    assert not bad, f"test folders with no folder of the code of that name: {bad}"


def test_no_two_test_files_share_a_name():
    """A failure names its file; two test_rules.py would leave the reader to guess which."""
    seen: dict[str, list[str]] = {}
    for path in sorted(TESTS.rglob("test_*.py")):
        seen.setdefault(path.name, []).append(str(path.relative_to(ROOT)))
    assert not {name: paths for name, paths in seen.items() if len(paths) > 1}


# ----- the checks themselves, on a made-up tree ----------------------------------------------------
def _tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_a_cycle_is_told_with_its_modules_and_lines_type_checking_included(tmp_path):
    _tree(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "from __future__ import annotations\nfrom pkg import b\n",
        "pkg/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import X\n",
        "pkg/c.py": "def f():\n    from pkg.d import y\n",
        "pkg/d.py": "import pkg.c\n",
        "pkg/e.py": "import os\nfrom pkg import a\n",
    })
    assert product_cycles(("pkg",), tmp_path) == [
        "pkg.a -> pkg.b (pkg/a.py:2) -> pkg.a (pkg/b.py:3 under TYPE_CHECKING)",
        "pkg.c -> pkg.d (pkg/c.py:2 in f()) -> pkg.c (pkg/d.py:1)",
    ]
    inside = [each for each in product_imports(("pkg",), tmp_path) if each.function]
    assert [(each.module, each.name, each.ours) for each in inside] == [("pkg.c", "pkg.d", "pkg.d")]
    top = {(each.module, each.name, each.ours) for each in product_imports(("pkg",), tmp_path)
           if each.module == "pkg.e"}
    assert top == {("pkg.e", "os", None), ("pkg.e", "pkg.a", "pkg.a")}
