"""docs/serial-protocol.md and the examples in deploy/config/ agree, and the examples follow it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from hal.config import load_config, parse_config

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "serial-protocol.md"
EXAMPLES = sorted((ROOT / "deploy" / "config").glob("*.toml"))


def doc_blocks() -> list[str]:
    return re.findall(r"```toml\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.name)
def test_every_serial_pad_in_the_examples_is_named_by_its_stable_by_id_path(path: Path) -> None:
    for pad in load_config(path).pads:
        if pad.serial_port is not None:
            assert pad.serial_port.startswith("/dev/serial/by-id/"), (path.name, pad.serial_port)


def test_the_docs_config_blocks_load_with_and_without_a_screen_on_the_pi() -> None:
    blocks = doc_blocks()
    assert len(blocks) == 2
    own, on_the_pi = (parse_config(block, "docs/serial-protocol.md").pads[0] for block in blocks)
    assert own.serial_port and own.screen is None              # the board drives its own screen
    assert on_the_pi.serial_port and on_the_pi.screen is not None


def test_the_examples_are_the_two_cases_the_doc_describes() -> None:
    tabletop = load_config(ROOT / "deploy" / "config" / "tabletop.toml")
    assert all(pad.serial_port and pad.screen is None for pad in tabletop.pads)
    for name in ("four-pads-mux.toml", "four-pads-two-buses.toml"):
        pads = load_config(ROOT / "deploy" / "config" / name).pads
        assert len(pads) == 4 and all(pad.serial_port and pad.screen is not None for pad in pads)
        assert '"screen": false' in (ROOT / "deploy" / "config" / name).read_text(encoding="utf-8")
