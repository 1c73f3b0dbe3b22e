"""Who holds which phone pad, the codes on offer, and who watches: the phones' bookkeeping.

No socket and no thread of its own: the console's thread asks (:meth:`Seats.invite`,
:meth:`Seats.release`, :meth:`Seats.move`) and the server's loop admits phones
(:meth:`Seats.admit`) and tells when their links come and go; one lock keeps both apart. What
must then happen on the network (a link to close, a phone to tell) is handed back to the caller.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Callable, Generic, TypeVar

from nacl.public import PrivateKey

from hal.phone.protocol import SPECTATE, Join, Refusal, code_key, fragment, new_code, shared_key
from hal.phones import PhoneState

LinkT = TypeVar("LinkT")

REMEMBERED_WATCHERS = 4
"""Watchers remembered (so they may come back) per place for a spectator: beyond that, the one
away longest is forgotten."""


@dataclass(eq=False)
class Holder(Generic[LinkT]):
    """A phone that took a pad with a code (or watches, ``pad`` None), and the keys it shares
    with the unit. Its link is the connection it is on now, None while it is away."""

    phone_key: bytes
    unit_key: PrivateKey
    shared: bytes
    pad: int | None
    link: LinkT | None = None
    away_since: int = 0

    @property
    def unit_public(self) -> bytes:
        return bytes(self.unit_key.public_key)


@dataclass(frozen=True)
class Admitted(Generic[LinkT]):
    """A phone let in: with a code (``first``) or coming back with its own key."""

    holder: Holder[LinkT]
    key: bytes
    """The key its JOIN opened with: the WELCOME is sealed with the same."""
    first: bool
    let_go: tuple[Holder[LinkT], ...] = ()
    """Phones that lost their pad to it (the pad's code was given again): tell them, close
    their links."""


@dataclass
class _Pad(Generic[LinkT]):
    offer: bytes | None = None
    """The key of the pad's code on offer."""
    taken: bytes | None = None
    """The key of the code the pad was last taken with (a second phone with it is told "taken")."""
    holder: Holder[LinkT] | None = None


@dataclass
class _Watch(Generic[LinkT]):
    offer: bytes | None = None
    watchers: dict[bytes, Holder[LinkT]] = field(default_factory=dict)


class Seats(Generic[LinkT]):
    """The phones' pads (``pads``, after the console's own) and the spectators (at most
    ``spectators`` watching at once). ``changed`` is called, outside the lock, after any change
    the console would show (a phone joined, went away, came back, was let go; a watcher came or
    went)."""

    def __init__(self, pads: tuple[int, ...], spectators: int, changed: Callable[[], None]) -> None:
        self.pads = pads
        self.spectator_limit = spectators
        self._changed = changed
        self._lock = threading.Lock()
        self._pads: dict[int, _Pad[LinkT]] = {pad: _Pad() for pad in pads}
        self._watch: _Watch[LinkT] = _Watch()
        self._ticks = 0

    # ----- the console's side --------------------------------------------------------------
    def state(self, pad: int) -> PhoneState:
        holder = self._pad(pad).holder
        if holder is None:
            return PhoneState.FREE
        return PhoneState.HERE if holder.link is not None else PhoneState.AWAY

    @property
    def watching(self) -> int:
        with self._lock:
            return sum(1 for watcher in self._watch.watchers.values() if watcher.link is not None)

    def holder(self, pad: int) -> Holder[LinkT] | None:
        return self._pad(pad).holder

    def watchers(self) -> list[Holder[LinkT]]:
        with self._lock:
            return [watcher for watcher in self._watch.watchers.values() if watcher.link is not None]

    def invite(self, pad: int | None) -> str:
        """A fresh code's fragment for ``pad`` (None: to watch); the earlier one expires."""
        code = new_code()
        char = SPECTATE if pad is None else str(pad)
        with self._lock:
            if pad is None:
                self._watch.offer = code_key(char, code)
            else:
                place = self._pad(pad)
                place.offer, place.taken = code_key(char, code), None
        return fragment(char, code)

    def withdraw(self) -> None:
        with self._lock:
            self._watch.offer = None
            for place in self._pads.values():
                place.offer = None

    def release(self, pad: int) -> Holder[LinkT] | None:
        """The pad FREE, its phone's keys forgotten; that phone is returned (close its link)."""
        with self._lock:
            place = self._pad(pad)
            holder, place.holder, place.taken = place.holder, None, None
        if holder is not None:
            self._changed()
        return holder

    def move(self, pad: int, to: int) -> Holder[LinkT]:
        with self._lock:
            place, target = self._pad(pad), self._pad(to)
            if place.holder is None:
                raise ValueError(f"no phone holds pad {pad}: there is nothing to move")
            if target.holder is not None:
                raise ValueError(f"pad {to} is held by a phone already: move it to a free pad")
            holder, place.holder = place.holder, None
            target.holder, holder.pad = holder, to
            target.taken, place.taken = place.taken, None
        self._changed()
        return holder

    # ----- the server's side ------------------------------------------------------------------
    def admit(self, join: Join, challenge: bytes) -> Admitted[LinkT] | Refusal:
        """Let the phone of ``join`` in, or say why not. A phone key that holds a pad or watches
        comes back with its shared key; otherwise the code of ``join``'s pad char must be on
        offer."""
        with self._lock:
            known = self._known(join.phone_key)
            if known is not None and join.opens(known.shared, challenge):
                return Admitted(known, known.shared, first=False)
            if join.pad_char == SPECTATE:
                return self._watcher(join, challenge)
            pad = int(join.pad_char)
            if pad not in self._pads:
                return Refusal.EXPIRED
            place = self._pads[pad]
            if place.offer is not None and join.opens(place.offer, challenge):
                let_go = list(dict.fromkeys(holder for holder in (place.holder, known) if holder is not None))
                for holder in let_go:
                    self._forget(holder)
                holder = self._holder(join, pad)
                place.holder, place.taken, key, place.offer = holder, place.offer, place.offer, None
                return Admitted(holder, key, first=True, let_go=tuple(let_go))
            if place.taken is not None and join.opens(place.taken, challenge):
                return Refusal.TAKEN
            return Refusal.EXPIRED

    def attach(self, holder: Holder[LinkT], link: LinkT) -> LinkT | None:
        """``holder`` is on ``link`` now; its earlier link (a connection it left behind, dead
        or not) is returned to be closed."""
        with self._lock:
            earlier, holder.link = holder.link, link
        self._changed()
        return earlier

    def detach(self, holder: Holder[LinkT], link: LinkT) -> bool:
        """``link`` closed; True if it was ``holder``'s link (the phone is away now)."""
        with self._lock:
            if holder.link is not link:
                return False
            holder.link = None
            self._ticks += 1
            holder.away_since = self._ticks
        self._changed()
        return True

    def kept(self) -> list[tuple[int, bytes, bytes]]:
        """(pad, phone's key, the unit's secret key) of each phone that holds a pad: what brings
        them back after a restart (:meth:`restore`). Watchers are not kept: they scan again."""
        with self._lock:
            return [(pad, place.holder.phone_key, bytes(place.holder.unit_key))
                    for pad, place in self._pads.items() if place.holder is not None]

    def restore(self, kept: list[tuple[int, bytes, bytes]]) -> None:
        """Phones that held pads before a restart hold them again, away until they come back
        with their keys (a pad held already, or not a phone's, is skipped)."""
        with self._lock:
            for pad, phone_key, unit_secret in kept:
                place = self._pads.get(pad)
                if place is None or place.holder is not None or self._known(phone_key) is not None:
                    continue
                unit_key = PrivateKey(unit_secret)
                place.holder = Holder(phone_key, unit_key, shared_key(unit_key, phone_key), pad)
        self._changed()

    def forget_all(self) -> list[Holder[LinkT]]:
        with self._lock:
            holders = [place.holder for place in self._pads.values() if place.holder is not None]
            holders += list(self._watch.watchers.values())
            for place in self._pads.values():
                place.holder = place.offer = place.taken = None
            self._watch = _Watch()
        return holders

    # ----- inside the lock ---------------------------------------------------------------------
    def _pad(self, pad: int) -> _Pad[LinkT]:
        if pad not in self._pads:
            raise IndexError(f"pad {pad} is not a phone's: phones may hold pads "
                             f"{', '.join(map(str, self.pads)) or 'none'}")
        return self._pads[pad]

    def _known(self, phone_key: bytes) -> Holder[LinkT] | None:
        for place in self._pads.values():
            if place.holder is not None and place.holder.phone_key == phone_key:
                return place.holder
        return self._watch.watchers.get(phone_key)

    def _holder(self, join: Join, pad: int | None) -> Holder[LinkT]:
        unit_key = PrivateKey.generate()
        return Holder(join.phone_key, unit_key, shared_key(unit_key, join.phone_key), pad)

    def _forget(self, holder: Holder[LinkT]) -> None:
        if holder.pad is None:
            self._watch.watchers.pop(holder.phone_key, None)
        elif self._pads[holder.pad].holder is holder:
            self._pads[holder.pad].holder = None

    def _watcher(self, join: Join, challenge: bytes) -> Admitted[LinkT] | Refusal:
        offer = self._watch.offer
        if offer is None or not join.opens(offer, challenge):
            return Refusal.EXPIRED
        watchers = self._watch.watchers
        if sum(1 for watcher in watchers.values() if watcher.link is not None) >= self.spectator_limit:
            return Refusal.FULL
        away = sorted((watcher for watcher in watchers.values() if watcher.link is None),
                      key=lambda watcher: watcher.away_since)
        for watcher in away[:max(0, len(watchers) + 1 - REMEMBERED_WATCHERS * self.spectator_limit)]:
            del watchers[watcher.phone_key]
        known = self._known(join.phone_key)
        if known is not None:
            self._forget(known)
        holder = self._holder(join, None)
        watchers[join.phone_key] = holder
        return Admitted(holder, offer, first=True, let_go=() if known is None else (known,))
