"""Phones as pads: the part of the contract that is the phones' own.

A phone joins by scanning a code that a console screen shows. From then on it is a pad (seven
buttons) with a screen and a possession LED, behind the same :class:`~hal.pad.Pad`,
:class:`~hal.screen.Screen` and :class:`~hal.led.Led` contracts as every other pad, so no game
knows it plays on a phone. The phones' pads come after the console's own in ``Console.pads``
(a handheld's pads 1 and 2, then phone pads 3 and 4). What only phones have is here: which of
those pads a phone holds now, the codes on offer, the phones watching as spectators, and the
unit's own Wi-Fi when it makes one.

``hal.phone`` serves the phones (a web page and an encrypted link; the ``phones`` extra);
:class:`NoPhones` is a console that has none, so the firmware never asks whether phones exist.
"""
from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path

from hal.screen import Screen


class PhoneState(enum.Enum):
    """Who holds one of the phones' pads now."""

    FREE = "free"
    """No phone holds the pad: the console does not count it among its pads."""
    HERE = "here"
    """A phone holds the pad and is connected."""
    AWAY = "away"
    """The pad's phone went away (its screen locked, its Wi-Fi dropped): the pad stays its
    phone's, and its seat in a match plays as an absent player does (the move clock, the
    unattended rule) until the phone comes back with the same keys."""


@dataclass(frozen=True)
class Invite:
    """A join code on offer. Scanning ``url`` opens the phone pad in the phone's browser; the
    key is in the URL's fragment, which a browser never sends in a request."""

    pad: int | None
    """The pad the code hands to the phone that joins with it; None: a code to watch."""
    url: str
    """Upper-case, so a QR code holds it in alphanumeric mode (``HTTP://HOST:PORT/#…``)."""

    @property
    def address(self) -> str:
        """The part before the fragment (``HTTP://192.168.1.20:8733/``): what a phone that
        cannot scan types first."""
        return self.url.split("#", 1)[0]

    @property
    def code(self) -> str:
        """The fragment (the pad and the key): what such a phone types after the ``#``."""
        return self.url.split("#", 1)[1] if "#" in self.url else ""


@dataclass(frozen=True)
class Hotspot:
    """The unit's own Wi-Fi (a handheld with no network around it), made by NetworkManager."""

    ssid: str
    password: str
    interface: str = "wlan0"
    """The Wi-Fi interface that makes it (``[phones.hotspot] interface``)."""
    address: str = "10.42.0.1"
    """The unit's own address on it (NetworkManager's shared IPv4; ``[phones.hotspot] address``):
    the host a code's URL names while it is up."""

    def join_text(self) -> str:
        """The text of a Wi-Fi join code (the ``WIFI:`` scheme phones' cameras read): special
        characters escaped with a backslash, as the scheme says."""
        return f"WIFI:T:WPA;S:{_escaped(self.ssid)};P:{_escaped(self.password)};;"


def _escaped(value: str) -> str:
    return "".join("\\" + char if char in '\\;,:"' else char for char in value)


class Phones(ABC):
    """The phones of a console: the pads they may hold, the codes, the spectators.

    Changes (a phone joins, goes away, comes back) wake the console's loop through its event
    queue (``EventQueue.nudge``): nothing polls.
    """

    pads: tuple[int, ...] = ()
    """The pad ids phones may hold, in the order they are handed out (after the console's
    own pads)."""
    hotspot: Hotspot | None = None
    """The unit's own Wi-Fi, when it makes one: a second code on the phones' page joins it."""
    language: str = "fr"
    """The console's language: the phone page's own words (connecting, this code expired…)."""

    @abstractmethod
    def state(self, pad: int) -> PhoneState:
        """Who holds ``pad`` (one of :attr:`pads`) now."""

    @property
    @abstractmethod
    def spectators(self) -> int:
        """How many phones watch now."""

    @property
    @abstractmethod
    def spectator_screen(self) -> Screen:
        """The screen every watching phone shows (the console draws on it what a spare pad
        shows)."""

    @abstractmethod
    def invite(self, pad: int | None) -> Invite:
        """A fresh code for ``pad`` (None: a code to watch). The pad's earlier code expires. A
        pad that a phone holds goes to the next phone that joins with the new code, and the
        first phone is let go then (a phone whose battery died: its seat goes to another)."""

    @abstractmethod
    def withdraw(self) -> None:
        """Every code on offer expires (the page that showed them closed; a match ended)."""

    @abstractmethod
    def release(self, pad: int) -> None:
        """Let the phone at ``pad`` go: its link closed, its keys forgotten, the pad FREE."""

    @abstractmethod
    def move(self, pad: int, to: int) -> None:
        """The phone holding ``pad`` now holds ``to`` (a FREE pad), with the same keys: the
        console keeps its phones' pads numbered without a gap."""

    @abstractmethod
    def reach(self) -> str:
        """Where phones reach the unit (``http://192.168.1.20:8733``): for a status line and
        ``pitchpad doctor``."""

    def remember(self, folder: Path) -> None:  # noqa: B027  (optional: nothing to keep without phones)
        """Keep who holds which pad in ``folder`` (the console's state folder), and take back
        the phones kept there before a restart: their pads wait for them (away)."""

    def close(self) -> None:  # noqa: B027  (optional: nothing to release without a server)
        """Stop serving: every phone's link closed."""


class NoPhones(Phones):
    """A console without phones: no pads for them, no codes."""

    def state(self, pad: int) -> PhoneState:
        raise IndexError(f"pad {pad} is not a phone's: this console has no phones")

    @property
    def spectators(self) -> int:
        return 0

    @property
    def spectator_screen(self) -> Screen:
        raise LookupError("a console without phones has no spectator screen")

    def invite(self, pad: int | None) -> Invite:
        raise LookupError("this console has no phones (a [phones] table in its config opens them)")

    def withdraw(self) -> None:
        return None

    def release(self, pad: int) -> None:
        raise IndexError(f"pad {pad} is not a phone's: this console has no phones")

    def move(self, pad: int, to: int) -> None:
        raise IndexError(f"pad {pad} is not a phone's: this console has no phones")

    def reach(self) -> str:
        return "no phones (no [phones] table in the config)"
