"""Whisper's log-mel features, the same to the last bit on every x86-64 CPU.

faster-whisper computes them in float32 with a BLAS product (`mel_filters @ magnitudes`), NumPy's complex
absolute value and float32 log10. OpenBLAS picks its kernels by CPU and NumPy dispatches its SIMD loops by CPU,
so the sums run in another order and the last bits differ between machines, and with the number of BLAS threads:
enough to change whisper's words (docs/speech-engine/determinism.md).

Here every step is an IEEE-754 operation NumPy rounds exactly, done in a fixed order in float64, and only the
result is rounded to float32:
- the STFT is NumPy's pocketfft, compiled in (no run-time dispatch);
- the power is re² + im²;
- each mel band is summed over its own few frequency bins one by one, not by BLAS;
- log10 is computed from the exponent and a series in the mantissa (no libm, no SVML).
The window and filters are faster-whisper's own, rounded to float32 as it uses them; a test pins their bytes.
"""

from __future__ import annotations

import numpy as np
from faster_whisper.feature_extractor import FeatureExtractor

# Frames computed at once: bounds the float64 spectrogram's memory on a long recording (sequential decoding
# passes the whole recording); 30 s of audio, one window of batched decoding.
BLOCK_FRAMES = 3000
_LN2 = 0.6931471805599453
_LN10 = 2.302585092994046
_SQRT_HALF = 0.7071067811865476
# 2 * atanh(s) = log((1 + s) / (1 - s)) = 2 (s + s³/3 + s⁵/5 + ...): with |s| <= 0.1716 (mantissa in
# [√½, √2)), 8 terms leave an error under 1e-12, far below float32's 6e-8 (the bits are the same on every CPU
# however many terms are summed: only the accuracy depends on it).
_ATANH_TERMS = 8


class StableFeatureExtractor(FeatureExtractor):
    """faster-whisper's FeatureExtractor (same attributes, same output shape and scale), computed
    deterministically."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        weights = self.mel_filters.astype(np.float64)  # float32-rounded, as faster-whisper applies them
        self.bands = [(np.flatnonzero(row).tolist(), row[np.flatnonzero(row)].tolist()) for row in weights]
        self.window = np.hanning(self.n_fft + 1)[:-1].astype(np.float32).astype(np.float64)

    def __call__(self, waveform: np.ndarray, padding: int = 160, chunk_length: int | None = None) -> np.ndarray:
        if chunk_length is not None:
            self.n_samples = chunk_length * self.sampling_rate
            self.nb_max_frames = self.n_samples // self.hop_length
        audio = np.asarray(waveform, dtype=np.float32)
        if padding:
            audio = np.pad(audio, (0, padding))
        # Centred frames, as torch.stft(center=True) and faster-whisper: reflected by half a window at each end.
        audio = np.pad(audio.astype(np.float64), self.n_fft // 2, mode="reflect")
        # faster-whisper drops the STFT's last frame.
        frames = (len(audio) - self.n_fft) // self.hop_length
        mel = np.empty((len(self.bands), max(frames, 0)))
        for first in range(0, frames, BLOCK_FRAMES):
            mel[:, first : first + BLOCK_FRAMES] = self._mel(audio, first, min(frames, first + BLOCK_FRAMES))
        if not frames:
            return mel.astype(np.float32)
        log_spec = log10(np.maximum(mel, 1e-10))
        log_spec = np.maximum(log_spec, log_spec.max() - 8.0)
        return ((log_spec + 4.0) / 4.0).astype(np.float32)

    def _mel(self, audio: np.ndarray, first: int, last: int) -> np.ndarray:
        hop = self.hop_length
        framed = np.lib.stride_tricks.sliding_window_view(audio[first * hop :], self.n_fft)[:: hop][: last - first]
        framed = framed * self.window
        spectrum = np.fft.rfft(framed, axis=-1)
        power = np.ascontiguousarray((np.square(spectrum.real) + np.square(spectrum.imag)).T)  # (bins, frames)
        mel = np.zeros((len(self.bands), last - first))
        term = np.empty(last - first)
        for row, (bins, weights) in zip(mel, self.bands, strict=True):
            for k, w in zip(bins, weights, strict=True):
                np.multiply(power[k], w, out=term)
                np.add(row, term, out=row)
        return mel


def log10(x: np.ndarray) -> np.ndarray:
    """log10 of positive normal float64 values from basic arithmetic only: x = m·2^e with m in [√½, √2),
    log x = e·ln 2 + 2·atanh((m-1)/(m+1)). Within a few units in the last place of float64, and the same bits on
    every CPU (NumPy's own log10 takes a different SIMD path on AVX-512)."""
    mantissa, exponent = np.frexp(x)  # mantissa in [0.5, 1)
    low = mantissa < _SQRT_HALF
    mantissa = np.where(low, mantissa * 2.0, mantissa)
    exponent = exponent - low
    s = (mantissa - 1.0) / (mantissa + 1.0)
    s2 = s * s
    series = np.full_like(s, 1.0 / (2 * _ATANH_TERMS - 1))
    for k in range(_ATANH_TERMS - 2, -1, -1):
        series = series * s2 + 1.0 / (2 * k + 1)
    return (exponent * _LN2 + 2.0 * s * series) / _LN10
