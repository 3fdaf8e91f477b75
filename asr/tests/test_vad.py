"""Speech found in pieces on several cores (verbatim_asr.vad) is the speech found in one go."""

import itertools

import numpy as np
import pytest
from conftest import AUDIO

from verbatim_asr.audio import decode
from verbatim_asr.parts import VAD
from verbatim_asr.vad import quietest_near, speech_spans
from verbatim_asr.windows import SAMPLE_RATE

CLIPS = ["jfk.flac"] + [f"librivox/sense_and_sensibility_01_austen_64kb-{n}.wav" for n in ("0870", "0880", "0890")]


@pytest.fixture(scope="module")
def recording():
    """About 2.5 minutes of speech, the clips three times with half a second of silence between them."""
    pieces = []
    for _ in range(3):
        for clip in CLIPS:
            pieces += [decode(str(AUDIO / clip)), np.zeros(SAMPLE_RATE // 2, np.float32)]
    return np.concatenate(pieces)


def speech_mask(spans, n):
    mask = np.zeros(n, bool)
    for s, e in spans:
        mask[s:e] = True
    return mask


def test_speech_found_in_pieces_is_the_speech_found_in_one_go(recording):
    whole = speech_spans(recording, VAD, parallel=1)
    pieces = speech_spans(recording, VAD, parallel=2)
    a, b = speech_mask(whole, len(recording)), speech_mask(pieces, len(recording))
    assert (a & b).sum() / (a | b).sum() >= 0.98
    assert pieces == sorted(pieces) and all(s < e for s, e in pieces)
    assert all(e <= s2 for (_, e), (s2, _) in itertools.pairwise(pieces))  # no overlaps
    assert max(e - s for s, e in pieces) <= VAD.max_speech_duration_s * SAMPLE_RATE


def test_a_short_recording_is_not_cut(recording):
    short = recording[: 30 * SAMPLE_RATE]
    assert speech_spans(short, VAD, parallel=4) == speech_spans(short, VAD, parallel=1)


def test_the_cut_goes_where_it_is_quietest():
    rng = np.random.default_rng(0)
    audio = rng.normal(0, 0.3, 40 * SAMPLE_RATE).astype(np.float32)
    audio[int(23.0 * SAMPLE_RATE) : int(23.2 * SAMPLE_RATE)] = 0  # a short pause 3 s after the even cut
    assert abs(quietest_near(audio, 20 * SAMPLE_RATE) - 23.0 * SAMPLE_RATE) <= SAMPLE_RATE // 10
