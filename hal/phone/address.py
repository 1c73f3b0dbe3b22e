"""Where phones reach the unit: the address to listen on and the one a code's URL names."""
from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable

LAN = "lan"
LOCALHOST = "localhost"
LOOPBACK = "127.0.0.1"
HOTSPOT_ADDRESS = "10.42.0.1"
"""The unit's own address on the Wi-Fi it makes: NetworkManager's for a connection in shared
mode (``ipv4.method shared``), which ``nmcli device wifi hotspot`` makes, and the one the
installer's profile gives it (``deploy/hotspot.py``)."""
PROBE = "10.255.255.255"
"""A private address to "connect" a UDP socket to: nothing is sent, but the kernel picks the
interface and source address of its default route, which :func:`lan_address` reads."""


def bind_host(listen: str) -> str | None:
    """What to bind for a ``[phones] listen`` value: None (every address, the service's
    systemd drop-in keeps it to private ranges) for ``"lan"``, 127.0.0.1 for ``"localhost"``,
    else the address itself."""
    if listen == LAN:
        return None
    if listen == LOCALHOST:
        return LOOPBACK
    return listen


def lan_address() -> str | None:
    """The unit's address on its default route, or None with no network (no route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect((PROBE, 9))
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("0.") else address


def is_local(address: str) -> bool:
    """Whether ``address`` is one of this machine's now: a UDP socket binds to it (nothing is
    sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.bind((address, 0))
    except OSError:
        return False
    return True


def url_host(listen: str, *, hotspot: bool, lan: str | None = None,
             local: Callable[[str], bool] = is_local, hotspot_address: str = HOTSPOT_ADDRESS) -> str:
    """The host a code's URL names: the listening address when it is one; the hotspot's while
    the unit's own Wi-Fi is up (its address is the unit's: the phones are on it); else the
    unit's address on its network (``lan``: found now when None), as a handheld at home on the
    home Wi-Fi, its hotspot down. With no network at all, the hotspot's if the unit makes one,
    else loopback (a phone cannot reach it: ``reach()`` says so)."""
    if listen == LOCALHOST:
        return LOOPBACK
    if listen != LAN:
        return listen
    if hotspot and local(hotspot_address):
        return hotspot_address
    return lan or lan_address() or (hotspot_address if hotspot else LOOPBACK)


def is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def url(host: str, port: int) -> str:
    """``HTTP://HOST:PORT/`` upper case (alphanumeric in a QR code); an IPv6 host in brackets."""
    shown = f"[{host}]" if ":" in host else host
    return f"HTTP://{shown.upper()}:{port}/"
