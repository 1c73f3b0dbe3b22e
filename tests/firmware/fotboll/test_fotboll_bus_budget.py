"""The handheld's two screens share one 400 kHz I2C bus: what a press puts on it is what a
player waits for. Two whole frames take 46 ms there, so no press may redraw both screens whole:
a move both screens show first flips (each screen as it was, the move shown in place), and the
kick-off and the result are sheets over the menu. ``BUDGET_BYTES`` (26 ms of bus) leaves the
press's processing 4 ms of the 30 ms key-to-screen target.

Bytes, not time, are asserted (timing belongs to ``bench/bench_latency.py``): a byte count is
exact and the same on every machine.
"""
from __future__ import annotations

import pytest
from bus_rig import BUDGET_BYTES, BusRig
from fotboll_play import play
from fotboll_setups import HIGH, LOW, act, beaten

from engine.fotboll import Attack, Card, MatchConfig
from engine.fotboll.position import Team, position
from firmware.fotboll import screens as fs
from firmware.storage.settings import Settings
from hal.buttons import Button


@pytest.mark.parametrize("jokers, seed", [(False, 4), (True, 2)])
def test_no_press_of_a_two_player_fotboll_match_puts_more_than_26_ms_on_the_shared_bus(
        tmp_path, jokers, seed):
    rig = BusRig(tmp_path, Settings.flat(game="fotboll", players="two", jokers=jokers, tiebreak=True),
                 seed=seed)
    try:
        rig.start()
        play(rig, seed)
        rig.press(1, Button.CENTRE)                        # the result's OK: back to the menu
        assert rig.app.mode == "menu"
        history = {e.name for e in rig.app.session.history}
    finally:
        rig.close()
    assert {"lined_up", "duel", "replace", "substitution", "half_time", "shootout_kick"} <= history
    pressed_on = {screen for screen, _sent in rig.presses}
    assert {"MenuScreen", "FormationScreen", "PitchScreen", "ShootoutScreen", "ResultScreen"} <= pressed_on
    over = sorted({press for press in rig.presses if press[1] > BUDGET_BYTES}, key=lambda p: -p[1])
    screen, sent = rig.worst_press()
    assert not over, (f"{len(over)} presses over {BUDGET_BYTES} bytes, the worst {sent} bytes "
                      f"({sent * 9 / 400:.1f} ms of bus) pressed on {screen}; over: {over[:6]}")


def test_sending_a_player_off_flips_both_screens_within_the_budget(tmp_path):
    """A red card is rare in play by buttons: blue's second yellow is set up (as in the F-JOK-3
    rule test), then pad 2 sends a player off by pressing OK."""
    rig = BusRig(tmp_path, Settings.flat(game="fotboll", players="two", jokers=True), seed=1)
    try:
        rig.start()
        rig.wait_for_change()                             # the kick-off sheet goes
        session = rig.app.session
        match = position(MatchConfig(jokers=True), red=Team(HIGH),
                         blue=beaten(LOW[:8] + ["JK"] + LOW[9:], "F1", yellow=1), drawn="7D")
        act(match, Attack("M4"))                          # 7♦ on the Joker: red card for blue
        session.go_to(match, rig.clock.now())
        rig.wait(0.01)
        assert rig.screen(2).decision == "send_off" and rig.screen(2).cursor == "D1"
        sent = rig.press(2, Button.CENTRE)
        flips = rig.screen(1), rig.screen(2)
    finally:
        rig.close()
    assert all(isinstance(flip, fs.FlipScreen) and flip.headline == "fb.red_card" for flip in flips)
    assert flips[0].boxes == flips[1].boxes == (("blue", "D1", Card.parse("2D")),)
    assert sent <= BUDGET_BYTES, f"the send-off put {sent} bytes on the bus"


def test_against_the_cpu_no_press_puts_more_than_26_ms_on_the_shared_bus(tmp_path):
    """The CPU's pad shows the score, and the same kick-off and result sheets as the person's
    (naming the teams): the menu's OK and the result's OK rewrite half of each screen."""
    rig = BusRig(tmp_path, Settings.flat(game="fotboll", players="cpu", tiebreak=True), seed=5)
    try:
        rig.start()
        assert isinstance(rig.screen(2), fs.KickoffScreen)
        play(rig, 5, humans=(1,))
        assert isinstance(rig.screen(2), fs.ResultScreen) and rig.screen(2).spectator
        rig.press(1, Button.CENTRE)
        assert rig.app.mode == "menu"
    finally:
        rig.close()
    pressed_on = {screen for screen, _sent in rig.presses}
    assert {"MenuScreen", "ResultScreen"} <= pressed_on
    screen, sent = rig.worst_press()
    assert sent <= BUDGET_BYTES, f"a press on the {screen} sent {sent} bytes"


def test_a_refused_mark_rewrites_only_the_hint_line(tmp_path):
    """CARD1 on a 4th substitution (F-TURN-2) marks nothing: the hint line says why, and that
    line is all the press sends."""
    rig = BusRig(tmp_path, Settings.flat(game="fotboll", players="two"), seed=1)
    try:
        rig.start()
        rig.wait_for_change()                             # the kick-off sheet goes
        session = rig.app.session
        session.go_to(position(red=Team(HIGH, subs=2), blue=Team(LOW)), rig.clock.now())
        rig.wait(0.01)
        pad = next(p for p in (1, 2) if rig.app.seat_at(p) == "red")
        rig.press(pad, Button.CARD1)                      # GK: S, the third
        rig.press(pad, Button.RIGHT)
        sent = rig.press(pad, Button.CARD1)               # D1: a fourth, refused
        why = rig.screen(pad).why
    finally:
        rig.close()
    assert why == "max_subs"
    assert sent <= 2 * 128 + 64, f"the refused mark put {sent} bytes on the bus"
