"""Ore (published) workers at 360 px in Chromium, light and dark: with names that share an
initial (Ben, Bea, Bo, Cy) every worker on the board picture shows its owner's mark, the marks
tell the seats apart, and no two workers' marks or discs overlap, on a table with a worker on
every kind of place at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.ore_published.state import to_json
from test_ore_published_marks import CLASHING, crowded, render

CSS = "".join((Path(__file__).resolve().parents[2] / "webapp/static/css" / name).read_text()
              for name in ("app.css", "boards.css"))

# every worker of the picture: seat, mark, the box of its disc and of its mark as drawn
WORKERS = """() => [...document.querySelectorAll('svg.ore-board g.opw')].map(g => {
    const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    return {seat: g.dataset.seat, mark: g.querySelector('text').textContent, disc: box(g.querySelector('circle')),
            text: box(g.querySelector('text')), in_key: !!g.closest('.op-key')};
})"""


def overlap(a, b) -> bool:
    return a[0] < b[2] - 0.01 and b[0] < a[2] - 0.01 and a[1] < b[3] - 0.01 and b[1] < a[3] - 0.01


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_clashing_names_give_distinct_marks_that_never_overlap_at_360_px(app, phone, scheme):
    game, state = crowded()
    html = render(app, game, state, 0)
    page = phone(scheme)
    page.set_content(f"<!doctype html><html><head><meta name='viewport' content='width=device-width, initial-scale=1'><style>{CSS}</style></head><body><main>{html}</main></body></html>")
    width = page.evaluate("() => document.documentElement.clientWidth")
    assert width == 360
    workers = page.evaluate(WORKERS)
    d = to_json(state)
    assert len(workers) == (len(d["spaces"]) + len(d["overtime"]) + len(d["contract_spaces"]) + 2 * len(CLASHING)
                            + sum(len(m["workers"]) for m in d["mines"].values()) + len(CLASHING))
    by_seat = {}
    for w in workers:
        by_seat.setdefault(w["seat"], set()).add(w["mark"])
    assert all(len(found) == 1 for found in by_seat.values()), by_seat
    assert len({next(iter(found)) for found in by_seat.values()}) == len(CLASHING)
    for i, a in enumerate(workers):
        # the mark sits inside its disc and on the screen
        assert a["disc"][0] - 0.5 <= a["text"][0] and a["text"][2] <= a["disc"][2] + 0.5, a
        assert 0 <= a["disc"][0] and a["disc"][2] <= width, a
        for b in workers[i + 1:]:
            assert not overlap(a["text"], b["text"]), (a, b)
            assert not overlap(a["disc"], b["disc"]), (a, b)
    # the key pairs each mark with its name
    key = page.locator("svg.ore-board g.op-key")
    assert [key.nth(i).locator("text").last.text_content() for i in range(key.count())] == list(CLASHING)
