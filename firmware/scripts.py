"""Every game's match-script module, by the script's ``"game"``: one list for ``pitchpad
replay`` and the match journal.

Each module offers ``parse_script(doc)`` -> a script with ``.start()``, ``.turns`` and
``.to_json()``; ``parse_turn(obj, index)`` -> joint decision; ``summary(match)`` -> the
summary line; and ``SEATS``, every seat name a script of the game may use. Errors are
``engine.scripting.ScriptError``, naming the turn index.
"""
from __future__ import annotations

from types import ModuleType

from engine.chifootmi import script as chifootmi_script
from engine.chifoumi import script as chifoumi_script
from engine.fotboll import script as fotboll_script
from engine.simulator_soccer import script as simulator_soccer_script

GAMES: dict[str, ModuleType] = {"chifootmi": chifootmi_script, "chifoumi": chifoumi_script,
                                "fotboll": fotboll_script,
                                "simulator-soccer": simulator_soccer_script}


def header(script: object) -> dict[str, object]:
    """A parsed script's set-up as its JSON document has it: every key but ``turns``."""
    doc = script.to_json()  # type: ignore[attr-defined]
    doc.pop("turns", None)
    return doc
