"""Leaving a match from a serial pad (the tabletop's pads): LEFT and RIGHT held together on
the pad's own buttons reach the console as two presses and, later, two releases over the real
serial link (pyserial over a pty pair, the pad's real firmware loop); held 1 s they ask
"Leave the match?" on that pad."""
from __future__ import annotations

from pathlib import Path

from firmware.storage import history

from firmware.console import leave
from firmware.console.app import App
from firmware.console.leave import LeaveScreen
from firmware.storage.settings import Settings, save
from hal import Button, Console, EventQueue, ManualClock, NoBuzzer, NoLed
from hal.serial_pad import open_serial_pad
from serial_rig import PadBoard, wait_for
from sim.pad import SimPad
from sim.screen import SimScreen


def test_a_hold_on_a_serial_pad_asks_and_both_pads_agree(tmp_path: Path) -> None:
    save(tmp_path, Settings.flat(players="two", language="en"))
    clock = ManualClock()
    events = EventQueue()
    path = tmp_path / "by-id" / "usb-PitchPad_pad2-if00"
    board = PadBoard(path, pad_id=2)
    pad2, screen2 = open_serial_pad(2, str(path), events)
    assert screen2 is not None
    console = Console([SimPad(1, events, clock), pad2], [SimScreen(1), screen2], [NoLed(), NoLed()],
                      NoBuzzer(), events, clock)
    try:
        wait_for(lambda: pad2.connected and board.loop.host_seen, what="pad 2 hello")
        app = App(console, state_dir=tmp_path, seed=4)
        app.start_match()
        clock.advance(3.0)                                   # past the kick-off
        app.step(None)

        def deliver(count: int) -> None:
            for _ in range(count):
                event = events.get(timeout=5)
                assert event is not None and event.pad == 2
                app.step(event)

        board.press(Button.LEFT)
        board.press(Button.RIGHT)
        deliver(2)
        assert app.presence.held[2].keys() == {Button.LEFT, Button.RIGHT}
        clock.advance(leave.HOLD)
        app.step(None)
        assert app.shown[2][0] == LeaveScreen("ask", "team.red", others=True)
        board.release(Button.LEFT)
        board.release(Button.RIGHT)
        deliver(2)
        board.tap(Button.LEFT)                               # pad 2: yes
        deliver(2)
        assert app.shown[1][0] == LeaveScreen("asked", "team.blue")
        console.pads[0].tap(Button.LEFT)                     # pad 1: yes
        for event in events.drain():
            app.step(event)
        assert app.mode == "menu"
        assert history.read(tmp_path)[0]["abandoned"] is True
    finally:
        console.close()
        board.unplug()
