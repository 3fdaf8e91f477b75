"""The ONNX graphs the engine runs (built at install time from the checkpoints) give what the plain numpy
networks give (tests/numpy_reference.py), batched or not; and a damaged or stale graph is refused."""

from __future__ import annotations

import json
import shutil

import numpy as np
import pytest
from conftest import AUDIO
from numpy_reference import NumpyEmbedding, NumpySegmentation

from verbatim_asr.diarization import weights
from verbatim_asr.diarization.embedding import Embedding, fbank
from verbatim_asr.diarization.segmentation import POWERSET, Segmentation

PYANNOTE_WAV = AUDIO / "two-speakers" / "pyannote-sample.wav"


@pytest.fixture(scope="module")
def speech() -> np.ndarray:
    from verbatim_asr.audio import decode_channels

    return decode_channels(str(PYANNOTE_WAV))[0]


def test_campplus_graph_matches_numpy_batched_and_alone(speech):
    # Five pieces at the pipeline's 3 s cap (a batch of four and one of one; two of CAM++'s 100-frame
    # segments) and others down to the shortest allowed, in an order that mixes them.
    spans = [(0, 47790), (16000, 720), (96000, 47790), (80000, 9600), (200000, 47790), (300000, 48000),
             (250000, 47790), (5000, 20000), (400000, 47790)]
    pieces = [speech[s : s + n] for s, n in spans]
    reference = NumpyEmbedding()
    expected = np.stack([reference(fbank(p)) for p in pieces])
    got = Embedding()(pieces)
    assert got.shape == (len(pieces), 192)
    cosine = (got * expected).sum(axis=1)
    print(f"CAM++ ONNX vs numpy: max abs {np.abs(got - expected).max():.2e}, min cosine {cosine.min():.7f}")
    assert np.abs(got - expected).max() < 1e-4
    assert cosine.min() >= 0.9999


def test_campplus_refuses_pieces_too_short_for_its_statistics(speech):
    with pytest.raises(ValueError, match="shorter than 720 samples"):
        Embedding()([speech[:16000], speech[:400]])


def test_segmentation_graph_matches_numpy(speech):
    # The last window of a recording is padded with silence.
    tail = np.pad(speech[len(speech) - 70000 :], (0, 90000))
    windows = np.stack([speech[0:160000], speech[150000:310000], tail])
    expected = NumpySegmentation()(windows)
    model = Segmentation()
    got = model.logits(windows)
    assert got.shape == expected.shape
    agree = (got.argmax(-1) == expected.argmax(-1)).mean()
    print(f"segmentation ONNX vs numpy: max abs logit {np.abs(got - expected).max():.2e}, classes agree {agree:.4%}")
    assert np.abs(got - expected).max() < 1e-3
    assert agree >= 0.999
    assert np.array_equal(model(windows), POWERSET[got.argmax(-1)])


@pytest.fixture
def model_copy(tmp_path, monkeypatch):
    """The installed models, copied where a test may damage them."""
    for f in weights.model_dir().iterdir():
        shutil.copy(f, tmp_path / f.name)
    monkeypatch.setenv("ASR_DIARIZATION_MODELS", str(tmp_path))
    return tmp_path


def test_a_damaged_graph_is_refused(model_copy):
    graph = model_copy / "campplus_cn_en_common.onnx"
    graph.write_bytes(graph.read_bytes()[:-10])
    with pytest.raises(ValueError, match="SHA-256; run asr/install.sh"):
        Embedding()


def test_a_graph_from_another_builder_is_refused(model_copy):
    manifest = json.loads((model_copy / weights.MANIFEST).read_text())
    manifest["segmentation-3.0.onnx"]["source"]["builder"] = "0" * 64
    (model_copy / weights.MANIFEST).write_text(json.dumps(manifest))
    with pytest.raises(ValueError, match="older builder; run asr/install.sh"):
        Segmentation()


def test_a_missing_graph_is_rebuilt_by_install(model_copy):
    (model_copy / "segmentation-3.0.onnx").unlink()
    with pytest.raises(FileNotFoundError, match="install.sh"):
        Segmentation()
    weights.install()  # the weights check out, so nothing is downloaded: only the graphs are rebuilt
    assert Segmentation()(np.zeros((1, 160000), np.float32)).shape == (1, 589, 3)
