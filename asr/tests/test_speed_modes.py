"""Decoding modes: the default, batched (VAD windows decoded in batches by one decoder per core and cut into
sentences, verbatim_asr/parts.py), and faster-whisper's own (one 30 s window after another, beam search of 5)."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import AUDIO, normalise, transcribe, wer, write_wav

from verbatim_asr.config import Settings, batched_beam_size, parse_settings
from verbatim_asr.engine import SAMPLE_RATE, Engine, decode

CLIPS = ["jfk.flac"] + [f"librivox/sense_and_sensibility_01_austen_64kb-{n}.wav" for n in ("0870", "0880", "0890", "0920", "0930")]


def test_speed_settings_from_env_and_flags(monkeypatch):
    # The default: batched, greedy in English and beam search of 5 in other languages; ASR_BATCH_SIZE=0 gives
    # faster-whisper's sequential beam search of 5.
    assert (Settings().batch_size, Settings().beam) == (8, None)
    assert [batched_beam_size(lang) for lang in ("en", "es", "de")] == [1, 5, 5]
    monkeypatch.setenv("ASR_BATCH_SIZE", "0")
    assert (parse_settings([]).batch_size, parse_settings([]).beam) == (0, 5)
    monkeypatch.setenv("ASR_BATCH_SIZE", "16")
    monkeypatch.setenv("ASR_BEAM_SIZE", "1")
    s = parse_settings([])
    assert (s.batch_size, s.beam) == (16, 1)
    assert parse_settings(["--batch-size", "4"]).batch_size == 4
    for bad in (["--batch-size", "-1"], ["--beam-size", "-1"]):
        with pytest.raises(SystemExit):
            parse_settings(bad)


# A phrase of each clip that tiny.en hears right.
PHRASES = ("what your country can do for you", "leisure to consider", "young man", "rather cold hearted and rather selfish", "still more respectable", "amiable himself")


@pytest.fixture(scope="session")
def long_recording(tmp_path_factory, references):
    """70 s: the clips twice over, half a second of silence between them; longer than one 30 s window, so
    VAD cuts it into windows that are decoded together. tiny.en closes some windows early and left alone
    loses the sentences after that (parts.py decodes them again)."""
    pieces, text = [], []
    for _ in range(2):
        for clip in CLIPS:
            pieces += [decode(str(AUDIO / clip)), np.zeros(SAMPLE_RATE // 2, np.float32)]
            text.append(references[clip])
    audio = np.concatenate(pieces)
    return write_wav(tmp_path_factory.mktemp("long") / "long.wav", audio, SAMPLE_RATE), " ".join(text)


@pytest.fixture(scope="module")
def long_transcript(client, long_recording):
    path, _ = long_recording
    r = transcribe(client, path, response_format="verbose_json", timestamp_granularities=["segment", "word"])
    assert r.status_code == 200, r.text
    return r.json()


def test_long_recording_loses_and_doubles_no_sentence_at_or_between_parts(long_recording, long_transcript):
    _, reference = long_recording
    body = long_transcript
    assert body["duration"] > 60
    assert wer(reference, body["text"]) <= 0.10, body["text"]
    text = " ".join(normalise(body["text"]))
    # Each sentence is spoken twice: heard twice, never once or three times.
    for phrase in PHRASES:
        assert text.count(phrase) == 2, (phrase, text)
    starts = [w["start"] for w in body["words"]]
    assert starts == sorted(starts) and starts[-1] > 60  # words in order, up to the end


def test_segments_are_sentences_several_per_part_and_punctuated(long_transcript):
    segments = long_transcript["segments"]
    # A 30 s part is cut into sentence-sized segments, not one line per part.
    assert len(segments) >= 3 * -(-long_transcript["duration"] // 30), [s["text"] for s in segments]
    assert all(s["end"] - s["start"] <= 15 for s in segments), [(s["start"], s["end"]) for s in segments]
    assert [s["start"] for s in segments] == sorted(s["start"] for s in segments)
    # Most end a sentence (where a sentence runs long, or tiny.en writes no full stop, a line ends mid-sentence).
    ended = [s for s in segments if s["text"].rstrip().endswith((".", "?", "!"))]
    assert len(ended) >= len(segments) // 2, [s["text"] for s in segments]
    # The word list says what the segments say, word for word.
    assert normalise(" ".join(w["word"] for w in long_transcript["words"])) == normalise(long_transcript["text"])


def test_faster_whispers_own_defaults_still_work(model_dir, references):
    engine = Engine(Settings(model=str(model_dir), threads=2, batch_size=0))
    engine.load()
    tr = engine.transcribe_file(str(AUDIO / "jfk.flac"), word_timestamps=True)
    assert wer(references["jfk.flac"], tr.text) <= 0.15, tr.text
    assert tr.words and tr.words[-1].end <= tr.duration


def test_a_window_whisper_skips_or_times_wrongly_loses_and_doubles_nothing(client, tmp_path):
    """92 s cut from the clips looped, as the Worker's chunked test cuts its third chunk. There greedy tiny.en wrote
    one sentence for the second 26 s window (its words aligned to the last 13 s, so "leisure to consider…" was lost),
    and beam search ended the window's timestamps at 17 s where its words reach 25 s (resumed at that timestamp,
    "to consider how much…" and "young man" were written twice). The window is decoded again for writing too
    little, and resumed after its last aligned word, not its last timestamp."""
    pieces = []
    for _ in range(3):
        for clip in CLIPS + ["two-speakers/stereo-one-speaker-per-channel.wav"]:
            pieces += [decode(str(AUDIO / clip)), np.zeros(int(SAMPLE_RATE * 0.7), np.float32)]
    audio = np.concatenate(pieces)[int(41.1 * SAMPLE_RATE) : int(133.1 * SAMPLE_RATE)]
    path = write_wav(tmp_path / "cut.wav", audio, SAMPLE_RATE)
    r = transcribe(client, path, response_format="verbose_json", timestamp_granularities=["segment", "word"])
    assert r.status_code == 200, r.text
    said = " ".join(normalise(r.json()["text"]))
    # Within these 92 s each of these is said twice.
    for phrase in ("leisure to consider", "young man", "still more respectable"):
        assert said.count(phrase) == 2, (phrase, said)


def test_a_recording_that_begins_mid_sentence_keeps_its_opening_words(client, tmp_path):
    """A part of a long recording that a client cut anywhere: it opens with the last 4 s of a sentence ("…who had
    vanished behind the curtain on the left."). Decoded without timestamp tokens, tiny.en wrote from the next
    sentence on, and the alignment of its first words stretched over the skipped seconds; the opening window is
    decoded with timestamp tokens (parts.opens_in_speech)."""
    sentence_end = decode(str(AUDIO / "two-speakers/stereo-one-speaker-per-channel.wav"))[-4 * SAMPLE_RATE :]
    pause = np.zeros(int(SAMPLE_RATE * 0.7), np.float32)
    clips = [decode(str(AUDIO / clip)) for clip in CLIPS[:3]]
    audio = np.concatenate([sentence_end, pause] + [x for clip in clips for x in (clip, pause)])
    r = transcribe(client, write_wav(tmp_path / "mid-sentence.wav", audio, SAMPLE_RATE))
    assert r.status_code == 200, r.text
    said = " ".join(normalise(r.json()["text"]))
    assert said.count("curtain on the left") == 1, said
    assert said.count("what your country can do for you") == 1, said
