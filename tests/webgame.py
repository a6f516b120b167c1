"""Helpers for the games' web tests: start a table through the service, act through the API."""

from __future__ import annotations

import re
from html import unescape

from webapp import tables

TOKEN = "X-Headframe-Token"
PLAYERS = [{"name": "Ann", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2980b9"},
           {"name": "Cy", "colour": "#27ae60"}]


def start(app, game: str, players: list[dict], variant: str | None, seed: int):
    with app.app_context():
        return tables.create_table(game, players, variant, seed)


def act(client, table_id: str, token: str, version: int, action: dict):
    return client.post(f"/api/tables/{table_id}/actions", json={"version": version, "action": action},
                       headers={TOKEN: token})


def seat_phone(app, table, seat: int):
    """The phone that took ``seat`` at ``table``: a test client with that seat's cookie, and the
    seat's token for acting through the API."""
    with app.app_context():
        _, token = tables.join(table.join_code, seat)
    client = app.test_client()
    client.set_cookie("hf_seat", token, path=f"/tables/{table.id}")
    return client, token


def host_phone(app, host: str):
    """The host's phone (``host`` is the host token), holding no seat: its pages show the table,
    and ``?for=N`` ("Play for …") the moves of seat N when no phone holds it. A phone with
    neither a seat nor the host token only watches."""
    client = app.test_client()
    client.set_cookie("hf_host", host)
    return client


def banner(html: str) -> str:
    """The turn banner's words ("Your turn — 2 work points left", "Waiting for Cara (bidding)")."""
    found = re.search(r'<p id="turn"[^>]*>\s*<strong>(.*?)</strong>', html, re.S)
    return unescape(found.group(1)) if found else ""


def banners(phones, table) -> list[str]:
    """The turn banner each of ``phones`` shows at ``table`` now."""
    return [banner(p.get(f"/tables/{table.id}/fragment").get_data(as_text=True)) for p in phones]
