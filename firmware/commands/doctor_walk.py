"""``pitchpad doctor --walk``: opens the unit's parts for :class:`~firmware.commands.walk.Walk`,
feeds it the terminal's lines and the pads' events, then prints one screen of findings and
offers to write the pins the walk found into the config.

Everything it opens is injectable (the GPIO chips, the screens' bus, the serial ports, the PWM
sysfs folder, the boot config, standard input), so the tests run it on the real libgpiod under
the GPIO uAPI stand-in, luma's drivers on a recording bus and pyserial on a pty.
"""
from __future__ import annotations

import queue
import sys
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, TextIO

from firmware.commands import wakeups
from firmware.commands.walk import HOLD, WAIT, Linked, Typed, Walk, WalkResult, WatchedPad
from firmware.commands.walk_fix import write_corrected
from hal import BackendUnavailable, ConfigError, Console, HardwareConfig, load_config
from hal.buzzer import PWM_SYSFS
from hal.config import PowerConfig
from hal.gpiod_pad import Chips
from hal.header import GPIO_RANGE
from hal.header_watch import HeaderWatch
from hal.pinout import BootConfig, pinout
from hal.serial_pad import PortOpener, SerialPad, open_port
from hal.wiring import SerialFactory, open_console, open_serial


@dataclass
class WalkParts:
    """What the walk opens, and how (the defaults are a Pi's)."""

    chips: Chips | None = None
    open_bus: SerialFactory = open_serial
    open_port: PortOpener = open_port
    pwm_sysfs: str = PWM_SYSFS
    boot: str = ""
    """The boot config's text (``config.txt``): the system's own pins are never watched."""
    stdin: TextIO = field(default_factory=lambda: sys.stdin)
    say: Callable[[str], None] = print
    wait: float = WAIT
    hold: float = HOLD
    console_pid: Callable[[], int | None] = wakeups.find_console


def watched_lines(config: HardwareConfig, boot: BootConfig) -> set[int]:
    """Every header line a button could have been soldered to: the configured buttons', the
    power button's, and each line neither the config nor the system uses for something else."""
    taken = pinout(config, boot=boot).gpios_used() | set(boot.system_pins())
    buttons = {gpio for pad in config.pads for gpio in pad.buttons.values()}
    power = {config.power.button} if config.power.button is not None else set()
    return (set(GPIO_RANGE) - taken) | buttons | power


def run(config_path: str, parts: WalkParts | None = None) -> int:
    parts = parts or WalkParts()
    say = parts.say
    try:
        config = load_config(config_path)
    except ConfigError as error:
        say(f"the config cannot be used: {error}")
        return 2
    pid = parts.console_pid()
    if pid is not None:
        say(f"the console is running (pid {pid}) and holds the pads: stop it first "
            f"(sudo systemctl stop pitchpad), then start it again after the walk")
        return 2
    inputs: queue.SimpleQueue[object] = queue.SimpleQueue()
    try:
        console, watch = _open(config, parts, inputs)
    except BackendUnavailable as error:
        say(f"the walk cannot start: {error}")
        return 2
    threading.Thread(target=_forward, args=(console, inputs), name="walk-pads", daemon=True).start()
    threading.Thread(target=_typed, args=(parts.stdin, inputs), name="walk-stdin", daemon=True).start()
    try:
        result = Walk(config, console, inputs, watch, say=say, wait=parts.wait, hold=parts.hold).run()
    finally:
        if watch is not None:
            watch.close()
    try:
        for line in report(config_path, config, result):
            say(line)
        if not result.stopped:
            _offer(Path(config_path), config, result, inputs, say, parts.wait)
    finally:
        console.close()
    problems = len(result.verdict.problems) + sum(check.level == "fail" for check in result.checks)
    return 1 if problems else 0


def _open(config: HardwareConfig, parts: WalkParts,
          inputs: queue.SimpleQueue[object]) -> tuple[Console, HeaderWatch | None]:
    """The screens, LEDs, buzzer and serial pads as the console opens them; the header's
    buttons as one raw watch over every line they could be on."""
    unpowered = replace(config, power=PowerConfig())
    console = open_console(unpowered, gpio_chips=parts.chips, open_bus=parts.open_bus,
                           open_port=parts.open_port, pwm_sysfs=parts.pwm_sysfs,
                           header_pads=lambda pad, _events: WatchedPad(pad.pad_id))
    for pad in console.pads:
        if isinstance(pad, SerialPad):
            pad.on_connection(lambda pad_id, up: inputs.put(Linked(pad_id, up)))
    if not any(pad.buttons for pad in config.pads):
        return console, None
    try:
        watch = HeaderWatch(watched_lines(config, BootConfig.parse(parts.boot)), inputs.put,
                            chips=parts.chips, chip=config.gpio.chip)
    except BaseException:
        console.close()
        raise
    held = {gpio: who for gpio, who in watch.held.items()
            if any(gpio in pad.buttons.values() for pad in config.pads)}
    if held:
        watch.close()
        console.close()
        lines = ", ".join(f"GPIO{gpio} by {who}" for gpio, who in sorted(held.items()))
        raise BackendUnavailable(f"button lines are held ({lines}): stop that program first")
    return console, watch


def _forward(console: Console, inputs: queue.SimpleQueue[object]) -> None:
    """The serial pads' events into the walk's queue (blocks on the console's queue)."""
    try:
        while True:
            event = console.events.get()
            if event is not None:
                inputs.put(event)
    except EOFError:
        return


def _typed(stdin: TextIO, inputs: queue.SimpleQueue[object]) -> None:
    for line in stdin:
        inputs.put(Typed(line))


def report(config_path: str, config: HardwareConfig, result: WalkResult) -> list[str]:
    """One screen: what is right and what to fix, part by part."""
    verdict = result.verdict
    asked = len(result.presses)
    lines = ["", f"Wiring check of {config_path} ({len(config.pads)} pads)"
                 + (": stopped before the end" if result.stopped else "")]
    lines.append(f"{'OK  ' if not verdict.problems else 'FAIL'}  buttons: {verdict.right} of {asked} "
                 f"arrive where the config says")
    lines += [f"        {problem}" for problem in verdict.problems]
    lines += [f"        ({note})" for note in verdict.notes]
    lines += [str(check) for check in result.checks]
    return lines


def _offer(path: Path, config: HardwareConfig, result: WalkResult, inputs: queue.SimpleQueue[object],
           say: Callable[[str], None], wait: float) -> None:
    verdict = result.verdict
    if not verdict.pins and not verdict.ports:
        return
    say("The config can say what the wiring is:")
    pads = {pad.pad_id: pad for pad in config.pads}
    for (pad_id, button), gpio in sorted(verdict.pins.items(), key=lambda item: (item[0][0], item[0][1].name)):
        say(f"  pad {pad_id} {button.name}: GPIO{pads[pad_id].buttons[button]} -> GPIO{gpio}")
    for pad_id, port in sorted(verdict.ports.items()):
        say(f"  pad {pad_id} port: {pads[pad_id].serial_port} -> {port}")
    say(f"Write this into {path}? Its comments stay, and a copy of the old one is kept. y/n")
    answer = _yes(inputs, wait)
    if not answer:
        say("Not written.")
        return
    try:
        backup = write_corrected(path, verdict.pins, verdict.ports)
    except ConfigError as error:
        say(f"Not written: the corrected config would be refused: {error}")
        return
    except OSError as error:
        say(f"Not written: {path}: {error.strerror or error} (run it with sudo?)")
        return
    say(f"Written; the old config is {backup}. Then: sudo systemctl start pitchpad")


def _yes(inputs: queue.SimpleQueue[object], wait: float) -> bool:
    try:
        while True:
            item = inputs.get(timeout=wait)
            if isinstance(item, Typed) and item.word in ("y", "yes", "n", "no", "q"):
                return item.word in ("y", "yes")
    except queue.Empty:
        return False
