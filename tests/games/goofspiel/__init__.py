"""Goofspiel: a seventh game written for the tests only (``rules.py`` its engine part,
``console.py`` and ``screens.py`` its console part), unlike Spot Kicks in shape (points and
no shoot-out, seats called north and south, one kind of choice, a match of five moves or
fewer), published through the ``pitchpad.games`` entry point that the tests put on the path."""
