"""JSON from outside (state files, match scripts, stdio answers), read so it cannot crash us.

``json.loads`` lets ``RecursionError`` escape on deep nesting (``[`` x 100000), and values
nested a few hundred levels deep crash later code that walks them; integers past Python's
4,300-digit limit raise a bare ``ValueError``. :func:`read_json` turns all of these into a
``ValueError`` with a readable reason, which every reader already reports in one line.
"""
from __future__ import annotations

import json
import sys
from typing import Any

MAX_DEPTH = 32
"""Deeper than anything we read (a Fotboll script's deal is 5 levels)."""


def read_json(text: str | bytes) -> Any:
    """One JSON value; ``ValueError`` for anything a reader could choke on later."""
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError(f"nested deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError:
        raise
    except ValueError as exc:
        if "digits" in str(exc):
            raise ValueError(f"an integer has more than {sys.get_int_max_str_digits()} digits") from None
        raise
    check_depth(value)
    return value


def check_depth(value: Any, limit: int = MAX_DEPTH) -> None:
    """``ValueError`` when ``value`` nests lists or objects deeper than ``limit``."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                raise ValueError(f"nested deeper than {limit} levels")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
