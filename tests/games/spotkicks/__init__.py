"""Spot Kicks: a sixth game written for the tests only (``rules.py`` its engine part,
``console.py`` and ``screens.py`` its console part), published through the ``pitchpad.games``
entry point that ``tests/firmware/games/test_a_new_game.py`` puts on the path."""
