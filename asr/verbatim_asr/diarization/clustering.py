"""Agglomerative clustering of speaker embeddings (cosine similarity, average linkage), cut where the clusters
are best separated (mean silhouette) within a band around the threshold."""

from __future__ import annotations

import numpy as np

# Two clusters whose embeddings are on average less similar than this are different people (CAM++ cosine
# similarity). Chosen with pipeline.MIN_SPEAKER_SECONDS and pipeline.STRAY_SIMILARITY on the 56 recordings of the two
# development sets (asr/tests/devset.py, asr/tests/tune_speakers.py): mean DER 12.1 % with it, 12.7 % at 0.50 (which
# the first 32 alone preferred, 11.0 against 11.2 %), 12.3 % at 0.60; docs/speech-engine/speaker-recognition.md#accuracy.
THRESHOLD = 0.55
# The count: of the dendrogram's cuts whose threshold lies within BAND of THRESHOLD (0.50-0.60), the one whose
# clusters are best separated (highest mean silhouette of the embeddings, cosine); 0 is the plain threshold cut. Its
# one parameter, chosen on the 56 recordings of the two development sets: exact count 73 % against 68 % (mean DER
# 12.0 against 12.1 %); every band from 0.02 to 0.10 counted better (70-73 %, mean DER 12.0-12.4 %). On the second
# held-out set, scored once: 15.5 against 16.6 %, the count the same (50 %). A silhouette over every k, or the largest
# gap between merge similarities, counted worse (docs/speech-engine/speaker-recognition.md, "Third round").
BAND = 0.05


def cluster(
    embeddings: np.ndarray,
    num_speakers: int | None = None,
    min_speakers: int | None = None,
    max_speakers: int | None = None,
    threshold: float = THRESHOLD,
    band: float | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Labels 0..k-1 for each embedding and the k unit centroids. An exact count wins; else merging stops at
    the threshold (within `band` of it: at the cut with the best mean silhouette), kept within
    [min_speakers, max_speakers]. One cluster stays one: the silhouette cannot weigh it against two."""
    band = BAND if band is None else band
    n = len(embeddings)
    x = embeddings / (np.linalg.norm(embeddings, axis=1, keepdims=True) + 1e-8)
    similarity = (x @ x.T).astype(np.float64)
    # Sums of pairwise similarities between clusters; their average is sum / (|a| |b|).
    sums = similarity.copy()
    # Each embedding's summed similarity to each cluster (a column per cluster), for the silhouette.
    to_cluster = similarity.copy()
    sizes = np.ones(n)
    alive = np.ones(n, bool)
    members: list[list[int]] = [[i] for i in range(n)]
    lo = max(1, num_speakers or min_speakers or 1)
    hi = num_speakers or max_speakers or n
    owner = np.arange(n)  # each embedding's cluster (its column)
    at_threshold: list[list[int]] | None = None  # the plain threshold cut
    best: tuple[float, list[list[int]]] | None = None  # (mean silhouette, clusters) of the best cut within the band
    while True:
        count = int(alive.sum())
        s, a, b = -np.inf, 0, 0
        if count > 1:
            avg = sums / np.outer(sizes, sizes)
            avg[~alive, :] = -np.inf
            avg[:, ~alive] = -np.inf
            np.fill_diagonal(avg, -np.inf)
            a, b = np.unravel_index(np.argmax(avg), avg.shape)
            s = avg[a, b]
        # The next merge is below the threshold (or none is left): this is the threshold's cut, if the bounds allow.
        last = count <= lo
        if count <= hi:
            if at_threshold is None and (s < threshold or last):
                at_threshold = [list(m) for m in members if m]
            if band > 0 and num_speakers is None and s < threshold + band and count >= 2:
                score = silhouette(to_cluster, owner, alive, sizes)
                if best is None or score > best[0]:
                    best = (score, [list(m) for m in members if m])
            if last or s < threshold - band:
                break
        owner[members[b]] = a
        members[a] += members[b]
        members[b] = []
        sums[a, :] += sums[b, :]
        sums[:, a] += sums[:, b]
        to_cluster[:, a] += to_cluster[:, b]
        sizes[a] += sizes[b]
        alive[b] = False
    chosen = at_threshold if at_threshold is not None else [m for m in members if m]
    if len(chosen) >= 2 and best is not None:
        chosen = best[1]
    labels = np.empty(n, int)
    centroids = []
    for k, m in enumerate(chosen):
        labels[m] = k
        c = x[m].mean(axis=0)
        centroids.append(c / (np.linalg.norm(c) + 1e-8))
    return labels, np.stack(centroids)


def silhouette(to_cluster: np.ndarray, owner: np.ndarray, alive: np.ndarray, sizes: np.ndarray) -> float:
    """Mean silhouette of the embeddings with cosine distance (1 - similarity); 0 for an embedding alone in its
    cluster, as scikit-learn counts it."""
    columns = np.where(alive)[0]
    mean = sizes[columns][None, :] - to_cluster[:, columns]  # summed distance of each embedding to each cluster
    rows = np.arange(len(owner))
    own = np.searchsorted(columns, owner)
    size = sizes[owner]
    inside = mean[rows, own] / np.maximum(size - 1, 1)  # its own similarity 1 is distance 0
    mean /= sizes[columns][None, :]
    mean[rows, own] = np.inf
    nearest = mean.min(axis=1)
    score = (nearest - inside) / np.maximum(np.maximum(inside, nearest), 1e-12)
    score[size == 1] = 0.0
    return float(score.mean())
