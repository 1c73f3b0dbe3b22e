"""Phones as pads: the page phones open, the encrypted link, and their pads, screens and LEDs.

``hal.phone.server.open_phones`` serves them (the ``phones`` extra: PyNaCl and websockets); the
contract the firmware sees is :mod:`hal.phones`. docs/phones.md says how the link works and
what an onlooker on the network can and cannot learn.
"""
