"""Fixtures of the console's tests: a console on the headless simulator (``rig``), a real
Mosquitto on loopback with the club's tables (``mosquitto``) and the league on it (``league``)."""
from __future__ import annotations

from pathlib import Path

import pytest

from app_rig import Rig
from club_rig import LeagueRig, Mosquitto

TABLES = ("table1", "table2", "table3")


@pytest.fixture
def rig(tmp_path: Path) -> Rig:
    return Rig(tmp_path)


@pytest.fixture
def mosquitto(tmp_path):
    broker = Mosquitto(tmp_path / "broker", "cafe", TABLES)
    broker.start()
    yield broker
    broker.kill()


@pytest.fixture
def league(mosquitto, tmp_path):
    rig = LeagueRig(mosquitto, tmp_path / "league.sqlite").start()
    yield rig
    rig.stop()
