"""Words and segments get speakers from diarization turns, found beside the transcription (no models needed)."""

from __future__ import annotations

import threading

import numpy as np
from conftest import write_wav

from verbatim_asr.config import Settings
from verbatim_asr.diarization import pipeline
from verbatim_asr.diarization.clustering import cluster
from verbatim_asr.diarization.pipeline import Diarization, Turn, channels_differ
from verbatim_asr.engine import Engine
from verbatim_asr.speakers import speaker_at, split_by_speaker
from verbatim_asr.transcript import Segment, SpeakerOptions, Transcript, Word

TURNS = [Turn(0.0, 2.0, "SPEAKER_00"), Turn(2.4, 5.0, "SPEAKER_01")]


def segment(words: list[Word]) -> Segment:
    return Segment(0, 0, words[0].start, words[-1].end, "".join(" " + w.word for w in words), [1, 2, 3], 0.0, -0.2, 1.1, 0.01, words)


def test_a_segment_is_split_where_the_speaker_changes():
    words = [Word("Hello", 0.1, 0.5), Word("there.", 0.5, 1.9), Word("Hi,", 2.5, 2.8), Word("Dana.", 2.8, 3.4)]
    out = split_by_speaker([segment(words)], TURNS)
    assert [(s.id, s.text, s.speaker, s.start, s.end) for s in out] == [
        (0, " Hello there.", "SPEAKER_00", 0.1, 1.9),
        (1, " Hi, Dana.", "SPEAKER_01", 2.5, 3.4),
    ]
    assert [w.speaker for w in out[0].words + out[1].words] == ["SPEAKER_00"] * 2 + ["SPEAKER_01"] * 2
    assert out[0].tokens == [1, 2, 3] and out[1].tokens == []


def test_a_word_takes_the_speaker_who_talks_most_during_it_or_the_nearest():
    assert speaker_at(1.7, 2.6, TURNS) == "SPEAKER_00"  # 0.3 s against 0.2 s
    assert speaker_at(1.9, 2.9, TURNS) == "SPEAKER_01"  # 0.1 s against 0.5 s
    assert speaker_at(2.1, 2.2, TURNS) == "SPEAKER_00"  # in the pause, nearer the first turn's end
    assert speaker_at(6.0, 6.5, TURNS) == "SPEAKER_01"
    assert speaker_at(0.0, 1.0, []) is None


def test_one_speaker_segment_stays_whole():
    words = [Word("Hello", 0.1, 0.5), Word("there.", 0.5, 1.9)]
    out = split_by_speaker([segment(words)], TURNS)
    assert len(out) == 1 and out[0].speaker == "SPEAKER_00" and out[0].text == " Hello there."


def test_clustering_obeys_hints():
    rng = np.random.default_rng(0)
    centres = rng.normal(size=(3, 192))
    points = np.concatenate([c + 0.05 * rng.normal(size=(5, 192)) for c in centres])
    assert len(cluster(points)[1]) == 3
    assert len(cluster(points, num_speakers=2)[1]) == 2
    assert len(cluster(points, max_speakers=2)[1]) == 2
    assert len(cluster(points, min_speakers=5)[1]) == 5


def test_equal_channels_are_not_different_voices():
    rng = np.random.default_rng(1)
    voice = (rng.normal(size=16000 * 4) * 0.1).astype(np.float32)
    assert not channels_differ(voice, voice)
    left = voice.copy()
    left[16000 * 2 :] = 0
    right = voice.copy()
    right[: 16000 * 2] = 0
    assert channels_differ(left, right)


def test_speakers_are_found_while_the_words_are_recognised(monkeypatch, tmp_path):
    """Diarization runs beside transcription, not after it: each side waits (up to 10 s) to see the other
    running, which a sequential engine never lets happen."""
    transcribing, diarizing = threading.Event(), threading.Event()
    words = [Word("Hello", 0.1, 0.5, None), Word("Hi.", 2.5, 2.8, None)]

    def fake_transcribe(self, audio, **kwargs):
        transcribing.set()
        assert diarizing.wait(10), "diarization did not start while the words were being recognised"
        return Transcript(language="en", duration=5.0, segments=[segment(words)])

    def fake_diarize(channels, *hints):
        diarizing.set()
        assert transcribing.wait(10)
        return Diarization(turns=TURNS, speakers=["SPEAKER_00", "SPEAKER_01"], method="voices")

    monkeypatch.setattr(Engine, "transcribe_array", fake_transcribe)
    monkeypatch.setattr(pipeline, "diarize", fake_diarize)
    path = write_wav(tmp_path / "two.wav", np.zeros(16000 * 5, dtype=np.float32))
    tr = Engine(Settings(model="unused")).transcribe_file(str(path), speakers=SpeakerOptions())
    assert tr.diarization.warning is None
    assert [s.speaker for s in tr.segments] == ["SPEAKER_00", "SPEAKER_01"]
