"""Non-English speech with the multilingual base model: espeak-ng speaks known sentences
(test-fixtures/languages/sentences.json); the engine must name the language and keep the word error rate
under the bound measured for it (espeak is robotic, so the bounds are far from what real speech gets).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import FIXTURES, transcribe
from wer import wer

SENTENCES = json.loads((FIXTURES / "languages" / "sentences.json").read_text())
# language code -> (espeak-ng voice, the name the API reports, WER bound, detected?)
# Seven sentences a language (24-29 s of espeak): three measured too noisy to judge by (Portuguese 77 % with
# one decoding, 100 % with another that scored 1.6 points better over 24 more sentences of the six languages).
# Bounds: what base achieved here (docs/speech-engine/languages.md) plus 4 to 10 points of headroom.
# Greedy decoding, English's default, got three of them 11 to 15 points worse (French 46 % against 35 %, Spanish
# 18 % against 4 %, Dutch 47 % against 36 %), so the bounds also keep the other languages' beam search in place.
# Dutch uses espeak's klatt2 variant: base hears the default Dutch voice as Latin. No espeak voice of
# Portuguese is recognised as Portuguese by base (Latin, English, Spanish…), so Portuguese is given at
# upload, as a user would give it, and only its transcription is checked; base gets most words of it
# wrong (83 %), so its bound of 90 % only catches loops, invented text and silence.
CASES = {
    "de": ("de", "german", 0.30, True),
    "fr": ("fr", "french", 0.42, True),
    "es": ("es", "spanish", 0.12, True),
    "it": ("it", "italian", 0.35, True),
    "pt": ("pt", "portuguese", 0.90, False),
    # 46 %: the deterministic features (docs/speech-engine/determinism.md) land this recording at 42.3 % on every
    # machine, where the CPU-dependent ones gave 30.8-43.6 % (docs/speech-engine/languages.md).
    "nl": ("nl+klatt2", "dutch", 0.46, True),
}


@pytest.fixture(scope="session")
def speech(tmp_path_factory) -> dict[str, Path]:
    if shutil.which("espeak-ng") is None:
        pytest.fail("espeak-ng is not installed (Debian: apt-get install espeak-ng); the language tests need it")
    out = tmp_path_factory.mktemp("espeak")
    paths = {}
    for code, (voice, *_) in CASES.items():
        paths[code] = out / f"{code}.wav"
        subprocess.run(["espeak-ng", "-v", voice, "-w", str(paths[code]), SENTENCES[code]], check=True, timeout=60)
    return paths


@pytest.mark.parametrize("code", list(CASES))
def test_language_is_detected_and_transcribed(base_client, speech, code):
    _, name, bound, detected = CASES[code]
    fields = {} if detected else {"language": code}
    r = transcribe(base_client, speech[code], response_format="verbose_json", **fields)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["language"] == name, body["text"]
    assert wer(SENTENCES[code], body["text"]) <= bound, body["text"]
