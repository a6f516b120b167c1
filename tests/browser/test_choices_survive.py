"""What a player was choosing survives someone else's move: Ben sets his three "Discard from
region" selects in the Tinners' Trail survey, with his finger still in the last one; Cara keeps
her cards; Ben's page redraws for the new version and his selects still hold his choices. Then
Ben keeps, tapped on the version before Cara's, and both choices are applied."""

from __future__ import annotations

from test_axe import TOKEN

SCREEN = {"width": 360, "height": 640}
NAMES = ("Anna", "Ben", "Cara")


def test_survey_selects_keep_their_values_when_another_seat_moves(browser, server):
    context = browser.new_context(viewport=SCREEN, is_mobile=True, has_touch=True)
    try:
        request = context.request
        made = request.post(server + "/api/tables", data={
            "game": "tinners-trail", "variant": "base", "seed": 3,
            "players": [{"name": n, "colour": c} for n, c in zip(NAMES, ("#c0392b", "#2471a3", "#1e8449"))]})
        body = made.json()
        table_id = body["id"]
        tokens = [request.post(f"{server}/api/tables/{table_id}/seats",
                               data={"code": body["join_code"], "seat": s}).json()["token"] for s in range(3)]
        # Ben's phone: its own cookies (the requests above took seats in the first context)
        phone = browser.new_context(viewport=SCREEN, is_mobile=True, has_touch=True)
        phone.add_cookies([{"name": "hf_seat", "value": tokens[1], "url": f"{server}/tables/{table_id}"}])
        page = phone.new_page()
        page.set_default_navigation_timeout(30_000)
        page.goto(f"{server}/tables/{table_id}")
        selects = page.locator("select[id^='tt-discard-']")
        assert selects.count() >= 2
        chosen = {}
        for i in range(selects.count()):
            select = selects.nth(i)
            values = select.evaluate("s => [...s.options].map(o => o.value)")
            assert len(values) >= 2  # a real choice: the default is the first
            select.select_option(values[-1])
            chosen[select.get_attribute("id")] = values[-1]
        selects.nth(selects.count() - 1).focus()  # the finger is still in the last one
        before = page.locator(".live-meta").get_attribute("data-version")
        # Cara keeps her cards from her own phone
        seen = request.get(f"{server}/api/tables/{table_id}", headers={TOKEN: tokens[2]}).json()
        cara = next(o["action"] for o in seen["options"] if o["allowed"] and o["action"]["type"] == "keep_cards")
        done = request.post(f"{server}/api/tables/{table_id}/actions", headers={TOKEN: tokens[2]},
                            data={"version": seen["version"], "action": {k: v for k, v in cara.items() if k != "seat"}})
        assert done.ok, done.text()
        page.wait_for_function("v => document.querySelector('.live-meta').dataset.version !== v", arg=before,
                               timeout=15_000)
        page.wait_for_function("() => document.getElementById('status-bar') && "
                               "/Cara/.test(document.querySelector('#status-bar .sb-recent') ? "
                               "document.querySelector('#status-bar .sb-recent').textContent : '')", timeout=15_000)
        for select_id, value in chosen.items():
            assert page.locator(f"#{select_id}").input_value() == value, select_id
        assert page.evaluate("document.activeElement.id") == list(chosen)[-1]
        # Ben keeps, on the version his page showed before Cara's move: not a conflict, both apply
        stale = int(before)
        ben = {"type": "keep_cards", "discard": list(chosen.values())}
        sent = request.post(f"{server}/api/tables/{table_id}/actions", headers={TOKEN: tokens[1]},
                            data={"version": stale, "action": ben})
        assert sent.ok, sent.text()
        assert sent.json()["version"] == done.json()["version"] + 1
        phone.close()
    finally:
        context.close()
