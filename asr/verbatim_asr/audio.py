"""A recording as the engine hears it: decoded to 16 kHz float32, both channels (for diarization by channel) and
their mono mix (for Whisper). A 16 kHz 16-bit WAV is read without FFmpeg (wav.py); anything else goes through PyAV's
bundled FFmpeg. A file that cannot be decoded raises DecodeError."""

from __future__ import annotations

import numpy as np

from .wav import pcm16_channels
from .windows import SAMPLE_RATE


class DecodeError(ValueError):
    pass


def decode(path: str) -> np.ndarray:
    """The recording as Whisper hears it, 16 kHz mono float32: the average of its two channels (a mono file as it
    is). The same samples with and without speakers: FFmpeg's own mix rounds another way, and changed word times."""
    return channels_to_mono(decode_channels(path))


def decode_channels(path: str) -> list[np.ndarray]:
    """Both channels at 16 kHz (a mono file gives its one twice), for diarization by channel."""
    from faster_whisper.audio import decode_audio

    if (pcm := pcm16_channels(path, 2)) is not None:
        return pcm
    if _audio_channels(path) == 1:
        # FFmpeg would spread it over two channels each 3 dB quieter: diarization would hear the file quieter than
        # it is.
        audio = _decode_mono(path)
        return [audio, audio]
    try:
        left, right = decode_audio(path, sampling_rate=SAMPLE_RATE, split_stereo=True)
    except Exception as e:  # av.error.*, IndexError (no audio stream), ...
        raise DecodeError(str(e)) from e
    return [left, right]


def _decode_mono(path: str) -> np.ndarray:
    """A one-channel file at 16 kHz, from any container PyAV (bundled FFmpeg) can read."""
    from faster_whisper.audio import decode_audio

    if (pcm := pcm16_channels(path, 1)) is not None:
        return pcm[0]
    try:
        audio = decode_audio(path, sampling_rate=SAMPLE_RATE)
    except Exception as e:
        raise DecodeError(str(e)) from e
    if not isinstance(audio, np.ndarray):
        raise DecodeError("decoder returned no audio")
    return audio


def _audio_channels(path: str) -> int | None:
    """How many channels the file's first audio stream has (None when that cannot be read: decoding says why)."""
    import av

    try:
        with av.open(path, metadata_errors="ignore") as container:
            return container.streams.audio[0].channels
    except Exception:
        return None


def channels_to_mono(channels: list[np.ndarray]) -> np.ndarray:
    if channels[0] is channels[1]:
        return channels[0]
    return ((channels[0] + channels[1]) / 2).astype(np.float32)
