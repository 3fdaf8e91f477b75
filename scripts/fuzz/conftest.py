"""Runs schemathesis once for the session (see test_api_fuzz.py) and prints what it did at the end."""

import os
import re
import secrets
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import requests

BASE = os.environ["VERBATIM_API"].rstrip("/")
DOCUMENT = f"{BASE}/api/openapi.json"
HERE = Path(__file__).parent
# Past max-time (120 s) a run only finishes its last requests; this only catches a wedged fuzzer.
RUN_LIMIT_S = 200
# logout-all ends every session of the fuzzing user, so it is fuzzed in a short run of its own.
SESSION_ENDING = "/api/logout-all"

_summaries: list[str] = []


def new_user():
    """A new user's session cookie, and an API key of theirs with every scope (the document names both schemes)."""
    name = f"fuzz{secrets.token_hex(6)}"
    res = requests.post(
        f"{BASE}/api/register",
        json={"username": name, "email": f"{name}@example.com", "password": secrets.token_urlsafe(16)},
        timeout=10,
    )
    assert res.status_code == 201, res.text
    session = res.cookies["verbatim_session"]
    key = requests.post(
        f"{BASE}/api/api-keys",
        json={"name": "fuzz", "scopes": ["transcriptions:read", "transcriptions:write", "webhooks:manage"]},
        cookies={"verbatim_session": session},
        headers={"Origin": BASE},
        timeout=10,
    )
    assert key.status_code == 201, key.text
    return session, key.json()["key"]


SESSION_AUTH = '[auth.openapi.session]\napi_key = "${VERBATIM_FUZZ_SESSION}"'
KEY_AUTH = '[auth.openapi.apiKey]\nbearer = "${VERBATIM_FUZZ_KEY}"'
# What an API key reaches (worker/src/rules/api-key-scopes.ts); the document lists the key on those operations only.
KEY_PATHS = "^(/api/(transcriptions|uploads|search|sync|webhooks)|/v1/audio)(/|$)"


def _key_config(out: Path) -> Path:
    """schemathesis.toml signing in with the user's API key instead of the session cookie."""
    text = (HERE / "schemathesis.toml").read_text()
    assert SESSION_AUTH in text, "schemathesis.toml no longer has the session's auth section"
    path = out / "schemathesis-key.toml"
    path.write_text(text.replace(SESSION_AUTH, KEY_AUTH))
    return path


def _st_run(out: Path, name: str, *options: str, config: Path = HERE / "schemathesis.toml"):
    st = Path(sys.executable).with_name("st")
    report = out / f"{name}.xml"
    args = [str(st), "--config-file", str(config), "run", DOCUMENT]
    args += ["--report", "junit", "--report-junit-path", str(report), *options]
    session, key = new_user()
    env = {**os.environ, "VERBATIM_FUZZ_SESSION": session, "VERBATIM_FUZZ_KEY": key, "NO_COLOR": "1"}
    proc = subprocess.run(args, check=False, env=env, timeout=RUN_LIMIT_S, capture_output=True, text=True)
    (out / f"{name}.log").write_text(proc.stdout + proc.stderr)
    cases = re.search(r"Test cases:\s*\n\s*(.+)", proc.stdout)
    links = re.search(r"API Links:\s*(.+)", proc.stdout)
    scenarios = re.search(r"Scenarios:\s*(\d+)", proc.stdout)
    _summaries.append(
        f"fuzz run '{name}': exit {proc.returncode}; test cases: {cases[1] if cases else '?'}"
        + (f"; stateful scenarios: {scenarios[1]}, links: {links[1]}" if scenarios and links else "")
        + f" (log: {out / f'{name}.log'})"
    )
    return proc, report


# CPython 3.11's ast.parse can raise this SystemError when two threads parse at once (schemathesis runs two workers, and
# hypothesis parses source to describe its filters). It is the fuzzer crashing, not the API failing: that operation is
# fuzzed again, alone, and its second result counts.
TOOL_CRASH = "AST constructor recursion depth mismatch"


def _problems(report: Path) -> dict[str, str | None]:
    """A JUnit report's operations: name -> failure text, None when it passed."""
    found = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        problem = case.find("failure")
        if problem is None:
            problem = case.find("error")
        found[case.get("name")] = None if problem is None else problem.text or problem.get("message")
    return found


@pytest.fixture(scope="session")
def results(tmp_path_factory):
    """Fuzzes every operation, then reads the JUnit reports: test name -> failure text (None when it passed)."""
    out = tmp_path_factory.mktemp("fuzz")
    key_config = _key_config(out)
    plans = [
        ("all", ("--exclude-path", SESSION_ENDING), HERE / "schemathesis.toml"),
        ("logout-all", ("--include-path", SESSION_ENDING, "--phases", "examples,coverage,fuzzing", "--max-time", "10"), HERE / "schemathesis.toml"),
        # The operations a key reaches, signed in with the key alone (a Bearer request never reads the cookie).
        ("api-key", ("--include-path-regex", KEY_PATHS, "--max-time", "40"), key_config),
    ]
    runs, found = [], {}
    for name, options, config in plans:
        proc, report = _st_run(out, name, *options, config=config)
        problems = _problems(report)
        crashed = [op for op, problem in problems.items() if problem and TOOL_CRASH in problem and " /" in op]
        for i, op in enumerate(crashed):
            method, path = op.split(" ", 1)
            _, again = _st_run(out, f"{name}-again-{i}", "--include-method", method, "--include-path", path, "--max-time", "20", config=config)
            problems[op] = _problems(again).get(op)
        # The run passed if all it found were fuzzer crashes that passed when fuzzed again.
        runs.append((proc, proc.returncode == 0 or (crashed and all(p is None for p in problems.values()))))
        for op, problem in problems.items():
            # An operation fuzzed in two runs (with the session, then with the key) fails if either run failed.
            if found.get(op) is None:
                found[op] = problem
    return runs, found


def pytest_terminal_summary(terminalreporter):
    for line in _summaries:
        terminalreporter.write_line(line)
