"""The pad firmware type-checks against MicroPython's own stubs for the RP2040 (Raspberry Pi
Pico), not CPython's: mypy with the micropython-stdlib-stubs as its typeshed and the
micropython-rp2-rpi-pico-stubs for ``machine``, ``micropython``, ``select``, ``time``..., over
the files laid out as ``mpremote`` puts them on the board. A call the board's MicroPython does
not have (``binascii.crc_hqx``, a ``machine.WDT`` argument it does not take) fails here."""
from __future__ import annotations

import importlib.metadata as metadata
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
ON_THE_BOARD = {"main.py": "deploy/padboard/main.py", "board.py": "deploy/padboard/board.py",
                "padloop.py": "deploy/padboard/padloop.py", "lib/hal/serial_protocol.py": "hal/serial_protocol.py"}


def stub_folders(into: Path) -> tuple[Path, Path]:
    """The rp2 stubs and a typeshed made of the MicroPython stdlib stubs, copied out of
    site-packages (mypy refuses site-packages itself on its path)."""
    stubs, typeshed = into / "stubs", into / "typeshed"
    for name in ("micropython-rp2-rpi_pico-stubs", "micropython-stdlib-stubs"):
        for file in metadata.distribution(name).files or []:
            if file.suffix == ".pyi" or file.name == "VERSIONS":
                top = file.parts[0]
                target = (typeshed if top in ("stdlib", "stubs") else stubs) / file
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(file.locate(), target)
    return stubs, typeshed


def test_the_pad_firmware_type_checks_against_the_rp2_stubs(tmp_path: Path) -> None:
    stubs, typeshed = stub_folders(tmp_path)
    board = tmp_path / "board"
    for on_board, path in ON_THE_BOARD.items():
        (board / on_board).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / path, board / on_board)
    (board / "lib" / "hal" / "__init__.py").write_text("")
    config = tmp_path / "mypy.ini"
    config.write_text(f"""[mypy]
custom_typeshed_dir = {typeshed}
mypy_path = {stubs}:{board / "lib"}
check_untyped_defs = True
cache_dir = {tmp_path / "cache"}
# The stubs' own slips (duplicate names, abstract VFS classes) are theirs, not the firmware's.
[mypy-machine,machine.*,vfs,rp2,rp2.*,_mpy_shed,_mpy_shed.*]
ignore_errors = True
""")
    result = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(config), *ON_THE_BOARD],
                            cwd=board, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success" in result.stdout
