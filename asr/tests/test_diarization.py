"""Speaker diarization: diarization error rate (pyannote.metrics, collar 0.25 s, overlap scored) on a real
two-speaker recording, a stereo recording with one voice per channel and a four-voice espeak-ng conversation;
then the API: every word and segment gets a speaker, the right speaker for most words, hints, bad input, and
a transcript that survives a failed diarization."""

from __future__ import annotations

import itertools
import wave
from pathlib import Path

import numpy as np
import pytest
from conftest import AUDIO, start_server, stop_server, transcribe
from pyannote.core import Annotation, Segment
from pyannote.metrics.diarization import DiarizationErrorRate
from synth import VOICES, conversation, write_rttm

PYANNOTE_WAV = AUDIO / "two-speakers" / "pyannote-sample.wav"
PYANNOTE_RTTM = AUDIO / "two-speakers" / "pyannote-sample.rttm"
FOUR_VOICE_ORDER = [0, 1, 2, 3, 0, 2, 1, 3, 2, 0, 3, 1]

Turns = list[tuple[float, float, str]]


def read_rttm(path: Path) -> Turns:
    turns = []
    for line in path.read_text().splitlines():
        f = line.split()
        turns.append((float(f[3]), float(f[3]) + float(f[4]), f[7]))
    return turns


def annotation(turns: Turns) -> Annotation:
    a = Annotation()
    for start, end, speaker in turns:
        a[Segment(start, end)] = speaker
    return a


def der(reference: Turns, hypothesis: Turns) -> float:
    metric = DiarizationErrorRate(collar=0.25, skip_overlap=False)
    return float(metric(annotation(reference), annotation(hypothesis), uem=annotation(reference).get_timeline().extent()))


def word_accuracy(reference: Turns, words: list[dict]) -> float:
    """Share of words whose speaker is the reference speaker at the word's middle, once the hypothesis'
    labels are mapped onto the reference's (pyannote's optimal one-to-one mapping)."""
    ref = annotation(reference)
    hyp = annotation([(w["start"], max(w["end"], w["start"] + 0.01), w["speaker"]) for w in words])
    mapping = DiarizationErrorRate().optimal_mapping(ref, hyp)
    right = 0
    for w in words:
        mid = (w["start"] + w["end"]) / 2
        here = [spk for s, e, spk in reference if s <= mid <= e]
        if not here:  # between turns: the nearest turn
            here = [min(reference, key=lambda t: min(abs(mid - t[0]), abs(mid - t[1])))[2]]
        right += mapping.get(w["speaker"]) in here
    return right / len(words)


def channels_of(path: Path) -> list[np.ndarray]:
    from verbatim_asr.audio import decode_channels

    return decode_channels(str(path))


def write_stereo(path: Path, left: np.ndarray, right: np.ndarray) -> Path:
    pcm = (np.clip(np.stack([left, right], axis=1), -1, 1) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(pcm.tobytes())
    return path


@pytest.fixture(scope="module")
def four_voices(tmp_path_factory) -> tuple[Path, Turns]:
    """A meeting of four espeak-ng voices taking 12 turns in a mixed order, with its exact RTTM."""
    work = tmp_path_factory.mktemp("four-voices")
    wav, turns = conversation(work, VOICES, FOUR_VOICE_ORDER)
    write_rttm(turns, work / "conversation.rttm")
    return wav, turns


@pytest.fixture(scope="module")
def stereo_pair(tmp_path_factory) -> tuple[Path, Turns]:
    """Two voices taking turns, each recorded on its own channel (as a call or a two-microphone setup):
    made from a two-voice espeak-ng conversation by silencing the other voice on each channel."""
    work = tmp_path_factory.mktemp("stereo")
    wav, turns = conversation(work, [VOICES[0], VOICES[1]], [0, 1, 0, 1, 0, 1])
    mono = channels_of(wav)[0]
    left, right = mono.copy(), mono.copy()
    for start, end, speaker in turns:
        a, b = int(start * 16000), int(end * 16000) + 1
        (right if speaker == "voice0" else left)[a:b] = 0.0
    labelled = [(s, e, "left" if spk == "voice0" else "right") for s, e, spk in turns]
    return write_stereo(work / "stereo.wav", left, right), labelled


def run_diarization(path: Path, **hints):
    from verbatim_asr.diarization.pipeline import diarize

    result = diarize(channels_of(path), **hints)
    return result, [(t.start, t.end, t.speaker) for t in result.turns]


@pytest.fixture(scope="module")
def pyannote_result():
    return run_diarization(PYANNOTE_WAV)


@pytest.fixture(scope="module")
def four_voice_result(four_voices):
    return run_diarization(four_voices[0])


def test_two_real_speakers_der_at_most_15_percent(pyannote_result):
    result, turns = pyannote_result
    error = der(read_rttm(PYANNOTE_RTTM), turns)
    print(f"pyannote-sample DER {error:.2%}, speakers {result.speakers}")
    # Measured 2.2 % with its two voices (3.9 % before the stitching's Hamming weights). Decoded 3 dB too quiet
    # (FFmpeg's two channels of a mono file), it measured 11.5 % with a short third cluster.
    assert error <= 0.08
    assert result.method == "voices"
    assert len(result.speakers) == 2


def test_four_voices_der_at_most_15_percent_and_four_speakers(four_voices, four_voice_result):
    result, turns = four_voice_result
    error = der(four_voices[1], turns)
    print(f"four-voice DER {error:.2%}, speakers {result.speakers}")
    # Measured 1.6 %, and 4 voices, at every threshold from 0.50 to 0.65 (0.45 merges m3 and m7: 24.6 %): the two
    # nearest voices' embeddings average 0.484.
    assert error <= 0.15
    assert len(result.speakers) == 4


def test_stereo_channels_are_split_by_channel_der_at_most_5_percent(stereo_pair):
    path, reference = stereo_pair
    result, turns = run_diarization(path)
    error = der(reference, turns)
    print(f"stereo DER {error:.2%}")
    assert result.method == "channels"
    assert result.speakers == ["SPEAKER_00", "SPEAKER_01"]
    assert error <= 0.05


def test_mono_stored_as_stereo_is_not_split_by_channel(tmp_path):
    mono = channels_of(PYANNOTE_WAV)[0]
    result, turns = run_diarization(write_stereo(tmp_path / "dual-mono.wav", mono, mono))
    assert result.method == "voices"
    assert der(read_rttm(PYANNOTE_RTTM), turns) <= 0.15


def test_exact_speaker_count_hint_is_obeyed(four_voices):
    result, _ = run_diarization(four_voices[0], num_speakers=2)
    assert len(result.speakers) == 2


def test_max_speakers_hint_caps_the_count(four_voices):
    result, _ = run_diarization(four_voices[0], max_speakers=3)
    assert len(result.speakers) <= 3


def test_silence_has_no_speakers(tmp_path):
    from verbatim_asr.diarization.pipeline import diarize

    result = diarize([np.zeros(16000 * 3, np.float32)])
    assert result.turns == [] and result.speakers == []


# --- the API ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def slow_client(server):
    """Diarization of the minute-long recordings takes longer than the shared client waits on a busy machine."""
    import httpx

    with httpx.Client(base_url=server.url, timeout=900) as c:
        yield c


def diarized(client, path: Path, **fields) -> dict:
    r = transcribe(client, path, response_format="verbose_json", timestamp_granularities=["word", "segment"], diarize="true", **fields)
    assert r.status_code == 200, r.text
    assert float(r.headers["X-Diarization-Seconds"]) > 0
    return r.json()


def assert_every_word_and_segment_has_a_speaker(body: dict) -> None:
    assert body["words"] and body["segments"]
    assert all(w["speaker"] in body["speakers"] for w in body["words"])
    assert all(s["speaker"] in body["speakers"] for s in body["segments"])
    # A segment is one speaker's: split where the speaker changes.
    for s in body["segments"]:
        inside = [w for w in body["words"] if s["start"] - 0.01 <= w["start"] and w["end"] <= s["end"] + 0.01]
        assert {w["speaker"] for w in inside} <= {s["speaker"]}, s


def test_api_words_get_the_right_speaker_four_voices(slow_client, four_voices):
    path, reference = four_voices
    body = diarized(slow_client, path)
    assert_every_word_and_segment_has_a_speaker(body)
    assert body["diarization"]["method"] == "voices"
    assert len(body["speakers"]) == 4
    accuracy = word_accuracy(reference, body["words"])
    print(f"four-voice word speaker accuracy {accuracy:.1%}")
    assert accuracy >= 0.85  # measured 98.8 % (86.2-87.6 % with the voices and the clustering before 2026-11-27)
    # Twelve turns: the speaker changes between segments at least eleven times.
    changes = sum(a["speaker"] != b["speaker"] for a, b in zip(body["segments"], body["segments"][1:], strict=False))
    assert changes >= len(reference) - 1


def test_api_words_get_the_right_speaker_real_recording(slow_client):
    body = diarized(slow_client, PYANNOTE_WAV)
    assert_every_word_and_segment_has_a_speaker(body)
    accuracy = word_accuracy(read_rttm(PYANNOTE_RTTM), body["words"])
    print(f"pyannote-sample word speaker accuracy {accuracy:.1%}")
    # Measured 100 %; 84.6 % when the file was decoded 3 dB too quiet for speakers (a third cluster took words).
    assert accuracy >= 0.95


def test_api_stereo_by_channel_and_diarized_json(slow_client, stereo_pair):
    path, reference = stereo_pair
    r = transcribe(slow_client, path, response_format="diarized_json")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["diarization"]["method"] == "channels"
    assert body["speakers"] == ["SPEAKER_00", "SPEAKER_01"]
    seg = body["segments"][0]
    assert set(seg) == {"type", "id", "start", "end", "text", "speaker"}
    assert seg["type"] == "transcript.text.segment"
    # Left voice first, then they alternate, turn by turn (a turn of two sentences is two segments).
    turns = [speaker for speaker, _ in itertools.groupby(s["speaker"] for s in body["segments"])]
    assert turns == ["SPEAKER_00", "SPEAKER_01"] * 3, [(s["speaker"], s["text"]) for s in body["segments"]]
    words = diarized(slow_client, path)["words"]
    accuracy = word_accuracy(reference, words)
    print(f"stereo word speaker accuracy {accuracy:.1%}")
    assert accuracy >= 0.95  # measured 100 %


def test_api_vtt_and_srt_show_speakers(slow_client, stereo_pair):
    path, _ = stereo_pair
    vtt = transcribe(slow_client, path, response_format="vtt", diarize="true").text
    assert "<v SPEAKER_00>" in vtt and "<v SPEAKER_01>" in vtt
    srt = transcribe(slow_client, path, response_format="srt", diarize="true").text
    assert "SPEAKER_00: " in srt and "SPEAKER_01: " in srt


def test_api_without_diarize_has_no_speaker_fields(client):
    r = transcribe(client, PYANNOTE_WAV, response_format="verbose_json", timestamp_granularities=["word", "segment"])
    body = r.json()
    assert "speakers" not in body and "X-Diarization-Seconds" not in r.headers
    assert "speaker" not in body["words"][0] and "speaker" not in body["segments"][0]


@pytest.mark.parametrize(
    "fields, param",
    [
        ({"diarize": "maybe"}, "diarize"),
        ({"diarize": "true", "num_speakers": "0"}, "num_speakers"),
        ({"diarize": "true", "num_speakers": "two"}, "num_speakers"),
        ({"diarize": "true", "max_speakers": "21"}, "max_speakers"),
        ({"diarize": "true", "min_speakers": "3", "max_speakers": "2"}, "min_speakers"),
        ({"diarize": "true", "num_speakers": "2", "max_speakers": "3"}, "num_speakers"),
        ({"num_speakers": "2"}, "num_speakers"),
        ({"response_format": "diarized_json", "diarize": "false"}, "diarize"),
    ],
)
def test_api_bad_speaker_options_are_refused_with_the_field_named(client, fields, param):
    r = transcribe(client, PYANNOTE_WAV, **fields)
    assert r.status_code == 400
    assert r.json()["error"]["param"] == param
    assert r.json()["error"]["message"]


def test_api_num_speakers_hint(slow_client, four_voices):
    body = diarized(slow_client, four_voices[0], num_speakers="3")
    assert len(body["speakers"]) == 3


def test_failed_diarization_keeps_the_transcript_with_a_warning(model_dir, tmp_path):
    """Weights missing (e.g. deleted after install): the words come back, without speakers, with the reason."""
    empty = tmp_path / "no-weights"
    empty.mkdir()
    srv = start_server(tmp_path, ASR_MODEL=str(model_dir), ASR_DIARIZATION_MODELS=str(empty))
    try:
        import httpx

        with httpx.Client(base_url=srv.url, timeout=120) as c:
            r = transcribe(c, AUDIO / "jfk.flac", response_format="verbose_json", timestamp_granularities=["word"], diarize="true")
    finally:
        stop_server(srv.proc)
    assert r.status_code == 200
    body = r.json()
    assert "country" in body["text"].lower()
    assert body["speakers"] == []
    assert "Speaker recognition failed" in body["warning"] and "install.sh" in body["warning"]
    assert "Speaker recognition failed" in r.headers["X-Diarization-Warning"]
    assert all(w["speaker"] is None for w in body["words"])
