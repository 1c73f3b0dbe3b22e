"""The console app with pad 2 on the serial backend: unplugging it mid-match shows
"pad 2 disconnected" on pad 1 and stops the match clock until pad 2 is back and redrawn."""
from __future__ import annotations

from pathlib import Path

from firmware.console.app import App, UnpluggedScreen
from firmware.chifootmi import screens as cs
from firmware.render import Canvas
from firmware.storage.settings import Settings, save
from hal import Button, Console, EventQueue, ManualClock, NoBuzzer, NoLed
from hal.screen import to_pages
from hal.serial_pad import open_serial_pad
from serial_rig import PadBoard, wait_for
from sim.pad import SimPad
from sim.screen import SimScreen


def drawn(app: App, pad: int) -> bytes:
    model, language = app.shown[pad]
    canvas = Canvas()
    model.draw(canvas, language)
    return to_pages(canvas.image)


def test_unplugging_pad_2_pauses_the_match_and_replugging_resumes_it(tmp_path: Path) -> None:
    save(tmp_path, Settings.flat(players="two", move_clock=10, language="en"))
    clock = ManualClock()
    events = EventQueue()
    path = tmp_path / "by-id" / "usb-PitchPad_pad2-if00"
    board = PadBoard(path, pad_id=2)
    pad2, screen2 = open_serial_pad(2, str(path), events)
    assert screen2 is not None
    console = Console([SimPad(1, events, clock), pad2], [SimScreen(1), screen2], [NoLed(), NoLed()],
                      NoBuzzer(), events, clock)
    wait_for(lambda: pad2.connected and board.loop.host_seen, what="pad 2 hello")
    app = App(console, state_dir=tmp_path, seed=4)
    app.start_match()
    clock.advance(3.0)                                   # past the kick-off
    app.step(None)
    assert isinstance(app.shown[1][0], cs.CardScreen)
    left = app.session.seconds_left("red", app.match_now())
    assert left is not None and 0 < left <= 10

    board.unplug()
    wait_for(lambda: not pad2.connected, what="pad 2 gone")
    app.step(None)
    assert app.shown[1][0] == UnpluggedScreen((2,))
    clock.advance(60.0)                                  # a long wait: the move clock must not run
    console.pads[0].tap(Button.CARD1)                    # and pad 1 cannot play alone
    for event in events.drain():
        app.step(event)
    app.step(None)
    assert app.shown[1][0] == UnpluggedScreen((2,))
    assert app.deadline() is not None                    # the loop keeps looking at the pads

    board = PadBoard(path, pad_id=2)
    wait_for(lambda: pad2.connected, what="pad 2 back")
    app.step(None)
    assert not app.presence.paused
    assert isinstance(app.shown[1][0], cs.CardScreen) and app.shown[1][0].highlight is None
    assert app.session.seconds_left("red", app.match_now()) == left
    wait_for(lambda: board.frame == drawn(app, 2), what="pad 2 redrawn with the match")

    board.tap(Button.CARD2)                              # a press over serial plays on pad 2
    event = events.get(timeout=5)
    assert (event.pad, event.button, event.pressed) == (2, Button.CARD2, True)
    app.step(event)
    assert app.shown[2][0].highlight == 1
    console.close()
    board.unplug()
