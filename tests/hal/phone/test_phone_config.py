"""``[phones]`` in the hardware config: what it reads, and bad values refused naming file,
line and key (never a password in the message)."""
from __future__ import annotations

from pathlib import Path

import pytest

from hal import ConfigError, parse_config
from hal.config import PhonesConfig
from hal.phone.address import url_host
from hal.phones import Hotspot

HANDHELD = (Path(__file__).resolve().parents[3] / "deploy" / "config" / "handheld.toml").read_text()


def test_no_phones_table_means_no_phones_and_an_empty_one_the_defaults() -> None:
    assert parse_config(HANDHELD).phones is None
    assert parse_config(HANDHELD + "\n[phones]\n").phones == PhonesConfig(8733, "lan", 8, None)


def test_every_key_is_read() -> None:
    config = parse_config(HANDHELD + '\n[phones]\nport = 9000\nlisten = "localhost"\nspectators = 3\n'
                                     '[phones.hotspot]\nssid = "PitchPad"\npassword = "kick-off-2026"\n'
                                     'interface = "wlan1"\naddress = "192.168.50.1"\n')
    assert config.phones == PhonesConfig(9000, "localhost", 3,
                                         Hotspot("PitchPad", "kick-off-2026", "wlan1", "192.168.50.1"))
    default = parse_config(HANDHELD + '\n[phones.hotspot]\nssid = "PitchPad"\npassword = "kick-off-2026"\n')
    assert (default.phones.hotspot.interface, default.phones.hotspot.address) == ("wlan0", "10.42.0.1")
    assert parse_config(HANDHELD + '\n[phones]\nlisten = "192.168.1.20"\n').phones.listen == "192.168.1.20"


@pytest.mark.parametrize(("table", "key", "says", "at"), [
    ("port = 80", "phones.port", "1024..65535", "port ="),
    ('port = "8733"', "phones.port", "must be an int", "port ="),
    ('listen = "wifi"', "phones.listen", '"lan", "localhost" or an IP address', "listen ="),
    ("spectators = -1", "phones.spectators", "0..32", "spectators ="),
    ("colour = 1", "phones.colour", "unknown key", "colour ="),
    ('[phones.hotspot]\nssid = "PitchPad"\npassword = "short"', "phones.hotspot.password", "8 to 63", "password ="),
    ('[phones.hotspot]\npassword = "long enough"', "phones.hotspot.ssid", "missing key", "[phones.hotspot]"),
    ('[phones.hotspot]\nssid = ""\npassword = "long enough"', "phones.hotspot.ssid", "1 to 32 bytes", "ssid ="),
    ('[phones.hotspot]\nssid = "P"\npassword = "long enough"\ninterface = "wlan 0"', "phones.hotspot.interface",
     "not a network interface's name", "interface ="),
    ('[phones.hotspot]\nssid = "P"\npassword = "long enough"\naddress = "8.8.8.8"', "phones.hotspot.address",
     "private IPv4", "address ="),
])
def test_bad_values_are_refused_naming_file_line_and_key(table: str, key: str, says: str, at: str) -> None:
    text = HANDHELD + "\n[phones]\n" + table + "\n"
    with pytest.raises(ConfigError) as caught:
        parse_config(text, source="hw.toml")
    error = caught.value
    line = next(n for n, each in enumerate(text.splitlines(), start=1)
                if n > HANDHELD.count("\n") and each.startswith(at))
    assert (error.key, error.line) == (key, line) and says in str(error)
    assert str(error).startswith(f"hw.toml:{line}: {key}: ")
    assert "short" not in str(error) and "long enough" not in str(error), "a password is never told"


def test_a_codes_address_is_the_hotspots_configured_one_while_it_is_up() -> None:
    hotspot = parse_config(HANDHELD + '\n[phones.hotspot]\nssid = "PitchPad"\npassword = "kick-off-2026"\n'
                                      'address = "192.168.50.1"\n').phones.hotspot
    up = url_host("lan", hotspot=True, lan="192.168.1.20", local=lambda a: a == "192.168.50.1",
                  hotspot_address=hotspot.address)
    down = url_host("lan", hotspot=True, lan="192.168.1.20", local=lambda a: False, hotspot_address=hotspot.address)
    assert (up, down) == ("192.168.50.1", "192.168.1.20")
    assert url_host("localhost", hotspot=True, lan="192.168.1.20") == "127.0.0.1"
    assert url_host("192.168.1.20", hotspot=False) == "192.168.1.20"
