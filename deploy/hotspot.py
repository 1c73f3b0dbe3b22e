"""The phones' part of the hardware config, for deploy/install.sh (outside the installed package).

``python3 deploy/hotspot.py CONFIG phones``: exits 0 when the config has a ``[phones]`` table
(the installer adds the ``phones`` extra and the systemd drop-in that opens the local network).

``python3 deploy/hotspot.py CONFIG nmcli``: the arguments of ``nmcli --offline`` that write the
unit's own Wi-Fi (``[phones.hotspot]``) as a NetworkManager profile, NUL-separated (a Wi-Fi name
may hold spaces and quotes); exits 3 when the config asks for no hotspot.

The profile is an access point with WPA2 (``wpa-psk``, RSN, CCMP: what phones join without a
warning), NetworkManager's "shared" IPv4 (it runs the DHCP and DNS phones need, on the address
the config gives, 10.42.0.1 unless told) and a low autoconnect priority, so a Wi-Fi the unit
knows as a client (a home network) wins when it is in reach and the hotspot comes up when none
is. Its UUID is fixed, so installing twice writes the same file.
"""
from __future__ import annotations

import sys
import tomllib
import uuid

NAME = "pitchpad-hotspot"
UUID = str(uuid.uuid5(uuid.NAMESPACE_URL, "https://pitchpad.invalid/phones/hotspot"))
ADDRESS = "10.42.0.1"
INTERFACE = "wlan0"
PRIORITY = -10
"""Below a client profile's default (0): NetworkManager picks the known network first."""


def nmcli_arguments(hotspot: dict[str, object]) -> list[str]:
    """``nmcli --offline`` arguments that make the hotspot's profile (NetworkManager's
    nm-settings-nmcli(5) property names)."""
    return ["connection", "add", "type", "wifi", "con-name", NAME, "connection.uuid", UUID,
            "ifname", str(hotspot.get("interface", INTERFACE)), "autoconnect", "yes",
            "connection.autoconnect-priority", str(PRIORITY),
            "ssid", str(hotspot["ssid"]), "802-11-wireless.mode", "ap", "802-11-wireless.band", "bg",
            "ipv4.method", "shared", "ipv4.addresses", f"{hotspot.get('address', ADDRESS)}/24",
            "ipv6.method", "disabled",
            "wifi-sec.key-mgmt", "wpa-psk", "wifi-sec.proto", "rsn", "wifi-sec.pairwise", "ccmp",
            "wifi-sec.group", "ccmp", "wifi-sec.psk", str(hotspot["password"])]


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[2] not in ("phones", "nmcli"):
        print("usage: hotspot.py CONFIG phones|nmcli", file=sys.stderr)
        return 2
    try:
        with open(argv[1], "rb") as file:
            config = tomllib.load(file)
    except (OSError, ValueError):
        return 3
    phones = config.get("phones")
    if not isinstance(phones, dict):
        return 3
    if argv[2] == "phones":
        return 0
    hotspot = phones.get("hotspot")
    if not isinstance(hotspot, dict) or "ssid" not in hotspot or "password" not in hotspot:
        return 3
    sys.stdout.write("\0".join(nmcli_arguments(hotspot)) + "\0")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
