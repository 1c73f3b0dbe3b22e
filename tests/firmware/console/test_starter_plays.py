"""The pad that starts a match plays in it: games seat people from pad 1 on, so a person who
pressed OK on pad 2 (or on a phone, pad 3) for a match against the CPU used to watch pad 1 play.
The starter takes the first person's seat; where it has one already, nothing changes; the
seating is journalled, so a match resumed after a power cut is seated as it was."""
from __future__ import annotations

from app_rig import Rig
from firmware.console.match_on import starter_plays
from firmware.fotboll.entry import FotbollSettings
from firmware.storage.settings import Settings
from hal.buttons import Button


def test_the_starter_swaps_with_the_first_person_and_nothing_else_moves():
    assert starter_plays(("red", "blue"), {"blue"}, 2, 2) == ("blue", "red")
    assert starter_plays(("red", "blue"), {"blue"}, 3, 3) == ("", "blue", "red")
    assert starter_plays(("red", "blue"), {"blue"}, 1, 3) == ("red", "blue"), "pad 1 plays already"
    assert starter_plays(("red", "blue"), set(), 2, 2) == ("red", "blue"), "two people: both play"
    assert starter_plays(("a", "b", "c"), {"c"}, 3, 4) == ("c", "b", "a")
    assert starter_plays(("red", "blue"), {"red", "blue"}, 2, 2) == ("red", "blue"), "a demo: nobody"
    assert starter_plays(("red", "blue"), {"blue"}, None, 2) == ("red", "blue")


def test_pad_2_that_starts_a_match_against_the_cpu_plays_it_and_a_resume_keeps_it(tmp_path):
    settings = Settings(game="fotboll").with_game("fotboll", FotbollSettings(players="cpu"))
    rig = Rig(tmp_path, settings)
    rig.press(2, Button.CARD1)                  # leave the splash
    rig.press(2, Button.CENTRE)                 # pad 2: OK = play
    assert rig.app.mode == "match"
    assert rig.app.seat_at(2) == "red" and rig.app.seat_at(1) == "blue"
    assert set(rig.app.session.seats.cpus) == {"blue"}
    rig.wait(5.0)                               # past the kick-off
    assert type(rig.screen(1)).__name__ == "CpuPadScreen", "pad 1 shows the CPU's side"
    rig.console.close()                         # a power cut

    again = Rig(tmp_path, settings)
    assert again.app.mode == "resume"
    again.press(1, Button.RIGHT)                # resume
    assert again.app.mode == "match"
    assert again.app.seat_at(2) == "red" and again.app.seat_at(1) == "blue"
    again.console.close()
