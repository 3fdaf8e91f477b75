"""3D-Speaker CAM++ (`campplus_cn_en_common`, 192-dim speaker embeddings) in numpy, on Kaldi-style
80-bin log-mel filterbanks. The layers follow 3D-Speaker's speakerlab/models/campplus (eval mode:
batch norms use their running statistics)."""

from __future__ import annotations

import numpy as np

from .weights import load_state_dict, weight_path

SAMPLE_RATE = 16000


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


class Embedding:
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
