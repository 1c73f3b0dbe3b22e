"""``pitchpad doctor`` on a handheld built with SH1106 panels (issue 29, item 7): each is asked
for its status byte through the real smbus2 messages on a recording bus, answered by the
independent panel model; a panel that answers is watched for 4 bytes a look, one that does not
is redrawn whole, which the person building the device should know."""
from __future__ import annotations

from pathlib import Path

from hal.mock_bus import MockSMBus
from oled_model import OledModel

from .test_doctor_watchdog import HANDHELD, doctor, texts


class Constant:
    """A clone at the address (hand-written: no such part here) answering every read 0xFF."""

    def write(self, data: bytes) -> None: ...

    def read(self, count: int) -> bytes:
        return b"\xff" * count


def sh1106_doctor(tmp_path: Path, bus: MockSMBus):
    config = tmp_path / "sh1106.toml"
    config.write_text(HANDHELD.read_text().replace('driver = "ssd1306"', 'driver = "sh1106"'))
    d = doctor(tmp_path, config=config)
    d.open_i2c = lambda port: bus
    return d


def test_doctor_says_which_sh1106_reports_whether_it_is_lit(tmp_path: Path) -> None:
    bus = MockSMBus()
    lit, dark = OledModel("sh1106", address=0x3C), OledModel("sh1106", address=0x3D)
    lit.on = True
    bus.attach(0x3C, lit)
    bus.attach(0x3D, dark)
    ok = texts(sh1106_doctor(tmp_path, bus).check(), "ok")
    assert ("pad 1 screen (I2C bus 1, address 0x3C) says whether it is lit, so a power loss is seen within "
            "4.8 s: now lit") in ok
    assert any(t.startswith("pad 2 screen (I2C bus 1, address 0x3D) says whether it is lit") and
               t.endswith("now dark (the console is asleep or not running, or it lost power)") for t in ok)
    assert [t.read for t in bus.transfers] == [False, True, False, True]   # 4 bytes each, nothing else


def test_doctor_warns_of_an_sh1106_that_does_not_answer_a_status_read(tmp_path: Path) -> None:
    bus = MockSMBus()
    bus.attach(0x3D, Constant())
    warns = texts(sh1106_doctor(tmp_path, bus).check(), "warn")
    assert ("pad 1 screen (I2C bus 1, address 0x3C) does not answer a status read (no answer): the console "
            "redraws it whole every 4.8 s, which for two such screens on one bus is 1.04 % of it") in warns
    assert any(t.startswith("pad 2 screen (I2C bus 1, address 0x3D) does not answer a status read (0xFF)")
               for t in warns)


def test_doctor_never_reads_an_ssd1306(tmp_path: Path) -> None:
    bus = MockSMBus()
    d = doctor(tmp_path)
    d.open_i2c = lambda port: bus
    d.check()
    assert bus.transfers == []
