"""Golden images of screens: compare pixel for pixel, or rewrite them on purpose.

``PITCHPAD_REGOLD=1`` saves the new images over the goldens (then look at every changed PNG
before committing); otherwise a differing screen is saved in the test's temporary folder and
the test fails naming it.
"""
from __future__ import annotations

import os
from pathlib import Path

from PIL import Image, ImageChops

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
REGOLD = os.environ.get("PITCHPAD_REGOLD") == "1"


def assert_goldens(shots: dict[str, Image.Image], prefix: str, language: str, tmp_path: Path) -> None:
    """Each ``shots[name]`` must equal ``golden/{prefix}{name}-{language}.png``."""
    different = []
    for name, image in shots.items():
        path = GOLDEN / f"{prefix}{name}-{language}.png"
        if REGOLD:
            image.save(path, optimize=True)
            continue
        golden = Image.open(path).convert("L")
        if ImageChops.difference(golden, image.convert("L")).getbbox() is not None:
            image.save(tmp_path / path.name)
            different.append(path.name)
    assert not different, (f"screens differ from tests/golden: {different}; new ones in "
                           f"{tmp_path}; regenerate on purpose with PITCHPAD_REGOLD=1")
