"""Decoding modes: the default (batched greedy decoding over VAD parts) and faster-whisper's own defaults
(one 30 s window after another, beam search of 5), which the benchmark measures against."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import AUDIO, normalise, transcribe, wer, write_wav

from verbatim_asr.config import Settings, parse_settings
from verbatim_asr.engine import SAMPLE_RATE, Engine, decode

CLIPS = ["jfk.flac"] + [f"librivox/sense_and_sensibility_01_austen_64kb-{n}.wav" for n in ("0870", "0880", "0890", "0920", "0930")]


def test_speed_settings_from_env_and_flags(monkeypatch):
    assert (Settings().batch_size, Settings().beam_size) == (0, 5)
    monkeypatch.setenv("ASR_BATCH_SIZE", "8")
    monkeypatch.setenv("ASR_BEAM_SIZE", "1")
    s = parse_settings([])
    assert (s.batch_size, s.beam_size) == (8, 1)
    assert parse_settings(["--batch-size", "16"]).batch_size == 16
    for bad in (["--batch-size", "-1"], ["--beam-size", "0"]):
        with pytest.raises(SystemExit):
            parse_settings(bad)


@pytest.fixture(scope="session")
def long_recording(tmp_path_factory, references):
    """70 s: the clips twice over, half a second of silence between them; longer than one 30 s window, so
    VAD cuts it into parts that are decoded together."""
    pieces, text = [], []
    for _ in range(2):
        for clip in CLIPS:
            pieces += [decode(str(AUDIO / clip)), np.zeros(SAMPLE_RATE // 2, np.float32)]
            text.append(references[clip])
    audio = np.concatenate(pieces)
    return write_wav(tmp_path_factory.mktemp("long") / "long.wav", audio, SAMPLE_RATE), " ".join(text)


def test_long_recording_loses_and_doubles_no_words_between_parts(client, long_recording):
    path, reference = long_recording
    r = transcribe(client, path, response_format="verbose_json", timestamp_granularities=["segment", "word"])
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["duration"] > 60
    assert wer(reference, body["text"]) <= 0.10, body["text"]
    text = " ".join(normalise(body["text"]))
    # Each sentence is spoken twice: heard twice, never once or three times.
    for phrase in ("what your country can do for you", "leisure to consider", "rather cold hearted and rather selfish", "amiable himself"):
        assert text.count(phrase) == 2, (phrase, text)
    starts = [w["start"] for w in body["words"]]
    assert starts == sorted(starts) and starts[-1] > 60  # words in order, up to the end


def test_faster_whispers_own_defaults_still_work(model_dir, references):
    engine = Engine(Settings(model=str(model_dir), threads=2, batch_size=0, beam_size=5))
    engine.load()
    tr = engine.transcribe_file(str(AUDIO / "jfk.flac"), word_timestamps=True)
    assert wer(references["jfk.flac"], tr.text) <= 0.15, tr.text
    assert tr.words and tr.words[-1].end <= tr.duration
