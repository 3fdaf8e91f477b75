"""Where the speech is: Silero VAD (faster-whisper's), over a long recording in pieces on several cores.

faster-whisper runs the VAD model over the whole recording on one thread (about 2 s per 10 minutes on these
cores), before any window can be decoded. A long recording is cut into one piece per core at its quietest
moment near each cut point, the pieces are run at once (onnxruntime releases the GIL), and speech the cut
touches on both sides is joined again.
"""

from __future__ import annotations

import itertools
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from faster_whisper.vad import VadOptions, get_speech_timestamps

from .windows import SAMPLE_RATE, Span

# Pieces shorter than this are not worth a thread of their own.
MIN_PIECE_SECONDS = 60
# A cut is made at the quietest 100 ms within this many seconds of its even share.
SEARCH_SECONDS = 10
FRAME = SAMPLE_RATE // 10


def speech_spans(audio: np.ndarray, options: VadOptions, parallel: int = 1) -> list[Span]:
    """The stretches of speech in a 16 kHz recording, as sample ranges, in order."""
    n = max(1, min(parallel, len(audio) // (MIN_PIECE_SECONDS * SAMPLE_RATE)))
    if n == 1:
        return _spans(audio, options)
    cuts = [0] + [quietest_near(audio, len(audio) * i // n) for i in range(1, n)] + [len(audio)]
    with ThreadPoolExecutor(n, thread_name_prefix="vad") as pool:
        found = pool.map(lambda ab: [(s + ab[0], e + ab[0]) for s, e in _spans(audio[ab[0] : ab[1]], options)], itertools.pairwise(cuts))
        spans = [span for piece in found for span in piece]
    joined: list[Span] = []
    longest = options.max_speech_duration_s * SAMPLE_RATE
    for s, e in spans:
        # Speech padded up to the cut from both sides is one stretch, unless that is longer than the VAD allows
        # (it would be cut anywhere): then the quiet cut is where it parts.
        if joined and s <= joined[-1][1] and max(e, joined[-1][1]) - joined[-1][0] <= longest:
            joined[-1] = (joined[-1][0], max(e, joined[-1][1]))
        else:
            joined.append((max(s, joined[-1][1]) if joined else s, e))
    return joined


def quietest_near(audio: np.ndarray, at: int) -> int:
    """The start of the quietest 100 ms frame within SEARCH_SECONDS of sample `at`."""
    lo = max(0, at - SEARCH_SECONDS * SAMPLE_RATE)
    frames = audio[lo : at + SEARCH_SECONDS * SAMPLE_RATE]
    frames = frames[: len(frames) // FRAME * FRAME].reshape(-1, FRAME)
    if not len(frames):
        return at
    return lo + int(np.argmin(np.square(frames).mean(axis=1))) * FRAME


def _spans(audio: np.ndarray, options: VadOptions) -> list[Span]:
    return [(c["start"], c["end"]) for c in get_speech_timestamps(audio, options)]
