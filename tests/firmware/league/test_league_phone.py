"""Issue 39, item 9: the league's pages on a phone (390 CSS px, Debian's chromium) with the
club name the docs use (``cafe-du-port``) and the longest names a pad can type: nothing wider
than the screen, every player's name and score on ``/results`` in view.

The screenshots go to tests/firmware/league/out/ (not committed) for a person to look at.
"""
from __future__ import annotations

from pathlib import Path

import pytest
from browser_rig import browser
from club_rig import LeagueRig, Mosquitto, result_message, wait_until
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from firmware.club.messages import Live, Player
from firmware.club.publisher import Publisher

OUT = Path(__file__).parent / "out"
CLUB = "cafe-du-port"
PHONE = (390, 844)
WIDE = """
    var out = {scrollW: document.documentElement.scrollWidth, w: innerWidth, outside: [], cut: []};
    document.querySelectorAll("body *").forEach(function (n) {
      var r = n.getBoundingClientRect();
      if (r.width && r.height && r.right > innerWidth + 0.5)
        out.outside.push(n.tagName + " " + n.textContent.slice(0, 40));
      if (n.scrollWidth > n.clientWidth + 1 && getComputedStyle(n).overflowX !== "visible")
        out.cut.push(n.tagName + " " + n.textContent.slice(0, 40));
    });
    return out;"""


@pytest.fixture
def club(tmp_path):
    broker = Mosquitto(tmp_path / "broker", CLUB, ("table1", "table12"))
    broker.start()
    league = LeagueRig(broker, tmp_path / "league.sqlite").start()
    units = [Publisher(broker.unit(table), tmp_path / table) for table in ("table1", "table12")]
    for unit in units:
        unit.start()
    units[0].result(result_message("table1", 1, (("red", "Marc-André", 10), ("blue", "Jean-Louis", 9)),
                                   club=CLUB))
    units[1].result(result_message("table12", 2, (("red", "Anne-Marie", 3), ("blue", "guest", 1)),
                                   game="simulator-soccer", club=CLUB))
    units[1].live(Live("chifoumi", (Player("white", "Marc-André", 7), Player("red", "Jean-Louis", 6),
                                    Player("black", "Anne-Marie", 5)), "2026-11-23T21:00:00"))
    assert wait_until(lambda: league.count() == 2 and len(league.league.live()) == 1)
    yield league
    for unit in units:
        unit.stop()
    league.stop()
    broker.kill()


def test_the_page_and_the_results_fit_a_phone_with_the_clubs_long_name(club):
    with browser(PHONE) as driver:
        driver.get(club.url)
        WebDriverWait(driver, 15).until(lambda d: "Marc-André" in d.find_element(By.ID, "standings").text)
        home = driver.execute_script(WIDE)
        OUT.mkdir(exist_ok=True)
        (OUT / "league-phone-cafe-du-port.png").write_bytes(driver.get_screenshot_as_png())
        assert CLUB in driver.find_element(By.TAG_NAME, "h1").text
        driver.get(club.url + "results")
        results = driver.execute_script(WIDE)
        players = driver.execute_script("""
            return Array.prototype.map.call(document.querySelectorAll("td.players"), function (n) {
              var r = n.getBoundingClientRect();
              return [n.textContent, r.left >= 0 && r.right <= innerWidth, n.scrollWidth <= n.clientWidth + 1];
            });""")
        (OUT / "league-results-phone.png").write_bytes(driver.get_screenshot_as_png())
    assert home["w"] == home["scrollW"] == PHONE[0] and not home["outside"], home
    assert results["w"] == results["scrollW"] == PHONE[0] and not results["outside"], results
    assert len(players) == 2 and all(inside and whole for _, inside, whole in players), players
    [longest] = [text for text, _, _ in players if "Marc-André" in text]
    assert "Marc-André 10" in longest and "Jean-Louis 9" in longest
