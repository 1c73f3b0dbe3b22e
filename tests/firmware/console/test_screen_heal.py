"""The screensaver heals the handheld's panels after each step (issue 14, section 3): a café
unit that sits in the screensaver all day brings back a panel that lost power unseen, on the
real luma path (``bus_rig``), checked with the independent panel model."""
from __future__ import annotations

from pathlib import Path

from bus_rig import BusRig
from hal.oled import HEAL_QUIET
from hal.screen import to_pages

from oled_model import OledModel  # noqa: E402


def test_a_panel_that_lost_power_in_the_screensaver_is_back_at_the_next_step(tmp_path: Path) -> None:
    rig = BusRig(tmp_path)
    panels = {1: OledModel("ssd1306", 0x3C, seed=1), 2: OledModel("ssd1306", 0x3D, seed=2)}

    def sync() -> None:
        for model in panels.values():
            model.feed(rig.bus.transfers)
        rig.bus.clear()

    rig.wait(rig.app.idle.splash)
    rig.wait(rig.app.idle.screensaver_after + 0.5)
    assert rig.app.mode == "saver"
    move = rig.app.idle.screensaver_move
    rig.wait(move - 0.5)                                # just after a step
    sync()
    panels[1].lose_power()                              # pad 1's VCC blinks: nothing fails
    rig.wait(HEAL_QUIET / 4)
    sync()
    assert panels[1].shown() is None                    # dark, and nothing on the bus can tell
    rig.wait(move - HEAL_QUIET / 4 + 0.1)               # the next step, 0.1 s ago
    sync()
    shown = panels[1].shown()
    assert shown is not None
    wanted = rig.console.screen(1)._wanted             # what the app last asked pad 1 to show
    assert to_pages(shown) == wanted
    rig.close()
