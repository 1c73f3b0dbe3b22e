"""Lets the Fotboll tests import their helpers (``fotboll_setups``) in either import mode."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
