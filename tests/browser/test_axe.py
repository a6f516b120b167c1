"""Accessibility: axe-core (vendored, tests/browser/vendor) on every page a phone opens, in the
light and the dark theme, at 360 px: no serious or critical violation.

The games' table, score and log pages are checked mid-game, as a seated player sees them: the
tables are set up through the JSON API and played a few random allowed moves from each seat's own
options. The host's phone is checked too, at a table with a seat no phone holds ("Play for")."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

from conftest import PHONE

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
TOKEN = "X-Headframe-Token"
NAMES = ("Anna", "Ben", "Cara")
GAMES = (("scorepad", None), ("tinners-trail", "base"), ("ore", None), ("ore-published", None),
         ("mine-shaft", "basic"), ("ardevur", None))
MOVES = 12
BLOCKING = {"serious", "critical"}


def _play(request, server, game, variant, chooser, names=NAMES, tokens=False):
    players = [{"name": n, "colour": c} for n, c in zip(names, ("#c0392b", "#2471a3", "#1e8449", "#7d3c98"))]
    made = request.post(server + "/api/tables", data={"game": game, "variant": variant, "players": players, "seed": 5})
    assert made.status == 201, made.text()
    body = made.json()
    table_id, code = body["id"], body["join_code"]
    held = []
    for seat in range(len(players)):
        joined = request.post(f"{server}/api/tables/{table_id}/seats", data={"code": code, "seat": seat})
        assert joined.status == 201, joined.text()
        held.append(joined.json()["token"])
    for _ in range(MOVES):
        moved = False
        for seat in chooser.sample(range(len(players)), len(players)):
            seen = request.get(f"{server}/api/tables/{table_id}", headers={TOKEN: held[seat]}).json()
            allowed = [o["action"] for o in seen["options"] if o["allowed"] and o["action"]["type"] != "end_game"]
            if allowed:
                action = {k: v for k, v in chooser.choice(allowed).items() if k != "seat"}
                sent = request.post(f"{server}/api/tables/{table_id}/actions", headers={TOKEN: held[seat]},
                                    data={"version": seen["version"], "action": action})
                moved = moved or sent.ok
                break
        if not moved:
            break
    return table_id, code, (held if tokens else held[0])


@pytest.fixture(scope="module")
def tables_mid_game(browser, server):
    """{game: (table id, join code, seat 0's token)} after a few random moves each."""
    context = browser.new_context()
    chooser = random.Random(5)
    try:
        played = {game: _play(context.request, server, game, variant, chooser) for game, variant in GAMES}
        # one more score pad, ended, so the history lists a game and the score page is final
        done_id, _code, _token = played["finished"] = _play(context.request, server, "scorepad", None, chooser)
        ended = context.request.post(f"{server}/api/tables/{done_id}/end", data={})
        assert ended.ok, ended.text()
        # the host's phone, with a seat that no phone holds, so it offers to play for it
        players = [{"name": n, "colour": c} for n, c in zip(NAMES, ("#c0392b", "#2471a3", "#1e8449"))]
        made = context.request.post(server + "/api/tables", data={"game": "tinners-trail", "variant": "base",
                                                                  "players": players, "seed": 5})
        assert made.status == 201, made.text()
        hosted = made.json()
        assert context.request.post(f"{server}/api/tables/{hosted['id']}/seats",
                                    data={"code": hosted["join_code"], "seat": 0}).status == 201
        played["hosted"] = (hosted["id"], hosted["join_code"], hosted["host_token"])
        return played
    finally:
        context.close()


def _pages(tables):
    table_id, code, _ = tables["scorepad"]
    yield "home", "/", None
    yield "join", "/join", None
    yield "history", "/history", None
    yield "seats", f"/tables/{table_id}/join?code={code}", None
    yield "error", "/tables/no-such-table", None
    for game, (tid, _code, token) in tables.items():
        if game not in ("finished", "hosted"):
            yield f"table: {game}", f"/tables/{tid}", token
            yield f"score so far: {game}", f"/tables/{tid}/score", token
            yield f"log: {game}", f"/tables/{tid}/log", token
    hosted, _code, host_token = tables["hosted"]
    yield "table: the host's phone", f"/tables/{hosted}", ("hf_host", host_token)
    yield "table: the host playing for a seat", f"/tables/{hosted}?for=1", ("hf_host", host_token)
    yield "final score", f"/tables/{tables['finished'][0]}/score", tables["finished"][2]


def _violations(page) -> list[dict]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate("""async () => {
        const result = await axe.run(document, {resultTypes: ['violations']});
        return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => n.target.join(' ') + ': ' + (n.failureSummary || '').split('\\n').slice(1, 2).join(''))}));
    }""")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violation_on_any_page(browser, server, tables_mid_game, scheme):
    found = {}
    for name, path, token in _pages(tables_mid_game):
        # bypass_csp: the pages forbid scripts they did not ship, and axe is injected for the test only
        context = browser.new_context(viewport=PHONE, color_scheme=scheme, bypass_csp=True, is_mobile=True,
                                      has_touch=True)
        try:
            if token:
                table_id = path.split("/")[2].split("?")[0]
                cookie, value = token if isinstance(token, tuple) else ("hf_seat", token)
                context.add_cookies([{"name": cookie, "value": value, "url": f"{server}/tables/{table_id}"}])
            page = context.new_page()
            page.set_default_navigation_timeout(30_000)
            page.goto(server + path)
            page.wait_for_load_state("load")
            if "host" in name:  # the host's own sections are on the page
                assert page.get_by_text("Play for Cara").count() == 1, name
            found[name] = _violations(page)
        finally:
            context.close()
    report = os.environ.get("HEADFRAME_AXE_REPORT")
    if report:
        with open(report, "a", encoding="utf-8") as out:
            out.write(json.dumps({"scheme": scheme, "pages": found}) + "\n")
    blocking = [f"{name}: {v['impact']} {v['id']} ({v['help']}): {v['nodes'][:3]}"
                for name, violations in found.items() for v in violations if v["impact"] in BLOCKING]
    assert not blocking, "\n".join(blocking)
