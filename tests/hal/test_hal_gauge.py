"""The battery gauge (issue 30): a MAX17048 on the screens' I2C bus, read through smbus2's real
``i2c_msg`` transfers over a recording bus, answered by the independent register model of the
chip (``tests/rigs/max17048_model.py``), with the screens on the same bus through luma.oled's
real ssd1306 driver, as ``hal.wiring.open_console`` builds the handheld."""
from __future__ import annotations

import logging
import random
import threading
from pathlib import Path

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from luma.core.interface.serial import i2c
from PIL import ImageDraw

from hal import ConfigError, ManualClock, blank_frame, load_config, parse_config
from hal.config import ScreenConfig
from hal.gauge import LOW_VOLTS, WIRE_BYTES_PER_READING, NoGauge
from hal.mock_bus import MockSMBus, Transfer
from hal.wiring import open_console
from max17048_model import RI, VL, Max17048Model
from oled_model import OledModel

EXAMPLES = Path(__file__).resolve().parents[2] / "deploy" / "config"
GAUGE = "\n[gauge]\nchip = \"max17048\"\nport = 1\naddress = 0x36\n"


def handheld_text(extra: str = GAUGE) -> str:
    return (EXAMPLES / "handheld.toml").read_text() + extra


class Handheld:
    """The handheld with a gauge: both screens and the gauge on one recording bus."""

    def __init__(self, extra: str = GAUGE, gauge: Max17048Model | None = None) -> None:
        self.factory = MockFactory(pin_class=MockPWMPin)
        self.bus = MockSMBus()
        self.model = gauge if gauge is not None else Max17048Model()
        self.bus.attach(0x36, self.model)

        def open_bus(screen: ScreenConfig) -> i2c:
            return i2c(bus=self.bus, address=screen.address)

        self.console = open_console(parse_config(handheld_text(extra)), clock=ManualClock(),
                                    pin_factory=self.factory, open_bus=open_bus,
                                    open_i2c=lambda port: self.bus)

    def close(self) -> None:
        self.console.close()
        self.factory.reset()


@pytest.fixture
def handheld():
    rig = Handheld()
    yield rig
    rig.close()


def test_the_gauge_reads_charge_voltage_and_charging_as_the_chip_reports_them(handheld: Handheld) -> None:
    handheld.model.cell(volts=3.85, percent=73.4, rate=-6.0)
    charge = handheld.console.gauge.read()
    assert charge is not None
    assert charge.shown_percent == 73 and charge.volts == pytest.approx(3.85, abs=0.001)
    assert not charge.charging and not charge.about_to_drop
    handheld.model.cell(volts=4.05, percent=81.0, rate=+35.0)       # the charger plugged in
    charge = handheld.console.gauge.read()
    assert charge is not None and charge.charging and charge.shown_percent == 81
    handheld.model.cell(volts=4.2, percent=100.7, rate=0.0)         # full: the chip may say 100.7
    charge = handheld.console.gauge.read()
    assert charge is not None and charge.shown_percent == 100 and not charge.charging


def test_a_reading_is_20_bytes_on_the_bus_and_touches_no_screen(handheld: Handheld) -> None:
    handheld.console.gauge.read()                                   # the first one arms the alert
    handheld.bus.clear()
    handheld.console.gauge.read()
    assert handheld.bus.wire_bytes() == WIRE_BYTES_PER_READING == 20
    assert {t.address for t in handheld.bus.transfers} == {0x36}


def test_the_low_voltage_alert_is_armed_and_says_the_cell_is_about_to_drop(handheld: Handheld) -> None:
    model = handheld.model
    assert model.status & RI and model.low_alert_volts == 0        # a gauge fresh from power-up
    handheld.console.gauge.read()
    assert model.low_alert_volts == pytest.approx(LOW_VOLTS) and not model.status & RI
    model.cell(volts=3.25, percent=9.0, rate=-20.0)                  # under the Pi's load, at 9 %
    charge = handheld.console.gauge.read()
    assert charge is not None and charge.about_to_drop and charge.shown_percent == 9
    model.cell(volts=3.6, percent=9.5, rate=+40.0)                   # a charger: not about to drop
    charge = handheld.console.gauge.read()
    assert charge is not None and not charge.about_to_drop
    assert not model.status & VL                                     # and the latched alert is cleared
    model.cell(volts=3.85, percent=55.0, rate=-8.0)                  # charged, then unplugged
    charge = handheld.console.gauge.read()
    assert charge is not None and not charge.about_to_drop
    model.cell(volts=3.28, percent=7.0, rate=-20.0)                  # a dip under load latches it
    model.cell(volts=3.34, percent=7.0, rate=-20.0)                  # and it stays said
    charge = handheld.console.gauge.read()
    assert charge is not None and charge.about_to_drop
    handheld.console.gauge.clear_alert()
    assert not model.status & VL


def test_a_gauge_that_reset_gets_its_alert_threshold_back(handheld: Handheld) -> None:
    handheld.console.gauge.read()
    handheld.model.power_up()                                        # the gauge lost its supply
    handheld.model.cell(volts=3.8, percent=60.0)
    handheld.console.gauge.read()
    assert handheld.model.low_alert_volts == pytest.approx(LOW_VOLTS)


def test_a_gauge_that_does_not_answer_is_said_once_and_the_console_goes_on(
        handheld: Handheld, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING)
    handheld.model.answering = False
    assert handheld.console.gauge.read() is None
    assert handheld.console.gauge.read() is None
    frame = blank_frame()
    ImageDraw.Draw(frame).text((0, 0), "STILL HERE", fill=1)
    handheld.console.screen(1).display(frame)                        # the screens carry on
    panel = OledModel(address=0x3C)
    panel.feed(handheld.bus.transfers)
    assert panel.shown().tobytes() == frame.tobytes()
    handheld.model.answering = True
    assert handheld.console.gauge.read() is not None
    said = [r.getMessage() for r in caplog.records if "battery gauge" in r.getMessage()]
    assert len(said) == 2 and "not answering" in said[0] and "answering again" in said[1]
    assert "I2C bus 1 at 0x36" in said[0]


def test_no_gauge_fitted_at_all_reads_nothing_and_does_not_stop_the_console() -> None:
    rig = Handheld()
    try:
        rig.bus.devices.clear()                                      # nothing at 0x36
        assert rig.console.gauge.read() is None
    finally:
        rig.close()


def test_a_console_without_a_gauge_in_its_config_has_none() -> None:
    rig = Handheld(extra="")
    try:
        assert isinstance(rig.console.gauge, NoGauge) and rig.console.gauge.read() is None
        assert rig.model.reads == 0
    finally:
        rig.close()


def test_a_reading_never_lands_inside_a_frame(handheld: Handheld) -> None:
    """Frames sent from one thread, the gauge read from another: every frame's transfers stay
    together on the bus (a read waits for the frame being sent)."""
    screen = handheld.console.screen(1)
    send = screen._send                                              # type: ignore[attr-defined]
    transfers: list[object] = handheld.bus.transfers               # type: ignore[assignment]

    def marked(frame: bytes) -> None:
        transfers.append("begin")
        send(frame)
        transfers.append("end")

    screen._send = marked                                            # type: ignore[attr-defined]
    rng = random.Random(5)

    def draw() -> None:
        for _ in range(60):
            frame = blank_frame()
            drawing = ImageDraw.Draw(frame)
            for _ in range(8):
                x, y = rng.randrange(120), rng.randrange(56)
                drawing.rectangle((x, y, x + 6, y + 6), fill=1)
            screen.display(frame)

    painter = threading.Thread(target=draw)
    painter.start()
    readings = 0
    while painter.is_alive():
        handheld.console.gauge.read()
        readings += 1
    painter.join()
    inside = False
    gauge_inside = 0
    for item in transfers:
        if item == "begin":
            inside = True
        elif item == "end":
            inside = False
        elif isinstance(item, Transfer) and item.address == 0x36 and inside:
            gauge_inside += 1
    assert readings > 0 and gauge_inside == 0


def test_the_config_refuses_a_gauge_on_a_screen_address_and_unknown_chips() -> None:
    with pytest.raises(ConfigError, match=r"gauge.address: 0x3C on I2C bus 1 is already used by pad\[0\]"):
        parse_config(handheld_text("\n[gauge]\naddress = 0x3C\n"), source="handheld.toml")
    with pytest.raises(ConfigError, match=r"gauge.chip: must be one of max17048, not 'ina219'"):
        parse_config(handheld_text("\n[gauge]\nchip = \"ina219\"\n"), source="handheld.toml")
    config = parse_config(handheld_text("\n[gauge]\n"))
    assert config.gauge is not None and (config.gauge.port, config.gauge.address) == (1, 0x36)
    assert load_config(EXAMPLES / "handheld.toml").gauge is None


def test_the_battery_handheld_example_is_the_handheld_with_a_gauge_and_a_power_board() -> None:
    from dataclasses import replace

    from hal.config import GaugeConfig, PowerConfig

    battery = load_config(EXAMPLES / "handheld-battery.toml")
    plain = load_config(EXAMPLES / "handheld.toml")
    assert battery.gauge == GaugeConfig("max17048", 1, 0x36)
    assert battery.power == PowerConfig(button=7, poweroff_pin=9)
    assert replace(battery, gauge=None, power=PowerConfig(), source=plain.source) == plain


def spi_screens_text(extra: str) -> str:
    """The handheld with its two screens on SPI 0 (D/C and RESET on the free pins, D/C of pad 1
    on GPIO2) and ``extra`` after it."""
    text = (EXAMPLES / "handheld.toml").read_text()
    for address, (dc, reset, device) in {"0x3C": (2, 14, 0), "0x3D": (15, 0, 1)}.items():
        text = text.replace(f'bus = "i2c"\nport = 1\naddress = {address}',
                            f'bus = "spi"\nport = 0\ndevice = {device}\ndc_pin = {dc}\nreset_pin = {reset}')
    return text + extra


def test_a_gauge_on_i2c_bus_1_holds_gpio2_and_gpio3_with_the_screens_on_spi() -> None:
    plain = parse_config(spi_screens_text("\n[power]\nbutton = 3\n"))     # no gauge: both pins free
    assert plain.pads[0].screen is not None and plain.pads[0].screen.dc_pin == 2
    with pytest.raises(ConfigError, match=r"handheld.toml:\d+: pad\[0\].screen.dc_pin: GPIO2 is I2C1 SDA, "
                                          r"taken by the battery gauge's bus"):
        parse_config(spi_screens_text(GAUGE + "\n[power]\nbutton = 3\n"), source="handheld.toml")
    moved = spi_screens_text(GAUGE + "\n[power]\nbutton = 3\n").replace("dc_pin = 2", "dc_pin = 1")
    with pytest.raises(ConfigError, match=r"power.button: GPIO3 is I2C1 SCL, taken by the battery gauge's "
                                          r"bus \(GPIO3 is the pin that wakes a halted Pi"):
        parse_config(moved, source="handheld.toml")
    elsewhere = parse_config(moved.replace("port = 1\naddress = 0x36", "port = 3\naddress = 0x36"))
    assert elsewhere.gauge is not None and elsewhere.power.button == 3      # the gauge on bus 3
