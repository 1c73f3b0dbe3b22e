"""What a person playing Simulator Soccer on the terminal simulator found unclear or wrong
(issue 20's play-through, helper "ssplay"), each held by what the pads show: a proposal on
every kick menu, no line twice in a menu, a flip that says what was decided, a reveal that
says who has the ball and that the half is over, the kick-off sheet naming the team the
toss chose, the CPU's pad never saying "You", a pad told why the kick-off waits."""
from __future__ import annotations

import random
from typing import Any

import pytest
from soccer_console_rig import SoccerRig, soccer_settings
from soccer_play import intent

from engine.simulator_soccer import script as soccer_script
from firmware.render import WIDTH, text_width
from firmware.games.registry import game_named
from firmware.games.session import Step
from firmware.simulator_soccer import choosing, pitch
from firmware.simulator_soccer import screens as ss
from hal.buttons import Button

OPENING = {
    # A 10-step-half match (the first one played in the play-through): red's kick-off pass
    # misses (97 over 89) and blue's #9 takes the ball; the Simple policy's pass for him
    # then goes along the ground through a standing red player.
    "game": "simulator-soccer", "seed": 1980752950,
    "options": {"half_steps": 10, "tiebreak": False, "pro": []},
    "teams": {"red": "standard", "blue": "standard"},
    "turns": [],
}
TURNS = [
    {"blue": {"formation": "4-4-2"}, "red": {"formation": "4-3-3"}},
    {"red": {"place": []}}, {"blue": {"place": []}}, {"red": {"place": []}},
    {"red": {"kick": "pass", "to": [8, 4]}},
]


@pytest.fixture(autouse=True)
def _soccer_words() -> None:
    """The game's words join the console's when the registry loads its spec: a test run
    alone (before any console started) reads them too."""
    game_named("simulator-soccer")


def _opening() -> tuple[Any, list[Any]]:
    """The match after TURNS, and the events of its last decision."""
    match = soccer_script.parse_script(dict(OPENING)).start()
    events: list[Any] = []
    for index, turn in enumerate(TURNS):
        events = list(match.apply(soccer_script.parse_turn(turn, index)))
    return match, events


def _said(item: Any, language: str = "en") -> str:
    return ss.words(language, item)


def test_the_kick_menu_keeps_its_proposal_when_simple_would_pass_through_an_opponent():
    """The menu's first line is the proposal, one press: it was missing whenever the Simple
    policy's own kick was spoilt (offside, or along the ground through a standing opponent),
    as the replacement asked the bots for a function they no longer have."""
    match, _events = _opening()
    assert match.to_act() == ("blue",) and match.decision == "kick"
    public = match.view("blue").public
    proposal = choosing.suggestion(public, "blue", OPENING["seed"], len(TURNS))
    assert proposal is not None and proposal.to is not None
    carrier = public.carrier_player()
    reds = {p.cell for p in public.teams[0].on_pitch() if not p.lying}
    from engine.simulator_soccer.geometry import line
    assert proposal.kind != "pass" or not reds & set(line(carrier.cell, proposal.to)[1:-1])
    picking = choosing.Picking(suggestion=proposal)
    prompt, options = choosing.menu_options(public, "blue", picking, match.legal_choices("blue"))
    assert options[0][1] == ("play", proposal) and _said(options[0][0]).startswith("▶")


def test_a_missed_kick_reveal_says_who_has_the_ball_now():
    _match, events = _opening()
    lines = [_said(line) for line in ss.reveal_lines(tuple(events), "red", "team.blue")]
    assert lines[0].startswith("Pass ") and lines[0].endswith("off")
    assert "Blue #9 got to it" in lines                   # why red's pass ended with Blue (S-CDD)
    lines = [_said(line, "fr") for line in ss.reveal_lines(tuple(events), "blue", "team.red")]
    assert "Ballon : n°9 Toi" in lines


def test_the_kick_off_sheet_says_who_the_toss_chose_on_both_pads(tmp_path):
    """Seed 1's toss gives blue the kick-off: red's pad said "You start" (the engine holds the
    ball for red until the formations are in), then blue placed first."""
    rig = SoccerRig(tmp_path, soccer_settings("two"), seed=1)
    rig.start()
    assert rig.session.match.first_kickoff == 1
    red, blue = rig.screen(1), rig.screen(2)
    assert isinstance(red, ss.KickoffScreen) and not red.you_start
    assert isinstance(blue, ss.KickoffScreen) and blue.you_start
    rig.wait(3)
    for pad, key in ((1, Button.CARD1), (2, Button.CARD2)):
        rig.press(pad, key)
        rig.press(pad, Button.CENTRE)
    rig.wait(3)
    assert rig.session.match.to_act() == ("blue",) and rig.session.match.decision == "place"
    assert _said(rig.screen(2).prompt) == "Repositioning 1/3"


def test_the_cpus_kick_off_sheet_names_the_toss_winner(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("cpu"), seed=1)
    rig.start()
    assert rig.session.match.first_kickoff == 1        # blue, the CPU
    assert not rig.screen(1).you_start
    assert rig.screen(2).opponent_key == "team.blue"   # "Blue starts" on the CPU's pad


def test_a_pad_done_with_the_tutorial_says_the_other_is_still_reading(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two", tutorial=True), seed=2)
    rig.start()
    rig.press(2, Button.CENTRE)                         # blue plays at once, red reads
    rig.press(1, Button.RIGHT)
    waiting = rig.screen(2)
    assert isinstance(waiting, ss.KickoffScreen) and waiting.reading == "team.red"
    image = rig.image(2)
    assert image.getbbox() is not None
    rig.wait(30)
    assert rig.session.step is Step.KICKOFF             # the match waits for the reader
    rig.press(1, Button.CENTRE)
    assert rig.screen(2).reading is None and rig.screen(1).reading is None


def _watch_match(rig: SoccerRig, pads: tuple[int, ...], seed: int) -> list[tuple[int, Any]]:
    """Play the match by sensible presses on ``pads``; every (pad, screen model) shown."""
    rng = random.Random(seed)
    seen: list[tuple[int, Any]] = []
    for _ in range(20000):
        if rig.app.mode != "match":
            return seen
        for pad in (1, 2):
            seen.append((pad, rig.screen(pad)))
        acted = False
        for pad in pads:
            if rig.app.mode != "match":
                break
            button = intent(rig.screen(pad), rng)
            if button is not None:
                rig.press(pad, button)
                acted = True
                seen.append((pad, rig.screen(pad)))
        if not acted:
            rig.wait_for_change(5.0)
    raise AssertionError("the match did not end")


def test_in_a_whole_match_no_menu_shows_a_line_twice_or_one_too_long(tmp_path):
    """"Pas de duel" twice, "▶Shot" over "Shot", "Centre à ras de ter" cut off: every menu
    line is another choice and fits beside its button number."""
    rig = SoccerRig(tmp_path, soccer_settings("two"), seed=5)
    rig.start()
    menus = [m for _pad, m in _watch_match(rig, (1, 2), 4) if isinstance(m, ss.MenuScreen)]
    assert len(menus) > 50
    for language in ("fr", "en"):
        for menu in menus:
            lines = [_said(option, language) for option in menu.options]
            plain = [line.lstrip("▶") for line in lines]
            assert len(set(plain)) == len(plain), lines
            for line in lines:
                assert text_width(line) <= WIDTH - 13, line


def test_in_a_whole_match_every_flip_says_what_was_decided_and_the_end_is_said(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two"), seed=6)
    rig.start()
    seen = _watch_match(rig, (1, 2), 5)
    flips = [m for _pad, m in seen if isinstance(m, ss.FlipScreen)]
    assert flips
    for flip in flips:
        assert flip.line[0] != "ss.ev.played", flip.line
    reveals = [m for _pad, m in seen if isinstance(m, ss.RevealScreen)]
    assert reveals[-1].lines[-1] == ("ss.ev.full_time", ())


def test_the_cpus_pad_names_the_teams_never_you(tmp_path):
    """The CPU's pad (a spectator of its seat) said "You: Shot" and "You: 0 placed"."""
    rig = SoccerRig(tmp_path, soccer_settings("cpu", difficulty="medium"), seed=3)
    rig.start()
    seen = _watch_match(rig, (1,), 7)
    cpu = [m for pad, m in seen if pad == 2]
    pitches = [m for m in cpu if isinstance(m, ss.PitchScreen)]
    assert pitches and all(m.spectator for m in pitches)
    for m in pitches:
        for language, you in (("en", "You"), ("fr", "Toi")):
            assert you not in pitch.status_text(m.view, m.seat, language, spectator=True)
    for flip in (m for m in cpu if isinstance(m, ss.FlipScreen)):
        assert "You" not in _said(flip.line) and "Toi" not in _said(flip.line, "fr")


def test_a_shot_reveal_shows_aim_and_dive_as_the_arrows_pressed():
    from engine.simulator_soccer import events as ev

    goal = ev.Shot(seat="red", player=9, aim="right", high=False, dive="left", result="goal")
    saved = ev.Shot(seat="red", player=9, aim="centre", high=True, dive="centre", result="saved")
    assert _said(ss.event_line(goal, "red", "team.blue")) == "Shot ▶ keeper ◀: GOAL"
    assert _said(ss.event_line(saved, "blue", "team.red"), "fr") == "Tir ● gardien ●: paré"
    for event in (goal, saved):
        for language in ("fr", "en"):
            assert text_width(_said(ss.event_line(event, "red", "team.blue"), language)) <= WIDTH


def test_the_formation_names_stand_clear_of_their_boxes():
    """A 30-px box cut the first figure of "3-5-2": every name has a dark column each side
    inside its box, and the boxes sit over the CARD1-CARD3 columns."""
    from firmware.render import COLUMN_W, Canvas

    for language in ("fr", "en"):
        c = Canvas()
        ss.FormationScreen(1, None, False, False, "team.blue").draw(c, language)
        for i in range(3):
            x0 = i * COLUMN_W
            for x in (x0 + 1, x0 + COLUMN_W - 1):
                assert not any(c.image.getpixel((x, y)) for y in range(16, 29)), (language, i, x)
        assert text_width(ss.words(language, ("ss.formation", (("half", 2),)))) <= WIDTH


def test_a_duel_says_who_won_it_on_each_pad():
    """"Dribble 2-1 won" read on the defender's pad as if he had won it."""
    from engine.simulator_soccer import events as ev

    dribble = ev.Duel(kind="dribble", seat="blue", player=9, opponent=4, cell=(8, 4),
                      dice=(2, 1), won=True)
    assert _said(ss.event_line(dribble, "red", "team.blue")) == "Dribble 2-1: Blue ✓"
    assert _said(ss.event_line(dribble, "blue", "team.red")) == "Dribble 2-1: You ✓"
    tackle = ev.Duel(kind="tackle", seat="red", player=6, opponent=9, cell=(8, 4),
                     dice=(1, 5), won=False)
    assert _said(ss.event_line(tackle, "blue", "cpu"), "fr") == "Tacle 1-5 : Toi ✓"
    assert _said(ss.event_line(tackle, "", "team.blue"), "fr") == "Tacle 1-5 : Bleu ✓"


def test_a_refused_list_says_which_button_takes_the_last_entry_back():
    menu = ss.MenuScreen(("ss.ask.place", (("step", 3),)),
                         (("ss.opt.done", (("n", 2),)), ("ss.opt.undo", (("num", 7),))), 0, 1,
                         why="S-RST-2")
    assert menu.why_line("en") == "✕ S-RST-2: 2=undo"
    assert menu.why_line("fr") == "✕ S-RST-2 : 2=annule"
    kick = ss.MenuScreen(("ss.ask.kick", (("num", 9),)), (("ss.kick.shot", ()),), 0, 1,
                         why="S-SHOT-1")
    assert kick.why_line("en") == "✕ Refused (S-SHOT-1)"


def test_a_runs_cell_pick_says_ok_sends_the_player_there(tmp_path):
    """"OK = #3 BG" named the player but not what OK does."""
    rig = SoccerRig(tmp_path, soccer_settings("two"), seed=5)
    rig.start()
    rng = random.Random(1)
    for _ in range(3000):
        menus = [(pad, rig.screen(pad)) for pad in (1, 2)]
        lists = [(pad, m) for pad, m in menus if isinstance(m, ss.MenuScreen)
                 and m.prompt[0] == "ss.ask.p2" and len(m.options) > 2]
        if lists:
            break
        rig.act(intent, rng, limit=5.0)
    pad, menu = lists[0]
    num = dict(menu.options[2][1])["num"]
    rig.press(pad, Button.CARD3)                          # a player: his cells
    pick = rig.screen(pad)
    assert _said(pick.line) == "OK = back"                # the cursor starts on him
    seat = rig.app.seat_at(pad)
    for button in (Button.RIGHT, Button.CARD2, Button.CARD4, Button.CARD1, Button.CARD3, Button.LEFT):
        if pitch.step(pick.cursor, button, pick.view, seat) in pick.marks:
            rig.press(pad, button)
            break
    assert _said(rig.screen(pad).line) == f"OK = #{num} goes here"
    assert _said(rig.screen(pad).line, "fr") == f"OK = n°{num} va ici"


def test_ok_on_a_kick_menu_shows_where_the_proposal_goes(tmp_path):
    """"▶Lob" alone did not say where: the pitch the menu's OK shows marks its target."""
    rig = SoccerRig(tmp_path, soccer_settings("two"), seed=5)
    rig.start()
    rng = random.Random(3)
    for _ in range(3000):
        kicks = [pad for pad in (1, 2) if isinstance(rig.screen(pad), ss.MenuScreen)
                 and rig.screen(pad).prompt[0] == "ss.ask.kick"]
        if kicks:
            break
        rig.act(intent, rng, limit=5.0)
    pad = kicks[0]
    proposal = rig.session.pending[rig.app.seat_at(pad)].suggestion
    assert proposal is not None and proposal.to is not None
    rig.press(pad, Button.CENTRE)
    shown = rig.screen(pad)
    assert isinstance(shown, ss.PitchScreen) and shown.line == ("ss.hint.back_menu", ())
    assert shown.marks == frozenset({proposal.to})
    rig.press(pad, Button.CENTRE)
    assert isinstance(rig.screen(pad), ss.MenuScreen)


def test_the_move_clock_shows_its_last_ten_seconds_on_the_deciding_pad(tmp_path):
    """With the move clock on, nothing said it was running out before it chose for you."""
    rig = SoccerRig(tmp_path, soccer_settings("two", move_clock=30), seed=4)
    rig.start()
    rig.wait(3)                                           # the kick-off sheet, then formations
    formation = rig.screen(1)
    assert isinstance(formation, ss.FormationScreen) and formation.seconds_left is None
    before = rig.image(1).tobytes()
    rig.wait(21)
    assert rig.screen(1).seconds_left == 9 and rig.screen(2).seconds_left == 9
    assert rig.image(1).tobytes() != before               # "9s" in the corner
    rig.press(2, Button.CARD1)
    rig.press(2, Button.CENTRE)                           # blue locks in: its count stops
    assert rig.screen(2).seconds_left is None
    rig.wait(5)
    assert rig.screen(1).seconds_left == 4
    rig.wait(5)
    assert rig.session.decisions                          # the clock chose for red
