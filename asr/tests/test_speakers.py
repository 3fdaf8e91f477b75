"""Words and segments get speakers from diarization turns, found beside the transcription (no models needed)."""

from __future__ import annotations

import threading

import numpy as np
from conftest import write_wav

from verbatim_asr.config import Settings
from verbatim_asr.diarization import clustering, pipeline
from verbatim_asr.diarization.clustering import cluster
from verbatim_asr.diarization.pipeline import Diarization, Turn, channels_differ
from verbatim_asr.engine import Engine
from verbatim_asr.speakers import assign_words, speaker_at, split_by_speaker
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


def test_a_one_word_fragment_at_a_turn_change_takes_a_neighbours_speaker():
    """Diarization's boundaries are a few tenths of a second off and can leave a short third cluster at a turn
    change; the words' boundaries are exact. A word (or two, under 1 s) whose speaker is neither neighbour's, at a
    change between two speakers, joins the neighbour who talks more during it. Inside one speaker's run it stays:
    there it is as often a real "Yes." as a stray."""
    turns = [Turn(0.0, 2.05, "SPEAKER_00"), Turn(2.05, 2.5, "SPEAKER_02"), Turn(2.45, 5.0, "SPEAKER_01")]
    words = [Word("We", 0.1, 0.4), Word("agreed.", 0.5, 1.9), Word("So", 2.2, 2.5), Word("what", 2.6, 2.9), Word("now?", 3.0, 3.4)]
    assert speaker_at(2.2, 2.5, turns) == "SPEAKER_02"
    # SPEAKER_01 talks during 0.05 s of it, SPEAKER_00 not at all.
    assert assign_words(words, turns) == ["SPEAKER_00", "SPEAKER_00", "SPEAKER_01", "SPEAKER_01", "SPEAKER_01"]
    out = split_by_speaker([segment([Word("We", 0.1, 0.4), Word("agreed.", 0.5, 1.9), Word("So", 2.2, 2.5), Word("what", 2.6, 2.9)])], turns)
    assert [s.speaker for s in out] == ["SPEAKER_00", "SPEAKER_01"] and out[1].text == " So what"
    inside = [Turn(0.0, 1.0, "SPEAKER_00"), Turn(1.0, 1.3, "SPEAKER_01"), Turn(1.3, 3.0, "SPEAKER_00")]
    words = [Word("one", 0.2, 0.6), Word("Yes.", 1.05, 1.25), Word("three", 1.5, 2.0)]
    assert assign_words(words, inside) == ["SPEAKER_00", "SPEAKER_01", "SPEAKER_00"]
    # Three words at a turn change, or one of 1 s or more, are a turn of their own.
    words = [Word("one", 0.2, 1.9), Word("a", 2.06, 2.1), Word("b", 2.12, 2.2), Word("c", 2.22, 2.3), Word("d", 2.6, 3.0)]
    assert assign_words(words, turns)[1:4] == ["SPEAKER_02"] * 3


def test_a_word_in_a_pause_keeps_its_segments_speaker():
    """A word no turn covers (here given no length at the segment's end, as the recogniser sometimes does) takes
    the speaker of the nearest word of its own segment, not the next turn's."""
    turns = [Turn(0.0, 1.5, "SPEAKER_00"), Turn(1.7, 3.0, "SPEAKER_01")]
    first = segment([Word("after", 0.8, 1.2), Word("the", 1.2, 1.4), Word("launch.", 1.65, 1.65)])
    second = segment([Word("Then", 1.7, 2.0), Word("meet.", 2.1, 2.5)])
    out = split_by_speaker([first, second], turns)
    assert [(s.speaker, s.text) for s in out] == [("SPEAKER_00", " after the launch."), ("SPEAKER_01", " Then meet.")]


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


def test_the_cut_with_the_best_silhouette_is_taken_within_the_band():
    """Voices A and B alike at 0.58, just above the threshold: the plain cut merges them; within a band of 0.05 the
    cut that keeps them apart separates the clusters better (mean silhouette), so three speakers. Hints still win."""
    rng = np.random.default_rng(1)
    a, b, c = np.zeros(192), np.zeros(192), np.zeros(192)
    a[0], b[0], b[1], c[2] = 1.0, 0.58, np.sqrt(1 - 0.58**2), 1.0
    points = np.concatenate([v + 0.005 * rng.normal(size=(6, 192)) for v in (a, b, c)])
    assert len(cluster(points, band=0.0)[1]) == 2
    assert len(cluster(points, band=0.05)[1]) == 3
    assert len(cluster(points, num_speakers=2, band=0.05)[1]) == 2
    assert len(cluster(points, max_speakers=2, band=0.05)[1]) == 2
    # One voice stays one: the silhouette cannot weigh one cluster against two.
    assert len(cluster(a + 0.03 * rng.normal(size=(12, 192)), band=0.05)[1]) == 1


def test_silhouette_is_scikit_learns():
    from sklearn.metrics import silhouette_score

    rng = np.random.default_rng(2)
    x = rng.normal(size=(40, 16)) + np.repeat(rng.normal(size=(4, 16)) * 2, 10, axis=0)
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    labels = np.repeat(np.arange(4), 10)
    labels[-1] = 4  # a cluster of one
    owner = np.array([int(np.where(labels == label)[0][0]) for label in labels])  # a cluster's column: its first
    alive = np.isin(np.arange(len(x)), owner)
    sizes = np.array([max((owner == c).sum(), 1) for c in range(len(x))], float)
    to_cluster = (x @ x.T) @ (owner[:, None] == np.arange(len(x))[None, :])
    expected = silhouette_score(x, labels, metric="cosine")
    assert abs(clustering.silhouette(to_cluster, owner, alive, sizes) - expected) < 1e-9


class FakeSegmentation:
    """Reads who talks from the audio itself: samples of 0.1 are voice A (local speaker 0), of 0.5 voice B (1)."""

    def __call__(self, windows):
        frames = 589  # segmentation-3.0's frames per 10 s window
        centre = windows[:, np.arange(frames) * 270 + 135]
        return np.stack([np.isclose(centre, 0.1), np.isclose(centre, 0.5), np.zeros_like(centre, bool)], axis=2).astype(np.float32)


def short_second_voice(monkeypatch, similarity: float):
    """20 s of voice A with 1 s of voice B in the middle of the first two windows, diarized with fake networks
    whose embeddings of A and B have the given cosine similarity."""
    a, b = np.zeros(192), np.zeros(192)
    a[0], b[0], b[1] = 1.0, similarity, np.sqrt(1 - similarity**2)
    monkeypatch.setitem(pipeline.models, "segmentation", FakeSegmentation())
    monkeypatch.setitem(pipeline.models, "embedding", lambda pieces: np.stack([b if p.mean() > 0.3 else a for p in pieces]))
    audio = np.full(16000 * 20, 0.1, np.float32)
    audio[134000:150200] = 0.5
    return pipeline.diarize([audio])


def test_a_short_speaker_unlike_everyone_is_kept(monkeypatch):
    result = short_second_voice(monkeypatch, 0.0)
    assert result.speakers == ["SPEAKER_00", "SPEAKER_01"]
    # B talks too little to count as a person by time alone.
    assert sum(t.end - t.start for t in result.turns if t.speaker == "SPEAKER_01") < pipeline.MIN_SPEAKER_SECONDS


def test_a_short_speaker_like_another_is_merged_into_it(monkeypatch):
    # Below the clustering's threshold (two clusters), above the stray rule's: a piece of A, not a person.
    similarity = (pipeline.STRAY_SIMILARITY + clustering.THRESHOLD) / 2
    assert len(short_second_voice(monkeypatch, similarity).speakers) == 1


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
