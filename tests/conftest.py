"""What every test starts from."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from firmware.games.registry import GAMES


@pytest.fixture(autouse=True, scope="session")
def games_words() -> Iterator[None]:
    """Every registered game's words, as the console has them once it has read the registry (the
    app and every command read it before drawing anything): a test that draws a game's screens
    without the app would otherwise depend on another test having read it first."""
    assert len(GAMES) >= 4
    yield
