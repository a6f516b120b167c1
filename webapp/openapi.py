"""The OpenAPI 3.1 description of ``/api``, served at ``/api/openapi.json``.

Schemas are plain JSON Schema (2020-12), so the tests validate real responses against them.
"""

from __future__ import annotations

from functools import lru_cache

from .live import AFTER_MAX
from .tables.checks import NAME_MAX, NAME_PATTERN


def _ref(name: str) -> dict:
    return {"$ref": f"#/components/schemas/{name}"}


def _obj(properties: dict, required: list[str] | None = None, extra: bool = False) -> dict:
    schema = {"type": "object", "properties": properties, "additionalProperties": extra}
    schema["required"] = list(properties) if required is None else required
    return schema


NULLABLE_STR = {"type": ["string", "null"]}
NULLABLE_INT = {"type": ["integer", "null"]}

SCHEMAS = {
    "Error": _obj({"error": _obj({
        "code": {"type": "string"}, "message": {"type": "string"}, "rule": {"type": "string"},
        "current": _ref("TableState")}, required=["code", "message"])}),
    "Game": _obj({"id": {"type": "string"}, "name": {"type": "string"},
                  "players": _obj({"min": {"type": "integer"}, "max": {"type": "integer"}}),
                  "variants": {"type": "array", "items": {"type": "string"}}}),
    "NewPlayer": _obj({"name": {"type": "string", "minLength": 1, "maxLength": NAME_MAX, "pattern": NAME_PATTERN,
                                "description": "No control or line break, something visible; direction controls "
                                               "are taken out. Names are told apart ignoring case."},
                       "colour": {"type": "string", "pattern": "^#[0-9a-fA-F]{6}$"},
                       "bot": {"type": ["string", "null"], "pattern": "^[a-z0-9][a-z0-9_-]{0,63}$",
                               "description": "One of the game's bots (GET /api/games), or null for a person."}},
                      required=["name", "colour"]),
    "Player": _obj({"seat": {"type": "integer"}, "name": {"type": "string"}, "colour": {"type": "string"},
                    "bot": NULLABLE_STR, "taken": {"type": "boolean"}}),
    "OfferedAction": {"type": "object", "required": ["type"], "properties": {"type": {"type": "string"}},
                      "description": "An action the phone may send back as it is (see Action)."},
    "Option": _obj({"action": _ref("OfferedAction"), "label": {"type": "string"}, "allowed": {"type": "boolean"},
                    "reason": {"type": "string"}, "cost": {"type": "string"}}),
    "Outcome": {"type": ["object", "null"], "additionalProperties": False, "required": ["finish", "winners", "reason"],
                "properties": {"finish": {"enum": ["win", "tie"]},
                               "winners": {"type": "array", "items": {"type": "integer"}},
                               "reason": {"type": "string"}}},
    "TableState": _obj({
        "id": {"type": "string"}, "game": {"type": "string"}, "name": {"type": "string"},
        "variant": NULLABLE_STR, "version": {"type": "integer", "minimum": 0},
        "players": {"type": "array", "items": _ref("Player")}, "seat": NULLABLE_INT, "host": {"type": "boolean"},
        "round": {"type": "integer"},
        "state": {"type": "object", "description": "The game state as this seat may see it."},
        "options": {"type": "array", "items": _ref("Option")}, "finished": {"type": "boolean"},
        "outcome": _ref("Outcome"), "can_undo": {"type": "boolean"},
        "join_code": {"type": "string", "description": "Only for the host."},
        "event": _ref("Event"), "data": _ref("DataSet")},
        required=["id", "game", "name", "variant", "version", "players", "seat", "host", "round", "state",
                  "options", "finished", "outcome", "can_undo", "data"]),
    "DataSet": {"type": ["object", "null"], "additionalProperties": False, "required": ["hash", "source", "label"],
                "description": "The data the table was started with (null: a game that reads no data, or a table "
                               "older than this record).",
                "properties": {"hash": {"type": "string"}, "source": {"type": "string"},
                               "label": {"type": "string"}}},
    "Event": _obj({"seq": {"type": "integer"}, "kind": {"enum": ["setup", "action", "undo", "join", "leave", "end"]},
                   "seat": NULLABLE_INT, "time": {"type": "string", "format": "date-time"},
                   "action": {"type": ["object", "null"]}, "summary": {"type": "string"}, "round": {"type": "integer"},
                   "barrier": {"type": "boolean"}, "undone": {"type": "boolean"}, "undoes": NULLABLE_INT}),
    "CreateTable": _obj({"game": {"type": "string", "description": "A game's id (GET /api/games)."},
                         "players": {"type": "array", "items": _ref("NewPlayer"), "minItems": 1,
                                     "description": "As many as the game takes (GET /api/games), each name its own."},
                         "variant": {"type": ["string", "null"], "pattern": "^$|^[a-z0-9][a-z0-9_+-]{0,254}$",
                                     "description": "One of the game's variants, with any table options joined by "
                                                    "\"+\"; empty or null: the game as it comes."},
                         "seed": {"type": ["integer", "null"], "minimum": 0, "maximum": 2 ** 31 - 1}},
                        required=["game", "players"]),
    "CreatedTable": _obj({"id": {"type": "string"}, "join_code": {"type": "string", "pattern": "^[A-Z2-9]{8}$"},
                          "host_token": {"type": "string"}, "table": _ref("TableState")}),
    "Join": _obj({"code": {"type": "string"}, "seat": {"type": "integer", "minimum": 0}}),
    "Joined": _obj({"seat": {"type": "integer"}, "token": {"type": "string"}, "table": _ref("TableState")}),
    "ActionRequest": _obj({"version": {"type": "integer"}, "action": _ref("Action")}),
    "VersionRequest": _obj({"version": {"type": "integer"}}),
    "Log": _obj({"id": {"type": "string"}, "events": {"type": "array", "items": _ref("Event")},
                 "next": {"type": ["integer", "null"],
                          "description": "More events follow: ask again with after=next. Null at the end."}}),
    "EndRequest": {"type": "object", "additionalProperties": False, "properties": {"version": {
        "type": "integer", "description": "The version the host saw (informative: the game ends as it stands)."}}},
    "Changes": _obj({"id": {"type": "string"}, "version": {"type": "integer"},
                     "events": {"type": "array", "items": _ref("Event")}}),
    "ScoreSheet": _obj({"players": {"type": "array", "items": {"type": "string"}},
                        "rows": {"type": "array", "items": _obj({
                            "category": {"type": "string"}, "name": {"type": "string"},
                            "points": {"type": "array", "items": {"type": "number"}}})},
                        "totals": {"type": "array", "items": {"type": "number"}},
                        "ranks": {"type": "array", "items": {"type": "integer"}}, "tiebreak": {"type": "string"}}),
    "Score": _obj({"id": {"type": "string"}, "game": {"type": "string"}, "variant": NULLABLE_STR,
                   "version": {"type": "integer"}, "sheet": _ref("ScoreSheet"),
                   "rounds": {"type": "array", "items": _obj({
                       "round": {"type": "integer"},
                       "totals": {"type": ["array", "null"], "items": {"type": "number"}}})},
                   "finished": {"type": "boolean"}, "outcome": _ref("Outcome"),
                   "players": {"type": "array", "items": _ref("Player")}}),
    "Export": {"type": "object", "required": ["format", "format_version", "id", "game", "players", "sheet", "log"],
               "properties": {"format": {"const": "headframe-table"}, "format_version": {"const": 1},
                              "id": {"type": "string"}, "game": {"type": "string"},
                              "players": {"type": "array"}, "sheet": _ref("ScoreSheet"),
                              "log": {"type": "array", "items": _ref("Event")}}},
    "BGStatsLink": _obj({"url": {"type": "string", "pattern": "^https://app\\.bgstatsapp\\.com/createPlay\\.html\\?data="}}),
    "History": _obj({"tables": {"type": "array", "items": _obj({
        "id": {"type": "string"}, "game": {"type": "string"}, "variant": NULLABLE_STR,
        "finished_at": {"type": "string"}, "outcome": _ref("Outcome"),
        "sheet": {"anyOf": [_ref("ScoreSheet"), {"type": "null"}]}})},
        "players": {"type": "array", "items": _obj({"name": {"type": "string"}, "plays": {"type": "integer"},
                                                    "wins": {"type": "integer"}, "average": {"type": "number"}})}}),
}


def _json(schema: str) -> dict:
    return {"application/json": {"schema": _ref(schema)}}


def _answer(description: str, schema: str | None = None) -> dict:
    body = {"description": description}
    if schema:
        body["content"] = _json(schema)
    return body


ERRORS = {
    "400": _answer("Malformed request (not a JSON object, nested too deep, bad query)", "Error"),
    "403": _answer("Missing or wrong token", "Error"),
    "404": _answer("No such table or seat", "Error"),
    "409": _answer("Stale version (carries the current table), seat taken or game over", "Error"),
    "413": _answer("Body or action longer than any request needs", "Error"),
    "415": _answer("Not application/json", "Error"),
    "422": _answer("Invalid input, an unknown field (named), what the game's own rules refuse that no schema can "
                   "say (its player counts, variants and bots; two players with one name; an action the rules "
                   "forbid now, code rule_violation, with the rule; nothing left to undo)", "Error"),
    "429": _answer("Too many wrong join codes from this address", "Error"),
}
TABLE_ID = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}
TOKEN = {"name": "X-Headframe-Token", "in": "header", "required": False, "schema": {"type": "string"},
         "description": "Seat or host token; browsers send it as a cookie instead."}
FOR = {"name": "for", "in": "query", "required": False, "schema": {"type": "integer", "minimum": 0, "maximum": 99},
       "description": "The host: the table as seat N sees it, a seat no phone holds (\"Play for\")."}
AFTER = {"name": "after", "in": "query", "required": False, "schema": {"type": "integer", "minimum": -1,
                                                                      "maximum": AFTER_MAX}}


def _op(summary: str, ok: str, schema: str | None, errors: tuple[str, ...], params=(), body: str | None = None,
        status: str = "200", extra: dict | None = None, optional: bool = False) -> dict:
    op = {"summary": summary, "responses": {status: _answer(ok, schema), **{e: ERRORS[e] for e in errors}}}
    if params:
        op["parameters"] = list(params)
    if body:
        op["requestBody"] = {"required": not optional, "content": _json(body)}
    if extra:
        op["responses"].update(extra)
    return op


@lru_cache(maxsize=1)
def document() -> dict:
    table = (TABLE_ID,)
    paths = {
        "/api/games": {"get": {"summary": "Games the companion can run", "responses": {
            "200": {"description": "Games", "content": {"application/json": {
                "schema": {"type": "array", "items": _ref("Game")}}}}}}},
        "/api/tables": {"post": _op("Set up a table; returns its id, join code and the host token",
                                    "Created", "CreatedTable", ("400", "404", "413", "415", "422"), body="CreateTable",
                                    status="201")},
        "/api/tables/{table_id}": {"get": _op(
            "The table as the caller sees it; ETag is the version (If-None-Match gives 304)", "The table",
            "TableState", ("400", "403", "404"), (TABLE_ID, TOKEN, FOR),
            extra={"304": {"description": "Unchanged since that ETag"}})},
        "/api/tables/{table_id}/seats": {"post": _op(
            "Take a seat with the join code; returns the seat token (also set as a cookie)", "Joined", "Joined",
            ("400", "404", "409", "413", "415", "422", "429"), table, body="Join", status="201")},
        "/api/tables/{table_id}/seats/{seat}": {"delete": _op(
            "Host: free a seat so another phone can take it", "The table", "TableState", ("403", "404", "422"),
            (TABLE_ID, TOKEN, {"name": "seat", "in": "path", "required": True, "schema": {"type": "integer"}}))},
        "/api/tables/{table_id}/actions": {"post": _op(
            "Apply an action made against a version", "The table after it, with the logged event", "TableState",
            ("400", "403", "404", "409", "413", "415", "422"), (TABLE_ID, TOKEN), body="ActionRequest")},
        "/api/tables/{table_id}/undo": {"post": _op(
            "Take back the latest action: the host any, a seat its own while nobody has acted since (never past dice, draws, reveals or the setup)", "The table",
            "TableState", ("400", "403", "404", "409", "413", "415", "422"), (TABLE_ID, TOKEN), body="VersionRequest")},
        "/api/tables/{table_id}/end": {"post": _op(
            "Host: end the game; the sheet as it stands is the result", "The table", "TableState",
            ("400", "403", "404", "413", "415", "422"), (TABLE_ID, TOKEN), body="EndRequest", optional=True)},
        "/api/tables/{table_id}/log": {"get": _op(
            "Every event in order, undone ones marked", "The log", "Log", ("400", "404"),
            (TABLE_ID, AFTER, {"name": "limit", "in": "query", "required": False,
                               "schema": {"type": "integer", "minimum": 1, "maximum": 1000}}))},
        "/api/tables/{table_id}/events": {"get": _op(
            "Long-poll: events after a version, waiting up to `wait` seconds for one", "Changes", "Changes",
            ("400", "404"), (TABLE_ID, AFTER, {"name": "wait", "in": "query", "required": False,
                                               "schema": {"type": "integer", "minimum": 0, "maximum": 25}}))},
        "/api/tables/{table_id}/score": {"get": _op(
            "Score sheet and running totals per round", "The score", "Score", ("404",), table)},
        "/api/tables/{table_id}/export.json": {"get": _op(
            "The whole table as a JSON file", "JSON file", "Export", ("404",), table)},
        "/api/tables/{table_id}/export.csv": {"get": {
            "summary": "The score sheet as CSV", "parameters": [TABLE_ID],
            "responses": {"200": {"description": "CSV file", "content": {"text/csv": {"schema": {"type": "string"}}}},
                          "404": ERRORS["404"]}}},
        "/api/tables/{table_id}/bgstats": {"get": _op(
            "A link that imports the play into BG Stats", "The link", "BGStatsLink", ("404",), table)},
        "/api/history": {"get": _op(
            "Finished tables and per-player statistics", "History", "History", ("400",),
            ({"name": "limit", "in": "query", "required": False,
              "schema": {"type": "integer", "minimum": 1, "maximum": 1000}},))},
        "/api/openapi.json": {"get": {"summary": "This document", "responses": {
            "200": {"description": "OpenAPI document", "content": {"application/json": {"schema": {"type": "object"}}}}}}},
    }
    from companion import game_ids

    schemas = {**SCHEMAS, **action_schemas()}
    create = schemas["CreateTable"]
    games = {**create["properties"]["game"], "enum": list(game_ids())}
    schemas["CreateTable"] = {**create, "properties": {**create["properties"], "game": games}}
    return {"openapi": "3.1.0",
            "info": {"title": "Headframe table companion", "version": "1",
                     "description": "Tables shared by phones: set up, join, act, undo, log, score, export."},
            "paths": paths, "components": {"schemas": schemas}}


def action_schemas() -> dict:
    """``Action``: any game's action, one schema per game generated from its declaration
    (``companion.declare``). The seat may be left out: a seat token says whose it is."""
    from companion import find_game, game_ids

    schemas: dict = {}
    for gid in game_ids():
        game = find_game(gid)
        if game.actions is None:
            continue
        schema = game.actions.json_schema()
        for variant in schema["oneOf"]:
            variant["required"] = [name for name in variant["required"] if name != "seat"]
        schemas[f"Action.{gid}"] = {**schema, "description": f"An action of {game.name}."}
    schemas["Action"] = {"anyOf": [_ref(name) for name in schemas],
                         "description": "A game action: the table's game decides which. Fields a game does not "
                                        "declare are refused (422, naming the field). The seat comes from the "
                                        "caller's seat token (naming another seat is refused, 403); the host's "
                                        "token names a seat no phone holds, or acts for the host's own seat."}
    return schemas
