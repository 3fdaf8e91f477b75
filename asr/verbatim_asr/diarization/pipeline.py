"""Who spoke when: local segmentation in 10 s windows, one embedding per local speaker and window,
clustering across windows, and the windows' activity stitched back onto one timeline. A stereo recording
whose channels hold different voices is split by channel instead."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

import numpy as np

from .clustering import cluster
from .embedding import Embedding
from .segmentation import SAMPLE_RATE, WINDOW, Segmentation

STEP = 5.0  # seconds between window starts: every moment is seen by two windows
FRAME_STEP = 270 / SAMPLE_RATE  # the model's frame hop (SincNet stride 10 x three max-pools of 3)
FRAME_DURATION = 991 / SAMPLE_RATE  # receptive field of one frame
MIN_EMBED_SECONDS = 0.6  # less clean speech than this gives no reliable embedding (see diarize_mono)
MAX_EMBED_SECONDS = 3.0  # the cost of CAM++ grows with the audio; this much is enough to tell voices apart
# A speaker who, once the windows are stitched, talks for less than this in all is a stray cluster (a piece of
# overlap, a cough, one voice's odd window), not a person: its windows go to the nearest other speaker... unless no
# other speaker's centroid is at least STRAY_SIMILARITY like its own: then it is a person who said little (one "Yes"
# in quick turns). Both chosen on the development sets (asr/tests/tune_speakers.py): exact count 68 % of 56 recordings
# at 0.40-0.45, 66 % without the exception, 70 % at 0.50 (0.01 from a stray that was a piece of another voice), mean
# DER 12.1-12.2 % in all (docs/speech-engine/speaker-recognition.md#accuracy).
MIN_SPEAKER_SECONDS = 2.0
STRAY_SIMILARITY = 0.45


@dataclass
class Turn:
    start: float
    end: float
    speaker: str


@dataclass
class Diarization:
    turns: list[Turn]
    speakers: list[str]
    method: str  # "channels" or "voices"
    seconds: float = 0.0
    details: dict = field(default_factory=dict)


def speaker_label(i: int) -> str:
    return f"SPEAKER_{i:02d}"


# The two networks, by name, loaded on first use and shared by every thread (tests/bench_speakers.py swaps in others).
models: dict[str, object] = {}
_lock = threading.Lock()


def model(name: str):
    """The shared "segmentation" or "embedding" network, loaded on first use."""
    with _lock:
        if name not in models:
            models[name] = Segmentation() if name == "segmentation" else Embedding()
        return models[name]


def _windows(n: int) -> list[int]:
    size, step = int(WINDOW * SAMPLE_RATE), int(STEP * SAMPLE_RATE)
    if n <= size:
        return [0]
    starts = list(range(0, n - size + 1, step))
    if starts[-1] + size < n:
        starts.append(n - size)
    return starts


def _turns_from_activity(activity: np.ndarray, labels: list[str], min_gap: float = 0.1) -> list[Turn]:
    turns: list[Turn] = []
    for k, label in enumerate(labels):
        a = np.concatenate([[0], activity[:, k].astype(np.int8), [0]])
        d = np.diff(a)
        for s, e in zip(np.where(d == 1)[0], np.where(d == -1)[0], strict=True):
            # A frame speaks for the middle of its receptive field; a run starts half a hop before it.
            start, end = s * FRAME_STEP + FRAME_DURATION / 2 - FRAME_STEP / 2, e * FRAME_STEP + FRAME_DURATION / 2 - FRAME_STEP / 2
            if turns and turns[-1].speaker == label and start - turns[-1].end < min_gap:
                turns[-1].end = end
            else:
                turns.append(Turn(max(0.0, start), end, label))
    turns.sort(key=lambda t: (t.start, t.end))
    return [Turn(round(t.start, 3), round(t.end, 3), t.speaker) for t in turns if t.end - t.start >= 0.05]


def _segment(audio: np.ndarray) -> tuple[list[int], np.ndarray]:
    size = int(WINDOW * SAMPLE_RATE)
    starts = _windows(len(audio))
    padded = np.pad(audio, (0, max(0, starts[-1] + size - len(audio))))
    batch = np.stack([padded[s : s + size] for s in starts])
    seg = model("segmentation")
    activity = np.concatenate([seg(batch[i : i + 32]) for i in range(0, len(batch), 32)])
    return starts, activity > 0  # (W, F, 3) booleans


def _stitch(n_samples: int, starts: list[int], activity: np.ndarray, assignment: np.ndarray, n_speakers: int) -> np.ndarray:
    """Average each global speaker's activity over the windows that see a frame, and keep as many speakers
    per frame as the windows count on average (pyannote's reconstruction). Each window's frames are weighted by a
    Hamming window, as pyannote aggregates: a frame near a window's edge was judged with little context on one side,
    so where two windows disagree, the one that sees the frame nearer its middle wins. On the development set that
    took mean DER from 13.7 to 12.1 % (56 recordings), nearly all of it confusion
    (docs/speech-engine/speaker-recognition.md#accuracy)."""
    total = int(np.ceil(n_samples / 270)) + 1
    score = np.zeros((total, n_speakers), np.float32)
    count = np.zeros(total, np.float32)
    seen = np.zeros(total, np.float32)
    frames = activity.shape[1]
    weight = np.hamming(frames).astype(np.float32)
    for w, start in enumerate(starts):
        first = int(round(start / 270))
        idx = np.arange(first, min(first + frames, total))
        local = activity[w, : len(idx)] * weight[: len(idx), None]
        seen[idx] += weight[: len(idx)]
        count[idx] += local.sum(axis=1)
        for k in range(local.shape[1]):
            g = assignment[w, k]
            if g >= 0:
                score[idx, g] += local[:, k]
    seen = np.maximum(seen, 1e-6)  # frames past the end: no window, no speech
    score /= seen[:, None]
    speakers_here = np.rint(count / seen).astype(int)
    out = np.zeros_like(score, dtype=bool)
    order = np.argsort(-score, axis=1)
    for c in range(1, min(2, n_speakers) + 1):
        rows = np.where(speakers_here >= c)[0]
        chosen = order[rows, c - 1]
        ok = score[rows, chosen] > 0
        out[rows[ok], chosen[ok]] = True
    return out[: int(n_samples / 270)]


def diarize_mono(
    audio: np.ndarray,
    num_speakers: int | None = None,
    min_speakers: int | None = None,
    max_speakers: int | None = None,
) -> Diarization:
    starts, activity = _segment(audio)
    keys: list[tuple[int, int]] = []
    pieces: list[np.ndarray] = []
    weak: list[tuple[int, int]] = []
    for w, start in enumerate(starts):
        local = activity[w]
        alone = local.sum(axis=1) == 1
        for k in range(3):
            if not local[:, k].any():
                continue
            frames = np.where(local[:, k] & alone)[0]
            if len(frames) * FRAME_STEP < MIN_EMBED_SECONDS:
                weak.append((w, k))
                continue
            # The clean (single-speaker) speech of this local speaker, at most MAX_EMBED_SECONDS of it.
            frames = frames[: int(MAX_EMBED_SECONDS / FRAME_STEP)]
            samples = (start + frames[:, None] * 270 + np.arange(270)[None, :]).ravel()
            keys.append((w, k))
            pieces.append(audio[samples[samples < len(audio)]])
    if not pieces:
        return Diarization([], [], "voices", details={"windows": len(starts), "embeddings": 0})
    # All of the recording's pieces in one call: embedding.py batches those of one length (most, at the cap).
    embeddings = model("embedding")(pieces)
    labels, centroids = cluster(embeddings, num_speakers, min_speakers, max_speakers)
    assignment = -np.ones((len(starts), 3), int)
    for (w, k), label in zip(keys, labels, strict=True):
        assignment[w, k] = label
    # A local speaker with too little clean speech: the one speaker its window does not already use, if
    # exactly one is left; else it is dropped (its frames still count as speech of the others).
    for w, k in weak:
        free = [c for c in range(len(centroids)) if c not in set(assignment[w][assignment[w] >= 0])]
        if len(free) == 1:
            assignment[w, k] = free[0]
    n = len(centroids)
    active = _stitch(len(audio), starts, activity, assignment, n)
    floor = max(1, num_speakers or min_speakers or 1)
    while True:
        talk = active.sum(axis=0) * FRAME_STEP
        alive = [k for k in range(n) if (assignment == k).any()]
        nearest = {k: max((float(centroids[k] @ centroids[c]) for c in alive if c != k), default=1.0) for k in alive}
        stray = [k for k in alive if talk[k] < MIN_SPEAKER_SECONDS and nearest[k] >= STRAY_SIMILARITY]
        if not stray or len(alive) <= floor:
            break
        keep = [c for c in alive if c not in stray]
        # All strays at once into the nearest real speaker, then one stitch; one at a time only when too few are left.
        for k in stray if len(keep) >= floor else [min(stray, key=lambda c: talk[c])]:
            others = keep if len(keep) >= floor else [c for c in alive if c != k]
            assignment[assignment == k] = max(others, key=lambda c: float(centroids[k] @ centroids[c]))
        active = _stitch(len(audio), starts, activity, assignment, n)
    # Speakers numbered by first appearance.
    first = [np.argmax(active[:, k]) if active[:, k].any() else len(active) for k in range(n)]
    order = [k for k in np.argsort(first) if active[:, k].any()]
    labels_out = [speaker_label(i) for i in range(len(order))]
    turns = _turns_from_activity(active[:, order], labels_out)
    return Diarization(turns, labels_out, "voices", details={"windows": len(starts), "embeddings": len(embeddings)})


def channels_differ(left: np.ndarray, right: np.ndarray) -> bool:
    """True when the channels carry different voices: in most loud 100 ms frames one channel is at least
    10 dB above the other. A mono recording stored as stereo has equal channels and stays mono."""
    hop = SAMPLE_RATE // 10
    n = min(len(left), len(right)) // hop * hop
    if n == 0:
        return False
    el = (left[:n].reshape(-1, hop) ** 2).mean(axis=1) + 1e-10
    er = (right[:n].reshape(-1, hop) ** 2).mean(axis=1) + 1e-10
    loud = np.maximum(el, er) > 1e-4 * max(el.max(), er.max())
    if loud.sum() < 5:
        return False
    ratio_db = 10 * np.log10(el[loud] / er[loud])
    return float((np.abs(ratio_db) > 10).mean()) > 0.5


def diarize_channels(left: np.ndarray, right: np.ndarray) -> Diarization:
    """Speech found on each channel separately (the segmentation model's activity); where both talk, both
    turns are kept (overlap)."""
    labels = [speaker_label(0), speaker_label(1)]
    tracks = []
    for channel in (left, right):
        starts, activity = _segment(channel)
        speech = activity.max(axis=2)[:, :, None]  # any local speaker
        tracks.append(_stitch(len(channel), starts, speech, np.zeros((len(starts), 1), int), 1)[:, 0])
    n = min(len(t) for t in tracks)
    active = np.stack([t[:n] for t in tracks], axis=1)
    present = [k for k in range(2) if active[:, k].any()]
    turns = _turns_from_activity(active[:, present], [labels[k] for k in present])
    return Diarization(turns, [labels[k] for k in present], "channels")


def diarize(
    channels: list[np.ndarray],
    num_speakers: int | None = None,
    min_speakers: int | None = None,
    max_speakers: int | None = None,
) -> Diarization:
    import time

    # No thread limit here: a limit set at run time holds for the whole process, and changed the last bits of the
    # features of a transcription running beside (numerics.py fixes BLAS at one thread from the start). The
    # networks run in onnxruntime, with threads of their own (embedding.py, segmentation.py).
    t0 = time.perf_counter()
    result = _diarize(channels, num_speakers, min_speakers, max_speakers)
    result.seconds = time.perf_counter() - t0
    return result


def _diarize(channels, num_speakers, min_speakers, max_speakers) -> Diarization:
    if len(channels) == 2 and channels_differ(channels[0], channels[1]) and num_speakers in (None, 2):
        return diarize_channels(channels[0], channels[1])
    mono = channels[0] if len(channels) == 1 else (channels[0] + channels[1]) / 2
    return diarize_mono(mono, num_speakers, min_speakers, max_speakers)
