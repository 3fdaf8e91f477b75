"""A recording's length, read without recognising it: what the Worker asks before it queues a Free plan's
recording. It must match the length recognition would hear, in every container, and say clearly when a file is
no recording."""

from __future__ import annotations

from pathlib import Path

import av
import numpy as np
import pytest
from conftest import AUDIO, FIXTURES

from verbatim_asr.audio import DecodeError, decode
from verbatim_asr.probe import probe_duration

CONTAINERS = ["ogg", "webm", "m4a", "wma", "ts", "mts", "3gp", "mov", "avi", "aac", "mpg", "mpeg", "ogv", "wav"]


@pytest.mark.parametrize("ext", CONTAINERS)
def test_the_probed_length_is_the_decoded_length(converted, ext):
    path = str(converted[ext])
    assert probe_duration(path) == pytest.approx(len(decode(path)) / 16000, abs=0.1)


@pytest.mark.parametrize("name", ["jfk.flac", "jfk.mp3", "jfk_video.mp4", "two-speakers/pyannote-sample.wav"])
def test_the_fixtures_lengths(name):
    path = str(AUDIO / name)
    assert probe_duration(path) == pytest.approx(len(decode(path)) / 16000, abs=0.1)


def _long_mp3(path: Path, seconds: int) -> Path:
    """A constant-bitrate MP3 without a Xing header, so its header holds no length at all: only its packets do."""
    rate = 8000
    with av.open(str(path), "w", format="mp3") as out:
        st = out.add_stream("libmp3lame", rate=rate, layout="mono")
        st.codec_context.bit_rate = 8000
        tone = (0.2 * np.sin(np.arange(rate) * 2 * np.pi * 440 / rate)).astype(np.float32)
        for i in range(seconds):
            frame = av.AudioFrame.from_ndarray(tone[None, :], format="flt", layout="mono")
            frame.sample_rate = rate
            frame.pts = i * rate
            for pkt in st.encode(frame):
                out.mux(pkt)
        for pkt in st.encode(None):
            out.mux(pkt)
    return path


def test_a_six_minute_recording_is_known_to_be_six_minutes(tmp_path: Path):
    assert probe_duration(str(_long_mp3(tmp_path / "long.mp3", 360))) == pytest.approx(360, abs=0.5)


def test_a_file_that_is_no_recording_is_a_decode_error(tmp_path: Path):
    notes = tmp_path / "notes.mp3"
    notes.write_text("Meeting notes, nothing to hear.\n" * 200)
    with pytest.raises(DecodeError):
        probe_duration(str(notes))
    with pytest.raises(DecodeError):
        probe_duration(str(FIXTURES / "audio" / "references.json"))


def test_the_probe_endpoint(client):
    with open(AUDIO / "jfk.mp3", "rb") as f:
        r = client.post("/v1/audio/probe", files={"file": ("jfk.mp3", f, "audio/mpeg")})
    assert r.status_code == 200, r.text
    assert r.json()["duration"] == pytest.approx(11.0, abs=0.1)

    r = client.post("/v1/audio/probe", files={"file": ("notes.mp3", b"just text\n" * 100, "audio/mpeg")})
    assert r.status_code == 400
    assert r.json()["error"]["param"] == "file"

    r = client.post("/v1/audio/probe", data={"model": "whisper-1"})
    assert r.status_code == 400
    assert r.json()["error"]["param"] == "file"
