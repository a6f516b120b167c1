"""The API against its own document: schemathesis generates requests from /api/openapi.json
(valid ones and ones the document forbids) for every operation, on SQLite, with every check on.
A third of the requests on a table's routes go to a real table with the host's token and a
third with a seat's token, an action then against the table's current version, so the write
routes are reached by callers allowed to use them. No answer may be a server error, every
answer must match the document (status, headers, content type, body), a request the document
forbids must get a 4xx, and a request it allows must be accepted, or refused only for what
the document says no schema can know: the table's state or the game's rules (a move the rules
forbid now, nothing left to undo; a game's own player counts, variants and bots, and two
players given one name), answered 422 with the reason."""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.config import SchemathesisConfig

EXAMPLES = 8  # per operation and kind of data: enough to reach every branch of the checks, under a minute in all
TWO = [{"name": "Ann", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2980b9"}]
# Refusals a valid request may meet, by the table's state or the game's rules (see the docstring).
DECIDED_BY_THE_GAME = ("/api/tables", "/api/tables/{table_id}/actions", "/api/tables/{table_id}/undo")
CONFIG = "\n".join(f'''
[[operations]]
include-path = "{path}"
checks.positive_data_acceptance.expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "422", "429", "5xx"]
''' for path in DECIDED_BY_THE_GAME)


def _live(make_app):
    # Long polls answer at once here (no slots), and wrong join codes are never slowed down:
    # the 429 is tested on its own and would only hide answers from the generator.
    app = make_app(LONG_POLL_SLOTS=0, JOIN_FAILURE_LIMIT=1_000_000)
    client = app.test_client()
    created = client.post("/api/tables", json={"game": "tinners-trail", "players": TWO})
    assert created.status_code == 201
    table = created.get_json()
    joined = client.post(f"/api/tables/{table['id']}/seats", json={"code": table["join_code"], "seat": 0})
    assert joined.status_code == 201
    return app, table, joined.get_json()["token"]


def test_every_answer_matches_the_document(make_app):
    app, table, seat_token = _live(make_app)
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app, config=SchemathesisConfig.from_str(CONFIG))
    failures = []
    calls = 0
    client = app.test_client()
    for found in schema.get_all_operations():
        operation = found.ok()
        for mode in GenerationMode:

            @given(case=operation.as_strategy(generation_mode=mode))
            @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                      phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
            def run(case):
                nonlocal calls
                if case.path_parameters and "table_id" in case.path_parameters and calls % 3 < 2:
                    case.path_parameters["table_id"] = table["id"]
                    token = table["host_token"] if calls % 3 == 0 else seat_token
                    case.headers = {**(case.headers or {}), "X-Headframe-Token": token}
                    if operation.path.endswith("/actions") and isinstance(case.body, dict) and "version" in case.body:
                        case.body["version"] = client.get(f"/api/tables/{table['id']}").get_json()["version"]
                calls += 1
                case.call_and_validate()

            try:
                run()
            except Unsatisfiable:
                continue  # nothing the document forbids can be sent here (a string path, no body)
            except BaseException as exc:  # noqa: BLE001 - every operation is tried; all failures are reported
                if not isinstance(exc, Exception) and not isinstance(exc, BaseExceptionGroup):
                    raise
                failures.append(f"{operation.label} ({mode.value}): {exc}")
    assert not failures, "\n\n".join(failures)
    assert calls >= 100


def _allows(spec, schema_name, instance) -> bool:
    from openapi_schema_validator import OAS31Validator

    schema = {"$ref": f"#/components/schemas/{schema_name}", "components": spec["components"]}
    return OAS31Validator(schema).is_valid(instance)


def test_the_document_bounds_every_number_the_server_bounds(make_app):
    """Each whole-number query parameter the document bounds is answered at its bounds and
    refused (400) one past them, as the document says."""
    app, table, _ = _live(make_app)
    client = app.test_client()
    spec = client.get("/api/openapi.json").get_json()
    checked = []
    for path, methods in spec["paths"].items():
        for parameter in methods.get("get", {}).get("parameters", []):
            schema = parameter["schema"]
            if parameter["in"] != "query" or schema.get("type") != "integer":
                continue
            url = path.replace("{table_id}", table["id"])
            low, high = schema["minimum"], schema["maximum"]
            headers = {"X-Headframe-Token": table["host_token"]}
            for value, refused in ((low - 1, True), (low, False), (high, False), (high + 1, True)):
                if parameter["name"] == "for" and not refused:
                    continue  # which seats the host may see depends on the table
                status = client.get(f"{url}?{parameter['name']}={value}", headers=headers).status_code
                assert (status == 400) is refused, (url, parameter["name"], value, status)
            checked.append(f"{path}?{parameter['name']}")
    assert {"/api/tables/{table_id}/log?after", "/api/tables/{table_id}/events?after",
            "/api/tables/{table_id}/log?limit", "/api/history?limit"} <= set(checked)


def test_the_document_refuses_the_new_tables_the_server_refuses(make_app):
    app, _, _ = _live(make_app)
    client = app.test_client()
    spec = client.get("/api/openapi.json").get_json()
    refused = [{"game": "", "players": TWO}, {"game": "chess", "players": TWO},
               {"game": "scorepad", "players": [{"name": "\u200b", "colour": "#c0392b"}]},
               {"game": "scorepad", "players": [{"name": "Ann\u2028Bo", "colour": "#c0392b"}]},
               {"game": "scorepad", "players": [{"name": "Ann\u0085", "colour": "#c0392b"}]},
               {"game": "scorepad", "players": [{"name": "Ann", "colour": "#c0392b", "bot": "Not A Bot"}]},
               {"game": "scorepad", "players": TWO, "variant": "Not a variant"}]
    for body in refused:
        assert not _allows(spec, "CreateTable", body), body
        assert client.post("/api/tables", json=body).status_code in (404, 422), body
    accepted = [{"game": "scorepad", "players": [{"name": "\u202eAnn", "colour": "#c0392b"}]},
                {"game": "scorepad", "players": [{"name": " Zoë ", "colour": "#c0392b"}], "variant": ""}]
    for body in accepted:
        assert _allows(spec, "CreateTable", body), body
        assert client.post("/api/tables", json=body).status_code == 201, body
