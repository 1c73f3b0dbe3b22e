"""Entry point on the pad board (MicroPython runs ``main.py`` at boot)."""
import board
from padloop import PadLoop


def main():
    clock = board.Clock()
    pad = PadLoop(board.PAD_ID, board.UsbLink(), board.keys, board.Panel(), clock.now_ms, board.nonce())
    while True:
        pad.poll()
        board.idle()


main()
