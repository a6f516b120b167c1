"""The API against its own document: schemathesis generates requests from /api/openapi.json
(valid ones and ones the document forbids) for every operation, on SQLite, half of them aimed
at a real table with the host's token. No answer may be a server error, and every answer must
match the document: its status, headers, content type and body schema, and a request the
document forbids must get a 4xx. (A request the document allows may still be refused with 422:
no schema can say which seat exists or which move the rules allow now, so schemathesis's
"valid data is accepted" heuristic is left out.)"""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import positive_data_acceptance

EXAMPLES = 8  # per operation and kind of data: enough to reach every branch of the checks, under a minute in all
TWO = [{"name": "Ann", "colour": "#c0392b"}, {"name": "Bo", "colour": "#2980b9"}]


@pytest.fixture
def live(make_app):
    # Long polls answer at once here (no slots), and wrong join codes are never slowed down:
    # the 429 is tested on its own and would only hide answers from the generator.
    app = make_app(LONG_POLL_SLOTS=0, JOIN_FAILURE_LIMIT=1_000_000)
    created = app.test_client().post("/api/tables", json={"game": "tinners-trail", "players": TWO})
    assert created.status_code == 201
    return app, created.get_json()


def test_every_answer_matches_the_document(live):
    app, table = live
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
    failures = []
    calls = 0
    for found in schema.get_all_operations():
        operation = found.ok()
        for mode in GenerationMode:

            @given(case=operation.as_strategy(generation_mode=mode))
            @settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                      phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck))
            def run(case):
                nonlocal calls
                if case.path_parameters and "table_id" in case.path_parameters and calls % 2 == 0:
                    case.path_parameters["table_id"] = table["id"]
                    case.headers = {**(case.headers or {}), "X-Headframe-Token": table["host_token"]}
                calls += 1
                case.call_and_validate(excluded_checks=[positive_data_acceptance])

            try:
                run()
            except Unsatisfiable:
                continue  # nothing the document forbids can be sent here (a string path, no body)
            except Exception as exc:  # noqa: BLE001 - every operation is tried; all failures are reported
                failures.append(f"{operation.label} ({mode.value}): {exc}")
    assert not failures, "\n\n".join(failures)
    assert calls >= 100
