"""How long a recording is, found without recognising it: so a plan's length limit is applied before the work."""

from __future__ import annotations

from .audio import DecodeError, decode
from .windows import SAMPLE_RATE


def probe_duration(path: str) -> float:
    """The length in seconds of the file's first audio stream.

    The packets are read without decoding them, and the end of the last one is the length: what a container's
    header claims (an MP3's bitrate estimate, a forged MP4 header) is only used when packets carry no times, and a
    file whose packets say nothing is decoded. Demuxing reads the file once, at disk speed.
    """
    import av

    try:
        with av.open(path, metadata_errors="ignore") as container:
            if not container.streams.audio:
                raise DecodeError("no audio stream")
            stream = container.streams.audio[0]
            end = 0.0
            for packet in container.demux(stream):
                if packet.pts is None or packet.time_base is None:
                    continue
                end = max(end, float((packet.pts + (packet.duration or 0)) * packet.time_base))
            if end > 0:
                start = float(stream.start_time * stream.time_base) if stream.start_time else 0.0
                return max(0.0, end - max(0.0, start))
            if container.duration:
                return container.duration / av.time_base
    except DecodeError:
        raise
    except Exception as e:  # av.error.*: not a container FFmpeg reads
        raise DecodeError(str(e)) from e
    return len(decode(path)) / SAMPLE_RATE
