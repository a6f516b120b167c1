"""Browser tests: Debian's Chromium driven by Playwright against a real ``headframe serve``.

Under CI=true a missing Chromium fails loudly; elsewhere the tests skip without it. The
server runs on 127.0.0.1 with a fresh instance folder per test module.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
PHONE = {"width": 360, "height": 740}


def chromium_path() -> str | None:
    wanted = os.environ.get("HEADFRAME_CHROMIUM") or "/usr/bin/chromium"
    return wanted if Path(wanted).exists() else shutil.which("chromium")


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium is missing: browser tests must run in CI (apt-get install chromium)")
        pytest.skip("Chromium is not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """Base URL of a running ``headframe serve`` on a fresh SQLite instance."""
    port = _free_port()
    instance = tmp_path_factory.mktemp("instance")
    env = {k: v for k, v in os.environ.items() if k != "HEADFRAME_DATABASE_URL"}
    process = subprocess.Popen([sys.executable, "-m", "headframe", "serve", "--host", "127.0.0.1", "--port",
                                str(port), "--instance", str(instance), "--threads", "8"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    url = f"http://127.0.0.1:{port}"
    # Ready means answering: the port accepts connections before the server processes behind
    # it have loaded the app, and a page's first load must not pay for that under its timeout.
    deadline = time.monotonic() + 120
    while True:
        try:
            with urllib.request.urlopen(url + "/api/games", timeout=5) as answer:
                if answer.status == 200:
                    break
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError("headframe serve did not start: " + process.stderr.read().decode()[-2000:])
        time.sleep(0.1)
    yield url
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture
def phone(browser):
    """A new phone: its own cookies, 360 px wide, touch."""
    contexts = []

    def make(color_scheme: str = "light"):
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True,
                                      color_scheme=color_scheme)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        # a first page load on a busy machine may take longer; what appears is asserted, not how fast
        page.set_default_navigation_timeout(30_000)
        return page

    yield make
    for context in contexts:
        context.close()
