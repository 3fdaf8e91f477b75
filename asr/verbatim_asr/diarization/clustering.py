"""Agglomerative clustering of speaker embeddings (cosine similarity, average linkage)."""

from __future__ import annotations

import numpy as np

# Two clusters whose embeddings are on average less similar than this are different people (CAM++ cosine
# similarity). Chosen with pipeline.MIN_SPEAKER_SECONDS and pipeline.STRAY_SIMILARITY on the 56 recordings of the two
# development sets (asr/tests/devset.py, asr/tests/tune_speakers.py): mean DER 12.1 % with it, 12.7 % at 0.50 (which
# the first 32 alone preferred, 11.0 against 11.2 %), 12.3 % at 0.60; docs/speech-engine/speaker-recognition.md#accuracy.
THRESHOLD = 0.55


def cluster(
    embeddings: np.ndarray,
    num_speakers: int | None = None,
    min_speakers: int | None = None,
    max_speakers: int | None = None,
    threshold: float = THRESHOLD,
) -> tuple[np.ndarray, np.ndarray]:
    """Labels 0..k-1 for each embedding and the k unit centroids. An exact count wins; else merging stops at
    the threshold, kept within [min_speakers, max_speakers]."""
    n = len(embeddings)
    x = embeddings / (np.linalg.norm(embeddings, axis=1, keepdims=True) + 1e-8)
    # Sums of pairwise similarities between clusters; their average is sum / (|a| |b|).
    sums = (x @ x.T).astype(np.float64)
    sizes = np.ones(n)
    alive = np.ones(n, bool)
    members: list[list[int]] = [[i] for i in range(n)]
    lo = max(1, num_speakers or min_speakers or 1)
    hi = num_speakers or max_speakers or n
    while alive.sum() > lo:
        avg = sums / np.outer(sizes, sizes)
        avg[~alive, :] = -np.inf
        avg[:, ~alive] = -np.inf
        np.fill_diagonal(avg, -np.inf)
        a, b = np.unravel_index(np.argmax(avg), avg.shape)
        if alive.sum() <= hi and avg[a, b] < threshold:
            break
        members[a] += members[b]
        members[b] = []
        sums[a, :] += sums[b, :]
        sums[:, a] += sums[:, b]
        sizes[a] += sizes[b]
        alive[b] = False
    labels = np.empty(n, int)
    centroids = []
    for k, c in enumerate(np.where(alive)[0]):
        labels[members[c]] = k
        m = x[members[c]].mean(axis=0)
        centroids.append(m / (np.linalg.norm(m) + 1e-8))
    return labels, np.stack(centroids)
