"""``club.toml`` refused in one line naming the file and where: a document nested too deeply
(issue 33, item 4: ``tomllib`` raises ``RecursionError`` without a line) too."""
from __future__ import annotations

from pathlib import Path

import pytest

from firmware.club import config as club_config

EXAMPLE = Path(__file__).resolve().parents[3] / "deploy" / "club" / "club.toml"


@pytest.mark.parametrize("tail", ["x = " + "[" * 100_000, "x = " + "{a = " * 5_000])
def test_a_club_config_nested_too_deeply_is_one_line_naming_its_line(tmp_path, tail):
    text = EXAMPLE.read_text()
    assert text.endswith("\n")
    path = tmp_path / club_config.FILE_NAME
    path.write_text(text + "[extra]\n" + tail)
    with pytest.raises(club_config.ClubConfigError) as caught:
        club_config.load(path)
    message = str(caught.value)
    assert "\n" not in message and message.startswith(str(path))
    assert message.endswith(f"nested too deeply (at line {len(text.splitlines()) + 2})")
