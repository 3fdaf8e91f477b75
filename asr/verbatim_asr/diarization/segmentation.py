"""pyannote segmentation-3.0 through onnxruntime (the graph: segmentation_onnx.py). For each 10 s window it
tells, every ~17 ms, which of up to 3 local speakers talk (at most 2 at once)."""

from __future__ import annotations

import numpy as np

from .onnx_session import session

SAMPLE_RATE = 16000
WINDOW = 10.0  # seconds the model was trained on
# Powerset classes of 3 speakers with at most 2 at once: {}, {0}, {1}, {2}, {0,1}, {0,2}, {1,2}.
POWERSET = np.array(
    [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 0], [1, 0, 1], [0, 1, 1]], dtype=np.float32
)
# The LSTMs step through time one frame after another, so a second thread gains nothing (measured).
THREADS = 1


class Segmentation:
    def __init__(self) -> None:
        self.session = session("segmentation-3.0.onnx", THREADS)

    def logits(self, windows: np.ndarray) -> np.ndarray:
        """windows: (B, 160000) -> (B, frames, 7) powerset logits."""
        return self.session.run(None, {"windows": np.ascontiguousarray(windows, np.float32)})[0]

    def __call__(self, windows: np.ndarray) -> np.ndarray:
        """windows: (B, 160000) -> (B, frames, 3) speaker activity (0/1) per local speaker."""
        return POWERSET[self.logits(windows).argmax(axis=-1)]
