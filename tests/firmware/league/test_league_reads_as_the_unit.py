"""Issue 39, item 1: a result reads on every page of the league as it read on the unit.

The unit is the real ``pitchpad sim --club`` (a CPU match that ends on a shoot-out red won),
its result goes through the real Mosquitto to the league; then the TV page in Debian's
chromium, ``/results``, ``/results.csv`` and the real ``pitchpad league admin results`` must
give the shoot-out in the unit's order. The league keeps its documents with sorted keys, so a
shoot-out read in its own key order came out blue first: "pens 6-7" for red's 7-6 win.
"""
from __future__ import annotations

import csv
import io
import re
import subprocess
import sys

from browser_rig import browser
from club_rig import http_get, wait_until
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

SEED = "1"
"""A Chifootmi CPU match that ends 0-0, red winning the shoot-out 7-6."""


def pitchpad(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "import sys; from firmware.cli import main; sys.exit(main())",
                           *args], capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)


def test_a_shoot_out_reads_as_on_the_unit_on_the_tv_results_csv_and_admin(mosquitto, league, tmp_path):
    (tmp_path / "table2.password").write_text(mosquitto.password("table2"))
    (tmp_path / "club.toml").write_text(
        f'[club]\nname = "cafe"\ntable = "table2"\nbroker = "127.0.0.1"\nport = {mosquitto.port}\n'
        f'password_file = "{tmp_path / "table2.password"}"\n')
    unit = pitchpad("sim", "--seed", SEED, "--club", str(tmp_path / "club.toml"), "--state-dir",
                    str(tmp_path / "state"))
    assert unit.returncode == 0, unit.stderr
    said = re.search(r"Score: red (\d+) - (\d+) blue \(shoot-out (\d+)-(\d+)\); winner: (\w+)", unit.stdout)
    assert said, unit.stdout
    red, blue, red_kicks, blue_kicks, winner = said.groups()
    assert winner == "red" and int(red_kicks) > int(blue_kicks), "red won it: the order shows"
    pens = f"{red_kicks}-{blue_kicks}"
    assert wait_until(lambda: league.count() == 1)

    listed = pitchpad("league", "--db", str(league.db), "admin", "results")
    assert f"red=cpu:sim {red}*  blue=cpu:sim {blue}  (pens {pens})" in listed.stdout, listed.stdout
    status, page = http_get(("127.0.0.1", league.port), "/results")
    assert status == 200 and f"(pens {pens})".encode() in page
    status, body = http_get(("127.0.0.1", league.port), "/results.csv")
    header, row = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    assert dict(zip(header, row, strict=True))["shoot-out"] == pens
    with browser((1920, 1080)) as driver:
        driver.get(league.url + "tv")
        WebDriverWait(driver, 15).until(lambda d: "pens" in d.find_element(By.ID, "recent").text)
        card = driver.find_element(By.ID, "recent").text
    assert f"Chifootmi · friendly · pens {pens}" in card, card
