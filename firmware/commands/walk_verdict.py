"""What a wiring walk found: each asked button against what arrived, in a builder's words, and
the pins (or serial ports) that would make the config match the wiring.

Pure: it reads the presses the walk recorded and the config, nothing else.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from hal import Button, HardwareConfig
from hal.header import gpio_name

Arrival = int | tuple[int, Button]
"""What a press sent: a header GPIO, or (pad id, button) from a pad board over its link."""
BOARD_PINS = "their places in BUTTON_PINS (deploy/padboard/board.py)"


@dataclass
class Press:
    """One button asked for, and what came instead: ``arrived`` None when nothing did."""

    pad: int
    button: Button
    expected: Arrival
    arrived: Arrival | None = None
    edges: int = 0
    bounce: float = 0.0
    """Seconds from the first edge of the press to the last edge of its burst."""
    held: bool = False
    """Still pressed when the walk stopped waiting for the release."""
    stuck_at_start: bool = False
    skipped: bool = False

    @property
    def name(self) -> str:
        return f"pad {self.pad}'s {self.button.name}"


@dataclass
class Verdict:
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    pins: dict[tuple[int, Button], int] = field(default_factory=dict)
    """Header pins that match the wiring, where the config says otherwise."""
    ports: dict[int, str] = field(default_factory=dict)
    """Serial ports that match the boards, where the config says otherwise."""
    right: int = 0


def judge(presses: list[Press], config: HardwareConfig) -> Verdict:
    verdict = Verdict()
    moved = _serial_ports(presses, config, verdict)
    presses = [replace(press, expected=(moved[press.pad], press.button)) if press.pad in moved else press
               for press in presses]
    on_line: dict[Arrival, list[Press]] = {}
    for press in presses:
        if press.arrived is not None:
            on_line.setdefault(press.arrived, []).append(press)
    told: set[tuple[int, Button]] = set()
    for pad in config.pads:
        own = [press for press in presses if press.pad == pad.pad_id]
        if len(own) == len(Button) and all(press.skipped for press in own):
            verdict.problems.append(f"pad {pad.pad_id}: none of its buttons was checked (skipped, or its "
                                    f"board not there)")
            told.update((press.pad, press.button) for press in own)
    for press in presses:
        if (press.pad, press.button) not in told or press.arrived is not None:
            _one(press, presses, on_line, told, verdict, config.debounce)
    return verdict


def _one(press: Press, presses: list[Press], on_line: dict[Arrival, list[Press]],
         told: set[tuple[int, Button]], verdict: Verdict, debounce: float) -> None:
    where = f"GPIO{press.expected}" if isinstance(press.expected, int) else "its pad board"
    if press.stuck_at_start:
        verdict.problems.append(f"{press.name} ({where}) read pressed before anything was asked: "
                                f"a short to GND, or a button held")
    if press.arrived is None:
        wires = (f"check its wires to {gpio_name(press.expected)} and to GND" if isinstance(press.expected, int)
                 else "check its wires on the pad board")
        verdict.problems.append(f"{press.name}: nothing arrived ({'skipped; ' if press.skipped else ''}the config "
                                f"says {where}): {wires}")
        return
    if press.arrived == press.expected:
        verdict.right += 1
    elif len(on_line[press.arrived]) > 1:
        if (press.pad, press.button) not in told:
            both = on_line[press.arrived]
            told.update((p.pad, p.button) for p in both)
            verdict.problems.append(f"{' and '.join(p.name for p in both)} {'both' if len(both) == 2 else 'all'} "
                                    f"arrive as {_said(press.arrived)}: two buttons on one wire?")
    elif (press.pad, press.button) not in told:
        _mismatch(press, presses, told, verdict)
    _timing(press, verdict, debounce)


def _mismatch(press: Press, presses: list[Press], told: set[tuple[int, Button]], verdict: Verdict) -> None:
    arrived = press.arrived
    assert arrived is not None
    partner = next((other for other in presses if other.expected == press.arrived
                    and other.arrived == press.expected and other is not press), None)
    if isinstance(press.arrived, int):
        verdict.pins[(press.pad, press.button)] = press.arrived
    same_board = _pad_of(arrived) == _pad_of(press.expected)
    if partner is not None and (isinstance(arrived, int) or same_board):
        told.update({(press.pad, press.button), (partner.pad, partner.button)})
        if isinstance(partner.arrived, int):
            verdict.pins[(partner.pad, partner.button)] = partner.arrived
        if isinstance(press.arrived, int):
            verdict.problems.append(f"{press.name} and {partner.name} are swapped: {press.button.name} arrives "
                                    f"on GPIO{press.arrived}, {partner.button.name} on GPIO{partner.arrived} "
                                    f"(the config has them the other way round)")
        else:
            verdict.problems.append(f"pad {press.pad}'s board has {press.button.name} and "
                                    f"{partner.button.name} the other way round: swap their wires on the "
                                    f"board, or {BOARD_PINS}")
        return
    if isinstance(arrived, int):
        said = (f"GPIO{arrived} arrived, the config says GPIO{press.expected}" if isinstance(press.expected, int)
                else f"GPIO{arrived} on the Pi's header arrived")
    elif same_board:
        said = f"the pad board sent {arrived[1].name}"
    else:
        said = f"{_said(arrived)} arrived"
    verdict.problems.append(f"you pressed {press.name}: {said}")


def _timing(press: Press, verdict: Verdict, debounce: float) -> None:
    if press.edges > 2 and press.bounce > debounce:
        wanted = math.ceil(press.bounce * 1000 / 5) * 5
        verdict.problems.append(f"{press.name} bounces: {press.edges} edges over {press.bounce * 1000:.0f} ms, "
                                f"longer than debounce_ms = {debounce * 1000:.0f}, so the console would count "
                                f"two presses: a new switch, or debounce_ms = {wanted}")
    elif press.edges > 2:
        verdict.notes.append(f"{press.name} bounced {press.bounce * 1000:.0f} ms ({press.edges} edges): "
                             f"within the {debounce * 1000:.0f} ms debounce, one press")
    if press.held:
        verdict.problems.append(f"{press.name} stayed pressed after the press ({_said(press.arrived)}): "
                                f"held down, or shorted to GND")


def _serial_ports(presses: list[Press], config: HardwareConfig, verdict: Verdict) -> dict[int, int]:
    """Boards on each other's ports: every press asked on pad P came from pad Q's port, and the
    pads so moved are a permutation. Returns P -> Q."""
    source: dict[int, set[int]] = {}
    for press in presses:
        if isinstance(press.expected, tuple) and isinstance(press.arrived, tuple):
            source.setdefault(press.pad, set()).add(press.arrived[0])
    moved = {pad: next(iter(came)) for pad, came in source.items() if len(came) == 1 and came != {pad}}
    if not moved or sorted(moved) != sorted(moved.values()):
        return {}
    ports = {pad.pad_id: pad.serial_port for pad in config.pads}
    for pad, other in moved.items():
        port = ports[other]
        assert port is not None
        verdict.ports[pad] = port
    pairs = ", ".join(f"pad {pad}'s board is on pad {other}'s port" for pad, other in sorted(moved.items()))
    verdict.problems.append(f"the pad boards are on each other's ports: {pairs}")
    return moved


def _pad_of(arrival: Arrival) -> int | None:
    return arrival[0] if isinstance(arrival, tuple) else None


def _said(arrival: Arrival | None) -> str:
    if arrival is None:
        return "nothing"
    if isinstance(arrival, int):
        return f"GPIO{arrival}"
    return f"pad {arrival[0]}'s {arrival[1].name}"
