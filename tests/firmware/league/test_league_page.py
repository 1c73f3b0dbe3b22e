"""The league page in a real headless browser (Debian's chromium), fed by real units over MQTT.

The screenshots are saved under tests/firmware/club/out/ (not committed) for a person to look at; the
assertions read what the page shows: its text once its scripts ran, and the screenshot's pixels.
"""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from browser_rig import browser, viewport
from club_rig import result_message, wait_until
from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from firmware.club.messages import Live, Player
from firmware.club.publisher import Publisher

OUT = Path(__file__).parent / "out"
BG, PANEL, ACCENT = (0x0B, 0x1D, 0x13), (0x12, 0x30, 0x1F), (0xFF, 0xD2, 0x3F)


@pytest.fixture
def evening(mosquitto, league, tmp_path):
    """Three tables: finished matches of two games, a friendly against a guest, one match on."""
    units = [Publisher(mosquitto.unit(f"table{n}"), tmp_path / f"unit{n}") for n in (1, 2, 3)]
    for unit in units:
        unit.start()
    units[0].result(result_message("table1", 1, (("red", "Ana", 3), ("blue", "Ben", 1))))
    units[1].result(result_message("table2", 2, (("red", "Chloé", 2), ("blue", "Ana", 2)), game="fotboll"))
    units[0].result(result_message("table1", 3, (("red", "Ben", 2), ("blue", "Chloé", 0)),
                                   game="fotboll"))
    units[1].result(result_message("table2", 4, (("red", "Dee", 5), ("blue", "guest", 0))))
    units[2].live(Live("chifootmi", (Player("red", "Eli", 1), Player("blue", "Fox", 0)),
                       "2026-11-23T21:00:00"))
    assert wait_until(lambda: league.count() == 4 and len(league.league.live()) == 1)
    yield units
    for unit in units:
        unit.stop()


def shown(driver, section: str) -> str:
    return re.sub(r"\s+", " ", driver.find_element(By.ID, section).text)


def wait_for(driver, section: str, words: str) -> str:
    WebDriverWait(driver, 15).until(lambda d: words in shown(d, section))
    return shown(driver, section)


def test_the_page_shows_standings_per_game_recent_results_and_live_scores(league, evening):
    with browser() as driver:
        driver.get(league.url)
        standings = wait_for(driver, "standings", "Ana")
        live = shown(driver, "live")
        recent = shown(driver, "recent")
        html = driver.page_source
    chifootmi = standings[standings.index("CHIFOOTMI"):standings.index("FOTBOLL")]
    assert re.search(r"1 Ana 1 1 0 0 \+2 3 2 Ben 1 0 0 1 -2 0", chifootmi), chifootmi
    assert "Dee" not in standings, "a match against a guest is a friendly: in no standings"
    # Fotboll: Ben's win (3 pts), then Ana and Chloé on a point each, Ana ahead on difference.
    assert re.search(r"FOTBOLL # Player P W D L \+/- Pts 1 Ben 1 1 0 0 \+2 3 2 Ana 1 0 1 0 0 1 "
                     r"3 Chloé 2 0 1 1 -2 1", standings), standings
    assert "table3" in live and "Eli 1" in live and "0 Fox" in live
    assert re.search(r"table2 · \d\d:\d\d Chifootmi · friendly Dee 5 0 guest", recent), recent
    assert "<script>" not in html.split("</head>")[0], "no inline script: the page's own files only"


@pytest.mark.parametrize("follow", ["event stream", "polling"])
def test_the_page_updates_by_itself_when_a_result_comes_in(league, evening, follow):
    with browser() as driver:
        if follow == "polling":                  # a browser without EventSource (an old TV)
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                   {"source": "window.EventSource = undefined;"})
        driver.get(league.url)
        wait_for(driver, "standings", "Ana")
        if follow == "event stream":
            assert wait_until(lambda: league.league.streams >= 1)
        else:
            assert league.league.streams == 0
        evening[2].result(result_message("table3", 9, (("red", "Gus", 4), ("blue", "Hal", 0))))
        evening[2].live(None)
        standings = wait_for(driver, "standings", "Gus")
        WebDriverWait(driver, 15).until(lambda d: "No match on now" in shown(d, "live"))
        assert driver.execute_script("return performance.getEntriesByType('navigation').length") == 1
    assert "1 Gus 1 1 0 0 +4 3" in standings, "the new result reached the open page, no reload"


def screenshot(driver, size: tuple[int, int], name: str, league) -> Image.Image:
    viewport(driver, size)
    driver.get(league.url)
    wait_for(driver, "standings", "Ana")
    png = driver.get_screenshot_as_png()
    OUT.mkdir(exist_ok=True)
    (OUT / name).write_bytes(png)
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_screenshots_on_a_phone_and_a_tv_show_the_panels_and_the_points(league, evening):
    with browser((1920, 1080)) as driver:
        tv = screenshot(driver, (1920, 1080), "league-tv.png", league)
        phone = screenshot(driver, (390, 844), "league-phone.png", league)
    with browser((1920, 1080), "fr-FR") as driver:
        french = screenshot(driver, (1920, 1080), "league-tv-fr.png", league)
    width, height = tv.size
    assert tv.size == (1920, 1080) and phone.size == (390, 844)
    # A TV: three panels side by side across the screen.
    assert [tv.getpixel((x * width // 100, height // 5)) for x in (17, 50, 83)] == [PANEL] * 3
    assert tv.getpixel((width // 2, 3)) == BG
    # A phone: one column, each panel the full width (nothing cut off at the right edge).
    pw, ph = phone.size
    assert phone.getpixel((pw // 2, ph // 4)) == PANEL and phone.getpixel((pw - 25, ph // 4)) == PANEL
    assert phone.getpixel((3, ph // 4)) == BG
    for shot in (tv, phone, french):
        accent = sum(1 for pixel in shot.getdata() if pixel == ACCENT)
        assert accent > 150, "headings and the points column are drawn in the accent colour"
    assert list(french.getdata()) != list(tv.getdata()), "French words on a French browser"


# ----- the TV mode (issue 31, item 8) ------------------------------------------------------------
NAMES = ["Alix", "Bea", "Carl", "Dora", "Emil", "Fanny", "Gael", "Hugo", "Ines", "Jules", "Karim", "Lea",
         "Malo", "Nina", "Oscar", "Paula", "Quentin", "Rosa", "Sami", "Tess", "Ugo", "Vera", "Willy",
         "Xena", "Yann", "Zelie", "Arno", "Basile", "Cleo", "Denis"]


@pytest.fixture
def crowd(evening, league):
    """Thirty more players in Chifootmi: more rows than any screen holds."""
    for number in range(15):
        evening[2].result(result_message("table3", 100 + number, (("red", NAMES[2 * number], number % 4 + 1),
                                                                   ("blue", NAMES[2 * number + 1], 0))))
    assert wait_until(lambda: league.count() == 19)
    return evening


def fits(driver) -> dict:
    """What overflows the screen: the page's own scroll size, and any visible element below or
    right of the viewport."""
    return driver.execute_script("""
        var out = {scrollH: document.documentElement.scrollHeight, scrollW: document.documentElement.scrollWidth,
                   h: innerHeight, w: innerWidth, outside: []};
        document.querySelectorAll("main *").forEach(function (n) {
          var r = n.getBoundingClientRect();
          if (r.width && r.height && (r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5))
            out.outside.push(n.tagName + " " + n.textContent.slice(0, 30));
        });
        return out;""")


@pytest.mark.parametrize("size", [(1920, 1080), (960, 540)], ids=["1080p", "tv-960"])
def test_the_tv_mode_fits_the_screen_and_pages_through_the_games_by_itself(league, crowd, size):
    seen: set[tuple[str, str]] = set()
    rows = 0
    png: bytes | None = None
    with browser(size) as driver:
        driver.get(league.url + "tv?every=1")
        wait_for(driver, "standings", "Player")
        for _ in range(300):                         # bounded: 200 looks, a few slides each second
            heading, label, shown_rows = driver.execute_script(
                "var h = document.querySelector('#standings h3');"
                "return [h ? h.textContent.toUpperCase() : '', document.getElementById('slide').textContent,"
                "        document.querySelectorAll('#standings tr').length - 1];")
            seen.add((heading, label))
            if heading == "CHIFOOTMI":
                rows = max(rows, shown_rows)
                if label.startswith("1/") and png is None:
                    png = driver.get_screenshot_as_png()    # the first page of the first game
            room = fits(driver)
            assert room["scrollH"] <= room["h"] and room["scrollW"] <= room["w"], room
            assert room["outside"] == [], room["outside"]
            if len({label for h, label in seen if h == "CHIFOOTMI"}) >= 2 and ("FOTBOLL", "") in seen:
                break
            driver.execute_script("return new Promise(function (r) { setTimeout(r, 150); });")
        assert png is not None
        OUT.mkdir(exist_ok=True)
        (OUT / f"league-tv-mode-{size[0]}.png").write_bytes(png)
    assert {h for h, _ in seen} >= {"CHIFOOTMI", "FOTBOLL"}, seen
    pages = {label for heading, label in seen if heading == "CHIFOOTMI"}
    assert len(pages) >= 2 and all("/" in label for label in pages), \
        f"Chifootmi's 32 players take more than one page: {seen}"
    assert ("FOTBOLL", "") in seen, "a game on one page has no page number"
    assert 8 <= rows < 32, "a page of Chifootmi holds many rows, not all"
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == size and sum(1 for p in image.getdata() if p == ACCENT) > 100


def test_a_tv_browser_reporting_960_px_gets_the_three_columns_not_the_phone(league, evening):
    with browser((960, 540)) as driver:
        driver.get(league.url)
        wait_for(driver, "standings", "Ana")
        boxes = driver.execute_script("""
            return ["live", "standings", "recent"].map(function (id) {
              var r = document.getElementById(id).getBoundingClientRect(); return [r.left, r.top]; });""")
    (live_x, live_y), (table_x, table_y), (recent_x, recent_y) = boxes
    assert live_x < table_x < recent_x and live_y == table_y == recent_y, boxes
