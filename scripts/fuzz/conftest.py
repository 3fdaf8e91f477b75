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


def new_session():
    name = f"fuzz{secrets.token_hex(6)}"
    res = requests.post(
        f"{BASE}/api/register",
        json={"username": name, "email": f"{name}@example.com", "password": secrets.token_urlsafe(16)},
        timeout=10,
    )
    assert res.status_code == 201, res.text
    return res.cookies["verbatim_session"]


def _st_run(out: Path, name: str, *options: str):
    st = Path(sys.executable).with_name("st")
    report = out / f"{name}.xml"
    args = [str(st), "--config-file", str(HERE / "schemathesis.toml"), "run", DOCUMENT]
    args += ["--report", "junit", "--report-junit-path", str(report), *options]
    env = {**os.environ, "VERBATIM_FUZZ_SESSION": new_session(), "NO_COLOR": "1"}
    proc = subprocess.run(args, env=env, timeout=RUN_LIMIT_S, capture_output=True, text=True)
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


@pytest.fixture(scope="session")
def results(tmp_path_factory):
    """Fuzzes every operation, then reads the JUnit reports: test name -> failure text (None when it passed)."""
    out = tmp_path_factory.mktemp("fuzz")
    runs = [
        _st_run(out, "all", "--exclude-path", SESSION_ENDING),
        _st_run(out, "logout-all", "--include-path", SESSION_ENDING, "--phases", "examples,coverage,fuzzing", "--max-time", "10"),
    ]
    found = {}
    for _, report in runs:
        for case in ET.parse(report).getroot().iter("testcase"):
            problem = case.find("failure")
            if problem is None:
                problem = case.find("error")
            found[case.get("name")] = None if problem is None else problem.text or problem.get("message")
    return [proc for proc, _ in runs], found


def pytest_terminal_summary(terminalreporter):
    for line in _summaries:
        terminalreporter.write_line(line)
