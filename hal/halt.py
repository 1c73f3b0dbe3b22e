"""Asking the system to power off, from the unprivileged console service.

The console runs as the system user ``pitchpad`` with no capabilities (deploy/pitchpad.service),
so it cannot halt the machine itself. It asks **systemd-logind** over the system D-Bus
(``org.freedesktop.login1.Manager.PowerOff(false)``: not interactive, so nothing waits for a
password), and logind asks **polkit** whether the caller may. Debian's default answer for a
user with no seat session is "an administrator's password", so deploy/install.sh installs one
rule (``deploy/polkit/50-pitchpad-poweroff.rules``): the user ``pitchpad`` may power off, with
other users logged in too, and nothing else (not reboot, not suspend, not ignore an inhibitor).
That is the narrowest grant that halts cleanly: systemd stops every service (the console
included), syncs and unmounts the file systems, and the kernel's ``gpio-poweroff`` (when the
power board uses it) cuts the supply at the very end.

The D-Bus client is ``jeepney`` (pure Python, a dependency of PitchPad). ``DBUS_SYSTEM_BUS_ADDRESS``
names another bus (the tests run a private one with the real polkitd).
"""
from __future__ import annotations

import logging
from typing import Protocol

log = logging.getLogger(__name__)

LOGIN1 = ("org.freedesktop.login1", "/org/freedesktop/login1", "org.freedesktop.login1.Manager")
TIMEOUT = 10.0


class Halt(Protocol):
    def power_off(self) -> str | None:
        """Ask for the power-off; None when asked, else why not, in one line."""


class LogindPowerOff:
    """``PowerOff(false)`` to systemd-logind on the system bus."""

    def __init__(self, bus: str = "SYSTEM", timeout: float = TIMEOUT) -> None:
        self.bus = bus
        self.timeout = timeout

    def power_off(self) -> str | None:
        try:
            from jeepney import DBusAddress, DBusErrorResponse, new_method_call
            from jeepney.io.blocking import open_dbus_connection
        except ImportError:
            return "the jeepney package is missing (deploy/install.sh installs it): cannot ask for a power-off"
        bus_name, path, interface = LOGIN1
        address = DBusAddress(path, bus_name=bus_name, interface=interface)
        try:
            with open_dbus_connection(bus=self.bus) as connection:
                reply = connection.send_and_get_reply(new_method_call(address, "PowerOff", "b", (False,)),
                                                      timeout=self.timeout)
                from jeepney.io.blocking import unwrap_msg

                unwrap_msg(reply)
        except DBusErrorResponse as error:
            told = error.data[0] if error.data else ""
            if error.name in ("org.freedesktop.DBus.Error.AccessDenied",
                              "org.freedesktop.DBus.Error.InteractiveAuthorizationRequired"):
                return (f"the system refused to power off ({told or error.name}): is "
                        f"/etc/polkit-1/rules.d/50-pitchpad-poweroff.rules installed "
                        f"(deploy/install.sh) and polkitd running?")
            return f"the system refused to power off: {error.name}: {told}"
        except (OSError, TimeoutError) as error:
            return f"cannot reach systemd-logind on the system bus ({error}): power off by hand"
        log.info("power-off asked of systemd-logind")
        return None


class NoHalt:
    """Where nothing can be powered off (the simulator): the console just ends."""

    def __init__(self) -> None:
        self.asked = 0

    def power_off(self) -> str | None:
        self.asked += 1
        return None
