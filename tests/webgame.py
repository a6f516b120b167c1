"""Helpers for the games' web tests: start a table through the service, act through the API."""

from __future__ import annotations

from webapp import tables

TOKEN = "X-Headframe-Token"


def start(app, game: str, players: list[dict], variant: str | None, seed: int):
    with app.app_context():
        return tables.create_table(game, players, variant, seed)


def act(client, table_id: str, token: str, version: int, action: dict):
    return client.post(f"/api/tables/{table_id}/actions", json={"version": version, "action": action},
                       headers={TOKEN: token})
