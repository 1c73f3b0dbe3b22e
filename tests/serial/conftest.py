"""Puts ``serial_rig`` (the pad-board rig on a pty) on the path in either pytest import mode.

This folder has no ``__init__.py`` on purpose: a package named ``serial`` would shadow pyserial.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
