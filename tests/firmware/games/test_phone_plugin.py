"""A new game gets phone play without a line of phone code (issue 38): the test-only plugin games
(Spot Kicks, and Goofspiel, a card game of points unlike any football), published by an entry
point only, are played whole on a phone by the same whole-match tests as every registered game
(``tests/firmware/console/test_phone_matches.py``: the real page in Chromium, against the CPU
and against a pad of the console), and no phone code names them."""
from __future__ import annotations

import subprocess
import sys
from collections import Counter
from xml.etree import ElementTree

from plugin_rig import ROOT, environment, lines_naming, publish

PLUGINS = ("spot-kicks", "goofspiel")
MATCHES = "tests/firmware/console/test_phone_matches.py"


def test_each_plugin_game_is_played_whole_on_a_phone(tmp_path):
    publish(tmp_path, *PLUGINS)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "0",
         "-k", " or ".join(PLUGINS), "--junitxml", str(tmp_path / "report.xml"), MATCHES],
        cwd=ROOT, env=environment(tmp_path), capture_output=True, text=True, timeout=600,
        stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    ran = Counter()
    for case in ElementTree.parse(tmp_path / "report.xml").getroot().iter("testcase"):
        outcome = next((child.tag for child in case if child.tag in ("failure", "error", "skipped")), "passed")
        game = next(name for name in PLUGINS if name in case.get("name", ""))
        ran[game, outcome] += 1
    assert ran == Counter({(game, "passed"): 2 for game in PLUGINS}), ran
    assert not [line for line in lines_naming(*PLUGINS) if "/phone" in line], "phone code names a game"
