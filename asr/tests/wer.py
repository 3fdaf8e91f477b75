"""Word error rate for the engine's tests, by the rules in <repo>/shared/data/wer.json (testing/wer.mjs
applies the same rules for the Worker's tests and bench:asr; both pass shared/data/wer-cases.json)."""

from __future__ import annotations

import re
import unicodedata

from verbatim_asr.shared_data import shared_table

RULES = shared_table("wer.json")

_MARKERS = re.compile(RULES["markers"])
_NUMBER_SEPARATORS = re.compile(f"(?<=[0-9])[{re.escape(RULES['numberSeparators'])}](?=[0-9])")
_JOINERS = re.compile(f"[{re.escape(RULES['joiners'])}]")
_WORD_CATEGORIES = tuple(RULES["wordCategories"])


def normalise(text: str) -> list[str]:
    """The words `text` is compared by: no case, punctuation or time markers (wer.json says how, step by step)."""
    text = unicodedata.normalize(RULES["unicodeForm"], text)
    text = _MARKERS.sub(" ", text).lower()
    text = _JOINERS.sub("", _NUMBER_SEPARATORS.sub("", text))
    return "".join(c if unicodedata.category(c).startswith(_WORD_CATEGORIES) else " " for c in text).split()


def wer(reference: str, hypothesis: str) -> float:
    """Word-level edit distance over the reference's length (at least 1)."""
    ref, hyp = normalise(reference), normalise(hypothesis)
    prev = list(range(len(hyp) + 1))
    for i, r in enumerate(ref, start=1):
        cur = [i] + [0] * len(hyp)
        for j, h in enumerate(hyp, start=1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (r != h))
        prev = cur
    return prev[-1] / max(1, len(ref))
