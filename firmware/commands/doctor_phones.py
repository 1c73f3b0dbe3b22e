"""``pitchpad doctor``'s phone checks (a ``[phones]`` table: docs/phones.md): can a phone at the
table reach the unit?

- the ``phones`` extra is installed (the page's server, its cryptography, the QR codes);
- the unit has an address on a network (or makes its own Wi-Fi), and that is the address the
  codes name;
- the phone page answers there: with the console running, its page is asked for at the very
  address a code names (a GET from the unit itself: no phone is needed); without it, the port is
  free for the console to take;
- the service may use the network: the installer's drop-in is in place (without it systemd
  denies every address, and no phone gets an answer);
- with ``[phones.hotspot]``: NetworkManager knows the unit's own Wi-Fi, and whether it is up.

What a unit cannot tell about itself: a café Wi-Fi that keeps its clients apart (guest networks
often do) lets no phone reach the unit whatever it does; the doctor says to try from a phone.
"""
from __future__ import annotations

import importlib.util
import socket
import subprocess
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Protocol

from firmware.commands.finding import Finding
from hal import HardwareConfig
from hal.config import PhonesConfig
from hal.phone.address import LAN, LOCALHOST, LOOPBACK, bind_host, url_host

DROP_IN = "/etc/systemd/system/pitchpad.service.d/phones.conf"
HOTSPOT = "pitchpad-hotspot"
EXTRA = ("nacl", "websockets", "segno")
PAGE_MARK = b"pitchpad.js"
"""What the phone page's HTML holds (its script), so an answer is known to be ours."""


def fetch(host: str, port: int) -> bytes | str:
    """The page at ``http://host:port/``, or why it could not be had."""
    shown = f"[{host}]" if ":" in host else host
    try:
        with urllib.request.urlopen(f"http://{shown}:{port}/", timeout=3) as answer:
            return bytes(answer.read(4096))
    except (urllib.error.URLError, OSError) as error:
        return str(getattr(error, "reason", error))


def port_free(host: str | None, port: int) -> str | None:
    """None when the console could listen on ``port``; else why not."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host or "", port))
    except OSError as error:
        return error.strerror or str(error)
    return None


def nmcli(*args: str) -> tuple[int, str]:
    """NetworkManager's answer (exit status, output); 127 without nmcli."""
    try:
        done = subprocess.run(["nmcli", *args], capture_output=True, text=True, timeout=10)
    except FileNotFoundError:
        return 127, "nmcli is not installed"
    except (OSError, subprocess.TimeoutExpired) as error:
        return 1, str(error)
    return done.returncode, (done.stdout or done.stderr).strip()


class Doctor(Protocol):
    """What these checks use of :class:`firmware.commands.doctor.Doctor` (replaced in tests)."""

    @property
    def console_pid(self) -> Callable[[], int | None]: ...
    @property
    def fetch_page(self) -> Callable[[str, int], bytes | str]: ...
    @property
    def port_free(self) -> Callable[[str | None, int], str | None]: ...
    @property
    def nmcli(self) -> Callable[..., tuple[int, str]]: ...
    @property
    def phones_drop_in(self) -> str: ...
    @property
    def has_module(self) -> Callable[[str], bool]: ...
    @property
    def url_host(self) -> Callable[[PhonesConfig], str]: ...


def installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def address_of(config: PhonesConfig) -> str:
    """The host a code names now (:func:`hal.phone.address.url_host`)."""
    hotspot = config.hotspot
    if hotspot is None:
        return url_host(config.listen, hotspot=False)
    return url_host(config.listen, hotspot=True, hotspot_address=hotspot.address)


def findings(doctor: Doctor, config: HardwareConfig) -> Iterator[Finding]:
    phones = config.phones
    if phones is None:
        yield Finding("ok", "phones: off (no [phones] in the config: the console opens no network port)")
        return
    missing = [module for module in EXTRA if not doctor.has_module(module)]
    if missing:
        yield Finding("fail", f"phones: the phones extra is missing ({', '.join(missing)}): "
                              f"run sudo deploy/install.sh again (it adds it for [phones])")
        return
    host = doctor.url_host(phones)
    where = f"http://{host}:{phones.port}"
    if phones.listen == LAN and host == LOOPBACK:
        yield Finding("fail", "phones: the unit is on no network (no address on a default route): join "
                              "it to the Wi-Fi, or give it its own with [phones.hotspot]")
    elif phones.listen == LOCALHOST:
        yield Finding("warn", f"phones: listen = \"localhost\": only this machine reaches {where}, no phone")
    yield from _page(doctor, phones, host, where)
    if phones.listen != LOCALHOST and not Path(doctor.phones_drop_in).exists():
        yield Finding("fail", f"phones: {doctor.phones_drop_in} is missing: the service may use no network, "
                              f"so no phone gets an answer (sudo deploy/install.sh puts it in place)")
    if phones.hotspot is not None:
        yield from _hotspot(doctor, phones)


def _page(doctor: Doctor, phones: PhonesConfig, host: str, where: str) -> Iterator[Finding]:
    if doctor.console_pid() is None:
        trouble = doctor.port_free(bind_host(phones.listen), phones.port)
        if trouble is None:
            yield Finding("ok", f"phones: port {phones.port} is free for the console (not running now): "
                                f"phones will reach {where}")
        else:
            yield Finding("fail", f"phones: port {phones.port} is taken ({trouble}) and the console is not "
                                  f"running: another program holds it; choose another [phones] port")
        return
    answer = doctor.fetch_page(host, phones.port)
    if isinstance(answer, bytes) and PAGE_MARK in answer:
        yield Finding("ok", f"phones: the console serves the phone page at {where}; a phone on the same "
                            f"Wi-Fi opens it (a guest Wi-Fi that keeps its clients apart does not let "
                            f"it: try from a phone)")
    elif isinstance(answer, bytes):
        yield Finding("fail", f"phones: {where} answers, but not with the phone page: another program "
                              f"holds port {phones.port}")
    else:
        yield Finding("fail", f"phones: the console runs, but {where} does not answer ({answer})")


def _hotspot(doctor: Doctor, phones: PhonesConfig) -> Iterator[Finding]:
    assert phones.hotspot is not None
    status, said = doctor.nmcli("-t", "-f", "NAME,DEVICE", "connection", "show")
    if status == 127:
        yield Finding("fail", "phones: the unit's own Wi-Fi needs NetworkManager: sudo apt install "
                              "network-manager, then sudo deploy/install.sh")
        return
    profiles = dict(line.split(":", 1) for line in said.splitlines() if ":" in line)
    if HOTSPOT not in profiles:
        yield Finding("fail", f"phones: NetworkManager has no {HOTSPOT} profile: run sudo deploy/install.sh")
    elif profiles[HOTSPOT]:
        yield Finding("ok", f"phones: the unit's own Wi-Fi \"{phones.hotspot.ssid}\" is up on "
                            f"{profiles[HOTSPOT]} ({phones.hotspot.address})")
    else:
        yield Finding("warn", f"phones: the unit's own Wi-Fi \"{phones.hotspot.ssid}\" is down: a known "
                              f"Wi-Fi is in reach (phones join that one), or `nmcli connection up {HOTSPOT}`")
