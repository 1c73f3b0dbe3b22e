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


def post_key(name: str, down: bool, mod: int = 0) -> None:
    """A key event as a keyboard gives it (``mod``: the modifier and lock state, NumLock...)."""
    import pygame
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP,
                                         key=pygame.key.key_code(name), mod=mod))


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


NUMLOCK_ON = {"keypad enter": (1, Button.CENTRE), "[1]": (1, Button.CARD1), "[2]": (1, Button.CARD2),
              "[3]": (1, Button.CARD3), "[4]": (1, Button.CARD4), "[7]": (2, Button.CARD1),
              "[8]": (2, Button.CARD2), "[9]": (2, Button.CARD3), "[0]": (2, Button.CARD4)}
NUMLOCK_OFF = {"keypad enter": (1, Button.CENTRE), "[4]": (1, Button.LEFT), "[6]": (1, Button.RIGHT)}


@pytest.mark.parametrize("numlock", [True, False], ids=["numlock-on", "numlock-off"])
def test_the_keypads_keys_are_their_main_keyboard_twins(console: WindowConsole, numlock: bool) -> None:
    """The keypad's Enter is OK (pad 1's CENTRE, as Enter); with NumLock on its digits are the
    digits' pad keys, with it off its 4 and 6 are ← and →: what the terminal simulator reads from
    them too. A press and its release, as the main keyboard's key gives them."""
    import pygame

    mod = pygame.KMOD_NUM if numlock else 0
    for key, (pad, button) in (NUMLOCK_ON if numlock else NUMLOCK_OFF).items():
        post_key(key, True, mod)
        event = console.events.get(timeout=10)
        assert (event.pad, event.button, event.pressed) == (pad, button, True), key
        post_key(key, False, mod)
        event = console.events.get(timeout=10)
        assert (event.pad, event.button, event.pressed) == (pad, button, False), key


def test_a_keypad_key_the_console_has_no_use_for_does_nothing(console: WindowConsole) -> None:
    post_key("[8]", True)                    # NumLock off: the keypad's ↑, no pad key
    post_key("[8]", False)
    post_key("w", True)                      # then pad 1's CENTRE: the first event that comes
    event = console.events.get(timeout=10)
    assert (event.pad, event.button, event.pressed) == (1, Button.CENTRE, True)
