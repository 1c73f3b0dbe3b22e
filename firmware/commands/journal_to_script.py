"""``pitchpad journal-to-script FILE``: the match script of a match journal, for ``pitchpad replay``."""
from __future__ import annotations

import json
import sys
from typing import Any

from firmware.games.registry import rules
from firmware.storage.journal import JournalCorrupt, script_from_file


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "journal-to-script", help="turn a match journal into a match script for pitchpad replay",
        description="Print the match script (docs/formats/match-script.md) of a match journal.")
    parser.add_argument("file", help="the journal, e.g. /var/lib/pitchpad/match.journal")
    parser.set_defaults(run=_run)


def _run(args: Any) -> int:
    try:
        doc = script_from_file(args.file, rules())
    except OSError as exc:
        print(f"pitchpad journal-to-script: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except JournalCorrupt as exc:
        print(f"pitchpad journal-to-script: {args.file}: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(doc, indent=1))
    return 0
