"""An independent model of SSD1306 and SH1106 panels, rebuilt from the bytes on the bus.

Written from the controllers' datasheets, not from PitchPad or luma code: it decodes the command
stream (addressing modes, column/page windows, page addressing, remaps, on/off, invert) and the
data stream into GDDRAM, then says what a person looking at the panel would see.
"""
from __future__ import annotations

import random

from PIL import Image

from hal.mock_bus import Transfer

# Commands followed by argument bytes, and how many.
SSD1306_ARGS = {0x81: 1, 0x20: 1, 0x21: 2, 0x22: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1,
                0xDB: 1, 0x8D: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xA3: 2}
SH1106_ARGS = {0x81: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1, 0xAD: 1, 0x8D: 1}


class OledModel:
    """One panel on the bus at ``address``. ``chip`` is "ssd1306" (128 columns of RAM) or
    "sh1106" (132 columns, the 128 visible ones at 2..129)."""

    def __init__(self, chip: str = "ssd1306", address: int = 0x3C, seed: int = 0) -> None:
        assert chip in ("ssd1306", "sh1106")
        self.chip = chip
        self.address = address
        self.columns = 128 if chip == "ssd1306" else 132
        self.args = SSD1306_ARGS if chip == "ssd1306" else SH1106_ARGS
        self.rng = random.Random(seed)
        self.power_cycle()

    def power_cycle(self) -> None:
        """Registers to reset values; RAM holds garbage, as after a real power-up."""
        self.ram = [bytearray(self.rng.randbytes(self.columns)) for _ in range(8)]
        self.mode = 2                       # page addressing
        self.column_range = (0, 127)
        self.page_range = (0, 7)
        self.column = 0
        self.page = 0
        self.on = False
        self.all_on = False
        self.inverted = False
        self.segment_remap = False
        self.com_reversed = False
        self.start_line = 0
        self.offset = 0
        self.contrast = 0x7F
        self.charge_pump = False            # SSD1306: 0x8D 0x14 turns it on; dark without it
        self._pending: list[int] = []
        self._need = 0

    def lose_power(self) -> None:
        """VCC or GND came loose and back between two transfers: no transfer failed and the bus
        still acknowledges, but the controller forgot everything (display off, charge pump off,
        RAM garbage, addressing reset), as after a power-up."""
        self.power_cycle()

    def write(self, data: bytes) -> None:
        """One write message as the bus hands it to an attached chip (``MockSMBus.attach``): the
        control byte, then commands or data. Attached, the model follows the bus as it goes and
        answers status reads; it must then not be fed the same transfers again."""
        self.feed([Transfer(self.address, data[0], bytes(data[1:]))])

    def read(self, count: int) -> bytes:
        """An I2C read. SH1106 datasheet: the status byte, D7 BUSY (never modelled: the panel is
        ready at once), D6 ON/OFF high while the display is off, the other bits undefined (the
        model sets them, so that a reader must mask them). The SSD1306 datasheet gives no read on
        I2C: reading one is a mistake of the code under test."""
        assert self.chip == "sh1106", "the SSD1306 gives no read on I2C"
        status = (0x00 if self.on else 0x40) | 0x15
        return bytes([status] * count)

    def feed(self, transfers: list[Transfer]) -> None:
        for transfer in transfers:
            if transfer.address != self.address or transfer.read:
                continue
            if transfer.control == 0x00:
                for byte in transfer.payload:
                    self._command_byte(byte)
            elif transfer.control == 0x40:
                for byte in transfer.payload:
                    self._data_byte(byte)
            else:
                raise AssertionError(f"unknown control byte 0x{transfer.control:02X}")

    def _command_byte(self, byte: int) -> None:
        if self._need:
            self._pending.append(byte)
            self._need -= 1
            if not self._need:
                self._execute(self._pending[0], self._pending[1:])
            return
        if byte in self.args:
            self._pending = [byte]
            self._need = self.args[byte]
            return
        self._execute(byte, [])

    def _execute(self, op: int, args: list[int]) -> None:
        if self.chip == "sh1106" and op in (0x20, 0x21, 0x22):
            return                          # SSD1306 addressing commands: not in the SH1106 set
        if op == 0x81:
            self.contrast = args[0]
        elif op == 0x20:
            self.mode = args[0] & 0x03
        elif op == 0x21:
            self.column_range = (args[0] & 0x7F, args[1] & 0x7F)
            self.column = self.column_range[0]
        elif op == 0x22:
            self.page_range = (args[0] & 0x07, args[1] & 0x07)
            self.page = self.page_range[0]
        elif op == 0x8D:
            self.charge_pump = bool(args[0] & 0x04)
        elif op == 0xD3:
            self.offset = args[0] & 0x3F
        elif op in (0xAE, 0xAF):
            self.on = op == 0xAF
        elif op in (0xA4, 0xA5):
            self.all_on = op == 0xA5
        elif op in (0xA6, 0xA7):
            self.inverted = op == 0xA7
        elif op in (0xA0, 0xA1):
            self.segment_remap = op == 0xA1
        elif op in (0xC0, 0xC8):
            self.com_reversed = op == 0xC8
        elif 0x40 <= op <= 0x7F:
            self.start_line = op & 0x3F
        elif 0xB0 <= op <= 0xB7:
            self.page = op & 0x07
        elif op <= 0x0F and self._page_addressing():
            self.column = (self.column & 0xF0) | op
        elif 0x10 <= op <= 0x1F and self._page_addressing():
            self.column = (self.column & 0x0F) | (op & 0x0F) << 4

    def _page_addressing(self) -> bool:
        return self.chip == "sh1106" or self.mode == 2

    def _data_byte(self, byte: int) -> None:
        if self.column < self.columns:
            self.ram[self.page][self.column] = byte
        if self.chip == "sh1106":
            self.column = min(self.column + 1, self.columns)
        elif self.mode == 2:
            self.column = self.column + 1 if self.column < self.column_range[1] else self.column_range[0]
        elif self.mode == 0:                # horizontal: across the window, then next page
            if self.column < self.column_range[1]:
                self.column += 1
            else:
                self.column = self.column_range[0]
                self.page = self.page + 1 if self.page < self.page_range[1] else self.page_range[0]
        else:                               # vertical: down the pages, then next column
            if self.page < self.page_range[1]:
                self.page += 1
            else:
                self.page = self.page_range[0]
                self.column = self.column + 1 if self.column < self.column_range[1] else self.column_range[0]

    def ram_pixel(self, column: int, row: int) -> bool:
        return bool(self.ram[row // 8][column] >> (row % 8) & 1)

    def shown(self) -> Image.Image | None:
        """What a person sees, upright as the module is mounted with luma's remaps (A1, C8);
        ``None`` while the panel is off (or, on SSD1306, its charge pump is)."""
        if not self.on or (self.chip == "ssd1306" and not self.charge_pump):
            return None
        assert self.start_line == 0 and self.offset == 0, "scrolling start line not modelled"
        image = Image.new("1", (128, 64))
        pixels = image.load()
        first_visible = 0 if self.chip == "ssd1306" else 2
        for x in range(128):
            column = first_visible + (x if self.segment_remap else 127 - x)
            for y in range(64):
                row = y if self.com_reversed else 63 - y
                lit = self.all_on or self.ram_pixel(column, row)
                pixels[x, y] = int(lit != self.inverted)
        return image
