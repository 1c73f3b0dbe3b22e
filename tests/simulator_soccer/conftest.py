"""Lets the Simulator Soccer tests import their helpers (``soccer_rig``) in either import mode."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
