"""What the pads' screens show during ``pitchpad doctor --walk``.

The test pattern makes a wrong screen visible at a glance: the pad's number big (the wrong
screen shows the other number), "TOP" under an arrow at the top edge (rotation: upside down
reads at once), a frame on the four outermost rows and columns with a notch in each corner (an
SH1106 driven as an SSD1306 shows a shifted frame, a cut edge or a band of noise), and where
the config says the screen is. Prompts follow the console's layout: the card buttons under the
screen's four columns, LEFT, CENTRE and RIGHT on the bottom line.
"""
from __future__ import annotations

from PIL import Image

from firmware.render import COLUMN_W, HEIGHT, HINT_Y, WIDTH, Canvas
from hal import Button
from hal.buttons import CARDS

ARROWS = {Button.LEFT: "◀", Button.CENTRE: "OK", Button.RIGHT: "▶"}


def test_pattern(pad_id: int, where: str, *, question: bool = False) -> Image.Image:
    """The pad's number, which way is up, the panel's four edges, and where it is on the bus
    (``question``: the bottom line asks whether all that is right)."""
    canvas = Canvas()
    canvas.box(0, 0, WIDTH - 1, HEIGHT - 1)
    for x, y in ((0, 0), (WIDTH - 4, 0), (0, HEIGHT - 4), (WIDTH - 4, HEIGHT - 4)):
        canvas.box(x, y, x + 3, y + 3, filled=True)
    canvas.centred(2, "▲ TOP ▲")
    canvas.text(8, 16, str(pad_id), scale=4)
    canvas.text(40, 18, "pad")
    canvas.text(40, 30, where[:14])
    if question:
        canvas.text(6, HINT_Y - 3, "◀ no")
        canvas.right(WIDTH - 6, HINT_Y - 3, "OK yes")
    else:
        canvas.centred(HINT_Y - 3, "wiring check")
    return canvas.image


def ask_button(pad_id: int, button: Button, step: str) -> Image.Image:
    """"Press CARD3", with the button marked where it sits on the pad."""
    canvas = Canvas()
    canvas.text(0, 0, f"pad {pad_id}")
    canvas.right(WIDTH, 0, step)
    canvas.centred(14, "press")
    canvas.centred(26, button.name, scale=2)
    if button in CARDS:
        column = CARDS.index(button)
        canvas.box(column * COLUMN_W + 2, HINT_Y, (column + 1) * COLUMN_W - 3, HEIGHT - 1, filled=True)
        canvas.centred(HINT_Y - 1, "▼", x0=column * COLUMN_W, x1=(column + 1) * COLUMN_W, ink=0)
    else:
        canvas.hints(**{button.name.lower(): f"[{ARROWS[button]}]"})
    return canvas.image


def waiting(pad_id: int, busy_pad: int) -> Image.Image:
    canvas = Canvas()
    canvas.text(0, 0, f"pad {pad_id}")
    canvas.centred(20, "wiring check:")
    canvas.centred(32, f"pad {busy_pad} now")
    return canvas.image


def ask_yes_no(pad_id: int, *lines: str) -> Image.Image:
    """A question answered on the pad: CENTRE yes, LEFT no."""
    canvas = Canvas()
    canvas.text(0, 0, f"pad {pad_id}")
    for row, line in enumerate(lines[:3]):
        canvas.centred(13 + row * 12, line)
    canvas.hints(left="◀ no", centre="OK yes")
    return canvas.image


def finished(pad_id: int, problems: int) -> Image.Image:
    canvas = Canvas()
    canvas.text(0, 0, f"pad {pad_id}")
    canvas.centred(16, "wiring check done")
    canvas.centred(30, "all good" if not problems else f"{problems} to fix")
    canvas.centred(HINT_Y - 1, "see the terminal")
    return canvas.image
