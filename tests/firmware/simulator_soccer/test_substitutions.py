"""Voluntary substitutions on the console (S-SUB-1), made by button presses: "Changement" in
a team's first repositioning step (not at the first half's kick-off) or instead of taking a
throw-in (S-RST-1: it becomes a repositioning), who comes off, who comes on (each with his
ratings and dots), five a match at most; the sheet tells it from each side; a storm on these
menus still makes only legal decisions."""
from __future__ import annotations

import random
from typing import Any

import pytest
from soccer_console_rig import SoccerRig, play_out, play_until, replayed_summary, soccer_settings

from firmware.games.registry import game_named
from engine.simulator_soccer import Move, Place
from firmware.games.session import Step
from firmware.simulator_soccer import choosing
from firmware.simulator_soccer import screens as ss
from firmware.simulator_soccer.screens import words
from hal.buttons import Button

CARDS = (Button.CARD1, Button.CARD2, Button.CARD3, Button.CARD4)


def _pad(seat: str) -> int:
    return 1 if seat == "red" else 2


def _until(rig: SoccerRig, wanted: Any, rng: random.Random) -> str:
    """Play sensibly until ``wanted(session, seat)`` holds for a person asked to decide; that
    seat."""
    found: list[str] = []

    def asked() -> bool:
        session = rig.session
        if session.step is Step.CHOOSE:
            found[:] = [seat for seat in session.match.to_act()
                        if not session.is_cpu(seat) and wanted(session, seat)][:1]
        return bool(found)

    play_until(rig, asked, rng, patience=500)
    return found[0]


def _may_substitute(session: Any, seat: str) -> bool:
    picking = session.pending.get(seat)
    return picking is not None and choosing.may_substitute(session.public(seat), seat, picking)


def _first_step(session: Any, seat: str) -> bool:
    """A person's first step of a repositioning (S-RST-2) other than a half's kick-off."""
    match = session.match
    if match.decision != "place" or match.restart.kind == "kickoff":
        return False
    step, kicking = match.restart.step, match.restart.team
    return step == 1 or (step == 2 and choosing.team_of(seat) != kicking)


def _option(rig: SoccerRig, pad: int, key: str, **params: Any) -> None:
    """Page the menu to the option ``key`` (with these parameters) and press its card."""
    for _ in range(8):
        menu = rig.screen(pad)
        assert isinstance(menu, ss.MenuScreen), menu
        for index, (okey, oparams) in enumerate(menu.options):
            if okey == key and all(dict(oparams).get(k) == v for k, v in params.items()):
                rig.press(pad, CARDS[index])
                return
        rig.press(pad, Button.RIGHT)
    raise AssertionError(f"no option {key} {params} in {rig.screen(pad)!r:.400}")


def _all_options(rig: SoccerRig, pad: int) -> list[Any]:
    """Every option of the menu on ``pad``, page by page (back on the first page after)."""
    menu = rig.screen(pad)
    seen = []
    for _ in range(menu.pages):
        seen.extend(rig.screen(pad).options)
        rig.press(pad, Button.RIGHT)
    assert rig.screen(pad).page == 0
    return seen


def test_S_SUB_1_a_person_substitutes_at_a_repositioning_by_buttons_told_from_each_side(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two"), seed=5)
    rig.start()
    seat = _until(rig, _first_step, random.Random(3))
    pad, other = _pad(seat), 3 - _pad(seat)
    team = choosing.team_of(seat)
    menu = rig.screen(pad)
    assert menu.options[0][0] == "ss.opt.done" and menu.page == 0
    rig.press(pad, Button.LEFT)                  # the last page, one press away
    last = rig.screen(pad)
    assert last.page == last.pages - 1 and last.options[-1] == ("ss.opt.sub", (("n", 0),))
    made = len(rig.session.decisions)

    rig.press(pad, CARDS[len(last.options) - 1])
    off_menu = rig.screen(pad)
    assert off_menu.prompt[0] == "ss.ask.sub_off" and off_menu.options[0][0] == "ss.opt.back"
    on_pitch = [dict(o[1]) for o in _all_options(rig, pad) if o[0] == "ss.sub.player"]
    assert sorted(o["num"] for o in on_pitch) == sorted(
        p.num for p in rig.session.match.teams[team].on_pitch())
    seven = next(o for o in on_pitch if o["num"] == 7)
    assert seven["duel"] == "5-2-2-4" and seven["dots"] == "GGS"   # his card's ratings
    assert words("fr", ("ss.sub.player", tuple(sorted(seven.items())))) == "n°7 5-2-2-4 GGS"

    _option(rig, pad, "ss.sub.player", num=7)
    on_menu = rig.screen(pad)
    assert on_menu.prompt == ("ss.ask.sub_on", (("num", 7),))
    bench = sorted(dict(o[1])["num"] for o in _all_options(rig, pad) if o[0] == "ss.sub.player")
    assert bench == [12, 13, 14, 15, 16]
    _option(rig, pad, "ss.sub.player", num=14)

    back = rig.screen(pad)                       # the list again: the change is planned
    assert back.prompt[0] == "ss.ask.place" and back.page == 0
    listed = _all_options(rig, pad)
    assert listed[-2:] == [("ss.opt.sub", (("n", 1),)), ("ss.opt.unsub", (("into", 14), ("out", 7)))]
    assert len(rig.session.decisions) == made    # nothing played yet
    rig.press(pad, Button.CARD1)                 # ✓ Done
    played = rig.session.decisions[made][seat]
    assert isinstance(played, Place) and played.subs == ((7, 14),)
    fourteen = rig.session.match.player(team, 14)
    assert fourteen.on_pitch and rig.session.match.teams[team].subs == 1
    assert not rig.session.match.player(team, 7).on_pitch

    rig.wait_for_change(5.0)                     # the flip, then the sheet on both screens
    for _ in range(3):
        if isinstance(rig.screen(pad), ss.RevealScreen):
            break
        rig.wait_for_change(5.0)
    mine, theirs = rig.screen(pad), rig.screen(other)
    assert isinstance(mine, ss.RevealScreen) and isinstance(theirs, ss.RevealScreen)
    assert [words("fr", line) for line in mine.lines] == ["Toi: 14 remplace 7"]
    colour = "Rouge" if seat == "red" else "Bleu"
    assert [words("fr", line) for line in theirs.lines] == [f"{colour}: 14 remplace 7"]
    assert [words("en", line) for line in theirs.lines] == [
        f"{'Red' if seat == 'red' else 'Blue'}: #14 on for #7"]


def test_S_SUB_1_undoing_a_substitution_and_the_way_back_leave_the_list_as_it_was(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two"), seed=5)
    rig.start()
    seat = _until(rig, _first_step, random.Random(3))
    pad = _pad(seat)
    before = rig.screen(pad)
    _option(rig, pad, "ss.opt.sub")
    _option(rig, pad, "ss.opt.back")             # changed their mind: back to the list
    assert rig.screen(pad) == before
    _option(rig, pad, "ss.opt.sub")
    _option(rig, pad, "ss.sub.player", num=4)
    _option(rig, pad, "ss.opt.back")             # from "who comes on" too
    assert rig.screen(pad) == before
    _option(rig, pad, "ss.opt.sub")
    _option(rig, pad, "ss.sub.player", num=4)
    _option(rig, pad, "ss.sub.player", num=13)
    _option(rig, pad, "ss.opt.unsub", into=13, out=4)
    assert rig.screen(pad) == before and rig.session.pending[seat].subs == ()


def test_S_SUB_1_a_required_substitution_undone_is_asked_for_in_words(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two", half_steps=20), seed=5)
    rig.start()
    seat = _until(rig, lambda s, who: s.match.decision == "place"
                  and s.match.subs_needed(choosing.team_of(who)) > 0, random.Random(3))
    pad = _pad(seat)
    planned = rig.session.pending[seat].subs   # the proposal makes the rules' substitutions
    assert planned
    for off, on in reversed(planned):
        _option(rig, pad, "ss.opt.unsub", into=on, out=off)
    made = len(rig.session.decisions)
    rig.press(pad, Button.CARD1)                 # ✓ Done without them
    assert len(rig.session.decisions) == made
    assert rig.screen(pad).why == "sub_needed"
    assert ss.why_text("fr", "sub_needed") == "✕ Changement requis"
    off, on = planned[0]
    _option(rig, pad, "ss.opt.sub")
    _option(rig, pad, "ss.sub.player", num=off)
    _option(rig, pad, "ss.sub.player", num=on)
    for off, on in planned[1:]:
        _option(rig, pad, "ss.opt.sub")
        _option(rig, pad, "ss.sub.player", num=off)
        _option(rig, pad, "ss.sub.player", num=on)
    rig.press(pad, Button.CARD1)
    assert rig.session.decisions[made][seat].subs == planned


def test_S_SUB_1_a_planned_move_goes_with_the_shirt_to_the_substitute():
    picking = choosing.Picking(entries=((7, (3, 4)), (9, (5, 5))))
    choosing.add_substitution(picking, 7, 14)
    assert picking.subs == ((7, 14),) and picking.entries == ((14, (3, 4)), (9, (5, 5)))
    choosing.remove_substitution(picking, 0)
    assert picking.subs == () and picking.entries == ((7, (3, 4)), (9, (5, 5)))


def test_S_SUB_1_none_at_the_first_half_kick_off_but_at_the_second_half_kick_off(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two", half_steps=10), seed=7)
    rig.start()
    rng = random.Random(4)
    seat = _until(rig, lambda s, seat: s.match.decision == "place", rng)
    assert rig.session.match.restart.first and rig.session.match.half == 1
    options = _all_options(rig, _pad(seat))
    assert not any(o[0] == "ss.opt.sub" for o in options)
    seat = _until(rig, lambda s, seat: s.match.decision == "place" and s.match.half == 2
                  and s.match.restart.first, rng)
    pad = _pad(seat)
    made = len(rig.session.decisions)
    _option(rig, pad, "ss.opt.sub")
    _option(rig, pad, "ss.sub.player", num=10)
    _option(rig, pad, "ss.sub.player", num=16)
    rig.press(pad, Button.CARD1)
    assert rig.session.decisions[made][seat].subs == ((10, 16),)
    assert rig.session.match.subs_half == 0      # half-time changes add no stoppage (S-TIME-1)


def test_S_SUB_1_five_a_match_then_the_menu_offers_no_more(tmp_path):
    rig = SoccerRig(tmp_path, soccer_settings("two"), seed=5)
    rig.start()
    seat = _until(rig, _first_step, random.Random(3))
    pad = _pad(seat)
    team = choosing.team_of(seat)
    made = len(rig.session.decisions)
    for n, (off, on) in enumerate(((2, 12), (3, 13), (6, 14), (8, 15), (10, 16))):
        assert ("ss.opt.sub", (("n", n),)) in _all_options(rig, pad)
        _option(rig, pad, "ss.opt.sub")
        _option(rig, pad, "ss.sub.player", num=off)
        _option(rig, pad, "ss.sub.player", num=on)
    assert not any(o[0] == "ss.opt.sub" for o in _all_options(rig, pad))
    rig.press(pad, Button.CARD1)
    assert len(rig.session.decisions[made][seat].subs) == 5
    assert rig.session.match.teams[team].subs == 5
    # Later first steps of this team offer none.
    _until(rig, lambda s, who: who == seat and _first_step(s, who)
           and len(s.decisions) > made + 1, random.Random(5))
    assert not any(o[0] == "ss.opt.sub" for o in _all_options(rig, pad))


def _throw_in(tmp_path: Any, language: str = "fr") -> tuple[SoccerRig, str]:
    """A rig where a person is asked for a throw-in (they are rare when people take the
    proposals: a few seeded matches are tried in turn); the seat."""
    for seed in (9, 8, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24):
        folder = tmp_path / f"throw-{seed}"
        folder.mkdir()
        rig = SoccerRig(folder, soccer_settings("two", half_steps=20, language=language), seed=seed)
        rig.start()
        try:
            return rig, _until(rig, lambda s, who: s.match.decision == "move"
                               and s.match.move_phase == "throw", random.Random(6))
        except AssertionError:
            continue
    raise AssertionError("no throw-in for a person in twelve matches")


def test_S_RST_1_a_substitution_instead_of_a_throw_in_makes_it_a_repositioning(tmp_path):
    rig, seat = _throw_in(tmp_path)
    pad = _pad(seat)
    menu = rig.screen(pad)
    assert menu.prompt[0] == "ss.ask.throw"       # the proposal's thrower and moves
    made = len(rig.session.decisions)
    _option(rig, pad, "ss.opt.sub")
    off = dict(rig.screen(pad).options[1][1])["num"]     # the first player listed
    rig.press(pad, Button.CARD2)
    on = dict(rig.screen(pad).options[1][1])["num"]      # the first on the bench
    rig.press(pad, Button.CARD2)
    menu = rig.screen(pad)
    assert menu.prompt[0] == "ss.ask.throw_subs"
    assert menu.options[0] == ("ss.opt.sub_done", (("n", 1),))
    assert not any(o[0] == "ss.player" for o in menu.options)   # subs alone (S-RST-1)
    rig.press(pad, Button.CARD1)
    assert rig.session.decisions[made] == {seat: Move((), None, ((off, on),))}
    match = rig.session.match
    assert match.decision == "place" and match.restart.kind == "throw_in"
    assert match.to_act() == (seat,)


@pytest.mark.parametrize("seed", [21, 22])
def test_S_SUB_1_storms_on_the_substitution_menus_make_only_legal_choices(tmp_path, seed):
    rig = SoccerRig(tmp_path, soccer_settings("two", move_clock=30), seed=seed)
    rig.start()
    header = dict(rig.app.journal.setup.script)
    session = rig.session
    rng = random.Random(seed)
    subs = 0
    for _ in range(4):
        if session.match.is_over:
            break
        seat = _until(rig, lambda s, who: _may_substitute(s, who)
                      and s.pending[who].mode == "menu" and s.pending[who].sub is None, rng)
        pad = _pad(seat)
        _option(rig, pad, "ss.opt.sub")
        for _ in range(300):                     # mashing while the substitution menus are up
            if rig.app.mode != "match" or session.match.decision is None:
                break
            rig.press(rng.choice((pad, pad, pad, 3 - pad)), rng.choice(list(Button)))
            if rng.random() < 0.05:
                rig.wait(rng.choice((0.5, 3.0)))
        subs = sum(t.subs for t in session.match.teams)
        rig.wait(31)                             # whatever the storm left: the move clock plays it
    assert subs > 0
    if rig.app.mode == "match":
        play_out(rig, rng)
    summary = game_named("simulator-soccer").rules.summary(session.match)
    assert replayed_summary(header, session.decisions) == summary


def test_S_SUB_1_no_press_of_a_substitution_puts_more_than_the_budget_on_the_shared_bus(tmp_path):
    """The handheld's real screen path (luma over a recording bus): every press of a
    substitution, the DONE that plays it (both screens flip) included, fits the bus budget."""
    from bus_rig import BUDGET_BYTES, BusRig

    class SoccerBusRig(BusRig):
        session = property(lambda self: self.app.session)
        screen = SoccerRig.screen

    rig = SoccerBusRig(tmp_path, soccer_settings("two"), seed=5)
    try:
        rig.press(1, Button.CARD1)
        rig.press(1, Button.CENTRE)
        seat = _until(rig, _first_step, random.Random(3))
        pad = _pad(seat)
        before = len(rig.presses)
        rig.press(pad, Button.LEFT)
        _option(rig, pad, "ss.opt.sub")
        _option(rig, pad, "ss.sub.player", num=7)
        _option(rig, pad, "ss.sub.player", num=14)
        rig.press(pad, Button.CARD1)
        assert rig.session.decisions[-1][seat].subs == ((7, 14),)
        walk = rig.presses[before:]
    finally:
        rig.close()
    assert len(walk) >= 5
    worst = max(walk, key=lambda press: press[1])
    print("substitution walk (screen, bytes):", walk)
    assert worst[1] <= BUDGET_BYTES, walk
