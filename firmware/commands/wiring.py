"""``pitchpad wiring``: the Pi's 40-pin header with every line the config uses, as a picture.

Drawn from the very config the console loads (:func:`hal.config.read_wiring`), so the picture
cannot disagree with it; a pin the loader refuses (used twice, or on a screens' bus) is drawn
too, marked, with the refusal's words. SVG is written as text; PNG goes through cairosvg (the
``wiring`` extra: a Pi does not need it to run). The terminal gets the same as a list.
"""
from __future__ import annotations

import argparse
import re
from pathlib import Path
from typing import Any

from firmware.commands.doctor import BOOT_CONFIGS, DEFAULT_CONFIG
from firmware.commands.wiring_picture import svg
from hal import ConfigError
from hal.config import HardwareConfig, read_wiring
from hal.header import HEADER
from hal.pinout import BootConfig, Pinout, pinout

EXAMPLES = Path(__file__).resolve().parents[2] / "deploy" / "config"
"""The example configs, in a checkout (``--examples``)."""
_COMMENTED_OVERLAY = re.compile(r"^\s*#.*?(dtoverlay=\S+)", re.MULTILINE)


def add_parser(commands: Any) -> None:
    parser = commands.add_parser("wiring", help="draw the header's wiring from the hardware config",
                                 description="Draw the Pi's 40-pin header with every line the config "
                                             "uses; print the same as a list.")
    parser.add_argument("--config", default=DEFAULT_CONFIG, metavar="FILE",
                        help=f"the hardware TOML file (default {DEFAULT_CONFIG})")
    parser.add_argument("--out", default="wiring.svg", metavar="FILE.svg|png",
                        help="the picture to write (default wiring.svg; .png needs pitchpad[wiring])")
    parser.add_argument("--boot-config", metavar="FILE",
                        help="the boot config whose overlays place other I2C buses (default: the "
                             "Pi's own, when there is one)")
    parser.add_argument("--examples", metavar="DIR",
                        help="draw every example of deploy/config into DIR/NAME.svg instead (the "
                             "docs' pictures), with the boot config lines each names in its comments")
    parser.set_defaults(run=run)


def picture(config: HardwareConfig, wiring: Pinout, name: str) -> str:
    pads = f"{len(config.pads)} pad{'s' if len(config.pads) > 1 else ''}"
    subtitle = (f"profile {config.profile}, {pads} · the Pi seen from above, turned so the header "
                f"runs down its right-hand edge · pins numbered as on the board")
    return svg(wiring, f"PitchPad wiring: {name}", subtitle)


def example_picture(path: Path) -> str:
    """The docs' picture of an example config: drawn with the boot config lines its own
    comments give (``# Boot config: … dtoverlay=i2c-gpio,bus=3,…``)."""
    config, clashes = read_wiring(path)
    boot = BootConfig.parse("\n".join(_COMMENTED_OVERLAY.findall(path.read_text(encoding="utf-8"))))
    return picture(config, pinout(config, clashes, boot), path.name)


def listing(wiring: Pinout) -> list[str]:
    """The picture as lines for the terminal: each used pin, then the notes and refusals."""
    lines = []
    clashing = wiring.clashing_pins()
    for pin, what in HEADER.items():
        uses = wiring.pins.get(pin)
        if not uses:
            continue
        name = f"GPIO{what}" if isinstance(what, int) else what
        mark = "CLASH " if pin in clashing else ""
        lines.append(f"pin {pin:>2}  {name:<6}  {mark}{'; '.join(use.words() for use in uses)}")
    lines += wiring.notes
    lines += [f"refused: {clash.message}" for clash in wiring.clashes]
    lines += [f"clash: {message}" for message in wiring.unseen.values()]
    return lines


def _boot(path: str | None) -> BootConfig:
    candidates = [path] if path else list(BOOT_CONFIGS)
    for candidate in candidates:
        try:
            return BootConfig.parse(Path(candidate).read_text(encoding="utf-8", errors="replace"))
        except OSError as error:
            if path:
                raise ConfigError(f"cannot read the boot config: {error.strerror}", path=path) from None
    return BootConfig()


def write_picture(text: str, out: Path) -> None:
    """``text`` (SVG) to ``out``: as it is, or as a PNG through cairosvg."""
    if out.suffix.lower() == ".png":
        try:
            import cairosvg
        except ImportError:
            raise ConfigError("a PNG needs cairosvg: pip install 'pitchpad[wiring]' (or write "
                              "--out wiring.svg, which any browser opens)") from None
        cairosvg.svg2png(bytestring=text.encode("utf-8"), write_to=str(out), scale=1.5)
    elif out.suffix.lower() == ".svg":
        out.write_text(text, encoding="utf-8")
    else:
        raise ConfigError(f"--out {out}: the picture is .svg or .png")


def run(args: argparse.Namespace) -> int:
    try:
        if args.examples:
            folder = Path(args.examples)
            folder.mkdir(parents=True, exist_ok=True)
            for example in sorted(EXAMPLES.glob("*.toml")):
                (folder / f"{example.stem}.svg").write_text(example_picture(example), encoding="utf-8")
                print(f"wrote {folder / example.stem}.svg")
            return 0
        config, clashes = read_wiring(args.config)
        wiring = pinout(config, clashes, _boot(args.boot_config))
        for line in listing(wiring):
            print(line)
        write_picture(picture(config, wiring, Path(args.config).name), Path(args.out))
    except ConfigError as error:
        print(f"pitchpad wiring: {error}")
        return 2
    except OSError as error:
        print(f"pitchpad wiring: {error.filename or args.out}: {error.strerror or error}")
        return 2
    count = len(clashes) + len(wiring.unseen)
    print(f"wrote {args.out}" + (f"; {count} pin clash(es) to fix" if count else ""))
    return 1 if count else 0
