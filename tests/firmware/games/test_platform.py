"""The console's game platform: one entry per game folder, registered once; the app, the menu
and the modes know no game; screens never see a session; one lock-in computes each seat's
view once (it was 11 times before the shared session core)."""
from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from firmware.games.registry import GAMES
from firmware.console.menu import rows
from firmware.games.session import MatchSession, Step
from firmware.storage.settings import Settings
from hal.buttons import Button

from app_rig import Rig

FIRMWARE = Path(__file__).resolve().parents[3] / "firmware"
GAME_FOLDERS = sorted(p.name for p in FIRMWARE.iterdir() if (p / "spec.py").exists() and p.name != "games")


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports (relative imports resolved inside firmware/)."""
    tree = ast.parse(path.read_text())
    package = ".".join(("firmware", *path.parent.relative_to(FIRMWARE).parts))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package if node.level else ""
            module = ".".join(filter(None, (base, node.module)))
            names.add(module)
            names |= {f"{module}.{alias.name}" for alias in node.names}
    return names


def folder_of(spec: Any) -> str | None:
    """The firmware folder a registered game's console part lives in (None: a plugin's, outside
    the product)."""
    parts = spec.console.start.__module__.split(".")
    return parts[1] if parts[0] == "firmware" else None


def test_every_game_folder_is_registered_once_in_menu_order():
    """Each folder of ``firmware/`` with a ``spec.py`` is a registered game, named as its folder
    with ``_`` for ``-`` (simulator_soccer: simulator-soccer); a plugin's game lives elsewhere."""
    folders = {name: folder_of(spec) for name, spec in GAMES.items()}
    assert sorted(folder for folder in folders.values() if folder is not None) == GAME_FOLDERS
    assert all(folder == name.replace("-", "_") for name, folder in folders.items() if folder is not None)
    orders = [spec.menu_order for spec in GAMES.values()]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)
    assert rows(Settings())[0].values == tuple(GAMES)


CORE = sorted(str(path.relative_to(FIRMWARE)) for part in ("console", "games", "storage")
              for path in (FIRMWARE / part).glob("*.py") if path.name != "registry.py")
"""The console core, the games' contract and storage: none of them may know a game (the registry
lists them)."""


@pytest.mark.parametrize("module", CORE)
def test_the_console_core_knows_no_game(module):
    games = {f"firmware.{name}" for name in GAME_FOLDERS}
    bad = {name for name in imported(FIRMWARE / module)
           if any(name == g or name.startswith(g + ".") for g in games)}
    assert not bad, f"firmware/{module} imports {sorted(bad)}"


@pytest.mark.parametrize("folder", GAME_FOLDERS)
def test_a_game_folder_imports_no_other_game_and_its_screens_no_session(folder):
    others = {f"firmware.{name}" for name in GAME_FOLDERS if name != folder}
    for path in (FIRMWARE / folder).glob("*.py"):
        bad = {name for name in imported(path)
               if any(name == o or name.startswith(o + ".") for o in others)}
        assert not bad, f"{path.name} imports {sorted(bad)}"
    screens = imported(FIRMWARE / folder / "screens.py")
    assert not {name for name in screens if "session" in name.split(".")[-1]
                and name != "firmware.games.session.Step" and name != "firmware.games.session"}, screens


def test_one_lock_in_computes_each_seats_view_once(tmp_path, monkeypatch):
    rig = Rig(tmp_path, Settings.flat(players="two"), seed=3)
    rig.start()
    rig.wait_for_change()                                 # the kick-off sheet goes
    session = rig.app.session
    assert isinstance(session, MatchSession) and session.step is Step.CHOOSE
    calls: Counter[str] = Counter()
    real = type(session.match).view

    def counted(match, seat):
        calls[seat] += 1
        return real(match, seat)

    monkeypatch.setattr(type(session.match), "view", counted)
    for pad in (1, 2):                                    # highlight, then lock in
        rig.press(pad, Button.CARD1)
    calls.clear()
    rig.press(2, Button.CARD1)
    assert len(session.decisions) == 0 and not calls      # a lock-in before the other's: no view
    rig.press(1, Button.CARD1)                            # the second lock-in plays the move
    assert len(session.decisions) == 1 and session.step is Step.FLIP
    assert calls == {"red": 1, "blue": 1}
