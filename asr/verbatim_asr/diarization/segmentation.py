"""pyannote segmentation-3.0 (PyanNet: SincNet, 4 bidirectional LSTM layers, 2 linear layers, a powerset
classifier) in numpy. For each 10 s window it tells, every ~17 ms, which of up to 3 local speakers talk
(at most 2 at once). The layers follow pyannote.audio's PyanNet and asteroid-filterbanks' ParamSincFB."""

from __future__ import annotations

from functools import cached_property

import numpy as np

from .weights import load_state_dict, weight_path

SAMPLE_RATE = 16000
WINDOW = 10.0  # seconds the model was trained on
# Powerset classes of 3 speakers with at most 2 at once: {}, {0}, {1}, {2}, {0,1}, {0,2}, {1,2}.
POWERSET = np.array(
    [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0], [1, 0, 1], [0, 1, 1]], dtype=np.float32
)


def _instance_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float = 1e-5) -> np.ndarray:
    # x: (B, C, T); statistics per window and channel, as torch's InstanceNorm1d.
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * weight[None, :, None] + bias[None, :, None]


def _leaky_relu(x: np.ndarray) -> np.ndarray:
    return np.where(x > 0, x, 0.01 * x)


def _max_pool3(x: np.ndarray) -> np.ndarray:
    t = x.shape[-1] // 3 * 3
    return x[..., :t].reshape(*x.shape[:-1], t // 3, 3).max(axis=-1)


def _conv1d(x: np.ndarray, w: np.ndarray, bias: np.ndarray | None = None, stride: int = 1) -> np.ndarray:
    # x: (B, Cin, T), w: (Cout, Cin, K) -> (B, Cout, T'), as one matrix product over sliding windows.
    o, c, k = w.shape
    windows = np.lib.stride_tricks.sliding_window_view(x, k, axis=-1)[:, :, ::stride]  # (B, Cin, T', K)
    n, _, t, _ = windows.shape
    cols = windows.transpose(0, 2, 1, 3).reshape(n * t, c * k)
    out = (cols @ w.reshape(o, -1).T).reshape(n, t, o).transpose(0, 2, 1)
    if bias is not None:
        out = out + bias[None, :, None]
    return out


def _sigmoid(x: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-x))


class Segmentation:
    def __init__(self) -> None:
        self.w = load_state_dict(weight_path("segmentation-3.0.bin"))

    @cached_property
    def sinc_filters(self) -> np.ndarray:
        """ParamSincFB(80 filters, 251 taps, min_low_hz=50, min_band_hz=50): cos and sin band-passes."""
        w = self.w
        low_hz, band_hz = w["sincnet.conv1d.0.filterbank.low_hz_"], w["sincnet.conv1d.0.filterbank.band_hz_"]
        window, n = w["sincnet.conv1d.0.filterbank.window_"], w["sincnet.conv1d.0.filterbank.n_"]
        low = 50.0 + np.abs(low_hz)
        high = np.clip(low + 50.0 + np.abs(band_hz), 50.0, SAMPLE_RATE / 2)
        band = (high - low)[:, 0]
        ft_low, ft_high = low @ n, high @ n
        cos_left = (np.sin(ft_high) - np.sin(ft_low)) / (n / 2) * window
        sin_left = (np.cos(ft_low) - np.cos(ft_high)) / (n / 2) * window
        cos = np.concatenate([cos_left, 2 * band[:, None], cos_left[:, ::-1]], axis=1)
        sin = np.concatenate([sin_left, np.zeros_like(band)[:, None], -sin_left[:, ::-1]], axis=1)
        filters = np.concatenate([cos, sin], axis=0) / (2 * np.concatenate([band, band])[:, None])
        return filters.astype(np.float32)[:, None, :]  # (80, 1, 251)

    def _sincnet(self, wav: np.ndarray) -> np.ndarray:
        w = self.w
        x = _instance_norm(wav[:, None, :], w["sincnet.wav_norm1d.weight"], w["sincnet.wav_norm1d.bias"])
        x = np.abs(_conv1d(x, self.sinc_filters, stride=10))
        x = _leaky_relu(_instance_norm(_max_pool3(x), w["sincnet.norm1d.0.weight"], w["sincnet.norm1d.0.bias"]))
        for i in (1, 2):
            x = _conv1d(x, w[f"sincnet.conv1d.{i}.weight"], w[f"sincnet.conv1d.{i}.bias"])
            x = _leaky_relu(_instance_norm(_max_pool3(x), w[f"sincnet.norm1d.{i}.weight"], w[f"sincnet.norm1d.{i}.bias"]))
        return x.transpose(0, 2, 1)  # (B, frames, 60)

    def _lstm_direction(self, x: np.ndarray, layer: str) -> np.ndarray:
        w = self.w
        wi, wh = w[f"lstm.weight_ih_{layer}"], w[f"lstm.weight_hh_{layer}"]
        gates_in = x @ wi.T + (w[f"lstm.bias_ih_{layer}"] + w[f"lstm.bias_hh_{layer}"])  # (B, T, 512)
        batch, steps, _ = x.shape
        hidden = wh.shape[1]
        h = np.zeros((batch, hidden), np.float32)
        c = np.zeros((batch, hidden), np.float32)
        out = np.empty((batch, steps, hidden), np.float32)
        order = range(steps - 1, -1, -1) if layer.endswith("reverse") else range(steps)
        wh_t = wh.T.copy()
        for t in order:
            g = gates_in[:, t] + h @ wh_t
            i, f, gg, o = np.split(g, 4, axis=1)  # torch's gate order: input, forget, cell, output
            c = _sigmoid(f) * c + _sigmoid(i) * np.tanh(gg)
            h = _sigmoid(o) * np.tanh(c)
            out[:, t] = h
        return out

    def __call__(self, windows: np.ndarray) -> np.ndarray:
        """windows: (B, 160000) float32 -> (B, frames, 3) speaker activity (0/1) per local speaker."""
        x = self._sincnet(windows.astype(np.float32))
        for layer in range(4):
            x = np.concatenate(
                [self._lstm_direction(x, f"l{layer}"), self._lstm_direction(x, f"l{layer}_reverse")], axis=-1
            )
        for i in (0, 1):
            x = _leaky_relu(x @ self.w[f"linear.{i}.weight"].T + self.w[f"linear.{i}.bias"])
        logits = x @ self.w["classifier.weight"].T + self.w["classifier.bias"]
        return POWERSET[logits.argmax(axis=-1)]

