"""Issue 16, point 8: ``pitchpad replay`` answers every malformed script with one line on
stderr and exit status 2 (match-script.md, "Errors"), never a traceback, and refuses what the
format refuses (Chifoumi's ``"capture": null``, a ``deal`` that is not an object)."""
from __future__ import annotations

import pytest

from firmware.cli import main

BIG = "9" * 4301
DEEP = "[" * 100000 + "]" * 100000

BAD = {
    "chifoumi-players-list": '{"game": "chifoumi", "players": []}',
    "chifoumi-players-object": '{"game": "chifoumi", "players": {}}',
    "fotboll-formation-list": '{"game": "fotboll", "turns": [{"red": {"formation": []}, '
                              '"blue": {"formation": "4-4-2"}}]}',
    "deep-document": DEEP,
    "deep-turn": '{"game": "chifootmi", "level": "beginner", "turns": [' + DEEP + "]}",
    "huge-seed": '{"game": "chifootmi", "level": "beginner", "seed": ' + BIG + "}",
    "huge-card": '{"game": "chifootmi", "level": "beginner", "turns": [{"red": {"play": ' + BIG +
                 '}, "blue": {"play": 1}}]}',
    "game-list": '{"game": []}',
    "game-object": '{"game": {}}',
    "chifoumi-capture-null": '{"game": "chifoumi", "deal": {"first": "white"}, "turns": '
                             '[{"white": {"move": "c1c2", "capture": null}}]}',
    "chifoumi-deal-0": '{"game": "chifoumi", "deal": 0}',
    "chifoumi-deal-list": '{"game": "chifoumi", "deal": []}',
    "chifootmi-deal-0": '{"game": "chifootmi", "level": "beginner", "deal": 0}',
    "fotboll-deal-list": '{"game": "fotboll", "deal": []}',
}


@pytest.mark.parametrize("name", BAD)
def test_a_malformed_script_is_one_line_and_exit_2(tmp_path, capsys, name):
    script = tmp_path / "script.json"
    script.write_text(BAD[name])
    status = main(["replay", str(script)])
    out, err = capsys.readouterr()
    assert status == 2, (out, err)
    assert err.count("\n") == 1 and err.startswith("pitchpad replay: "), err
    assert "Traceback" not in err
