"""speaker_embeddings=true: one voice embedding per speaker in verbose_json, which a client that sends a long
recording in parts uses to tell which speakers of two parts are the same voice."""

from __future__ import annotations

import subprocess
from pathlib import Path

import httpx
import numpy as np
import pytest
from conftest import AUDIO, transcribe

PYANNOTE_WAV = AUDIO / "two-speakers" / "pyannote-sample.wav"


@pytest.fixture(scope="module")
def slow_client(server):
    with httpx.Client(base_url=server.url, timeout=900) as c:
        yield c


def embeddings(client, path: Path) -> dict[str, np.ndarray]:
    r = transcribe(
        client, path, response_format="verbose_json", diarize="true", num_speakers="2", speaker_embeddings="true"
    )
    assert r.status_code == 200, r.text
    return {k: np.asarray(v) for k, v in r.json()["speaker_embeddings"].items()}


def test_the_same_voices_in_two_parts_match_by_embedding(slow_client, tmp_path):
    parts = []
    for i, (start, length) in enumerate([(0, 16), (14, 16)]):
        out = tmp_path / f"part{i}.wav"
        subprocess.run(["sox", str(PYANNOTE_WAV), str(out), "trim", str(start), str(length)], check=True)
        parts.append(embeddings(slow_client, out))
    a, b = parts
    assert len(a) == 2 and len(b) == 2
    for e in [*a.values(), *b.values()]:
        assert e.shape == (192,) and abs(np.linalg.norm(e) - 1) < 1e-3
    sims = {(x, y): float(a[x] @ b[y]) for x in a for y in b}
    print("cosine similarities across the parts:", {f"{x}~{y}": round(s, 3) for (x, y), s in sims.items()})
    # Each voice of part 1 is closest to a different voice of part 2.
    best = {x: max(b, key=lambda y: sims[(x, y)]) for x in a}
    assert len(set(best.values())) == 2


def test_not_sent_unless_asked(slow_client):
    r = transcribe(slow_client, PYANNOTE_WAV, response_format="verbose_json", diarize="true")
    assert "speaker_embeddings" not in r.json()
