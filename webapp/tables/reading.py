"""Reading a table: by id or join code, its version for polling phones, and a seat's view."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping

from ..db import TableRecord
from ..errors import NotFound
from .cache import current_store
from .checks import CODE_LENGTH, normalise_code
from .model import Table, valid_id
from .rows import TABLE_BY_CODE, load_row, snapshot_of, table_version


def get(table_id: str, version: int | None = None) -> Table:
    """The table as stored now (one small query when this process has seen its version).
    With ``version`` (just read by ``version_of``) a snapshot of it needs no query at all."""
    store = current_store()
    if version is not None:
        hit = store.snapshot(table_id, version)
        if hit is not None:
            return hit
    if not valid_id(table_id):
        raise NotFound(f"There is no table {table_id!r}.")
    with store.sql.transaction() as tx:
        version = table_version(tx, table_id)
        if version is None:
            raise NotFound(f"There is no table {table_id!r}.")
        store.note_version(table_id, version)
        hit = store.snapshot(table_id, version)
        return hit if hit is not None else snapshot_of(tx, load_row(tx, table_id))


def version_of(table_id: str, fresh: bool = False, seen: int | None = None) -> int:
    """The table's version alone: the cheap question a polling phone asks. Answered from
    the store's cache when it is recent (see ``Store``), unless ``fresh`` or unless the phone
    has ``seen`` a newer version than the cache holds: then another server process wrote
    it, and only the database knows what is current. So a phone never gets an older table
    than the one it has."""
    store = current_store()
    if not fresh:
        cached = store.cached_version(table_id)
        if cached is not None and (seen is None or cached >= seen):
            return cached
    if not valid_id(table_id):
        raise NotFound(f"There is no table {table_id!r}.")
    with store.sql.transaction() as tx:
        version = table_version(tx, table_id)
    if version is None:
        raise NotFound(f"There is no table {table_id!r}.")
    store.note_version(table_id, version)
    return version


def find_by_code(code: str) -> Table:
    wanted = normalise_code(code)
    if len(wanted) != CODE_LENGTH:
        raise NotFound("No table has that join code.")
    with current_store().sql.transaction() as tx:
        row = tx.one(TABLE_BY_CODE, {"code": wanted}, TableRecord)
        if row is None:
            raise NotFound("No table has that join code.")
        return snapshot_of(tx, row)


def options_for(table: Table, seat: int | None, host: bool) -> list:
    """The moves a phone is offered: those of the seat it plays (its own, or the one the host
    plays for). A phone that plays no seat is offered nothing, except the host where the
    game's seat says whose points they are, not who acts (a score pad the host keeps)."""
    if seat is None and (not host or table.game.seat_is_actor):
        return []
    options = table.game.options(table.state, seat)
    if host:
        return options
    return [replace(o, allowed=False, reason="Only the host can do this.") if o.allowed and host_only(table.game, o.action)
            else o for o in options]


def host_only(game, action: Mapping[str, Any]) -> Any:
    """The declaration of ``action`` when only the host may make it (``ActionSpec.host_only``), else None."""
    spec = game.actions.specs.get(action.get("type")) if game.actions is not None else None
    return spec if spec is not None and spec.host_only else None


def state(table: Table, seat: int | None = None, host: bool = False) -> dict:
    """The table as ``seat`` sees it (``None``: spectator or the shared screen)."""
    game = table.game
    options = [] if table.finished else [
        {"action": dict(o.action), "label": o.label, "allowed": o.allowed, "reason": o.reason, "cost": o.cost}
        for o in options_for(table, seat, host)]
    body = {"id": table.id, "game": table.game_id, "name": game.name, "variant": table.variant,
            "version": table.version, "players": [s.to_json() for s in table.seats], "seat": seat,
            "host": host, "round": game.round_of(table.state), "state": game.view(table.state, seat),
            "options": options, "finished": table.finished, "outcome": table.outcome,
            "can_undo": table.head > 0, "data": table.data.to_json() if table.data is not None else None}
    if host:
        body["join_code"] = table.join_code
    return body
