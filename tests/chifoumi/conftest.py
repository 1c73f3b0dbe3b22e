"""Lets the Chifoumi tests import their helpers (``chifoumi_positions``, ``chifoumi_rig``)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
