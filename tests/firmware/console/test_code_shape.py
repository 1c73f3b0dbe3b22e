"""The console app (``firmware/console``): no module over 800 lines, no function over 80, no
two modules importing each other (``TYPE_CHECKING`` imports included): the app imports its
modes, so a mode that reached back into the app would be a cycle here; the modes see only
their ``Context``."""
from __future__ import annotations

from code_shape import import_cycles, long_functions, long_modules

PACKAGE = "firmware.console"


def test_no_console_module_is_over_800_lines_nor_any_function_over_80():
    assert long_modules(PACKAGE, 800) == []
    assert long_functions(PACKAGE, 80) == []


def test_the_console_modules_form_no_import_cycle():
    assert import_cycles(PACKAGE) == []
