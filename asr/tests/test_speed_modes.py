"""Decoding modes: the default, batched (VAD windows decoded in batches by one decoder per core and cut into
sentences, verbatim_asr/parts.py), and faster-whisper's own (one 30 s window after another, beam search of 5)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from conftest import AUDIO, transcribe, write_wav
from wer import normalise, wer

from verbatim_asr.audio import decode
from verbatim_asr.config import Settings, batched_beam_size, parse_settings
from verbatim_asr.engine import Engine
from verbatim_asr.windows import SAMPLE_RATE

CLIPS = ["jfk.flac"] + [f"librivox/sense_and_sensibility_01_austen_64kb-{n}.wav" for n in ("0870", "0880", "0890", "0920", "0930")]
STEREO = "two-speakers/stereo-one-speaker-per-channel.wav"
# Whisper's words for a clip depend on what else its window holds (JFK alone says "ask not", after Austen "asked
# not"): sentences are found in these long recordings with a tolerance, not by exact phrases.


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


def times_heard(sentence: str, said: list[str]) -> int:
    """How often `sentence` is heard in the words `said`: stretches of them, none overlapping, within a fifth of its
    words (at least two) of edits from it. A sentence lost, or written again, changes the count; a word the
    recogniser hears differently on another CPU does not."""
    ref = normalise(sentence)
    allowed = max(2, math.ceil(len(ref) / 5))
    count, start = 0, 0
    while (end := _end_of_match(ref, said, start, allowed)) is not None:
        count, start = count + 1, end
    return count


def _end_of_match(ref: list[str], said: list[str], start: int, allowed: int) -> int | None:
    """Where the first stretch of said[start:] within `allowed` word edits of `ref` ends (approximate matching:
    the stretch may begin anywhere)."""
    column = list(range(len(ref) + 1))  # edits from ref[:i] to the best stretch ending before said[j]
    for j in range(start, len(said)):
        nxt = [0]
        for i, word in enumerate(ref, start=1):
            nxt.append(min(column[i - 1] + (word != said[j]), column[i] + 1, nxt[i - 1] + 1))
        if nxt[-1] <= allowed:
            return j + 1
        column = nxt
    return None


def test_times_heard_tolerates_a_misheard_word_and_counts_each_time_a_sentence_is_said():
    once = "He was not an ill-disposed young man. Had he married a more amiable woman,"
    said = normalise(f"{once} he was not an ill disposed young men. He was not an ill-disposed young man.")
    assert times_heard("he was not an ill disposed young man", said) == 3
    assert times_heard("had he married a more a amiable woman", said) == 1
    assert times_heard("unless to be rather cold hearted and rather selfish is to be ill disposed", said) == 0


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


def test_long_recording_loses_and_doubles_no_sentence_at_or_between_parts(long_recording, long_transcript, references):
    _, reference = long_recording
    body = long_transcript
    assert body["duration"] > 60
    assert wer(reference, body["text"]) <= 0.10, body["text"]
    said = normalise(body["text"])
    # Each sentence is spoken twice: heard twice, never once or three times.
    for clip in CLIPS:
        assert times_heard(references[clip], said) == 2, (clip, " ".join(said))
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


def test_a_window_whisper_skips_or_times_wrongly_loses_and_doubles_nothing(client, tmp_path, references):
    """92 s cut from the clips looped, as the Worker's chunked test cuts its third chunk. There greedy tiny.en wrote
    one sentence for the second 26 s window (its words aligned to the last 13 s, so "leisure to consider…" was lost),
    and beam search ended the window's timestamps at 17 s where its words reach 25 s (resumed at that timestamp,
    "to consider how much…" and "young man" were written twice). The window is decoded again for writing too
    little, and resumed after its last aligned word, not its last timestamp."""
    pieces = []
    for _ in range(3):
        for clip in CLIPS + [STEREO]:
            pieces += [decode(str(AUDIO / clip)), np.zeros(int(SAMPLE_RATE * 0.7), np.float32)]
    audio = np.concatenate(pieces)[int(41.1 * SAMPLE_RATE) : int(133.1 * SAMPLE_RATE)]
    path = write_wav(tmp_path / "cut.wav", audio, SAMPLE_RATE)
    r = transcribe(client, path, response_format="verbose_json", timestamp_granularities=["segment", "word"])
    assert r.status_code == 200, r.text
    said = normalise(r.json()["text"])
    # Within these 92 s each of these clips is said twice, whole (the two-voice clip, cut at both ends, is not).
    for clip in CLIPS:
        assert times_heard(references[clip], said) == 2, (clip, " ".join(said))


def test_a_recording_that_begins_mid_sentence_keeps_its_opening_words(client, tmp_path, references):
    """A part of a long recording that a client cut anywhere: it opens with the last 4 s of a sentence ("…who had
    vanished behind the curtain on the left."). Decoded without timestamp tokens, tiny.en wrote from the next
    sentence on, and the alignment of its first words stretched over the skipped seconds; the opening window is
    decoded with timestamp tokens (parts.opens_in_speech)."""
    sentence_end = decode(str(AUDIO / STEREO))[-4 * SAMPLE_RATE :]
    pause = np.zeros(int(SAMPLE_RATE * 0.7), np.float32)
    clips = [decode(str(AUDIO / clip)) for clip in CLIPS[:3]]
    audio = np.concatenate([sentence_end, pause] + [x for clip in clips for x in (clip, pause)])
    r = transcribe(client, write_wav(tmp_path / "mid-sentence.wav", audio, SAMPLE_RATE))
    assert r.status_code == 200, r.text
    said = normalise(r.json()["text"])
    text = " ".join(said)
    jfk = normalise(references["jfk.flac"])
    assert times_heard(references["jfk.flac"], said) == 1, text
    # Before the JFK clip, words of the opening clip's own (which of them is the CPU's to decide), none twice.
    others = {w for clip in CLIPS[:3] for w in normalise(references[clip])}
    own = {w for w in normalise(references[STEREO]) if len(w) >= 4} - others
    opening = said[: _end_of_match(jfk, said, 0, max(2, math.ceil(len(jfk) / 5))) - len(jfk)]
    assert len([w for w in opening if w in own]) >= 3, text
    heard = [w for w in said if w in own]
    assert len(heard) == len(set(heard)), text
