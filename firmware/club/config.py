"""A unit's club settings: ``club.toml`` beside the hardware config (``/etc/pitchpad/``).

Example (``deploy/club/club.toml``)::

    [club]
    name = "cafe-du-port"        # the club: a-z 0-9 - _
    table = "table1"             # this unit's table, and its broker user name
    broker = "league.local"      # the Pi or PC running Mosquitto
    port = 1883                  # 8883 with tls = true
    password_file = "/etc/pitchpad/club.password"   # the table's broker password, one line
    tls = false                  # true: TLS to the broker (port 8883)
    ca_file = ""                 # the club's CA certificate when tls (empty: the system's)

No ``club.toml``: no club play, and paho-mqtt is never imported. A bad file is refused with
one line naming the file and the key, never a traceback.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from firmware.club.messages import check_name
from hal.config import deepest_line

FILE_NAME = "club.toml"


class ClubConfigError(ValueError):
    """``club.toml`` cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class Broker:
    """How to reach the club's broker, and as whom."""

    host: str = "localhost"
    port: int = 1883
    username: str | None = None
    password: str | None = None
    tls: bool = False
    ca_file: str | None = None
    keepalive: int = 30
    reconnect_max: float = 30.0
    """The longest wait between two connection attempts while the broker is away (seconds)."""


@dataclass(frozen=True)
class ClubConfig:
    club: str
    table: str
    broker: Broker


def _get(section: dict[str, Any], key: str, kind: type, default: Any, where: str) -> Any:
    value = section.get(key, default)
    if value is default:
        return value
    if kind is int and isinstance(value, bool) or not isinstance(value, kind):
        raise ClubConfigError(f"{where}: {key}: expected {kind.__name__}, got {value!r}")
    return value


def read_password(path: str, where: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8").strip()
    except OSError as exc:
        raise ClubConfigError(f"{where}: password_file: cannot read {path} ({exc.strerror})") from None


def load(path: str | Path) -> ClubConfig:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
        doc = tomllib.loads(text)
    except OSError as exc:
        raise ClubConfigError(f"{path}: cannot read ({exc.strerror})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ClubConfigError(f"{path}: {exc}") from None
    except RecursionError:
        raise ClubConfigError(f"{path}: nested too deeply (at line {deepest_line(text)})") from None
    section = doc.get("club")
    where = f"{path}: [club]"
    if not isinstance(section, dict):
        raise ClubConfigError(f"{path}: no [club] section")
    unknown = set(section) - {"name", "table", "broker", "port", "username", "password",
                              "password_file", "tls", "ca_file", "keepalive"}
    if unknown:
        raise ClubConfigError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    try:
        club = check_name("club", _get(section, "name", str, None, where) or "")
        table = check_name("table", _get(section, "table", str, None, where) or "")
    except ValueError as exc:
        raise ClubConfigError(f"{where}: {exc}") from None
    tls = _get(section, "tls", bool, False, where)
    port = _get(section, "port", int, 8883 if tls else 1883, where)
    if not 0 < port < 65536:
        raise ClubConfigError(f"{where}: port: {port} is not a TCP port")
    password = _get(section, "password", str, None, where)
    password_file = _get(section, "password_file", str, None, where)
    if password_file:
        password = read_password(password_file, where)
    ca_file = _get(section, "ca_file", str, "", where) or None
    if ca_file and not Path(ca_file).is_file():
        raise ClubConfigError(f"{where}: ca_file: no file {ca_file}")
    broker = Broker(host=_get(section, "broker", str, "localhost", where), port=port,
                    username=_get(section, "username", str, table, where), password=password,
                    tls=tls, ca_file=ca_file, keepalive=_get(section, "keepalive", int, 30, where))
    return ClubConfig(club, table, broker)


def beside(hardware_config: str | Path) -> Path:
    """Where a unit's club settings live: next to its hardware config."""
    return Path(hardware_config).with_name(FILE_NAME)
