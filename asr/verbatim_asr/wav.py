"""A WAV file already in Whisper's format (16-bit PCM at 16 kHz), read without FFmpeg.

PyAV hands such a file over frame by frame through Python: 0.18-0.50 s for the benchmark's 619 s recording,
against 0.03-0.07 s for reading its samples at once, the same samples to the bit. Any other WAV (another rate,
depth or encoding, WAVE_FORMAT_EXTENSIBLE) and anything that is not a WAV goes to FFmpeg as before.
"""

from __future__ import annotations

import wave

import numpy as np

from .windows import SAMPLE_RATE


def pcm16_channels(path: str, channels: int) -> list[np.ndarray] | None:
    """The file's `channels` channels as float32 in [-1, 1) when it is a 16 kHz 16-bit PCM WAV of that many
    channels, else None."""
    try:
        with wave.open(path, "rb") as w:
            if w.getframerate() != SAMPLE_RATE or w.getsampwidth() != 2 or w.getnchannels() != channels:
                return None
            data = w.readframes(w.getnframes())
    except (wave.Error, EOFError, OSError):
        return None
    # A data chunk cut short mid-sample keeps its whole frames, as FFmpeg does.
    whole = len(data) // (2 * channels) * 2 * channels
    samples = np.frombuffer(data[:whole], dtype="<i2").reshape(-1, channels)
    # FFmpeg's conversion of s16 to float: the same division, so the same floats.
    return [samples[:, c].astype(np.float32) / 32768.0 for c in range(channels)]
