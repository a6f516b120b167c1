"""The JSON API under ``/api``: thin over the table service (``webapp.tables``).

Writes identify the caller by the ``X-Headframe-Token`` header or the table's cookie.
``GET /api/tables/<id>`` carries the version as its ETag, so a polling phone usually gets
a bodiless 304. Polls and actions in their usual form are answered before Flask, with the
same results (see ``webapp.hotpaths``); these routes answer everything else.
``/events?after=V&wait=S`` waits up to S seconds for a newer version.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, request

from companion import find_game, game_ids

from . import exports, tables
from .errors import Invalid, NotFound
from .jsonbody import load_object
from .live import AFTER_MAX, LOG_LIMIT, MAX_WAIT, WAITED
from .openapi import document
from .hotpaths import newest_tag, not_modified_headers
from .security import SEAT_COOKIE, TOKEN_HEADER, client_address, join_limit, set_table_cookie

bp = Blueprint("api", __name__, url_prefix="/api")
MAX_SEAT = 99



def _body(*fields: str, allow_empty: bool = False) -> dict:
    """The request's JSON object, parsed safely (see ``jsonbody``), with no field but ``fields``
    (the document declares each body closed: additionalProperties is false)."""
    data = load_object(request.get_data(cache=True), allow_empty)
    _closed(data, fields, "The request")
    return data


def _closed(data: dict, fields: tuple[str, ...], what: str) -> None:
    for name in data:
        if name not in fields:
            takes = ", ".join(fields) if fields else "no fields"
            raise Invalid("unknown_field", f"{what} has no field {str(name)[:40]!r}; it takes {takes}.")


def _int_arg(name: str, default: int, low: int, high: int) -> int:
    raw = request.args.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise Invalid("invalid_query", f"{name} must be a whole number.", status=400) from None
    if not low <= value <= high:
        raise Invalid("invalid_query", f"{name} must be from {low} to {high}.", status=400)
    return value


def _caller() -> tables.Caller:
    """The tokens the caller presents: the header, or the table's cookies."""
    return tables.Caller.of(request.headers.get(TOKEN_HEADER), request.cookies)


def _viewer(table: tables.Table) -> tuple[int | None, bool]:
    """(seat, is host) for the caller, from the header or the cookies; ``?for=N``: the host
    sees the seat it plays for."""
    raw = request.args.get("for")
    wanted = None if raw is None else _int_arg("for", 0, 0, MAX_SEAT)
    return tables.viewer(table, _caller(), wanted)


def _state_response(table: tables.Table, status: int = 200, **extra) -> Response:
    seat, host = _viewer(table)
    body = tables.state(table, seat, host)
    body.update(extra)
    response = jsonify(body)
    response.status_code = status
    response.set_etag(str(table.version))
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Vary"] = "Cookie, X-Headframe-Token"
    return response


@bp.get("/openapi.json")
def openapi():
    return jsonify(document())


@bp.get("/games")
def games():
    out = []
    for gid in game_ids():
        game = find_game(gid)
        out.append({"id": game.id, "name": game.name, "players": {"min": game.players[0], "max": game.players[1]},
                    "variants": list(game.variants)})
    return jsonify(out)


@bp.post("/tables")
def create():
    data = _body("game", "players", "variant", "seed")
    players = data.get("players")
    for index, player in enumerate(players if isinstance(players, list) else [], start=1):
        if isinstance(player, dict):
            _closed(player, ("name", "colour", "bot"), f"Player {index}")
    table, host_token = tables.create_table(data.get("game"), data.get("players"), data.get("variant"),
                                            data.get("seed"))
    response = jsonify({"id": table.id, "join_code": table.join_code, "host_token": host_token,
                        "table": tables.state(table, None, True)})
    response.status_code = 201
    response.headers["Location"] = f"/api/tables/{table.id}"
    set_table_cookie(response, table.id, host_token, host=True)
    return response


@bp.get("/tables/<table_id>")
def show(table_id: str):
    # A phone that polls names the version it has; a plain GET wants the table as stored now.
    seen = newest_tag(request.headers.get("If-None-Match"))
    version = tables.version_of(table_id, fresh=seen is None, seen=seen)
    if request.if_none_match and request.if_none_match.contains(str(version)):
        return Response(status=304, headers=not_modified_headers(version))
    return _state_response(tables.overdue(tables.get(table_id, version)))


@bp.post("/tables/<table_id>/seats")
def join(table_id: str):
    data = _body("code", "seat")
    seat = data.get("seat")

    def look_up():
        found = tables.find_by_code(data.get("code"))
        if found.id != table_id:
            raise NotFound("No table has that join code.", "bad_code")

    join_limit(current_app).attempt(client_address(), look_up)
    table, token = tables.join(data.get("code"), seat, request.cookies.get(SEAT_COOKIE))
    response = jsonify({"seat": seat, "token": token, "table": tables.state(table, seat, False)})
    response.status_code = 201
    set_table_cookie(response, table.id, token)
    return response


@bp.delete("/tables/<table_id>/seats/<int:seat>")
def free_seat(table_id: str, seat: int):
    table = tables.remove_seat(table_id, _caller().host_token, seat)
    return _state_response(table)


@bp.post("/tables/<table_id>/actions")
def act(table_id: str):
    data = _body("version", "action")
    result = tables.act(table_id, _caller(), data.get("version"), data.get("action"))
    response = jsonify(tables.answer(result))
    response.set_etag(str(result["version"]))
    return response


@bp.post("/tables/<table_id>/undo")
def undo(table_id: str):
    data = _body("version")
    table = tables.undo(table_id, _caller(), data.get("version"))
    return _state_response(table)


@bp.post("/tables/<table_id>/end")
def end(table_id: str):
    version = _body("version", allow_empty=True).get("version")  # nothing is needed: an empty body will do
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
        raise Invalid("invalid_version", "The version, when sent, is a whole number.")
    table = tables.end_game(table_id, _caller().host_token)
    return _state_response(table)


@bp.get("/tables/<table_id>/log")
def log(table_id: str):
    after = _int_arg("after", -1, -1, AFTER_MAX)
    limit = _int_arg("limit", LOG_LIMIT, 1, LOG_LIMIT)
    events = tables.log(table_id, after, limit + 1)  # one more than asked says whether more follow
    more = len(events) > limit
    events = events[:limit]
    return jsonify({"id": table_id, "events": _seen(table_id, None, events),
                    "next": events[-1]["seq"] if more else None})


def _seen(table_id: str, version: int | None, events: list[dict]) -> list[dict]:
    """The events as the caller's seat may see them (see ``tables.seen_by``)."""
    if not events:
        return events
    table = tables.get(table_id, version)
    if not tables.needs_viewer(table.game, events):
        return events
    return tables.seen_by(table.game, events, _viewer(table)[0])


@bp.get("/tables/<table_id>/events")
def events(table_id: str):
    """Long-poll: answers as soon as the table is newer than ``after`` or ``wait`` runs out.
    Under ``serve`` the request has already waited, parked off the server's threads, before
    it gets here (see ``webapp.live``). Elsewhere it waits in its thread, but only while no
    more than half the threads wait, so waiting phones never starve the server; the rest get
    an immediate answer and simply poll."""
    after = _int_arg("after", -1, -1, AFTER_MAX)
    wait = min(_int_arg("wait", 0, 0, int(MAX_WAIT)), MAX_WAIT)
    waited = request.environ.get(WAITED)
    version = tables.version_of(table_id, fresh=waited == "timeout", seen=after)
    waiters = current_app.extensions["headframe_waiters"]
    if version <= after and wait > 0 and waited is None and waiters.acquire(blocking=False):
        try:
            changed = current_app.extensions["headframe_live"].wait(table_id, after, wait)
        finally:
            waiters.release()
        version = tables.version_of(table_id, fresh=not changed, seen=after)
    new = tables.log(table_id, after, LOG_LIMIT) if version > after else []
    return jsonify({"id": table_id, "version": version, "events": _seen(table_id, version, new)})


@bp.get("/tables/<table_id>/score")
def score(table_id: str):
    return jsonify(tables.score(table_id))


@bp.get("/tables/<table_id>/export.json")
def export_json(table_id: str):
    return exports.json_response(table_id, _caller())


@bp.get("/tables/<table_id>/export.csv")
def export_csv(table_id: str):
    return exports.csv_response(table_id)


@bp.get("/tables/<table_id>/bgstats")
def bgstats(table_id: str):
    return jsonify({"url": exports.bgstats_url(table_id)})


@bp.get("/history")
def history():
    limit = _int_arg("limit", 100, 1, 1000)
    return jsonify({"tables": tables.finished_tables(limit), "players": tables.player_stats()})
