"""Whole Chifoumi games on the headless console with 2, 3 and 4 pads, by buttons only."""
from __future__ import annotations

import random

import pytest
from chifoumi_rig import Rig, buttons_for, play_to_the_end, to_the_result, walk

import sim
from engine.chifoumi import STOP, GameConfig, Move, Options, Place, new_match, square
from engine.chifoumi.pieces import NEIGHBOURS
from engine.chifoumi.position import layout_of, position
from firmware.console.app import App
from firmware.chifoumi import screens as ks
from firmware.games.session import Timing
from firmware.chifoumi.session import ChifoumiSession, Seats, open_squares
from firmware.i18n import text
from firmware.console.menu import rows
from firmware.render import Canvas
from firmware.storage.settings import Settings, save
from hal.buttons import Button
from hal.clock import ManualClock


def replayed(session):
    """The session's decisions applied again to a new game (``apply`` refuses illegal ones)."""
    game = new_match(session.config)
    for joint in session.decisions:
        game.apply(joint)
    return game


def test_two_people_play_a_whole_game_with_the_who_starts_chifoumi(tmp_path):
    rig = Rig(tmp_path, 2, Settings.flat(game="chifoumi", chifoumi_players=2, chifoumi_humans=2))
    timing = rig.app.timing
    rig.kick_off()
    assert [rig.screen(pad).view.seat for pad in (1, 2)] == ["white", "black"]
    for button in (Button.LEFT, Button.CENTRE, Button.CARD4):
        rig.press(1, button)                      # the kick-off takes no button
    assert isinstance(rig.screen(1), ks.KickoffScreen) and not rig.session.decisions
    rig.wait(timing.kickoff)
    assert isinstance(rig.screen(1), ks.ThrowScreen) and isinstance(rig.screen(2), ks.ThrowScreen)
    rig.press(1, Button.LEFT)
    rig.press(1, Button.LEFT)                     # picked, then the same button again: thrown
    assert rig.screen(1).picked == "left" and rig.screen(2).other_locked
    assert rig.screen(2).picked is None
    rig.press(2, Button.LEFT)
    rig.press(2, Button.LEFT)                     # rock against rock: both hands flip in place
    flips = [rig.screen(pad) for pad in (1, 2)]
    assert all(isinstance(flip, ks.FlipScreen) for flip in flips)
    assert [(f.base.picked, f.theirs) for f in flips] == [("left", "left"), ("left", "left")]
    rig.press(1, Button.CENTRE)                   # nothing to press during the flip
    assert rig.screen(1) == flips[0]
    rig.wait(timing.flip)
    assert rig.screen(1).winner is None           # the reveal: a tie, again
    rig.wait(timing.reveal)
    assert isinstance(rig.screen(1), ks.ThrowScreen) and rig.screen(1).picked is None
    rig.press(1, Button.CENTRE)
    rig.press(1, Button.CENTRE)                   # paper
    rig.press(2, Button.RIGHT)
    rig.press(2, Button.RIGHT)                    # scissors cut paper: Black starts
    assert (rig.screen(2).base.picked, rig.screen(2).theirs) == ("right", "centre")
    assert (rig.screen(1).base.picked, rig.screen(1).theirs) == ("centre", "right")
    rig.wait(timing.flip)
    assert rig.screen(2).winner == "black" and rig.screen(2).mine == "right"
    rig.wait(timing.reveal)
    assert rig.screen(2).mode == "pick" and rig.screen(1).mode == "wait"
    assert rig.app.leds == {1: False, 2: True}
    play_to_the_end(rig, random.Random(2))
    final = replayed(rig.session)
    assert final.is_over and final.result() == rig.session.match.result()
    ends = [rig.screen(pad) for pad in (1, 2)]    # the last move on each board, and why it ended
    assert all(isinstance(end, ks.EndScreen) and end.reason == final.reason for end in ends)
    rig.press(1, Button.CENTRE)                   # nothing to press until the result shows
    assert rig.app.mode == "match" and rig.screen(1) == ends[0]
    to_the_result(rig)
    for pad in (1, 2):
        assert isinstance(rig.screen(pad), ks.ResultScreen)
    rig.press(1, Button.CENTRE)
    assert rig.app.mode == "menu"


def test_three_players_with_placement_two_people_and_a_cpu(tmp_path):
    settings = Settings.flat(game="chifoumi", chifoumi_players=3, chifoumi_humans=2, placement=True,
                        difficulty="medium")
    rig = Rig(tmp_path, 3, settings, seed=4)
    rig.start()
    assert rig.app.pad_seats == ("white", "red", "black")
    assert set(rig.session.seats.cpus) == {"black"}
    first = rig.screen(1)
    assert first.mode == "place" and first.targets and 24 not in first.targets
    assert rig.screen(3).mode == "cpu"
    play_to_the_end(rig, random.Random(3))
    events = [type(e).__name__ for e in rig.session.history]
    assert events.count("Placed") >= 16 and "Moved" in events
    assert replayed(rig.session).is_over


def test_four_players_closed_stacks_on_four_pads(tmp_path):
    settings = Settings.flat(game="chifoumi", chifoumi_players=4, chifoumi_humans=3, closed_stacks=True,
                        difficulty="easy")
    rig = Rig(tmp_path, 4, settings, seed=6)
    assert [row.field for row in rows(settings, pad_count=4)][1:4] == [
        "players", "humans", "difficulty"]
    rig.start()
    assert rig.app.pad_seats == ("white", "red", "black", "orange")
    assert rig.screen(1).mode == "pick" and rig.screen(4).mode == "cpu"
    play_to_the_end(rig, random.Random(4))
    assert replayed(rig.session).is_over
    assert rig.session.match.winner in ("white+black", "red+orange", "draw")


def test_the_menu_offers_only_what_fits_the_pads(tmp_path):
    one_pad = rows(Settings.flat(game="chifoumi", chifoumi_players=4, chifoumi_humans=4), pad_count=1)
    humans = next(row for row in one_pad if row.field == "humans")
    assert humans.values == (1,)
    assert "placement" not in [row.field for row in one_pad]        # no placement with 4
    two = rows(Settings.flat(game="chifoumi", chifoumi_players=2, chifoumi_humans=2), pad_count=2)
    assert "difficulty" not in [row.field for row in two]           # nobody is a CPU
    rig = Rig(tmp_path, 1, Settings.flat(game="chifoumi", chifoumi_players=3, chifoumi_humans=3))
    rig.start()
    assert rig.app.pad_seats == ("white",)
    assert set(rig.session.seats.cpus) == {"red", "black"}


def test_cursor_legend_back_and_the_capture_choice(tmp_path):
    rig = Rig(tmp_path, 2, Settings.flat(game="chifoumi", chifoumi_players=4, chifoumi_humans=2), seed=2)
    rig.start()
    start = rig.screen(1)
    assert start.mode == "pick"
    rig.press(1, Button.CARD4)
    assert isinstance(rig.screen(1), ks.LegendScreen)
    rig.press(1, Button.CENTRE)                   # any button closes the legend, and only that
    assert rig.screen(1).mode == "pick" and not rig.session.decisions
    for button in walk(start.cursor, 8):          # b2: White's scissors
        rig.press(1, button)
    rig.press(1, Button.CENTRE)
    picked = rig.screen(1)
    assert picked.mode == "target" and picked.origin == 8
    assert set(picked.targets) == {0, 1, 2, 7, 9, 14, 15, 16}   # every neighbour
    rig.press(1, Button.CARD3)                    # back: nothing picked
    assert rig.screen(1).origin is None and rig.screen(1).mode == "pick"
    rig.press(2, Button.CENTRE)                   # not Red's turn: nothing happens
    assert not rig.session.decisions
    rig.press(1, Button.CENTRE)
    rig.press(1, Button.RIGHT)                    # c2: White's own paper, which scissors take
    rig.press(1, Button.CENTRE)
    asked = rig.screen(1)
    assert asked.mode == "capture" and asked.cursor == 9 and not rig.session.decisions
    rig.press(1, Button.LEFT)                     # ◀ stack
    assert rig.session.decisions == [{"white": Move(8, 9, False)}]
    assert rig.screen(2).mode == "pick" and rig.screen(1).mode == "wait"


@pytest.mark.parametrize("players", [2, 3])
def test_placement_boards_mark_each_seat_s_open_squares_its_turn_or_not(players):
    """What a waiting seat's board marks (``open_squares``, from its view) is what the engine
    lets it place on once its turn comes; one placement moves only the marks around it."""
    session = ChifoumiSession(GameConfig(players, Options(placement=True)), 1, Seats(), 0.0,
                              timing=Timing(kickoff=0.0))
    session.tick(0.0)
    if players == 2:
        for seat, hand in (("white", Button.LEFT), ("black", Button.RIGHT)):
            session.press(seat, hand, 0.0)
            session.press(seat, hand, 0.0)                  # picked, then thrown
        session.tick(1.0)
        session.tick(10.0)
    rng = random.Random(5)
    checked = 0
    while session.match.phase == "place":
        (seat,) = session.match.to_act()
        legal = session.match.legal_choices(seat)
        squares = tuple(sorted({c.target for c in legal if isinstance(c, Place)}))
        assert open_squares(session.match.view(seat)) == squares
        assert session.screen(seat, 10.0).targets == squares
        before = {s: session.screen(s, 10.0).targets for s in session.match.seats}
        for other in session.match.seats:
            if other != seat:
                assert before[other] == open_squares(session.match.view(other))
                assert session.screen(other, 10.0).mode == "wait"
        choice = rng.choice(legal)
        kinds = sorted({c.kind for c in legal if isinstance(c, Place)})
        for button in buttons_for(session.screen(seat, 10.0), choice, kinds):
            session.press(seat, button, 10.0)
        assert session.decisions[-1] == {seat: choice}
        around = {choice.target, *NEIGHBOURS[choice.target]}
        for other in session.match.seats:
            after = session.screen(other, 10.0).targets
            if after and session.match.phase == "place":
                assert set(before[other]) ^ set(after) <= around, other
        checked += 1
    assert checked >= 16 and all(session.screen(s, 10.0).targets == () for s in session.match.seats)


def test_after_a_capture_move_again_or_stop():
    config = GameConfig(3)
    session = ChifoumiSession(config, 1, Seats(), -Timing().kickoff)
    session.tick(0.0)                                      # the kick-off is over at 0.0
    layout = layout_of(session.match)                      # a black scissors next to d2's well
    del layout["g4"]                                       # (one of Black's two: from g4)
    session.go_to(position(layout | {"d3": "bS"}, players=3), 0.0)
    session.pads["white"].cursor = square("d2")
    for button in (Button.CENTRE, Button.CARD1, Button.CENTRE):
        session.press("white", button, 0.0)
    chain = session.screen("white", 0.0)
    assert chain.mode == "chain" and chain.origin == square("d3") and chain.targets
    assert session.decisions == [{"white": Move(square("d2"), square("d3"))}]
    assert session.screen("red", 0.0).mode == "wait"
    session.press("white", Button.CARD3, 0.0)              # Stop
    assert session.decisions[-1] == {"white": STOP}
    assert session.match.to_act() == ("red",)


def test_a_demo_of_cpus_plays_a_four_player_game_to_the_end(tmp_path):
    save(tmp_path, Settings.flat(game="chifoumi", chifoumi_players=4, difficulty="medium"))
    clock = ManualClock()
    app = App(sim.open_console(2, clock=clock), state_dir=tmp_path, demo=True, seed=8)
    app.run_simulated(clock)
    assert app.session.match.is_over and set(app.session.seats.cpus) == set(app.session.match.seats)
    shown = app.shown[1][0].inner                          # told of its army: nobody plays
    assert isinstance(shown, ks.ResultScreen) and shown.spectator


def test_who_starts_is_picked_by_a_press_and_thrown_by_the_same_button_again(tmp_path):
    """Issue 18: the throw follows the console's press-to-pick, press-again-to-lock rule, and
    the screen says so; a card button there does nothing, another hand changes the pick."""
    rig = Rig(tmp_path, 2, Settings.flat(game="chifoumi", chifoumi_players=2, chifoumi_humans=2,
                                         language="en"))
    rig.kick_off()
    rig.wait(rig.app.timing.kickoff)
    assert rig.screen(1).picked is None
    rig.press(1, Button.LEFT)                     # rock picked, not thrown
    assert rig.screen(1).picked == "left" and not rig.screen(1).locked
    assert not rig.screen(2).other_locked and not rig.session.decisions
    assert hint_line(rig, 1) == drawn(text("en", "hint.again"))
    rig.press(1, Button.CARD2)                    # a card button means nothing here
    assert rig.screen(1).picked == "left" and not rig.screen(1).locked
    rig.press(1, Button.RIGHT)                    # changed its mind: scissors
    assert rig.screen(1).picked == "right" and not rig.screen(2).other_locked
    rig.press(1, Button.RIGHT)                    # thrown
    assert rig.screen(1).locked and rig.screen(2).other_locked
    assert hint_line(rig, 1) == drawn(text("en", "hint.locked"))
    rig.press(1, Button.LEFT)                     # a hand thrown stays thrown
    assert rig.screen(1).picked == "right"


def hint_line(rig: Rig, pad: int) -> bytes:
    return rig.image(pad).crop((0, 54, 128, 64)).tobytes()


def drawn(line: str) -> bytes:
    canvas = Canvas()
    canvas.hints(centre=line)
    return canvas.image.crop((0, 54, 128, 64)).tobytes()
