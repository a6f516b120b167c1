"""The simulation report opens in Chromium with every plot, offline, on a phone and in dark mode."""

from __future__ import annotations

from headframe.cli import main

PLOTS = ("Who wins", "Scores", "Winning margin", "How long, and how games end", "Too strong, too weak")


def test_the_report_shows_every_plot_offline_at_360_px_light_and_dark(tmp_path, browser):
    out = tmp_path / "sim"
    assert main(["simulate", "tinners-trail", "--players", "3", "--games", "6", "--out", str(out), "--quiet",
                 "--workers", "1"]) == 0
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme)
        page = context.new_page()
        requests = []
        page.on("request", lambda r: requests.append(r.url))
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto((out / "report.html").as_uri())
        headings = page.locator("h2").all_inner_texts()
        for title in PLOTS:
            assert any(h.startswith(title) for h in headings), (title, headings)
        figures = page.locator("figure svg")
        assert figures.count() == 6  # win rates, scores, margins, rounds, moves, items
        for i in range(figures.count()):
            box = figures.nth(i).bounding_box()
            assert box and box["width"] > 200 and box["height"] > 100
            assert box["x"] >= 0 and box["x"] + box["width"] <= 360
        assert page.evaluate("document.documentElement.scrollWidth") <= 360 + 1
        assert [u for u in requests if not u.startswith("file://")] == []
        assert errors == []
        context.close()
