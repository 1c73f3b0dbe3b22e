"""What a Simulator Soccer seat may pick now, as menus and cells for seven buttons.

The engine says what is legal (``kick_options``, ``legal_choices``, the walkable
:class:`~engine.simulator_soccer.ListMenu`); this module turns it into what a pad shows: a
prompt and options (each a :data:`Label` and an :data:`Action`), the legal cells of a cell
pick, and the sensible default the Simple policy proposes (``suggestion``), so that
accepting it is one press. It reads the seat's own view's public match only: everything in
it is public (S-VIS-1), and nothing here is drawn from a generator a player could know
(secret choices get no suggestion at all).
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.simulator_soccer import (
    Challenge, Choice, Cross, Defend, Kick, Kicker, ListMenu, Move, Place, Remove,
)
from engine.simulator_soccer import bots as soccer_bots
from engine.simulator_soccer.geometry import Cell, distance, line, neighbours, on_pitch
from engine.simulator_soccer.legal import defend_candidates
from engine.simulator_soccer.restarts import apply_subs, first_step
from engine.simulator_soccer.state import SEATS, DefendPending, KickPending
from firmware.games.session import Pending
from firmware.i18n import LANGUAGES, text
from firmware.render import WIDTH, text_width

Label = tuple[str, tuple[tuple[str, Any], ...]]
"""An i18n key and its parameters (a parameter that is itself a Label is translated too)."""
Action = tuple[Any, ...]
"""What picking an option does: ``("play", choice)``, ``("cells", purpose)``, ``("done",)``,
``("undo",)``, ``("player", num)``, ``("menu", name)``, ``("back",)``; a voluntary
substitution (S-SUB-1): ``("menu", "sub_off")``, ``("sub_off", num)``, ``("sub_on", num)``,
``("unsub", index)``."""

MENU_LINE_W = WIDTH - 13
"""A menu line's room beside its button number (``screens.MenuScreen``)."""
KICK_ORDER = ("pass", "lob", "dribble", "throw", "cross", "shot", "hold", "end")
TARGETED = ("pass", "lob", "dribble", "throw")
LISTS = ("move", "place", "headers")
SECRET = ("formation", "shoot", "dive")


def label(key: str, **params: Any) -> Label:
    return key, tuple(sorted(params.items()))


def words(language: str, item: Label | str) -> str:
    """A label in ``language`` (parameters that are labels translated too)."""
    if isinstance(item, str):
        return text(language, item)
    key, params = item
    values = {name: words(language, value) if isinstance(value, tuple) else value
              for name, value in params}
    return text(language, key, **values)


def fits_a_menu_line(item: Label) -> bool:
    """Whether ``item`` fits beside a menu's button number in every language."""
    return all(text_width(words(language, item)) <= MENU_LINE_W for language in LANGUAGES)


@dataclass
class Picking(Pending):
    """One person's decision in the making: where the pad is (a menu, the map, a cell pick,
    a secret pick) and what is picked so far. Nothing of it reaches the other seat."""

    mode: str = "menu"
    """``menu``, ``map`` (the pitch, looked at from a menu), ``cells``, ``secret``."""
    page: int = 0
    sub: str | None = None
    """A sub-menu: ``intercept`` (who), ``sub_off`` (who comes off), ``sub_on`` (who comes
    on for :attr:`sub_off_num`)."""
    entries: tuple[tuple[int, Cell], ...] = ()
    subs: tuple[tuple[int, int], ...] = ()
    """Substitutions (off, on) made with this decision: the rules' required ones the proposal
    brings, and the player's own (S-SUB-1)."""
    sub_off_num: int | None = None
    thrower: int | None = None
    keeper: Cell | None = None
    intercept: tuple[int, Cell] | None = None
    cursor: Cell | None = None
    origin: Cell | None = None
    """Where the cell pick started: CENTRE there goes back (S-UI-2)."""
    targets: frozenset[Cell] = frozenset()
    purpose: Action = ()
    formation: str | None = None
    aim: str | None = None
    high: bool = False
    side: str | None = None
    suggestion: Any = None
    why: str | None = None
    """Why the last press did nothing (``ss.why.<why>``), until the next press."""
    due: float | None = None
    """The move clock's deadline when the pick was locked in (locking stops it): a secret
    pick changed before the other locked in gets it back."""
    cache: dict[Any, Any] = field(default_factory=dict)


def team_of(seat: str) -> int:
    return SEATS.index(seat)


def suggestion(match: Any, seat: str, seed: int, number: int) -> Choice | None:
    """The Simple policy's choice for ``seat`` now (None for secret choices: a default
    drawn from anything a player could know would give the choice away)."""
    kind = match.pending.kind
    if kind in ("formation", "shoot"):
        return None
    rng = random.Random(f"pitchpad-soccer-hint/{seed}/{seat}/{number}")
    try:
        choice = soccer_bots.simple_policy(match, team_of(seat), match.legal_choices(seat), rng)
        if kind == "kick":
            choice = onside(match, team_of(seat), choice)
        return choice
    except Exception:  # noqa: BLE001 - a hint never stops a match
        return None


def onside(match: Any, team: int, choice: Choice) -> Choice:
    """The Simple policy's kick, unless it goes to a teammate standing offside (S-OFF-1: a
    free kick the other way) or along the ground through a standing opponent (S-K-3: he
    stops it); then the best kick (by the Simple policy's own measure) that does neither."""
    carrier = match.carrier_player()
    if not isinstance(choice, Kick) or choice.to is None or carrier is None:
        return choice
    offside = match.offside_positions(carrier, match.turn.set_piece)
    bad = {q.cell for q in match.teams[team].on_pitch() if q.num in offside}
    if not _spoilt(match, team, carrier, choice.kind, choice.to, bad):
        return choice
    options = match.kick_options()
    ranked = sorted(((value, kick.kind, kick.to)
                     for value, kick in soccer_bots.kick_values(match, team, carrier)
                     if kick.to is not None
                     and not _spoilt(match, team, carrier, kick.kind, kick.to, bad)), reverse=True)
    if ranked and (ranked[0][0] >= 0.45 or "end" not in options):
        return Kick(ranked[0][1], ranked[0][2])
    if "end" in options:
        return Kick("end")
    return choice


def _spoilt(match: Any, team: int, carrier: Any, kind: str, to: Cell, offside: set[Cell]) -> bool:
    if to in offside:
        return True
    if kind not in ("pass", "dribble"):
        return False
    opponents = {q.cell for q in match.teams[1 - team].on_pitch() if not q.lying}
    return any(cell in opponents for cell in line(carrier.cell, to)[1:-1])


def start_list(match: Any, seat: str, proposal: Choice | None) -> tuple[tuple[Any, ...], tuple[Any, ...], int | None]:
    """The entries, substitutions and thrower a list decision starts from: the proposal's
    (one press plays it), else none."""
    if isinstance(proposal, (Move, Place)):
        thrower = proposal.thrower if isinstance(proposal, Move) else None
        return tuple(proposal.entries), tuple(proposal.subs), thrower
    return (), (), None


def list_menu(match: Any, seat: str, picking: Picking) -> ListMenu:
    """The rules' walkable list menu, after the list's substitutions (a placement's first
    step makes them before anyone is placed: the substitute is the one to place)."""
    if picking.subs and match.pending.kind == "place":
        match = match.clone()
        try:
            apply_subs(match, team_of(seat), tuple(picking.subs), [], False)
        except Exception:  # noqa: BLE001 - substitutions the rules refuse: the list says why
            pass
    return ListMenu(match, team_of(seat), picking.thrower)


def list_options(match: Any, seat: str, picking: Picking) -> dict[int, list[Cell]]:
    key = ("list", picking.entries, picking.thrower, picking.subs)
    if key not in picking.cache:
        try:
            options = list_menu(match, seat, picking).options(picking.entries)
        except Exception:  # noqa: BLE001 - entries the rules refuse: nobody more may move
            options = {}
        picking.cache[key] = options
    return picking.cache[key]


def list_choice(match: Any, seat: str, picking: Picking) -> Choice:
    entries = tuple(picking.entries)
    if match.pending.kind == "place":
        return Place(entries, tuple(picking.subs))
    if match.pending.kind == "headers":
        return list_menu(match, seat, picking).choice(entries)
    return Move(entries, thrower=picking.thrower, subs=tuple(picking.subs))


def describe_choice(choice: Any, match: Any, seat: str) -> Label:
    """A proposed choice in a few words (the suggestion's option line)."""
    if isinstance(choice, Kick):
        if choice.to is not None:
            team = team_of(seat)
            mates = [p.num for p in match.teams[team].on_pitch() if p.cell == choice.to]
            kind = header_kind(match, choice.kind)
            if mates:
                return label("ss.sug.kick_to", kind=label("ss.kick." + kind), num=mates[0])
            # The Simple policy also aims at the cell ahead of a teammate: name him, or the
            # proposal reads like the plain line under it ("▶Pass", "Pass").
            behind = (choice.to[0] - (2 if match.east(team) else -2), choice.to[1])
            runners = [p.num for p in match.teams[team].on_pitch() if p.cell == behind]
            named = label("ss.sug.kick_ahead", kind=label("ss.kick." + kind),
                          num=runners[0] if runners else 0)
            if runners and fits_a_menu_line(named):   # "▶Header pass ahead of #10" does not
                return named
            carrier = match.carrier_player()
            if carrier is not None and carrier.cell is not None:   # into space: which way
                ahead = match.fr(team, choice.to)[0] - match.fr(team, carrier.cell)[0]
                way = "forward" if ahead > 0 else ("back" if ahead < 0 else "across")
                return label("ss.sug.kick_way", kind=label("ss.kick." + kind),
                             way=label("ss.way." + way))
            return label("ss.sug.kick", kind=label("ss.kick." + kind))
        return label("ss.sug.kick", kind=label("ss.kick." + choice.kind))
    if isinstance(choice, Cross):
        return label("ss.sug.cross", height=label("ss.high" if choice.high else "ss.low"))
    if isinstance(choice, Challenge):
        if choice.player is None:
            return label("ss.sug.no_challenge")
        entry = entry_risk(match, seat, choice.player)
        if entry == "violent":
            return label("ss.ch.violent", num=choice.player)
        if entry != "fair":
            return label("ss.ch.risky_tackle" if choice.tackle else "ss.ch.risky_enter",
                         num=choice.player)
        return label("ss.sug.tackle" if choice.tackle else "ss.sug.enter", num=choice.player)
    if isinstance(choice, Kicker):
        return label("ss.sug.kicker", num=choice.player)
    if isinstance(choice, Remove):
        return label("ss.sug.remove", num=choice.player)
    return label("ss.sug.other")


def entry_risk(match: Any, seat: str, num: int) -> str:
    """How ``seat``'s player ``num`` would enter the carrier's cell (S-P3-2): ``fair``,
    ``behind`` or ``recovery`` (a yellow-card foul on some dice), ``violent`` (2+ cells:
    always a foul and a red card). The menu says so: "#6 tackles" that was a sure red card
    surprised the player who chose it (issue 20 leftovers, kids' play-through). Only asked
    in a challenge decision, of a legal challenger: the carrier and the player are on the
    pitch."""
    return str(match.entry_kind(match.player(team_of(seat), num)))


def header_kind(match: Any, kind: str) -> str:
    """A heading player's lob is a header pass (S-CRS-2)."""
    heading = isinstance(match.pending, KickPending) and match.pending.mode == "header"
    return "header_pass" if kind == "lob" and heading else kind


def dots_label(dots: str) -> Label:
    """A player's coloured dots (S-TEAM-1) in words a newcomer reads: "RRK" is "tir×2 tête"
    (finishing twice, headers), never letters explained nowhere; his two strongest colours
    (most dots first), so the line fits beside his number."""
    counts = sorted({c: dots.count(c) for c in dots}.items(), key=lambda item: -item[1])[:2]
    skills = [label("ss.skill." + c) if n == 1 else label("ss.skill_n", skill=label("ss.skill." + c), n=n)
              for c, n in counts]
    if not skills:
        return label("ss.skill.none")
    return skills[0] if len(skills) == 1 else label("ss.skills", a=skills[0], b=skills[1])


def player_label(match: Any, seat: str, num: int, suffix: str = "") -> Label:
    p = match.player(team_of(seat), num)
    return label("ss.player", num=num, dots=dots_label(p.dots + suffix))


def menu_options(match: Any, seat: str, picking: Picking, legal: Sequence[Choice]
                 ) -> tuple[Label, list[tuple[Label, Action]]]:
    """The prompt and the options of ``seat``'s menu now."""
    kind = match.pending.kind
    if kind == "kick":
        return _kick_menu(match, seat, picking)
    if kind == "cross":
        return _cross_menu(match, seat, picking, legal)
    if kind == "challenge":
        return _challenge_menu(match, seat, picking, legal)
    if kind in ("kicker", "remove"):
        return _player_menu(match, seat, picking, legal)
    if kind == "defend":
        return _defend_options(match, seat, picking)
    if kind in LISTS:
        return _list_menu(match, seat, picking, legal)
    return label("ss.ask.other"), [(label("ss.opt.play"), ("play", legal[0]))] if legal else []


def _suggested(match: Any, seat: str, picking: Picking, key: str = "ss.opt.suggest"
               ) -> list[tuple[Label, Action]]:
    """The proposal's line, first on a menu (one press plays it)."""
    hint = picking.suggestion
    if hint is None:
        return []
    return [(label(key, what=describe_choice(hint, match, seat)), ("play", hint))]


def _kick_menu(match: Any, seat: str, picking: Picking) -> tuple[Label, list[tuple[Label, Action]]]:
    carrier = match.carrier_player()
    prompt = label("ss.ask.kick", num=carrier.num if carrier else 0)
    options = _suggested(match, seat, picking)
    hint = picking.suggestion
    kinds = match.kick_options()
    for k in KICK_ORDER:
        if isinstance(hint, Kick) and hint.kind == k and hint.to is None:
            continue                            # the proposal's own line says it already
        if k in kinds:
            shown = label("ss.kick." + header_kind(match, k))
            if k in TARGETED:                   # "…": a cell pick follows
                options.append((label("ss.opt.pick", what=shown), ("cells", "kick", k)))
            else:
                options.append((shown, ("play", Kick(k))))
    return prompt, options


def _cross_menu(match: Any, seat: str, picking: Picking, legal: Sequence[Choice]
                ) -> tuple[Label, list[tuple[Label, Action]]]:
    options = _suggested(match, seat, picking)
    for high in (False, True):
        if any(isinstance(c, Cross) and c.high == high for c in legal):
            plain = label("ss.sug.cross_plain", height=label("ss.high" if high else "ss.low"))
            options.append((label("ss.opt.pick", what=plain), ("cells", "cross", high)))
    return label("ss.ask.cross"), options


def _challenge_menu(match: Any, seat: str, picking: Picking, legal: Sequence[Choice]
                    ) -> tuple[Label, list[tuple[Label, Action]]]:
    options = _suggested(match, seat, picking, "ss.sug.mark")
    for choice in legal:
        if isinstance(choice, Challenge) and choice != picking.suggestion:
            if choice.tackle and choice.player is not None and \
                    entry_risk(match, seat, choice.player) == "violent":
                continue        # the entry is the foul: with or without a tackle, one line
            options.append((describe_choice(choice, match, seat), ("play", choice)))
    return label("ss.ask.challenge"), options


def _player_menu(match: Any, seat: str, picking: Picking, legal: Sequence[Choice]
                 ) -> tuple[Label, list[tuple[Label, Action]]]:
    """The shoot-out's kicker, or who leaves for a stand-in keeper: a player each."""
    kind = match.pending.kind
    options: list[tuple[Label, Action]] = []
    for choice in legal:
        assert isinstance(choice, (Kicker, Remove))
        options.append((player_label(match, seat, choice.player), ("play", choice)))
    if kind == "kicker":                # the best kickers first, the keeper last
        rank = {p.num: i for i, p in enumerate(soccer_bots.shootout_order(match, team_of(seat)))}
        options.sort(key=lambda o: rank.get(o[1][1].player, len(rank)))
    hint = picking.suggestion
    if hint is not None and hint in legal:
        options.sort(key=lambda o: o[1][1] != hint)
    return label("ss.ask." + kind), options


def _list_menu(match: Any, seat: str, picking: Picking, legal: Sequence[Choice]
               ) -> tuple[Label, list[tuple[Label, Action]]]:
    """A move, placement or header list: DONE, UNDO, the players nearest the ball, then the
    substitutions; at a throw-in, first who throws."""
    if picking.sub in ("sub_off", "sub_on"):
        return substitution_options(match, seat, picking)
    options: list[tuple[Label, Action]] = []
    if match.pending.kind == "move" and match.move_phase == "throw" and picking.thrower is None:
        if picking.subs:                      # subs alone: a repositioning (S-RST-1)
            options.append((label("ss.opt.sub_done", n=len(picking.subs)), ("done",)))
            options.extend(_sub_lines(match, seat, picking))
            return label("ss.ask.throw_subs"), options
        for choice in legal:
            if isinstance(choice, Move) and choice.thrower is not None:
                options.append((player_label(match, seat, choice.thrower),
                                ("thrower", choice.thrower)))
        options.extend(_sub_lines(match, seat, picking))
        return label("ss.ask.thrower"), options
    options.append((label("ss.opt.done", n=len(picking.entries)), ("done",)))
    if picking.entries:
        options.append((label("ss.opt.undo", num=picking.entries[-1][0]), ("undo",)))
    team = team_of(seat)
    movable = list_options(match, seat, picking)
    ball = match.ball
    placed = list_menu(match, seat, picking).match
    order = sorted(movable, key=lambda n: (distance(placed.player(team, n).cell or ball, ball), n))
    for num in order:
        options.append((player_label(match, seat, num), ("player", num)))
    # Substitutions last: one LEFT from the first page (the pages go round), which keeps
    # DONE, UNDO and the players nearest the ball where they always are.
    options.extend(_sub_lines(match, seat, picking))
    return list_prompt(match, seat), options


# ----- voluntary substitutions (S-SUB-1) -----------------------------------------------------
def may_substitute(match: Any, seat: str, picking: Picking) -> bool:
    """Whether ``seat`` may add a substitution to the decision it is making (S-SUB-1): in its
    first step of a repositioning (S-RST-2; not at the first half's kick-off), or instead of
    taking its throw-in (subs alone: the throw-in becomes a repositioning, S-RST-1); 5 a
    match, while someone is left on the bench. The rules check the whole decision again
    when it is played."""
    team = team_of(seat)
    t = match.teams[team]
    if t.subs + len(picking.subs) >= 5 or len(t.bench()) <= len(picking.subs):
        return False
    kind = match.pending.kind
    if kind == "place":
        r = match.restart
        return first_step(r, team) and not (r.first and match.half == 1)
    return match.move_phase == "throw"


def _sub_lines(match: Any, seat: str, picking: Picking) -> list[tuple[Label, Action]]:
    """The list menu's substitution lines: one to make another, one to undo each made."""
    lines: list[tuple[Label, Action]] = []
    if may_substitute(match, seat, picking):
        used = match.teams[team_of(seat)].subs + len(picking.subs)
        lines.append((label("ss.opt.sub", n=used), ("menu", "sub_off")))
    for index, (off, on) in enumerate(picking.subs):
        lines.append((label("ss.opt.unsub", into=on, out=off), ("unsub", index)))
    return lines


def squad_label(match: Any, team: int, num: int) -> Label:
    """A player as a substitution menu shows him: shirt, duel ratings as his card prints
    them (Dribble-Marking-Tackle-Retention), dots, a yellow card."""
    p = match.player(team, num)
    duel = "-".join(str(value) for value in p.duel)
    return label("ss.sub.player", num=num, duel=duel, dots=p.dots,
                 card=label("ss.sub.booked") if p.yellow else "")


def substitution_options(match: Any, seat: str, picking: Picking
                         ) -> tuple[Label, list[tuple[Label, Action]]]:
    """Who comes off (the players on the pitch, after the substitutions already picked),
    then who comes on for him (the bench), each with a way back."""
    team = team_of(seat)
    after = list_menu(match, seat, picking).match if match.pending.kind == "place" else match
    incoming = {on for _off, on in picking.subs}
    options: list[tuple[Label, Action]] = [(label("ss.opt.back"), ("back",))]
    if picking.sub == "sub_on" and picking.sub_off_num is not None:
        for p in sorted(after.teams[team].bench(), key=lambda q: q.num):
            if p.num not in incoming:
                options.append((squad_label(after, team, p.num), ("sub_on", p.num)))
        return label("ss.ask.sub_on", num=picking.sub_off_num), options
    for p in sorted(after.teams[team].on_pitch(), key=lambda q: q.num):
        if p.num not in incoming:
            options.append((squad_label(after, team, p.num), ("sub_off", p.num)))
    return label("ss.ask.sub_off"), options


def add_substitution(picking: Picking, off: int, on: int, alone: bool = False) -> None:
    """``on`` comes on for ``off``: he takes his slot and cell (S-SUB-1), so the moves
    planned for ``off`` are now his; ``alone``: at a throw-in, where substitutions come
    alone (S-RST-1: no thrower, no moves; a repositioning follows)."""
    picking.subs = picking.subs + ((off, on),)
    if alone:
        picking.thrower, picking.entries = None, ()
    picking.entries = tuple((on if num == off else num, cell) for num, cell in picking.entries)


def remove_substitution(picking: Picking, index: int) -> None:
    """Undo a substitution: the moves planned for the substitute go back to the player."""
    off, on = picking.subs[index]
    picking.subs = picking.subs[:index] + picking.subs[index + 1:]
    picking.entries = tuple((off if num == on else num, cell) for num, cell in picking.entries)


def list_prompt(match: Any, seat: str) -> Label:
    kind = match.pending.kind
    if kind == "place":
        return label("ss.ask.place", step=match.restart.step)
    if kind == "headers":
        return label("ss.ask.headers")
    phase = match.move_phase
    if phase == "p2":
        return label("ss.ask.p2", n=match.turn.limit)
    if phase == "p3":
        return label("ss.ask.p3", n=match.p3_limit())
    return label("ss.ask.throw")


def _defend_options(match: Any, seat: str, picking: Picking
                    ) -> tuple[Label, list[tuple[Label, Action]]]:
    options: list[tuple[Label, Action]] = []
    if picking.sub == "intercept":
        for num in sorted(interceptors(match, seat, picking)):
            options.append((player_label(match, seat, num), ("cells", "intercept", num)))
        options.append((label("ss.opt.back"), ("back",)))
        return label("ss.ask.intercept"), options
    cross = isinstance(match.pending, DefendPending) and match.pending.cross
    options.append((label("ss.opt.defend_done"), ("done",)))
    keeper = match.teams[team_of(seat)].keeper()
    if not cross and keeper is not None and not keeper.lying:
        options.append((label("ss.opt.keeper"), ("cells", "keeper", None)))
    if interceptors(match, seat, picking):
        options.append((label("ss.opt.intercept"), ("menu", "intercept")))
    if picking.keeper is not None or picking.intercept is not None:
        options.append((label("ss.opt.clear"), ("clear",)))
    return label("ss.ask.cross_defend" if cross else "ss.ask.defend"), options


def _defend_cells(match: Any, seat: str, picking: Picking) -> dict[Any, set[Cell]]:
    """Legal keeper cells (key ``keeper``) and interception cells (key: shirt), each with
    the other part as picked; checked by the rules (clone and apply)."""
    key = ("defend", picking.keeper, picking.intercept)
    if key in picking.cache:
        return picking.cache[key]
    out: dict[Any, set[Cell]] = {}
    for candidate in defend_candidates(match, team_of(seat)):
        assert isinstance(candidate, Defend)
        if candidate.intercept == picking.intercept and candidate.keeper is not None:
            if match.is_legal(seat, candidate):
                out.setdefault("keeper", set()).add(candidate.keeper)
        if candidate.keeper == picking.keeper and candidate.intercept is not None:
            if match.is_legal(seat, candidate):
                num, cell = candidate.intercept
                out.setdefault(num, set()).add(cell)
    picking.cache[key] = out
    return out


def interceptors(match: Any, seat: str, picking: Picking) -> set[int]:
    return {k for k in _defend_cells(match, seat, picking) if k != "keeper"}


def defend_choice(picking: Picking) -> Defend:
    return Defend(picking.keeper, picking.intercept)


def cell_targets(match: Any, seat: str, picking: Picking, purpose: Action,
                 legal: Sequence[Choice]) -> tuple[frozenset[Cell], Cell, Cell]:
    """The legal cells of a cell pick, where it starts (the acting player's cell: CENTRE
    there goes back) and where the cursor starts (the suggested target when there is one)."""
    what = purpose[0]
    team = team_of(seat)
    if what == "kick":
        kind = purpose[1]
        carrier = match.carrier_player()
        origin = carrier.cell if carrier is not None else match.ball
        cells = frozenset(c for c in match.kick_options().get(kind, []) if c is not None)
        hint = picking.suggestion
        suggested = hint.to if isinstance(hint, Kick) and hint.kind == kind else None
        start = suggested if suggested is not None and suggested in cells else \
            _nearest_ahead(match, team, origin, cells)
        return cells, origin, start
    if what == "cross":
        high = purpose[1]
        carrier = match.carrier_player()
        origin = carrier.cell if carrier is not None else match.ball
        cells = frozenset(c.to for c in legal if isinstance(c, Cross) and c.high == high)
        hint = picking.suggestion
        start = hint.to if isinstance(hint, Cross) and hint.to in cells else \
            _nearest_ahead(match, team, origin, cells)
        return cells, origin, start
    if what == "entry":
        num = purpose[1]
        origin = list_menu(match, seat, picking).match.player(team, num).cell
        if picking.thrower == num and match.pending.cell is not None:
            origin = match.pending.cell
        cells = frozenset(list_options(match, seat, picking).get(num, []))
        return cells | push_cells(match, seat, picking, num), origin, origin
    if what == "push":
        _push, num, cell = purpose
        return push_targets(match, seat, num, cell), cell, cell
    if what == "keeper":
        keeper = match.teams[team].keeper()
        origin = keeper.cell if keeper is not None else match.ball
        cells = frozenset(_defend_cells(match, seat, picking).get("keeper", set()))
        return cells - {origin}, origin, origin
    if what == "intercept":
        num = purpose[1]
        origin = match.player(team, num).cell
        cells = frozenset(_defend_cells(match, seat, picking).get(num, set()))
        return cells, origin, origin
    if what == "round":
        shooter = match.carrier_player()
        origin = shooter.cell if shooter is not None else match.ball
        return frozenset(match.round_cells()), origin, origin
    raise ValueError(f"no cell pick for {purpose!r}")


# ----- S-PRO-QUICK: answering a quick turn, the one 1-cell move may push a teammate ------------
def push_cells(match: Any, seat: str, picking: Picking, num: int) -> frozenset[Cell]:
    """Teammates' cells ``num`` may enter answering a quick turn with the Pro rule on (the
    teammate then steps to an empty neighbour of his cell): only as the list's one move."""
    if picking.entries or match.move_phase != "p3" or \
            not match.options.has("pro_quick_turn") or not match.quick():
        return frozenset()
    team = team_of(seat)
    mover = match.player(team, num)
    if mover.cell is None:
        return frozenset()
    return frozenset(q.cell for q in match.teams[team].on_pitch()
                     if q.num != num and q.cell is not None and distance(mover.cell, q.cell) == 1
                     and push_targets(match, seat, num, q.cell))


def push_targets(match: Any, seat: str, num: int, cell: Cell) -> frozenset[Cell]:
    """Where the teammate in ``cell`` may step when ``num`` pushes into it (the rules check
    each: clone and apply)."""
    out = set()
    for target in neighbours(cell):
        if not on_pitch(target) or match.at(target):
            continue
        try:
            if match.is_legal(seat, Move(((num, cell),), push=target)):
                out.add(target)
        except Exception:  # noqa: BLE001 - a refusal, whatever the engine raised
            continue
    return frozenset(out)


def _nearest_ahead(match: Any, team: int, origin: Cell, cells: frozenset[Cell]) -> Cell:
    """The legal cell a cursor starts on when nothing is suggested: the nearest one, ahead."""
    if not cells:
        return origin
    return min(cells, key=lambda c: (distance(origin, c), -match.fr(team, c)[0], c))
