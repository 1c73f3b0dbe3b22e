"""The walkable list menu (engine/simulator_soccer/legal.py) agrees with ``apply``.

Pads and CPU players build move, placement and header lists by walking :class:`ListMenu`
(player, then cell) and end them with DONE. Whatever they walk must be a list the rules take,
or one the menu itself can still finish: a walk the menu allows must never lead to a list that
no DONE can end (a dead end would leave a person at the pads with no way forward). "Can still
finish" is what a person does: move the player the refusal names (the console shows its words),
as often as the rules name one, or add one more entry. Three
defects of the last full-length run were such disagreements; this walks the menu at random in
every list decision of random matches, with and without the Pro rules.
"""
from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from engine.errors import IllegalChoice
from engine.simulator_soccer import PRO_OPTIONS, MatchConfig, Options, new_match
from engine.simulator_soccer.bots import random_policy, simple_policy
from engine.simulator_soccer.choices import Choice
from engine.simulator_soccer.legal import ListMenu, menu
from engine.simulator_soccer.match import SoccerMatch
from engine.simulator_soccer.state import SEATS

configs = st.builds(
    lambda half, pro: MatchConfig(Options(half, False, frozenset(pro))),
    st.integers(1, 2), st.sets(st.sampled_from(PRO_OPTIONS)))
WALKS = settings(max_examples=6, deadline=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def refusal(match: SoccerMatch, seat: str, choice: Choice) -> IllegalChoice | None:
    """Why the rules refuse ``choice`` now (None: they take it)."""
    try:
        match.clone().play({seat: choice})
    except IllegalChoice as exc:
        return exc
    return None


def accepted(match: SoccerMatch, seat: str, choice: Choice) -> bool:
    return refusal(match, seat, choice) is None


def walk(list_menu: ListMenu, rng: random.Random) -> list[tuple[int, tuple[int, int]]]:
    """Entries the menu offers, one after the other, stopping at random (DONE)."""
    entries: list[tuple[int, tuple[int, int]]] = []
    while True:
        options = list_menu.options(entries)
        if not options or rng.random() < 0.2:
            return entries
        num = rng.choice(sorted(options))
        entries.append((num, rng.choice(options[num])))


def named(why: IllegalChoice) -> int | None:
    """The player a refusal names ("#6 stays at least 1 cell from the ball"): the console
    shows these words to the person at the pads."""
    found = re.search(r"#(\d+)", why.reason)
    return int(found.group(1)) if found else None


def finishable(match: SoccerMatch, seat: str, list_menu: ListMenu,
               entries: list[tuple[int, tuple[int, int]]]) -> bool:
    """DONE now, or after what a person at the pads would add: the player each refusal names
    moved to a cell the menu offers, as often as the rules name one (a goal kick may find three
    players in the penalty area), or one more entry of any player the menu offers (a restart's
    step 3 still needs its kicker on the ball: the ball's cell first)."""
    entries = list(entries)
    for _ in range(12):
        why = refusal(match, seat, list_menu.choice(entries))
        if why is None or one_more_finishes(match, seat, list_menu, entries):
            return True
        num, options = named(why), list_menu.options(entries)
        if num is None or num not in options:
            return False
        moved = next((cell for cell in options[num] if named(refusal(match, seat, list_menu.choice(
            [*entries, (num, cell)])) or IllegalChoice("", "")) != num), None)
        if moved is None:
            return False
        entries.append((num, moved))
    return False


def one_more_finishes(match: SoccerMatch, seat: str, list_menu: ListMenu,
                      entries: list[tuple[int, tuple[int, int]]]) -> bool:
    """Some player the menu offers, on the ball's cell or one of a few spread cells, makes
    the list one the rules take."""
    ball = match.restart.cell if match.pending.kind == "place" else None
    offered = [(num, cell) for num, cells in list_menu.options(entries).items()
               for cell in dict.fromkeys([*([ball] if ball in cells else []),
                                          cells[0], cells[len(cells) // 2], cells[-1]])]
    return any(accepted(match, seat, list_menu.choice([*entries, entry])) for entry in offered)


def list_decisions(config: MatchConfig, seed: int, limit: int = 600):
    """(match, seat) at each list decision a single seat makes, in a match played by a mix of
    the Simple and Random policies (Simple reaches restarts and shots, Random the odd corners)."""
    match = new_match(config, seed)
    rng = random.Random(seed)
    policy = simple_policy if seed % 2 else random_policy
    for _ in range(limit):
        seats = match.to_act()
        if not seats:
            return
        if len(seats) == 1:
            seat = seats[0]
            team = SEATS.index(seat)
            list_menu = menu(match, seat)
            throw = list_menu is not None and list_menu.phase == "throw"
            if list_menu is not None and not throw and not (
                    match.pending.kind == "place" and match.subs_needed(team)):
                yield match, seat, list_menu
        match.apply({s: policy(match, SEATS.index(s), match.legal_choices(s), rng) for s in seats})


@WALKS
@given(configs, st.integers(0, 2 ** 32 - 1))
@example(MatchConfig(Options(1, False, frozenset({          # a corner: #8 next to the ball
    "assist", "header", "offside_line", "pinpoint_cross", "pro_quick_turn", "recovery", "speed",
    "through_ball", "torpedo", "wall", "wide_crossing"}))), 293588)
@example(MatchConfig(Options(2, False, frozenset({          # a goal kick: #6, #14 and #9 to move
    "assist", "header", "recovery", "speed", "through_ball", "wall", "wide_crossing"}))), 2212251805)
def test_every_walk_of_the_list_menu_ends_in_a_list_the_rules_take(config, seed):
    rng = random.Random(~seed)
    seen = 0
    for match, seat, list_menu in list_decisions(config, seed):
        for _ in range(3):
            entries = walk(list_menu, rng)
            assert finishable(match, seat, list_menu, entries), (
                f"seed {seed}: {match.pending.kind} {list_menu.phase} {entries} cannot be finished")
        seen += 1
    assert seen > 0


def test_S_RST_2_step_3_the_menu_keeps_a_kicker_for_the_ball():
    """A kick-off's step 3 (seed 0, the first one): the menu once let the kicker leave the ball
    and then every other player be placed, a list no DONE could end ("after step 3 exactly one
    kicking player stands on the ball"). Now, once nobody else could reach the ball, the ball
    is the only cell offered."""
    config = MatchConfig(Options(2, False, frozenset()))
    match = new_match(config, 0)
    rng = random.Random(0)
    while not (match.pending.kind == "place" and match.restart.step == 3):
        match.apply({s: random_policy(match, SEATS.index(s), match.legal_choices(s), rng)
                     for s in match.to_act()})
    seat = match.to_act()[0]
    list_menu = menu(match, seat)
    assert list_menu is not None
    ball = match.restart.cell
    kicker = next(p.num for p in match.at(ball) if SEATS[p.team] == seat)
    entries: list[tuple[int, tuple[int, int]]] = []
    away = next(c for c in list_menu.options(entries)[kicker] if c != ball)
    entries.append((kicker, away))
    while True:
        options = list_menu.options(entries)
        if not options:
            break
        others = {n: [c for c in cells if c != ball] for n, cells in options.items()}
        movable = [n for n, cells in others.items() if cells]
        if not movable:
            break
        entries.append((movable[0], others[movable[0]][0]))
    last = list_menu.options(entries)
    assert last and all(cells == [ball] for cells in last.values())
    assert finishable(match, seat, list_menu, entries)
