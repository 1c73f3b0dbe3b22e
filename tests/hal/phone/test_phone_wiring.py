"""``[phones]`` opens phone pads after a console's own: on real hardware (``hal.open_console``,
the real gpiozero and luma over their test doubles) and in the simulator (``sim.open_console``).
"""
from __future__ import annotations

import dataclasses
import socket
import sys
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from luma.core.interface.serial import i2c
from phone_rig import PythonPhone, wait_until
from PIL import ImageDraw

import sim
from hal import BackendUnavailable, Button, blank_frame, load_config
from hal.config import PhonesConfig, ScreenConfig
from hal.mock_bus import MockSMBus
from hal.phone.parts import PhonePad
from hal.phone.server import ServedPhones
from hal.phones import NoPhones, PhoneState
from hal.clock import SystemClock
from hal.events import EventQueue
from hal.wiring import open_console, open_served_phones

EXAMPLES = Path(__file__).resolve().parents[3] / "deploy" / "config"
HERE_ONLY = PhonesConfig(port=0, listen="localhost")


def recording_bus(screen: ScreenConfig) -> i2c:
    return i2c(bus=MockSMBus(), address=screen.address)


@pytest.fixture
def factory():
    factory = MockFactory(pin_class=MockPWMPin)
    yield factory
    factory.reset()


def with_phones(name: str, phones: PhonesConfig = HERE_ONLY):
    return dataclasses.replace(load_config(EXAMPLES / name), phones=phones)


def test_a_handheld_with_phones_has_phone_pads_3_and_4_that_play_like_its_own(factory) -> None:
    console = open_console(with_phones("handheld.toml"), pin_factory=factory, open_bus=recording_bus)
    try:
        phones = console.phones
        assert isinstance(phones, ServedPhones) and phones.pads == (3, 4) and console.pad_count == 4
        assert all(isinstance(pad, PhonePad) for pad in console.pads[2:])
        assert console.screen(3) is phones.phone_screens[3] and console.led(4) is phones.phone_leds[4]
        phone = PythonPhone.scanning(phones.server.port, phones.invite(3).url)
        phone.join()
        frame = blank_frame()
        ImageDraw.Draw(frame).text((2, 2), "PAD 3", fill=1)
        console.screen(3).display(frame)
        phone.frame_until(lambda p: p.image.tobytes() == frame.tobytes())
        phone.press(5, True)
        event = wait_until(lambda: console.events.get(timeout=0.05))
        assert (event.pad, event.button, event.pressed) == (3, Button.CENTRE, True)
        console.sleep()                                        # the console's sleep darkens phones too
        phone.frame_until(lambda p: not p.flags & 1)
    finally:
        console.close()
    assert phone.closed()
    with pytest.raises(OSError):
        socket.create_connection(("127.0.0.1", phones.server.port), timeout=1).close()


def test_a_four_pad_unit_offers_phones_only_to_watch(factory) -> None:
    console = open_console(with_phones("four-pads-mux.toml"), pin_factory=factory, open_bus=recording_bus)
    try:
        assert console.pad_count == 4 and console.phones.pads == ()
        watcher = PythonPhone.scanning(console.phones.server.port, console.phones.invite(None).url)
        assert watcher.join() == {"pad": 0, "lang": "fr"}
        with pytest.raises(IndexError, match="not a phone's"):
            console.phones.invite(4)
    finally:
        console.close()


def test_no_phones_table_opens_nothing(factory) -> None:
    console = open_console(load_config(EXAMPLES / "handheld.toml"), pin_factory=factory, open_bus=recording_bus)
    assert isinstance(console.phones, NoPhones) and console.pad_count == 2
    console.close()


def test_a_port_taken_is_one_line_and_the_console_plays_on_without_phones(factory, caplog) -> None:
    with socket.create_server(("127.0.0.1", 0)) as taken:
        port = taken.getsockname()[1]
        with pytest.raises(BackendUnavailable) as caught:
            open_served_phones(PhonesConfig(port=port, listen="localhost"), 3, EventQueue(), SystemClock())
        console = open_console(with_phones("handheld.toml", PhonesConfig(port=port, listen="localhost")),
                               pin_factory=factory, open_bus=recording_bus)
    message = str(caught.value)
    assert "\n" not in message and f"port {port}" in message and "[phones] port" in message
    assert isinstance(console.phones, NoPhones) and console.pad_count == 2, "the pads at the table play on"
    assert [r.getMessage() for r in caplog.records if "phones" in r.getMessage()] == [
        f"{message}; the console plays on without phones"]
    console.close()


def test_without_the_phones_extra_a_config_with_phones_is_one_line(factory, monkeypatch, caplog) -> None:
    monkeypatch.delitem(sys.modules, "hal.phone.server")
    monkeypatch.setitem(sys.modules, "websockets.asyncio.server", None)   # as on a unit without the extra
    console = open_console(with_phones("handheld.toml"), pin_factory=factory, open_bus=recording_bus)
    assert isinstance(console.phones, NoPhones)
    [line] = [r.getMessage() for r in caplog.records if "phones" in r.getMessage()]
    assert line.startswith("[phones] needs the phones extra") and "pitchpad[phones]" in line
    assert line.endswith("; the console plays on without phones")
    console.close()


def test_the_simulator_appends_phone_pads_whose_screens_show_on_the_phone_and_in_the_simulator() -> None:
    with sim.open_console(2, phones=HERE_ONLY) as console:
        phones = console.phones
        assert console.pad_count == 4 and phones.pads == (3, 4)
        phone = PythonPhone.scanning(phones.server.port, phones.invite(4).url)
        phone.join()
        frame = blank_frame()
        ImageDraw.Draw(frame).text((2, 2), "PAD 4", fill=1)
        console.screen(4).display(frame)
        console.led(4).blink()
        phone.frame_until(lambda p: p.image.tobytes() == frame.tobytes() and p.flags & 0b110 == 0b110)
        assert console.frames(4) == [frame]                     # the simulator keeps what the phone saw
        console.tap(4, Button.CARD2)                             # a script presses a phone pad as any other
        phone.press(6, True)
        got = [wait_until(lambda: console.events.get(timeout=0.05)) for _ in range(3)]
        assert [(e.pad, e.button, e.pressed) for e in got] == [
            (4, Button.CARD2, True), (4, Button.CARD2, False), (4, Button.RIGHT, True)]
        assert phones.state(4) is PhoneState.HERE
    assert phone.closed()


def test_the_simulator_without_phones_has_none() -> None:
    with sim.open_console(2) as console:
        assert console.pad_count == 2 and isinstance(console.phones, NoPhones)
