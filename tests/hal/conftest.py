"""Lets the HAL tests import their independent panel model (``oled_model``) in either pytest
import mode; the project runs ``--import-mode=importlib``, which adds no test folders to the path."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
