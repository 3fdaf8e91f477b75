"""The word error rate (tests/wer.py) against the cases testing/wer.test.mjs checks too: one normalisation
and one rate for every package's tests."""

from __future__ import annotations

import pytest
from wer import normalise, wer

from verbatim_asr.shared_data import shared_table

CASES = shared_table("wer-cases.json")


@pytest.mark.parametrize("case", CASES["normalise"], ids=lambda c: c["text"])
def test_normalise(case):
    assert normalise(case["text"]) == case["words"]


@pytest.mark.parametrize("case", CASES["wer"], ids=lambda c: f"{c['reference']} / {c['hypothesis']}")
def test_wer(case):
    assert wer(case["reference"], case["hypothesis"]) == pytest.approx(case["wer"], abs=5e-5)
