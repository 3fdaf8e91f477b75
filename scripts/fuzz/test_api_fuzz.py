"""Fuzzes the started app through its own OpenAPI document (GET /api/openapi.json).

`schemathesis` (conftest.py, configured in schemathesis.toml) generates valid and invalid requests for every
operation (examples, coverage, fuzzing, then stateful sequences that feed one response's ids into the next
request) as a signed-in user. One result per operation: no 5xx, no response outside the document, invalid
input refused, no request that hangs (10 s each). The document itself is first checked by an independent
validator (openapi-spec-validator).

Run by scripts/lib/fuzz.mjs with VERBATIM_API=http://127.0.0.1:PORT.
"""

import pytest
import requests
from conftest import DOCUMENT
from openapi_spec_validator import validate


def _document():
    res = requests.get(DOCUMENT, timeout=10)
    res.raise_for_status()
    return res.json()


def _operations():
    doc = _document()
    # schemathesis does not fuzz the document it was given; the first test below reads it.
    return [f"{method.upper()} {path}" for path, ops in doc["paths"].items() for method in ops if path != "/api/openapi.json"]


def test_the_document_is_valid_openapi_3_1():
    doc = _document()
    assert doc["openapi"].startswith("3.1")
    validate(doc)


@pytest.mark.parametrize("operation", _operations())
def test_operation_survives_fuzzing(results, operation):
    _, found = results
    assert operation in found, f"{operation} was not fuzzed"
    assert found[operation] is None, found[operation]


def test_stateful_sequences_and_both_runs_pass(results):
    runs, found = results
    stateful = {name: problem for name, problem in found.items() if " /" not in name}
    assert all(problem is None for problem in stateful.values()), stateful
    for run, passed in runs:
        assert passed, run.stdout[-3000:]
