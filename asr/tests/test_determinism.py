"""The same recording gives the same words and times whatever else happens: with or without speakers, beside
another request, beside a CPU-hungry process, and under another BLAS kernel (docs/speech-engine/determinism.md).

Two engines run tiny.en: one with OpenBLAS's Haswell kernels (an AVX2 machine's), one with its Sandybridge
kernels (AVX), which every x86-64 CPU with AVX2 can run. Before the features were computed without BLAS, the two
wrote different words for the two-speaker sample ("I needed to design. Okay." against "I needed to design."),
and a request with speakers changed the words of the request beside it.

Browser and Worker tests that read recognised words may rely only on what this test proves stable: STABLE_PHRASES.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from conftest import AUDIO, start_server, stop_server, transcribe
from wer import normalise

# The two-speaker sample, and the JFK clip in each container the browser and Worker tests upload it in.
RECORDINGS = {
    "two-speakers": AUDIO / "two-speakers" / "pyannote-sample.wav",
    "jfk.flac": AUDIO / "jfk.flac",
    "jfk.mp3": AUDIO / "jfk.mp3",
    "jfk_video.mp4": AUDIO / "jfk_video.mp4",
}
# Words that other tests may assert, by clip ("jfk": every jfk.* file; testing/stable-words.mjs reads the same
# file): each is in every run below, which all agree word for word.
STABLE_PHRASES = json.loads((AUDIO / "stable-phrases.json").read_text())


@pytest.fixture(scope="module")
def engines(model_dir: Path, tmp_path_factory: pytest.TempPathFactory):
    """Two engines: Haswell's kernels, taking two requests at once; Sandybridge's."""
    haswell = start_server(
        tmp_path_factory.mktemp("haswell"), ASR_MODEL=str(model_dir), ASR_WORKERS="2", OPENBLAS_CORETYPE="Haswell"
    )
    try:
        sandybridge = start_server(
            tmp_path_factory.mktemp("sandybridge"), ASR_MODEL=str(model_dir), OPENBLAS_CORETYPE="Sandybridge"
        )
    except BaseException:
        stop_server(haswell.proc)
        raise
    try:
        yield haswell.url, sandybridge.url
    finally:
        stop_server(haswell.proc)
        stop_server(sandybridge.proc)


def words(url: str, path: Path, **fields) -> list[tuple[str, float, float]]:
    with httpx.Client(base_url=url, timeout=120) as client:
        r = transcribe(client, path, response_format="verbose_json", timestamp_granularities=["word"], **fields)
    assert r.status_code == 200, r.text
    return [(w["word"], w["start"], w["end"]) for w in r.json()["words"]]


def beside_request(url: str, path: Path, other: Path) -> list[tuple[str, float, float]]:
    """`path`'s words while the same engine transcribes `other` with speakers (the engine takes both at once)."""
    start = threading.Barrier(2)

    def run(p: Path, **fields):
        start.wait(timeout=30)
        return words(url, p, **fields)

    with ThreadPoolExecutor(2) as pool:
        mine = pool.submit(run, path)
        theirs = pool.submit(run, other, diarize="true")
        theirs.result()
        return mine.result()


def beside_cpu_hog(url: str, path: Path) -> list[tuple[str, float, float]]:
    hog = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        return words(url, path)
    finally:
        hog.kill()
        hog.wait()


@pytest.mark.parametrize("name", sorted(RECORDINGS))
def test_same_words_and_times_every_run(engines, name: str):
    haswell, sandybridge = engines
    path = RECORDINGS[name]
    other = RECORDINGS["two-speakers" if name.startswith("jfk") else "jfk.flac"]
    runs = {
        "alone": words(haswell, path),
        "with speakers": words(haswell, path, diarize="true"),
        "with speakers, again": words(haswell, path, diarize="true"),
        "beside another request": beside_request(haswell, path, other),
        "beside a CPU hog": beside_cpu_hog(haswell, path),
        "Sandybridge's BLAS kernels": words(sandybridge, path),
    }
    first = runs["alone"]
    assert len(first) > 10
    for condition, got in runs.items():
        assert got == first, f"{name}: {condition} differs from alone:\n{got}\n{first}"
    if phrase := STABLE_PHRASES.get("jfk" if name.startswith("jfk") else name):
        assert phrase in " ".join(normalise(" ".join(w for w, _, _ in first)))
