from __future__ import annotations

import pytest
from club_rig import Mosquitto

TABLES = ("table1", "table2", "table3")


@pytest.fixture
def mosquitto(tmp_path):
    broker = Mosquitto(tmp_path / "broker", "cafe", TABLES)
    broker.start()
    yield broker
    broker.kill()


@pytest.fixture
def league(mosquitto, tmp_path):
    from club_rig import LeagueRig

    rig = LeagueRig(mosquitto, tmp_path / "league.sqlite").start()
    yield rig
    rig.stop()
