"""Browser sync: a tap on one phone's page until the change is shown on the other pages.

    python3 tests/bench/bench_browser_sync.py                 # every game, 4 pages, 25 taps each
    python3 tests/bench/bench_browser_sync.py --taps 10 --only scorepad,ore

Starts ``headframe serve`` on 127.0.0.1 with a fresh instance folder and, for each game, seats
four 360×640 pages of Debian's Chromium (one browser context each, as four phones) at one
table. Then, ``--taps`` times, a seat that may move makes one of its allowed moves (picked at
random from the table's options) through its own page's script (``Headframe.act``, what a tap
on a button calls), and every other page notes when its redraw for that version (or a newer
one) was done: the "hf:render" the table page fires once the new part is in place. Latency is
that moment minus the moment the tapping page sent the move, both read from the same clock
(the pages share the machine's). Prints, per game and overall, the median, p99 and max over
every (tap, other page) pair. Target: p99 <= 500 ms.

Not a test: a measurement on a shared machine, with its load average printed beside it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from play_pages import serve  # noqa: E402  (the whole-game player's own server start)
GAMES = (("scorepad", None), ("tinners-trail", "base"), ("ore", None), ("ore-published", None),
         ("mine-shaft", "basic"), ("ardevur", None))
NAMES = ("Anna", "Ben", "Cara", "Dana")
COLOURS = ("#c0392b", "#2471a3", "#1e8449", "#7d3c98")
TOKEN = "X-Headframe-Token"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
# Each page notes when it drew each version, by its own clock (Date.now(), shared by the pages).
WATCH = """() => { window.__drawn = {}; document.addEventListener('hf:render', e => {
    window.__drawn[e.detail.version] = Date.now(); }); }"""
TAP = """async action => { const at = Date.now(); await window.Headframe.act(action);
    const meta = document.querySelector('.live-meta');
    return {at: at, version: meta ? parseInt(meta.dataset.version, 10) : -1}; }"""
DRAWN = """v => { const found = Object.keys(window.__drawn).map(Number).filter(k => k >= v).sort((a, b) => a - b);
    return found.length ? window.__drawn[found[0]] : null; }"""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def one_game(browser, url: str, game: str, variant: str | None, taps: int, chooser: random.Random) -> list[float]:
    setup = browser.new_context()
    made = setup.request.post(url + "/api/tables", data={
        "game": game, "variant": variant, "seed": 9,
        "players": [{"name": n, "colour": c} for n, c in zip(NAMES, COLOURS)]}).json()
    table_id = made["id"]
    tokens = [setup.request.post(f"{url}/api/tables/{table_id}/seats",
                                 data={"code": made["join_code"], "seat": s}).json()["token"] for s in range(4)]
    pages = []
    for token in tokens:
        context = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
        # the seat cookie as joining sets it: for the pages and for the JSON API the script sends to
        context.add_cookies([{"name": "hf_seat", "value": token, "url": f"{url}{path}/{table_id}"}
                             for path in ("/tables", "/api/tables")])
        page = context.new_page()
        page.set_default_timeout(30_000)
        page.goto(f"{url}/tables/{table_id}")
        page.wait_for_function("() => document.getElementById('connection').textContent === 'Live'")
        page.evaluate(WATCH)
        pages.append(page)
    latencies: list[float] = []
    for _ in range(taps):
        acting = []
        for seat in chooser.sample(range(4), 4):
            seen = setup.request.get(f"{url}/api/tables/{table_id}", headers={TOKEN: tokens[seat]}).json()
            allowed = [o["action"] for o in seen["options"]
                       if o["allowed"] and o["action"]["type"] not in ("end_game", "finish", "next_round")]
            if allowed:
                acting.append((seat, allowed))
                break
        if not acting:
            break
        seat, allowed = acting[0]
        action = {k: v for k, v in chooser.choice(allowed).items() if k != "seat"}
        if game == "scorepad":
            action = {"type": "add_points", "category": "points", "points": 1}
        tapped = pages[seat].evaluate(TAP, action)
        if tapped["version"] < 0:
            continue
        others = [p for i, p in enumerate(pages) if i != seat]
        deadline = time.monotonic() + 10
        pending = dict(enumerate(others))
        while pending and time.monotonic() < deadline:
            for index, page in list(pending.items()):
                drawn = page.evaluate(DRAWN, tapped["version"])
                if drawn is not None:
                    latencies.append(drawn - tapped["at"])
                    del pending[index]
            time.sleep(0.01)
        latencies.extend([10_000.0] * len(pending))  # never shown within 10 s: counted, not dropped
    for page in pages:
        page.context.close()
    setup.close()
    return latencies


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=25)
    parser.add_argument("--only", help="game ids, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    wanted = set(args.only.split(",")) if args.only else None
    chromium = os.environ.get("HEADFRAME_CHROMIUM") or "/usr/bin/chromium"
    chooser = random.Random(args.seed)
    everything: list[float] = []
    with tempfile.TemporaryDirectory() as instance:
        process, url = serve(Path(instance))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
                for game, variant in GAMES:
                    if wanted and game not in wanted:
                        continue
                    found = one_game(browser, url, game, variant, args.taps, chooser)
                    everything += found
                    if found:
                        print(f"{game:14} {len(found):4} samples  median {statistics.median(found):6.0f} ms  "
                              f"p99 {percentile(found, 99):6.0f} ms  max {max(found):6.0f} ms")
                browser.close()
        finally:
            process.terminate()
            process.wait(timeout=10)
    if not everything:
        print("no samples")
        return 1
    p99 = percentile(everything, 99)
    print(f"{'all':14} {len(everything):4} samples  median {statistics.median(everything):6.0f} ms  "
          f"p99 {p99:6.0f} ms  max {max(everything):6.0f} ms  (target p99 <= 500 ms)")
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    return 0 if p99 <= 500 else 1


if __name__ == "__main__":
    sys.exit(main())
