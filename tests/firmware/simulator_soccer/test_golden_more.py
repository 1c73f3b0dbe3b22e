"""Golden images of the Simulator Soccer screens one seeded match does not show (issue 20:
"every kind of screen"): the cross and its defence, the shoot-out kicker, who goes in goal
for a sent-off keeper, the other pad waiting on them, a shot's reveal with the arrows pressed
and the CPU's pad (a spectator of its seat). Two-pad matches with the shoot-out on, played by
the sensible people of the other goldens, and one against the CPU, once for both languages
(a screen's words are looked up when it is drawn); saved as
``tests/golden/soccer-rare-<kind>-<language>.png`` (``PITCHPAD_REGOLD=1`` rewrites them: look
at every one you change)."""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from soccer_console_rig import SoccerRig, soccer_settings
from goldens import assert_goldens
from soccer_play import intent
from .test_soccer_golden_screens import kind_of

from firmware.render import Canvas
from firmware.simulator_soccer import screens as ss

WANTED = {
    "menu-cross", "menu-cross_defend", "wait-cross", "menu-kicker", "wait-kicker",
    "menu-remove", "wait-remove", "reveal-shot", "spectator",
}
SEEDS = range(1, 27)
"""Seeds tried in turn until every kind of WANTED was shown (the same ones every run)."""


def _kind(model: Any) -> str | None:
    if isinstance(model, ss.RevealScreen) and any(
            line[0].startswith("ss.shot.") for line in model.lines):
        return "reveal-shot"
    if isinstance(model, ss.PitchScreen) and model.spectator:
        return "spectator" if model.view.body["ball"]["carrier"] is not None else None
    return kind_of(model)


def _collect(rig: SoccerRig, pads: tuple[int, ...], seed: int, found: dict[str, Any]) -> None:
    """Each kind of WANTED as the pad showed it: the model drawn (its words are looked up when
    drawing, so one match gives every language) and its picture here."""
    rng = random.Random(seed)
    for _ in range(8000):
        if rig.app.mode != "match" or WANTED <= set(found):
            return
        for pad in (1, 2):
            kind = _kind(rig.screen(pad))
            if kind in WANTED and kind not in found:
                found[kind] = (rig.app.display.drawn[pad][0], rig.image(pad).copy())
        rig.act(intent, rng, pads, limit=5.0, in_match=True)


def _rare(folder: Path) -> dict[str, Any]:
    """The rarer screens, played once (in French) for both languages' goldens."""
    found: dict[str, Any] = {}
    rig = SoccerRig(folder / "cpu", soccer_settings("cpu", language="fr"), seed=3)
    rig.start()
    _collect(rig, (1,), 3, found)
    for seed in SEEDS:
        if WANTED <= set(found):
            break
        rig = SoccerRig(folder / str(seed), soccer_settings("two", language="fr", tiebreak=True), seed=seed)
        rig.start()
        _collect(rig, (1, 2), seed, found)
    return found


def _drawn(model: Any, language: str) -> Any:
    canvas = Canvas()
    model.draw(canvas, language)
    return canvas.image


def test_the_rarer_screens_match_their_golden_images(tmp_path):
    rare = _rare(tmp_path)
    missing = WANTED - set(rare)
    assert not missing, f"never shown: {sorted(missing)}"
    for kind, (model, shown) in rare.items():            # drawn again: the picture the pad showed
        assert _drawn(model, "fr").tobytes() == shown.tobytes(), kind
    for language in ("fr", "en"):
        assert_goldens({kind: _drawn(rare[kind][0], language) for kind in sorted(rare)}, "soccer-rare-",
                       language, tmp_path)
