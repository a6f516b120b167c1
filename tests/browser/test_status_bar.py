"""The status bar at 360×640: for every game, at every kind of decision a seat meets in a game
played from the API, the seated phone's page shows the bar, the move to make (the main move, or
"Choose…" which brings the first move under the bar) and Undo inside the first 640 px, and
they stay in view with the page scrolled to its end. An Undo that cannot be used says why. At
the end the bar says the game is over and who won; the host's join code is at the top while a
seat is free."""

from __future__ import annotations

import random

import pytest

from test_axe import TOKEN

SCREEN = {"width": 360, "height": 640}
GAMES = (("scorepad", None, 3), ("tinners-trail", "base", 3), ("tinners-trail", "base", 1), ("ore", None, 3),
         ("ore-published", None, 3), ("mine-shaft", "basic", 3), ("ardevur", None, 3))
NAMES = ("Anna", "Ben", "Cara")
COLOURS = ("#c0392b", "#2471a3", "#1e8449")
MOVES = 60          # random moves played per game
KINDS = 6           # kinds of decision looked at per game
BAR_AT_MOST = 256   # px the bar may be tall, at most (two fifths of the screen)

# Where the bar's parts are on the screen (viewport px), or null for a part the page lacks.
PARTS = """() => {
  const box = el => { if (!el) return null; const r = el.getBoundingClientRect();
                      return {top: r.top, bottom: r.bottom, text: el.textContent.trim().slice(0, 50)}; };
  const bar = document.getElementById('status-bar');
  const undo = bar && bar.querySelector('form.sb-undo button');
  return {bar: box(bar), turn: box(document.getElementById('turn')),
          main: box(bar && bar.querySelector('form.sb-main button')), choose: box(bar && bar.querySelector('.sb-choose')),
          undo: box(undo), undoDisabled: !!(undo && undo.disabled),
          reason: (document.getElementById('undo-reason') || {}).textContent || '',
          reasonLines: (r => r ? Math.round(r.getBoundingClientRect().height / parseFloat(getComputedStyle(r).lineHeight)) : 0)(
            document.getElementById('undo-reason')),
          recent: [...document.querySelectorAll('#status-bar .sb-recent li')].map(li => li.textContent)};
}"""


def _start(request, server, game, variant, players):
    made = request.post(server + "/api/tables", data={
        "game": game, "variant": variant, "seed": 7,
        "players": [{"name": n, "colour": c} for n, c in zip(NAMES[:players], COLOURS)]})
    assert made.status == 201, made.text()
    body = made.json()
    tokens = []
    for seat in range(players):
        joined = request.post(f"{server}/api/tables/{body['id']}/seats", data={"code": body["join_code"], "seat": seat})
        assert joined.status == 201, joined.text()
        tokens.append(joined.json()["token"])
    return body, tokens


def _allowed(request, server, table_id, token):
    seen = request.get(f"{server}/api/tables/{table_id}", headers={TOKEN: token}).json()
    return seen, [o["action"] for o in seen["options"] if o["allowed"] and o["action"]["type"] != "end_game"]


def _inside(part) -> bool:
    return part is not None and part["top"] >= 0 and part["bottom"] <= SCREEN["height"]


def _check_screen(page, game: str, where: str) -> dict:
    """The bar, the move to make and Undo on the first screen, at the top of the page and
    scrolled to its end; returns what the bar held at the top."""
    page.evaluate("window.scrollTo(0, 0)")
    parts = page.evaluate(PARTS)
    for scrolled in (False, True):
        if scrolled:
            page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            parts = page.evaluate(PARTS)
        at = f"{where}{' (scrolled to the end)' if scrolled else ''}"
        assert _inside(parts["bar"]), f"{at}: {parts}"
        assert _inside(parts["turn"]) or (game == "scorepad" and parts["turn"] is None), f"{at}: {parts}"
        move = parts["main"] or parts["choose"]
        assert _inside(move), f"{at}: no move in the bar: {parts}"
        assert _inside(parts["undo"]), f"{at}: no Undo in the bar: {parts}"
        if parts["undoDisabled"]:
            assert parts["reason"].strip(), f"{at}: Undo is off and does not say why"
        # the bar stays compact (it stays on screen as the page scrolls): the undo's reason in
        # two lines at most, the bar in two fifths of the screen, the moves under it
        assert parts["reasonLines"] <= 2, f"{at}: {parts}"
        tall = parts["bar"]["bottom"] - parts["bar"]["top"]
        assert tall <= BAR_AT_MOST, f"{at}: the bar is {tall} px tall"
    page.evaluate("window.scrollTo(0, 0)")
    return parts


def _choose_brings_a_move(page, where: str) -> None:
    """Tapping "Choose…" puts the focus on a move (a form's first field or button, a map area, a
    board with squares to tap), on screen below the bar."""
    page.locator("#status-bar .sb-choose").click()
    focused = page.evaluate("""() => { const el = document.activeElement, r = el.getBoundingClientRect(),
        bar = document.getElementById('status-bar').getBoundingClientRect();
        return {tag: el.tagName, inBar: !!el.closest('#status-bar'), top: r.top, bottom: r.bottom, under: bar.bottom,
                form: !!el.closest('form.hf-action, a.tt-area') || !!el.querySelector('.ms-target')}; }""")
    assert focused["form"] and not focused["inBar"], f"{where}: Choose… focused {focused}"
    # it starts on screen, just under the bar (a board may run on below the screen)
    assert focused["under"] - 1 <= focused["top"] < SCREEN["height"] - 40, f"{where}: {focused}"


@pytest.mark.parametrize("game,variant,players", GAMES, ids=[f"{g}-{p}" for g, _v, p in GAMES])
def test_the_bar_the_move_and_undo_are_on_the_first_screen(browser, server, game, variant, players):
    chooser = random.Random(11)
    context = browser.new_context(viewport=SCREEN, is_mobile=True, has_touch=True)
    try:
        request = context.request
        body, tokens = _start(request, server, game, variant, players)
        table_id = body["id"]
        pages = []
        for token in tokens:
            seat_context = browser.new_context(viewport=SCREEN, is_mobile=True, has_touch=True)
            seat_context.add_cookies([{"name": "hf_seat", "value": token, "url": f"{server}/tables/{table_id}"}])
            page = seat_context.new_page()
            page.set_default_navigation_timeout(30_000)
            pages.append(page)
        kinds, checked = set(), 0
        for _ in range(MOVES):
            acting = []
            for seat in chooser.sample(range(players), players):
                seen, allowed = _allowed(request, server, table_id, tokens[seat])
                if allowed:
                    acting.append((seat, seen, allowed))
            if not acting:
                break
            seat, seen, allowed = acting[0]
            kind = (seen.get("phase") or "", tuple(sorted({a["type"] for a in allowed})))
            if kind not in kinds and checked < KINDS:
                kinds.add(kind)
                checked += 1
                page = pages[seat]
                page.goto(f"{server}/tables/{table_id}")
                where = f"{game} seat {seat} at {kind}"
                parts = _check_screen(page, game, where)
                if parts["choose"]:
                    _choose_brings_a_move(page, where)
            action = {k: v for k, v in chooser.choice(allowed).items() if k != "seat"}
            request.post(f"{server}/api/tables/{table_id}/actions", headers={TOKEN: tokens[seat]},
                         data={"version": seen["version"], "action": action})
        assert checked >= 1, f"{game}: no decision was looked at"
        # the end: the host ends the game; every phone reads that it is over and who won
        ended = request.post(f"{server}/api/tables/{table_id}/end", headers={TOKEN: body["host_token"]}, data={})
        assert ended.ok, ended.text()
        page = pages[0]
        page.goto(f"{server}/tables/{table_id}")
        parts = page.evaluate(PARTS)
        assert _inside(parts["turn"]) and parts["turn"]["text"].startswith("The game is over"), parts
        assert page.locator("#status-bar").get_by_text("See the final scores").is_visible()
    finally:
        for page in pages:
            page.context.close()
        context.close()


def test_the_last_events_and_who_undid_are_under_the_bar(browser, server):
    context = browser.new_context(viewport=SCREEN, is_mobile=True, has_touch=True)
    try:
        request = context.request
        body, tokens = _start(request, server, "scorepad", None, 3)
        table_id = body["id"]
        seat_context = browser.new_context(viewport=SCREEN, is_mobile=True, has_touch=True)
        seat_context.add_cookies([{"name": "hf_seat", "value": tokens[1], "url": f"{server}/tables/{table_id}"}])
        page = seat_context.new_page()
        page.goto(f"{server}/tables/{table_id}")
        # nothing of Ben's to undo yet: the button stays and says why
        parts = page.evaluate(PARTS)
        assert parts["undoDisabled"] and "Nothing to undo" in parts["reason"], parts
        seen, _allowed_now = _allowed(request, server, table_id, tokens[1])
        plus = {"type": "add_points", "category": "points", "points": 3}
        done = request.post(f"{server}/api/tables/{table_id}/actions", headers={TOKEN: tokens[1]},
                            data={"version": seen["version"], "action": plus})
        assert done.ok, done.text()
        said = done.json()["event"]["summary"]
        page.wait_for_function("s => [...document.querySelectorAll('#status-bar .sb-recent li')].some(li => li.textContent === s)",
                               arg=said, timeout=15_000)
        # the host, whose phone holds no seat, takes Ben's move back: the bar says who undid what
        undone = request.post(f"{server}/api/tables/{table_id}/undo", headers={TOKEN: body["host_token"]},
                              data={"version": done.json()["version"]})
        assert undone.ok, undone.text()
        page.wait_for_function("s => [...document.querySelectorAll('#status-bar .sb-recent li')].some(li => li.textContent === s)",
                               arg=f"The host undid: {said}", timeout=15_000)
        recent = page.evaluate(PARTS)["recent"]
        assert said not in recent  # the undone move itself is left out
        # Ben's own undo: the notice says so, and it goes at the next change
        seen, _allowed_now = _allowed(request, server, table_id, tokens[1])
        again = request.post(f"{server}/api/tables/{table_id}/actions", headers={TOKEN: tokens[1]},
                             data={"version": seen["version"], "action": plus})
        page.wait_for_function("v => document.querySelector('.live-meta').dataset.version == v",
                               arg=str(again.json()["version"]), timeout=15_000)
        page.locator("#status-bar form.sb-undo button").click()
        notice = page.locator("main > .alert[role=status]")
        assert notice.inner_text().startswith("Ben undid: ")
        seen, _allowed_now = _allowed(request, server, table_id, tokens[0])
        assert request.post(f"{server}/api/tables/{table_id}/actions", headers={TOKEN: tokens[0]},
                            data={"version": seen["version"], "action": plus}).ok
        notice.wait_for(state="detached", timeout=15_000)
        seat_context.close()
    finally:
        context.close()


def test_the_hosts_join_code_is_at_the_top_while_a_seat_is_free(browser, server):
    context = browser.new_context(viewport=SCREEN, is_mobile=True, has_touch=True)
    try:
        made = context.request.post(server + "/api/tables", data={
            "game": "mine-shaft", "variant": "basic",
            "players": [{"name": n, "colour": c} for n, c in zip(NAMES, COLOURS)]})
        body = made.json()
        context.add_cookies([{"name": "hf_host", "value": body["host_token"], "url": f"{server}/tables/{body['id']}"}])
        page = context.new_page()
        page.goto(f"{server}/tables/{body['id']}")
        code = page.locator(".join-code").bounding_box()
        assert code is not None and code["y"] + code["height"] <= SCREEN["height"], code
        for seat in range(3):
            assert context.request.post(f"{server}/api/tables/{body['id']}/seats",
                                        data={"code": body["join_code"], "seat": seat}).ok
        # the last seat taken: the invitation folds and goes below the table
        page.wait_for_function("""() => { const j = document.querySelector('details.join'), live = document.getElementById('live');
            return j && !j.open && (live.compareDocumentPosition(j) & Node.DOCUMENT_POSITION_FOLLOWING); }""", timeout=15_000)
    finally:
        context.close()


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_a_hosts_invitation_folds_at_the_first_move_and_stays_at_the_top(browser, server, script):
    """Anna hosts and plays; Ben and Cara have no phone, so seats stay free all game: the open
    invitation (QR code) is at the top until the first move, then folds to its line with the
    code, still above the table, and the turn and the moves are on the first screen."""
    context = browser.new_context(viewport=SCREEN, is_mobile=True, has_touch=True, java_script_enabled=script)
    try:
        made = context.request.post(server + "/api/tables", data={
            "game": "tinners-trail", "variant": "base", "seed": 7,
            "players": [{"name": n, "colour": c} for n, c in zip(NAMES, COLOURS)]}).json()
        table, host = made["id"], made["host_token"]
        anna = context.request.post(f"{server}/api/tables/{table}/seats", data={"code": made["join_code"], "seat": 0}).json()
        context.add_cookies([{"name": name, "value": value, "url": f"{server}/tables/{table}"}
                             for name, value in (("hf_host", host), ("hf_seat", anna["token"]))])
        page = context.new_page()
        page.goto(f"{server}/tables/{table}")
        assert page.locator("details.join").evaluate("d => d.open")
        state = context.request.get(f"{server}/api/tables/{table}?for=1", headers={TOKEN: host}).json()
        move = next(o["action"] for o in state["options"] if o["allowed"])  # the host plays for Ben
        assert context.request.post(f"{server}/api/tables/{table}/actions", headers={TOKEN: host},
                                    data={"version": state["version"], "action": {**move, "seat": 1}}).ok
        if script:
            page.wait_for_function("() => !document.querySelector('details.join').open", timeout=15_000)
        else:
            page.reload()
        assert not page.locator("details.join").evaluate("d => d.open")
        above = page.evaluate("() => !!(document.querySelector('details.join').compareDocumentPosition("
                              "document.getElementById('live')) & Node.DOCUMENT_POSITION_FOLLOWING)")
        assert above, "the folded invitation stays above the table while a seat is free"
        page.evaluate("() => window.scrollTo(0, 0)")
        code = page.locator("details.join summary .join-code-inline").bounding_box()
        assert code is not None and code["y"] + code["height"] <= SCREEN["height"]
        parts = page.evaluate(PARTS)
        assert parts["bar"] and parts["bar"]["bottom"] <= SCREEN["height"], parts
        first = parts["main"] or parts["choose"]
        assert first and first["bottom"] <= SCREEN["height"], parts
    finally:
        context.close()


@pytest.mark.parametrize("game,variant", [("ardevur", "standard"), ("ore-published", None), ("tinners-trail", "base")])
def test_before_the_first_move_the_open_invitation_leaves_the_bar_on_the_first_screen(browser, server, game, variant):
    """The host's open invitation (QR code, code, address, and the note a local-only address
    adds) stands above the table, and the bar with the first move and Undo still ends on the
    first screen, for the longest game names."""
    context = browser.new_context(viewport=SCREEN, is_mobile=True, has_touch=True)
    try:
        made = context.request.post(server + "/api/tables", data={
            "game": game, "variant": variant, "seed": 7,
            "players": [{"name": n, "colour": c} for n, c in zip(NAMES, COLOURS)]}).json()
        anna = context.request.post(f"{server}/api/tables/{made['id']}/seats",
                                    data={"code": made["join_code"], "seat": 0}).json()
        context.add_cookies([{"name": name, "value": value, "url": f"{server}/tables/{made['id']}"}
                             for name, value in (("hf_host", made["host_token"]), ("hf_seat", anna["token"]))])
        page = context.new_page()
        page.goto(f"{server}/tables/{made['id']}")
        assert page.locator("details.join").evaluate("d => d.open")
        assert page.locator(".join-local").count() == 1  # the worst case: the local-only note shown
        code = page.locator(".join-code").bounding_box()
        assert code is not None and code["y"] + code["height"] <= SCREEN["height"], code
        parts = page.evaluate(PARTS)
        assert _inside(parts["bar"]) and _inside(parts["undo"]), parts
        assert _inside(parts["main"] or parts["choose"]), parts
    finally:
        context.close()
