"""3D-Speaker CAM++ (`campplus_cn_en_common`, 192-dim speaker embeddings) on Kaldi-style 80-bin log-mel
filterbanks: the features in numpy, the network through onnxruntime (the graph: campplus_onnx.py), all of
a recording's pieces of speech in a few batched calls."""

from __future__ import annotations

import numpy as np

from .onnx_session import session

SAMPLE_RATE = 16000
# Pieces of one length per onnxruntime call. 1, 2 and 4 cost the same per piece on one thread; 8 and more were
# 15-20 % slower (the activations outgrow the cache).
BATCH = 4
# One thread: on the shared two cores a second one was slower (24 pieces: 1.38 s with one, 1.69 s with two,
# load 4.5), and so was embedding on one core while the other segments
# (docs/speech-engine/speaker-recognition.md#how-it-runs-and-why).
THREADS = 1
SEGMENT = 100  # frames over which CAM++'s context layers average (after its stride of 2)


def _mel(f):
    return 1127.0 * np.log(1.0 + f / 700.0)


def _mel_banks(num_bins: int = 80, n_fft: int = 512) -> np.ndarray:
    # Kaldi's triangular banks, evenly spaced on the mel scale between 20 Hz and Nyquist.
    lo, hi = _mel(20.0), _mel(SAMPLE_RATE / 2)
    delta = (hi - lo) / (num_bins + 1)
    mel = _mel(np.arange(n_fft // 2) * SAMPLE_RATE / n_fft)
    left = lo + np.arange(num_bins)[:, None] * delta
    center, right = left + delta, left + 2 * delta
    up = (mel - left) / (center - left)
    down = (right - mel) / (right - center)
    banks = np.maximum(0.0, np.minimum(up, down))
    return np.pad(banks, ((0, 0), (0, 1))).astype(np.float32)  # the Nyquist bin has no weight


_BANKS = _mel_banks()
_WINDOW = ((0.5 - 0.5 * np.cos(2 * np.pi * np.arange(400) / 399)) ** 0.85).astype(np.float32)  # Kaldi's "povey"


def fbank(wav: np.ndarray) -> np.ndarray:
    """(T, 80) log-mel energies, 25 ms frames every 10 ms, as torchaudio.compliance.kaldi.fbank with
    dither 0, mean-normalised over time as 3D-Speaker does."""
    if len(wav) < 400:
        wav = np.pad(wav, (0, 400 - len(wav)))
    frames = np.lib.stride_tricks.sliding_window_view(wav.astype(np.float32) * 32768.0, 400)[::160].copy()
    frames -= frames.mean(axis=1, keepdims=True)
    frames[:, 1:] -= 0.97 * frames[:, :-1].copy()
    frames[:, 0] *= 1 - 0.97
    frames *= _WINDOW
    power = np.abs(np.fft.rfft(frames, n=512)) ** 2
    feats = np.log(np.maximum(power.astype(np.float32) @ _BANKS.T, np.finfo(np.float32).eps))
    return feats - feats.mean(axis=0, keepdims=True)


def time_inputs(frames: int) -> dict[str, np.ndarray]:
    """The averages over time for pieces of `frames` fbank frames (see campplus_onnx.py): per frame after the
    TDNN's stride of 2, its weight in the mean and in the unbiased variance, and the means over 100-frame
    segments (the last one shorter) repeated over their frames."""
    frames2 = (frames - 1) // 2 + 1
    segments = -(-frames2 // SEGMENT)
    member = (np.arange(frames2)[:, None] // SEGMENT == np.arange(segments)[None]).astype(np.float32)  # (T2, S)
    return {
        "mean2": np.full((frames2, 1), 1 / frames2, np.float32),
        "var2": np.full((frames2, 1), 1 / (frames2 - 1), np.float32),
        "seg_pool": member / member.sum(axis=0),
        "seg_expand": np.ascontiguousarray(member.T),
    }


class Embedding:
    def __init__(self) -> None:
        self.session = session("campplus_cn_en_common.onnx", THREADS)

    def __call__(self, pieces: list[np.ndarray]) -> np.ndarray:
        """Pieces of 16 kHz audio (each at least 720 samples: the unbiased deviation needs two frames after
        the stride) -> (N, 192) unit-length embeddings, in the pieces' order. Pieces of one length are batched
        together (the pipeline cuts most at its 3 s cap)."""
        if any(len(p) < 720 for p in pieces):
            raise ValueError("a piece of audio to embed is shorter than 720 samples (45 ms)")
        feats = [fbank(p) for p in pieces]
        groups: dict[int, list[int]] = {}
        for i, f in enumerate(feats):
            groups.setdefault(len(f), []).append(i)
        out = np.empty((len(pieces), 192), np.float32)
        for frames, members in groups.items():
            averages = time_inputs(frames)
            for i in range(0, len(members), BATCH):
                chunk = members[i : i + BATCH]
                batch = np.stack([feats[j].T for j in chunk])
                out[chunk] = self.session.run(None, {"feats": batch, **averages})[0]
        return out / (np.linalg.norm(out, axis=1, keepdims=True) + 1e-8)
