"""pyannote segmentation-3.0 (PyanNet) as an ONNX graph, written from the checkpoint's weights: SincNet,
4 bidirectional LSTM layers, 2 linear layers and the powerset classifier's logits, for a batch of 10 s
windows in one onnxruntime call. The layers follow pyannote.audio's PyanNet and asteroid-filterbanks'
ParamSincFB."""

from __future__ import annotations

import numpy as np

from .onnx_graph import Graph

SAMPLE_RATE = 16000
LAYERS = 4
HIDDEN = 128


def sinc_filters(w: dict[str, np.ndarray]) -> np.ndarray:
    """ParamSincFB(80 filters, 251 taps, min_low_hz=50, min_band_hz=50): cos and sin band-passes, (80, 1, 251)."""
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
    return filters.astype(np.float32)[:, None, :]


def _onnx_gates(m: np.ndarray) -> np.ndarray:
    # torch stacks the gates as input, forget, cell, output; ONNX as input, output, forget, cell.
    i, f, c, o = np.split(m, 4, axis=0)
    return np.concatenate([i, o, f, c], axis=0)


def build(w: dict[str, np.ndarray], path) -> None:
    g = Graph()
    wav = g.input("windows", ["batch", "samples"])  # 10 s windows at 16 kHz

    def norm(x, name):  # instance norm: per window and channel, as torch's InstanceNorm1d (affine)
        return g.op("InstanceNormalization", x, g.const(w[f"{name}.weight"]), g.const(w[f"{name}.bias"]), epsilon=1e-5)

    def pool_norm_act(x, i):
        x = g.op("MaxPool", x, kernel_shape=[3], strides=[3])
        return g.op("LeakyRelu", norm(x, f"sincnet.norm1d.{i}"), alpha=0.01)

    x = norm(g.op("Unsqueeze", wav, g.const(np.array([1], np.int64))), "sincnet.wav_norm1d")
    x = g.op("Abs", g.op("Conv", x, g.const(sinc_filters(w)), kernel_shape=[251], strides=[10]))
    x = pool_norm_act(x, 0)
    for i in (1, 2):
        x = g.op("Conv", x, g.const(w[f"sincnet.conv1d.{i}.weight"]), g.const(w[f"sincnet.conv1d.{i}.bias"]), kernel_shape=[5])
        x = pool_norm_act(x, i)
    x = g.op("Transpose", x, perm=[2, 0, 1])  # (frames, B, 60): ONNX's LSTM takes time first

    for layer in range(LAYERS):
        names = (f"l{layer}", f"l{layer}_reverse")
        weights = np.stack([_onnx_gates(w[f"lstm.weight_ih_{n}"]) for n in names])
        recurrent = np.stack([_onnx_gates(w[f"lstm.weight_hh_{n}"]) for n in names])
        biases = np.stack([np.concatenate([_onnx_gates(w[f"lstm.bias_ih_{n}"]), _onnx_gates(w[f"lstm.bias_hh_{n}"])]) for n in names])
        y = g.op("LSTM", x, g.const(weights), g.const(recurrent), g.const(biases), hidden_size=HIDDEN, direction="bidirectional")
        # (frames, 2 directions, B, 128) -> (frames, B, 256), forward then backward as torch concatenates them
        x = g.op("Reshape", g.op("Transpose", y, perm=[0, 2, 1, 3]), g.const(np.array([0, 0, 2 * HIDDEN], np.int64)))

    x = g.op("Transpose", x, perm=[1, 0, 2])  # (B, frames, 256)
    for i in (0, 1):
        x = g.op("MatMul", x, g.const(w[f"linear.{i}.weight"].T))
        x = g.op("LeakyRelu", g.op("Add", x, g.const(w[f"linear.{i}.bias"])), alpha=0.01)
    logits = g.op("Add", g.op("MatMul", x, g.const(w["classifier.weight"].T)), g.const(w["classifier.bias"]))
    g.output("logits", logits, ["batch", "frames", 7])
    g.save(path, "pyannote segmentation-3.0 (MIT), built by verbatim-asr from the checkpoint")
