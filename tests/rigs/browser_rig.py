"""Debian's chromium, headless, driven through Debian's chromedriver by Selenium.

The flags are the ones that work on this machine's closed network (no background traffic);
each browser has its own empty profile and every wait is bounded. Selenium is given both
paths, so it never tries to download a browser or a driver.
"""
from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

MISSING = ("the league page tests need Debian's chromium and chromium-driver "
           "(apt-get install chromium chromium-driver): ./dev.sh test installs them when run as root")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--mute-audio", "--disable-dev-shm-usage"]


def _which(*names: str) -> str:
    for name in names:
        path = shutil.which(name)
        if path is not None:
            return path
    pytest.fail(MISSING)


def viewport(driver: webdriver.Chrome, size: tuple[int, int]) -> None:
    """Make the page exactly ``size`` (the window would add the browser's own bars, and
    chromium's windows are never narrower than 500 px): a phone is a phone."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": size[0] < 600})


@contextmanager
def browser(size: tuple[int, int] = (1280, 800), lang: str = "en-GB") -> Iterator[webdriver.Chrome]:
    """A headless chromium whose page (viewport) is ``size`` CSS pixels, preferring ``lang``."""
    with tempfile.TemporaryDirectory(prefix="pitchpad-chromium-") as profile:
        options = Options()
        options.binary_location = _which("chromium", "chromium-browser")
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument(f"--user-data-dir={profile}")
        options.add_argument(f"--lang={lang}")
        options.add_argument(f"--window-size={size[0]},{size[1]}")
        options.add_experimental_option("prefs", {"intl.accept_languages": lang})
        driver = webdriver.Chrome(options=options,
                                  service=Service(executable_path=_which("chromedriver")))
        try:
            viewport(driver, size)
            driver.set_page_load_timeout(20)
            driver.set_script_timeout(20)
            yield driver
        finally:
            driver.quit()
