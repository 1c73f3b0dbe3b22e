"""Lets the bot tests import their helpers (``bot_setups``, ``bot_positions``) in either
pytest import mode."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
