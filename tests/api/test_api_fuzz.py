"""Schemathesis against the served OpenAPI document, in-process: no input gives a 5xx or an off-schema answer.

Schemathesis' own pytest wrapper (`schema.parametrize`) does not run on pytest 9, so each operation gets a
Hypothesis test built from schemathesis' strategy for it, and its checks run on every response.

The budget is fixed and derandomized, so every run sends the same requests: `make test` sends 8 schema-valid
and 4 invalid requests per operation (a couple of minutes on two cores); RAMO_FUZZ_EXAMPLES=60 (`make fuzz`)
sends 60 and 30, the fuller sweep this test ran in every `make test` before (7 to 12 minutes).
"""

import os
from collections import Counter

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.specs.openapi.checks import positive_data_acceptance

from .helpers import ramo, result

POSITIVE_EXAMPLES = int(os.environ.get("RAMO_FUZZ_EXAMPLES", "8"))
EXAMPLES = {GenerationMode.POSITIVE: POSITIVE_EXAMPLES, GenerationMode.NEGATIVE: max(1, POSITIVE_EXAMPLES // 2)}


@pytest.fixture
def fuzz_schema(app, api):
    """The served document, aimed at a seeded league: small ids (1..4) hit real leagues, players and games."""
    league, ids = api.league()
    api.ok("POST", f"/leagues/{league}/seasons", {"name": "Spring"}, 201)
    for variant in ("ramo", "rummy", "contract"):
        game = api.game(league, variant, ids)
        if variant == "ramo":
            body = {"results": [result(ids[0], {}, went_out=True)] + [result(p, ramo(1)) for p in ids[1:]]}
            api.ok("POST", f"/games/{game['id']}/hands", body, 201)
    return schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)


def fuzz(operation, mode: GenerationMode, token: str, statuses: Counter) -> None:
    @settings(max_examples=EXAMPLES[mode], deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    @given(operation.as_strategy(generation_mode=mode))
    def run(case):
        # A schema-valid body can still break a game rule (422): "positive data is accepted" is not our contract.
        # schemathesis's in-process WSGI transport asks for gzip but never decodes it; compression has its own tests.
        response = case.call_and_validate(headers={"Authorization": f"Bearer {token}", "Accept-Encoding": "identity"},
                                          excluded_checks=[positive_data_acceptance])
        statuses[response.status_code] += 1
        assert response.status_code < 500, response.text

    run()


@pytest.mark.slow
@pytest.mark.timeout(2400)  # `make fuzz`: 7 to 12 minutes on two busy cores
@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_no_input_gives_a_server_error_or_an_undocumented_response(fuzz_schema, api, mode):
    statuses: Counter = Counter()
    operations = [result.ok() for result in fuzz_schema.get_all_operations()]
    assert len(operations) == 33  # all but openapi.json itself, which schemathesis leaves out (26 + 7 of nights)
    for operation in operations:
        fuzz(operation, mode, api.token, statuses)
    print(f"\nschemathesis {mode}: {sum(statuses.values())} requests, statuses {dict(sorted(statuses.items()))}")
    assert not [code for code in statuses if code >= 500]
    assert statuses[200] + statuses[201] > 0  # the seeded objects were reached, not only rejections
