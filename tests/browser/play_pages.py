"""Play whole games through the phone pages, one browser page per player, as a table would.

    python tests/browser/play_pages.py tinners-trail|base --players 4 --out /tmp/play

Starts ``headframe serve`` on 127.0.0.1 with a fresh instance folder, opens one 360 px phone
per player (every other one in the dark theme), creates the table on the first phone and seats
the others by join code. Then, until the game is over or ``--moves`` run out, the phone whose
banner says "Your turn" picks one of its enabled moves at random (a choice in each of the
move's fields at random too) and taps it; a refusal must be shown as a message, and the phone
then tries another move. Every ``--every`` moves it saves a screenshot of each phone, and at
the end the score page of each. It prints what it did and every refusal it saw, so a person
can read the refusals and look at the screenshots.

Not a test (a game takes minutes): the browser tests cover each feature; this plays them
together. Chromium from Debian (``HEADFRAME_CHROMIUM`` or /usr/bin/chromium).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

# the browser tests' own steps for creating a table and taking a seat (this folder is on the path
# when the script runs)
from test_table_flow import start_table, take_seat

PHONE = {"width": 360, "height": 640}
NAMES = ("Anna", "Ben", "Cara", "Dana", "Eli")
# moves a random player should not pick: they end nothing and undo everything
AVOID = re.compile(r"undo|leave|free the seat|play for|end the game|reset", re.I)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve(instance: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    process = subprocess.Popen([sys.executable, "-m", "webapp.cli", "serve", "--host", "127.0.0.1", "--port", str(port),
                                "--instance", str(instance), "--threads", "8"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            with urllib.request.urlopen(url + "/api/games", timeout=5):
                return process, url
        except OSError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("headframe serve did not start")


def my_turn(page) -> bool:
    meta = page.locator("#live [data-my-turn]")
    return meta.count() > 0 and meta.first.get_attribute("data-my-turn") == "1"


def over(page) -> bool:
    meta = page.locator("#live [data-finished]")
    return meta.count() > 0 and meta.first.get_attribute("data-finished") == "1"


def moves(page):
    found = []
    for form in page.locator("#live form.hf-action").all():
        button = form.locator("button[type=submit]:not([disabled]), button:not([type]):not([disabled])")
        if button.count() == 0 or not form.is_visible() and not form.locator("xpath=ancestor::details").count():
            continue
        label = " ".join((button.first.text_content() or button.first.get_attribute("aria-label") or "").split())
        if AVOID.search(label):
            continue
        found.append((form, button.first, label))
    return found


def fill(form, rng: random.Random) -> None:
    for select in form.locator("select").all():
        values = [v for v in select.evaluate("s => [...s.options].filter(o => !o.disabled).map(o => o.value)") if v != ""]
        if values:
            select.select_option(rng.choice(values))
    for box in form.locator("input[type=number]").all():
        low = box.get_attribute("min")
        high = box.get_attribute("max")
        low = int(float(low)) if low else 0
        high = int(float(high)) if high else low + 6
        box.fill(str(rng.randint(low, max(low, high))))
    for box in form.locator("input[type=checkbox]").all():
        if box.is_enabled() and rng.random() < 0.5:
            box.check()
    for box in form.locator("input[type=radio]").all():
        if box.is_enabled() and rng.random() < 0.5:
            box.check()


def open_folds(form) -> None:
    for summary in form.locator("xpath=ancestor::details[not(@open)]/summary").all():
        summary.click()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="the game choice as on the home page, e.g. tinners-trail|base")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--moves", type=int, default=1500, help="stop after this many taps (default 1500)")
    parser.add_argument("--every", type=int, default=40, help="screenshots every N taps (default 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("play-out"))
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)
    names = list(NAMES[:args.players])
    with tempfile.TemporaryDirectory() as instance:
        process, url = serve(Path(instance))
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=os.environ.get("HEADFRAME_CHROMIUM", "/usr/bin/chromium"),
                                             args=["--no-sandbox", "--disable-gpu"])
                pages = []
                for index in range(len(names)):
                    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True,
                                                  color_scheme="dark" if index % 2 else "light")
                    page = context.new_page()
                    page.set_default_timeout(15_000)
                    pages.append(page)
                _table_url, code = start_table(pages[0], url, names, args.game)
                for page, name in zip(pages[1:], names[1:]):
                    take_seat(page, url, code, name)
                return play(pages, names, args, rng)
        finally:
            process.terminate()
            process.wait(timeout=10)


def shoot(pages, names, out: Path, tag: str) -> None:
    for page, name in zip(pages, names):
        page.screenshot(path=str(out / f"{tag}-{name}.png"), full_page=True)


def play(pages, names, args, rng) -> int:
    taps = refusals = idle = 0
    shoot(pages, names, args.out, "000-start")
    while taps < args.moves:
        if any(over(p) for p in pages):
            print("the game is over")
            break
        ready = [(p, n) for p, n in zip(pages, names) if my_turn(p)]
        if not ready:
            idle += 1
            if idle > 60:
                print("nobody's turn for 30 s: stopping")
                break
            time.sleep(0.5)
            continue
        idle = 0
        page, name = rng.choice(ready)
        try:
            options = moves(page)
        except Exception:  # the page redrew while it was read
            continue
        if not options:
            print(f"{name}: my turn, but no enabled move")
            time.sleep(0.5)
            continue
        form, button, label = rng.choice(options)
        before = page.locator("#live [data-version]").first.get_attribute("data-version")
        page.evaluate("() => { const a = document.getElementById('alert'); if (a) a.textContent = ''; }")
        try:
            open_folds(form)
            fill(form, rng)
            button.click()
        except Exception as problem:  # a redraw replaced the form under the tap: try again
            print(f"{name}: tap on {label!r} missed ({type(problem).__name__})")
            continue
        taps += 1
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            now = page.locator("#live [data-version]").first.get_attribute("data-version")
            alert = page.locator("#alert").inner_text().strip()
            if now != before or alert:
                break
            time.sleep(0.1)
        alert = page.locator("#alert").inner_text().strip()
        if alert and now == before:
            refusals += 1
            print(f"{taps:4} {name}: {label} -> refused: {' '.join(alert.split())}")
        else:
            print(f"{taps:4} {name}: {label}")
        if taps % args.every == 0:
            shoot(pages, names, args.out, f"{taps:03}")
    finished = any(over(p) for p in pages)
    shoot(pages, names, args.out, "999-end")
    for page, name in zip(pages, names):
        page.goto(page.url.rstrip("/") + "/score")
        page.screenshot(path=str(args.out / f"score-{name}.png"), full_page=True)
    print(f"{taps} taps, {refusals} refusals, game over: {finished}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
