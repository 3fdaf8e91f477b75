"""Decoding: a 16 kHz 16-bit PCM WAV is read without FFmpeg, to the same samples FFmpeg gives; the audio transcribed
is the same with and without speakers (a mono file's own samples, a stereo file's channels averaged)."""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np
import pytest
from conftest import AUDIO
from faster_whisper.audio import decode_audio

from verbatim_asr.audio import decode, decode_channels
from verbatim_asr.wav import pcm16_channels


def _speech() -> np.ndarray:
    """The JFK clip as 16-bit samples."""
    return (decode_audio(str(AUDIO / "jfk.flac"), sampling_rate=16000) * 32768).astype("<i2")


def _wav(path: Path, channels: list[np.ndarray], rate: int = 16000, width: int = 2) -> Path:
    frames = np.stack(channels, axis=1)
    if width == 1:
        frames = (frames // 256 + 128).astype(np.uint8)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(len(channels))
        w.setsampwidth(width)
        w.setframerate(rate)
        w.writeframes(frames.tobytes())
    return path


def test_a_mono_wav_is_read_without_ffmpeg_to_ffmpegs_samples(tmp_path: Path):
    path = _wav(tmp_path / "mono.wav", [_speech()])
    assert pcm16_channels(str(path), 1) is not None
    assert np.array_equal(decode(str(path)), decode_audio(str(path), sampling_rate=16000))


def test_a_stereo_wav_gives_ffmpegs_channels_and_their_average(tmp_path: Path):
    speech = _speech()
    path = _wav(tmp_path / "stereo.wav", [speech, speech[::-1] // 3])
    left, right = decode_channels(str(path))
    ffmpeg_left, ffmpeg_right = decode_audio(str(path), sampling_rate=16000, split_stereo=True)
    assert np.array_equal(left, ffmpeg_left) and np.array_equal(right, ffmpeg_right)
    assert not np.array_equal(left, right)
    # Not FFmpeg's own mix, which rounds another way: the average is what diarization's requests hear too.
    assert np.array_equal(decode(str(path)), ((left + right) / 2).astype(np.float32))


def test_a_wav_cut_mid_sample_keeps_its_whole_samples(tmp_path: Path):
    whole = _wav(tmp_path / "whole.wav", [_speech()]).read_bytes()
    cut = tmp_path / "cut.wav"
    cut.write_bytes(whole[: len(whole) // 2 * 2 - 1])
    audio = decode(str(cut))
    assert np.array_equal(audio, decode_audio(str(cut), sampling_rate=16000))
    assert 0 < len(audio) < (len(whole) - 44) // 2


@pytest.mark.parametrize(("name", "rate", "width"), [("cd.wav", 44100, 2), ("8bit.wav", 16000, 1)])
def test_other_wavs_go_to_ffmpeg(tmp_path: Path, name: str, rate: int, width: int):
    speech = _speech()
    path = _wav(tmp_path / name, [speech], rate=rate, width=width)
    assert pcm16_channels(str(path), 1) is None
    assert len(decode(str(path))) == pytest.approx(len(speech) * 16000 / rate, rel=0.01)


def test_a_file_that_is_not_a_wav_goes_to_ffmpeg(tmp_path: Path):
    renamed = tmp_path / "really-flac.wav"
    renamed.write_bytes((AUDIO / "jfk.flac").read_bytes())
    assert pcm16_channels(str(renamed), 2) is None
    left, right = decode_audio(str(AUDIO / "jfk.flac"), sampling_rate=16000, split_stereo=True)
    assert np.array_equal(decode(str(renamed)), ((left + right) / 2).astype(np.float32))


@pytest.mark.parametrize(("name", "rate"), [("mono.wav", 16000), ("mono-cd.wav", 44100)])
def test_a_mono_files_two_channels_are_the_audio_transcribed_without_speakers(tmp_path: Path, name: str, rate: int):
    path = _wav(tmp_path / name, [_speech()], rate=rate)
    audio = decode(str(path))
    left, right = decode_channels(str(path))
    assert np.array_equal(left, audio) and np.array_equal(right, audio)  # FFmpeg's two were 3 dB quieter
