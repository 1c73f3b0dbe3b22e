"""The pad board's MicroPython firmware (tabletop profile); see ``docs/serial-protocol.md``."""
