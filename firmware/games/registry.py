"""The one registry of games (OpenSpiel's ``register_game``, found like gpiozero's pin factories).

A game declares itself once: its firmware folder's ``spec.py`` holds a
:class:`~firmware.games.spec.GameSpec`, and the package's metadata names it under the
``pitchpad.games`` entry point (``pyproject.toml``; an installed plugin does the same in its
own metadata). Every command, the console, the journal and the league find games here, in menu
order; nothing else lists them. :func:`register` adds a spec by hand (a test's game); :func:`reload` reads the entry
points again (a plugin whose metadata came on the path after the games were first listed).

>>> all(spec.name == name for name, spec in GAMES.items())
True
>>> orders = [spec.menu_order for spec in GAMES.values()]
>>> orders == sorted(orders)
True
>>> game_named("hockey")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
firmware.games.registry.UnknownGame: no game called 'hockey' (...)
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib.metadata import entry_points
from typing import Any

from engine.protocol import Game
from firmware import i18n
from firmware.games.spec import GameSpec

GROUP = "pitchpad.games"
"""The entry point group a game's spec is published under."""


class UnknownGame(KeyError):
    """A game name that no registered game has (a script's ``"game"``, a journal's, a flag's)."""

    def __init__(self, name: object) -> None:
        super().__init__(name)
        self.name = name

    def __str__(self) -> str:
        return f"no game called {self.name!r} ({', '.join(GAMES)})"


class NoGames(RuntimeError):
    """No game is registered: the package's metadata is missing (a source tree never installed)."""


class _Registry(Mapping[str, GameSpec]):
    """Game name -> spec, in menu order; the entry points are read on first use."""

    def __init__(self) -> None:
        self._specs: dict[str, GameSpec] | None = None

    def _loaded(self) -> dict[str, GameSpec]:
        if self._specs is None:
            specs: dict[str, GameSpec] = {}
            for point in entry_points(group=GROUP):
                spec = point.load()
                if not isinstance(spec, GameSpec):
                    raise TypeError(f"entry point {point.name} = {point.value} is not a GameSpec")
                specs.setdefault(spec.name, spec)
            if not specs:
                raise NoGames("no game is registered: install the package (./dev.sh does) so its "
                              f"'{GROUP}' entry points exist")
            self._specs = {}
            for spec in sorted(specs.values(), key=lambda s: (s.menu_order, s.name)):
                self._add(spec)
        return self._specs

    def _add(self, spec: GameSpec) -> None:
        assert self._specs is not None
        self._specs[spec.name] = spec
        i18n.add(spec.strings, spec.third_person)

    def register(self, spec: GameSpec) -> GameSpec:
        specs = self._loaded()
        if spec.name in specs:
            raise ValueError(f"a game called {spec.name!r} is already registered")
        self._add(spec)
        self._specs = dict(sorted(specs.items(), key=lambda item: (item[1].menu_order, item[0])))
        return spec

    def unregister(self, name: str) -> None:
        """Take a game out again (a test's game, once its test is over)."""
        self._loaded().pop(name, None)

    def reload(self) -> None:
        """Read the entry points again at the next use: a plugin's metadata put on the path
        (or taken off it) after the games were first listed."""
        self._specs = None

    def __getitem__(self, name: str) -> GameSpec:
        return self._loaded()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaded())

    def __len__(self) -> int:
        return len(self._loaded())


GAMES = _Registry()
"""Every game of the console by name, in menu order."""


def game_named(name: object) -> GameSpec:
    """The registered game called ``name``; :class:`UnknownGame` otherwise."""
    spec = GAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise UnknownGame(name)
    return spec


def entry_for(name: str) -> GameSpec:
    """The game ``name``; the first game when the name is unknown (old settings)."""
    return GAMES.get(name) or next(iter(GAMES.values()))


def rules() -> dict[str, Game[Any, Any, Any, Any]]:
    """Every game's rules by name (what the journal replays a match with)."""
    return {name: spec.rules for name, spec in GAMES.items()}


def register(spec: GameSpec) -> GameSpec:
    """Add ``spec`` to the registry by hand (a game not published as an entry point)."""
    return GAMES.register(spec)


def unregister(name: str) -> None:
    GAMES.unregister(name)


def reload() -> None:
    """List the games again from the entry points on the path now (:meth:`_Registry.reload`)."""
    GAMES.reload()
