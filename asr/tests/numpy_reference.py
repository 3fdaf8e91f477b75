"""The diarization networks as the engine first ran them, in plain numpy, one layer after another: the
independent reference that the ONNX graphs (verbatim_asr/diarization/*_onnx.py) must reproduce
(tests/test_diarization_graphs.py), and the "before" of tests/bench_speakers.py.

pyannote segmentation-3.0 follows pyannote.audio's PyanNet and asteroid-filterbanks' ParamSincFB;
3D-Speaker CAM++ follows speakerlab/models/campplus in eval mode (batch norms use their running statistics)."""

from __future__ import annotations

import numpy as np

from verbatim_asr.diarization.segmentation_onnx import sinc_filters
from verbatim_asr.diarization.weights import load_state_dict, weight_path

# --- segmentation-3.0 -----------------------------------------------------------------------------------


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


def _sinc_conv1d(x: np.ndarray, w: np.ndarray, bias: np.ndarray | None = None, stride: int = 1) -> np.ndarray:
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


class NumpySegmentation:
    def __init__(self) -> None:
        self.w = load_state_dict(weight_path("segmentation-3.0.bin"))

    def _sincnet(self, wav: np.ndarray) -> np.ndarray:
        w = self.w
        x = _instance_norm(wav[:, None, :], w["sincnet.wav_norm1d.weight"], w["sincnet.wav_norm1d.bias"])
        x = np.abs(_sinc_conv1d(x, sinc_filters(self.w), stride=10))
        x = _leaky_relu(_instance_norm(_max_pool3(x), w["sincnet.norm1d.0.weight"], w["sincnet.norm1d.0.bias"]))
        for i in (1, 2):
            x = _sinc_conv1d(x, w[f"sincnet.conv1d.{i}.weight"], w[f"sincnet.conv1d.{i}.bias"])
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
        """windows: (B, 160000) float32 -> (B, frames, 7) powerset logits."""
        x = self._sincnet(windows.astype(np.float32))
        for layer in range(4):
            x = np.concatenate(
                [self._lstm_direction(x, f"l{layer}"), self._lstm_direction(x, f"l{layer}_reverse")], axis=-1
            )
        for i in (0, 1):
            x = _leaky_relu(x @ self.w[f"linear.{i}.weight"].T + self.w[f"linear.{i}.bias"])
        return x @ self.w["classifier.weight"].T + self.w["classifier.bias"]


# --- CAM++ ---------------------------------------------------------------------------------------------


def _bn(x: np.ndarray, w: dict, name: str, affine: bool = True) -> np.ndarray:
    shape = (1, -1) + (1,) * (x.ndim - 2)
    y = (x - w[f"{name}.running_mean"].reshape(shape)) / np.sqrt(w[f"{name}.running_var"].reshape(shape) + 1e-5)
    if affine:
        y = y * w[f"{name}.weight"].reshape(shape) + w[f"{name}.bias"].reshape(shape)
    return y


def _relu(x):
    return np.maximum(x, 0.0)


def _conv2d(x: np.ndarray, w: np.ndarray, stride: int = 1) -> np.ndarray:
    # x: (1, C, F, T); 3x3 (padding 1) or 1x1 kernels, stride over frequency only; one matrix product.
    o, c, k, _ = w.shape
    if k == 3:
        x = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    win = np.lib.stride_tricks.sliding_window_view(x[0], (k, k), axis=(1, 2))[:, ::stride]  # (C, F', T, k, k)
    f, t = win.shape[1], win.shape[2]
    cols = win.transpose(1, 2, 0, 3, 4).reshape(f * t, c * k * k)
    return (cols @ w.reshape(o, -1).T).reshape(f, t, o).transpose(2, 0, 1)[None]


def _conv1d(x: np.ndarray, w: np.ndarray, stride: int = 1, padding: int = 0, dilation: int = 1, bias=None):
    # x: (1, C, T) -> (1, O, T'); one matrix product over sliding windows.
    o, c, k = w.shape
    if k == 1:
        out = (w[:, :, 0] @ x[0])[None]
    else:
        xp = np.pad(x[0], ((0, 0), (padding, padding)))
        span = (k - 1) * dilation + 1
        win = np.lib.stride_tricks.sliding_window_view(xp, span, axis=-1)[:, ::stride, ::dilation]  # (C, T', k)
        cols = win.transpose(1, 0, 2).reshape(win.shape[1], c * k)
        out = (cols @ w.reshape(o, -1).T).T[None]
    if bias is not None:
        out = out + bias[None, :, None]
    return out


def _seg_pool(x: np.ndarray, seg: int = 100) -> np.ndarray:
    # Average over segments of 100 frames (the last one shorter), repeated back over each segment.
    t = x.shape[-1]
    n = -(-t // seg)
    pad = n * seg - t
    sums = np.pad(x, ((0, 0), (0, 0), (0, pad))).reshape(*x.shape[:2], n, seg).sum(-1)
    counts = np.full(n, seg, np.float32)
    counts[-1] = seg - pad
    means = sums / counts
    return np.repeat(means, seg, axis=-1)[..., :t]


class NumpyEmbedding:
    def __init__(self) -> None:
        self.w = load_state_dict(weight_path("campplus_cn_en_common.pt"))

    def _res_block(self, x, name, stride):
        w = self.w
        out = _relu(_bn(_conv2d(x, w[f"{name}.conv1.weight"], stride), w, f"{name}.bn1"))
        out = _bn(_conv2d(out, w[f"{name}.conv2.weight"]), w, f"{name}.bn2")
        if f"{name}.shortcut.0.weight" in w:
            x = _bn(_conv2d(x, w[f"{name}.shortcut.0.weight"], stride), w, f"{name}.shortcut.1")
        return _relu(out + x)

    def __call__(self, feats: np.ndarray) -> np.ndarray:
        """feats: (T, 80) -> a unit-length 192-dim embedding."""
        w = self.w
        x = feats.T[None, None].astype(np.float32)  # (1, 1, 80, T)
        x = _relu(_bn(_conv2d(x, w["head.conv1.weight"]), w, "head.bn1"))
        x = self._res_block(x, "head.layer1.0", 2)
        x = self._res_block(x, "head.layer1.1", 1)
        x = self._res_block(x, "head.layer2.0", 2)
        x = self._res_block(x, "head.layer2.1", 1)
        x = _relu(_bn(_conv2d(x, w["head.conv2.weight"], 2), w, "head.bn2"))
        x = x.reshape(1, -1, x.shape[-1])  # (1, 320, T)
        x = _relu(_bn(_conv1d(x, w["xvector.tdnn.linear.weight"], stride=2, padding=2), w, "xvector.tdnn.nonlinear.batchnorm"))
        for block, layers, dilation in ((1, 12, 1), (2, 24, 2), (3, 16, 2)):
            for i in range(1, layers + 1):
                p = f"xvector.block{block}.tdnnd{i}"
                y = _relu(_bn(x, w, f"{p}.nonlinear1.batchnorm"))
                y = _relu(_bn(_conv1d(y, w[f"{p}.linear1.weight"]), w, f"{p}.nonlinear2.batchnorm"))
                local = _conv1d(y, w[f"{p}.cam_layer.linear_local.weight"], padding=dilation, dilation=dilation)
                context = y.mean(-1, keepdims=True) + _seg_pool(y)
                gate = _relu(_conv1d(context, w[f"{p}.cam_layer.linear1.weight"], bias=w[f"{p}.cam_layer.linear1.bias"]))
                gate = _conv1d(gate, w[f"{p}.cam_layer.linear2.weight"], bias=w[f"{p}.cam_layer.linear2.bias"])
                x = np.concatenate([x, local / (1 + np.exp(-gate))], axis=1)
            t = f"xvector.transit{block}"
            x = _conv1d(_relu(_bn(x, w, f"{t}.nonlinear.batchnorm")), w[f"{t}.linear.weight"])
        x = _relu(_bn(x, w, "xvector.out_nonlinear.batchnorm"))
        std = x.std(-1, ddof=1) if x.shape[-1] > 1 else np.full(x.shape[:2], 1e-2, np.float32)
        stats = np.concatenate([x.mean(-1), std], axis=1)[:, :, None]
        emb = _bn(_conv1d(stats, w["xvector.dense.linear.weight"]), w, "xvector.dense.nonlinear.batchnorm", affine=False)
        emb = emb[0, :, 0]
        return emb / (np.linalg.norm(emb) + 1e-8)
