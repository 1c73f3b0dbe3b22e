"""Window backend on pygame's dummy video driver: no X server needed."""
from __future__ import annotations

import pytest

import sim
from hal import Button, Console, ConsoleClosed, blank_frame
from sim.window import GAP, LIT, WindowConsole


@pytest.fixture
def console(monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    console = sim.open_console(3, backend="window", scale=2)
    yield console
    console.close()


def post_key(name: str, down: bool) -> None:
    import pygame
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=pygame.key.key_code(name)))


def test_keys_give_true_presses_and_releases(console: WindowConsole) -> None:
    assert isinstance(console, Console)
    post_key("9", True)
    event = console.events.get(timeout=10)
    assert (event.pad, event.button, event.pressed) == (2, Button.CARD3, True)
    assert console.pad(2).is_pressed(Button.CARD3)
    post_key("9", False)
    event = console.events.get(timeout=10)
    assert (event.pad, event.button, event.pressed) == (2, Button.CARD3, False)


def test_screens_are_composed_side_by_side(console: WindowConsole) -> None:
    frame = blank_frame()
    frame.putpixel((5, 7), 1)
    for pad_id in (2, 3):
        console.screen(pad_id).contrast(255)
        console.screen(pad_id).display(frame)
    post_key("a", True)                      # an event round trip: the window has redrawn since
    console.events.get(timeout=10)
    composite = console.composite
    assert composite is not None and composite.size == console.size
    second = (GAP + 128 + GAP + 5, GAP + 7)
    third = (GAP + 5, GAP + 64 + 12 + GAP + 7)
    first = (GAP + 5, GAP + 7)
    assert composite.getpixel(second) == LIT and composite.getpixel(third) == LIT
    assert composite.getpixel(first) == (0, 0, 0)


def test_escape_closes_the_console(console: WindowConsole) -> None:
    post_key("escape", True)
    with pytest.raises(ConsoleClosed):
        console.events.get(timeout=10)
