"""The log-mel features: faster-whisper's, to float32's precision, and the same bits whatever BLAS does."""

from __future__ import annotations

import hashlib
import subprocess
import sys

import numpy as np
import pytest
from conftest import ASR_DIR, AUDIO, server_env
from faster_whisper.feature_extractor import FeatureExtractor

from verbatim_asr import features
from verbatim_asr.audio import decode
from verbatim_asr.features import StableFeatureExtractor, log10

# The bytes of faster-whisper's float32 window (as the float64 the features use) and mel filters: computed with transcendental functions, which could
# round differently on another machine. If they ever do, this says so before any word changes.
WINDOW_SHA256 = "2e85c366d008d95cbb1efc2210851f7703b53945ba030b62e15a7fc062137fcc"
FILTERS_SHA256 = "2150c30cbbeb6029f52002ffa666c1c72d83dbf53f463cb8462052055806e891"


@pytest.fixture(scope="module")
def jfk() -> np.ndarray:
    return decode(str(AUDIO / "jfk.flac"))


def test_the_window_and_filters_are_the_pinned_bytes():
    extractor = StableFeatureExtractor()
    assert hashlib.sha256(extractor.window.tobytes()).hexdigest() == WINDOW_SHA256
    assert hashlib.sha256(extractor.mel_filters.tobytes()).hexdigest() == FILTERS_SHA256


@pytest.mark.parametrize("seconds", [0.02, 0.1, 1.0, 11.0])
def test_features_are_faster_whispers_within_float32s_precision(jfk: np.ndarray, seconds: float):
    audio = jfk[: int(seconds * 16000)]
    ours, theirs = StableFeatureExtractor()(audio), FeatureExtractor()(audio)
    assert ours.dtype == np.float32 and ours.shape == theirs.shape
    assert np.abs(ours - theirs).max() < 1e-5


def test_blocks_give_the_same_bits_as_one_pass(jfk: np.ndarray, monkeypatch: pytest.MonkeyPatch):
    whole = StableFeatureExtractor()(jfk)
    monkeypatch.setattr(features, "BLOCK_FRAMES", 7)
    assert np.array_equal(StableFeatureExtractor()(jfk), whole)


def test_log10_is_within_a_few_units_in_the_last_place():
    x = np.geomspace(1e-10, 1e12, 200_001)
    exact = np.log10(x)
    assert np.max(np.abs(log10(x) - exact) / np.spacing(np.maximum(np.abs(exact), 1e-3))) < 300


_FEATURES_DIGEST = """
import hashlib, sys
from threadpoolctl import threadpool_limits
from verbatim_asr.audio import decode
from verbatim_asr.features import StableFeatureExtractor
audio = decode(sys.argv[1])
with threadpool_limits(int(sys.argv[2]), "blas"):
    print(hashlib.sha256(StableFeatureExtractor()(audio).tobytes()).hexdigest())
"""


def test_the_features_do_not_depend_on_blas_kernels_or_threads():
    """faster-whisper's own features differ in their last bits under these kernels; ours do not."""
    digests = set()
    for coretype, threads in (("Haswell", 1), ("Sandybridge", 1), ("Haswell", 2), ("Prescott", 2)):
        out = subprocess.run(
            [sys.executable, "-c", _FEATURES_DIGEST, str(AUDIO / "two-speakers" / "pyannote-sample.wav"), str(threads)],
            cwd=ASR_DIR,
            env=server_env(OPENBLAS_CORETYPE=coretype, OPENBLAS_NUM_THREADS="2"),
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        digests.add(out.stdout.strip())
    assert len(digests) == 1
