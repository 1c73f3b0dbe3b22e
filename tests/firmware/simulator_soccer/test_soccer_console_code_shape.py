"""The console's Simulator Soccer (its session, menus, screens, pitch): no module over 800
lines, no function over 80, no import inside a function, no two modules importing each other
(``TYPE_CHECKING`` imports included)."""
from __future__ import annotations

from code_shape import import_cycles, imports_inside_functions, long_functions, long_modules

PACKAGE = "firmware.simulator_soccer"


def test_no_console_module_is_over_800_lines_nor_any_function_over_80():
    assert long_modules(PACKAGE, 800) == []
    assert long_functions(PACKAGE, 80) == []


def test_the_console_modules_import_at_their_top_and_form_no_cycle():
    assert imports_inside_functions(PACKAGE) == []
    assert import_cycles(PACKAGE) == []
