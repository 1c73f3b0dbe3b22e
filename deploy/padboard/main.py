"""Entry point on the pad board (MicroPython runs ``main.py`` at boot).

Nothing ends this loop: a pass that raises is skipped (the buttons and the link go on with the
next), and the watchdog resets a board whose loop hangs, or whose passes keep failing.
"""
import board
from padloop import PadLoop

#: Passes in a row that may raise before the watchdog is left to reset the board.
FAILURES_BEFORE_RESET = 100


def main():
    if board.keys() == board.MAINTENANCE_KEYS:
        return                              # LEFT+RIGHT at power-up: leave the REPL to mpremote
    pad_id, screen = board.settings()
    panel = board.Panel() if screen else None
    pad = PadLoop(pad_id, board.UsbLink(), board.keys, panel, board.now_ms, board.nonce())
    watchdog = board.watchdog()
    failures = 0
    while True:
        try:
            pad.poll()
            failures = 0
        except Exception:                   # a bug or a lost allocation: try the next pass
            failures += 1
        if failures < FAILURES_BEFORE_RESET:
            watchdog.feed()
        board.idle()


main()
