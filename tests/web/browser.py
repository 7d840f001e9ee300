"""A real headless Chromium for the pages' tests (Debian's package, driven by Playwright):
``from web.browser import browser`` makes the fixture available to a test module."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
# As the machine notes ask: no sandbox as root, and no background connections to a closed network.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("Chromium (Debian's chromium package) is needed for the browser tests: .ci/run installs it")
        pytest.skip("no /usr/bin/chromium: install Debian's chromium package (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        yield browser
        browser.close()
