"""Issue 16, point 9: a hardware config the loader refuses is one line naming file, line and
key, in ``pitchpad run`` and ``pitchpad doctor`` alike, whatever the bytes."""
from __future__ import annotations

from pathlib import Path

import pytest

from firmware.cli import main
from hal import ConfigError, load_config

HANDHELD = (Path(__file__).resolve().parents[2] / "deploy" / "config" / "handheld.toml").read_text()
PADS = HANDHELD[HANDHELD.index("[[pad]]"):]
FIRST_PAD = "[[pad]]" + PADS.split("[[pad]]")[1]
INLINE = ('profile = "handheld"\n[[pad]]\nbuttons = { CARD1 = 5, CARD2 = 6, CARD3 = 13, CARD4 = 19, '
          'LEFT = 26, CENTRE = 20, RIGHT = 21 }\nscreen = { driver = "ssd9999", bus = "i2c", '
          'port = 1, address = 0x3C }\n')

BAD = {
    "latin-1-comment": "# café\n".encode("latin-1") + HANDHELD.encode(),
    "deep-array": ("a = " + "[" * 100000 + "\n").encode(),
    "deep-inline-table": ("a = " + "{b = " * 3000 + "\n").encode(),
    "six-pads": (HANDHELD[:HANDHELD.index("[[pad]]")] + FIRST_PAD * 6).encode(),
    "pad-is-a-list-of-numbers": b'profile = "handheld"\npad = [1, 2]\n',
    "error-inside-an-inline-table": INLINE.encode(),
    "negative-port": HANDHELD.replace("port = 1", "port = -1", 1).encode(),
    "huge-port": HANDHELD.replace("port = 1", f"port = {2 ** 70}", 1).encode(),
}


@pytest.mark.parametrize("name", BAD)
def test_every_refusal_names_its_line(tmp_path, name):
    path = tmp_path / "hardware.toml"
    path.write_bytes(BAD[name])
    with pytest.raises(ConfigError) as refused:
        load_config(path)
    assert refused.value.line is not None or name.startswith("deep"), str(refused.value)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("command", ["run", "doctor"])
@pytest.mark.parametrize("name", BAD)
def test_run_and_doctor_say_it_in_one_line(tmp_path, capsys, name, command):
    path = tmp_path / "hardware.toml"
    path.write_bytes(BAD[name])
    status = main([command, "--config", str(path), "--state-dir", str(tmp_path)])
    out, err = capsys.readouterr()
    assert status != 0
    said = (err if command == "run" else out).strip().splitlines()
    assert said and "hardware.toml" in said[0] and "Traceback" not in out + err
    if command == "run":
        assert len(said) == 1, said
