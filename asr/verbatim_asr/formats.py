"""OpenAI audio-transcription and -translation response bodies: json, verbose_json, diarized_json, text, srt, vtt."""

from __future__ import annotations

from typing import Any

from .languages import language_name
from .transcript import Transcript

RESPONSE_FORMATS = ("json", "verbose_json", "diarized_json", "text", "srt", "vtt")
GRANULARITIES = ("segment", "word")


def to_json(tr: Transcript) -> dict[str, Any]:
    return {"text": tr.text, **_diarization(tr)}


def _diarization(tr: Transcript) -> dict[str, Any]:
    """With diarization asked for: the speakers found and how, or a warning when it failed."""
    d = tr.diarization
    if d is None:
        return {}
    out: dict[str, Any] = {"speakers": d.speakers, "diarization": {"method": d.method or None, "seconds": round(d.seconds, 3)}}
    if d.warning:
        out["warning"] = d.warning
    if d.embeddings is not None:
        out["speaker_embeddings"] = d.embeddings
    return out


def to_diarized_json(tr: Transcript) -> dict[str, Any]:
    """OpenAI's diarized_json (gpt-4o-transcribe-diarize): one segment per speaker turn, with the speaker's
    label. Labels are SPEAKER_00, SPEAKER_01, ... (OpenAI uses A, B, ...)."""
    return {
        "task": tr.task,
        "duration": round(float(tr.duration), 3),
        "text": tr.text,
        "segments": [
            {
                "type": "transcript.text.segment",
                "id": f"seg_{s.id}",
                "start": s.start,
                "end": s.end,
                "text": s.text.strip(),
                "speaker": s.speaker,
            }
            for s in tr.segments
        ],
        **_diarization(tr),
    }


def to_verbose_json(tr: Transcript, granularities: list[str]) -> dict[str, Any]:
    """OpenAI's verbose_json.

    Like OpenAI: segments are present unless only "word" was asked for; words
    are present only when "word" was asked for.
    """
    body: dict[str, Any] = {
        "task": tr.task,
        # The text's language, as OpenAI's translations say "english" whatever was spoken.
        "language": language_name("en" if tr.task == "translate" else tr.language),
        "duration": round(float(tr.duration), 3),
        "text": tr.text,
    }
    if granularities != ["word"]:
        body["segments"] = [
            {
                "id": s.id,
                "seek": s.seek,
                "start": s.start,
                "end": s.end,
                "text": s.text,
                "tokens": s.tokens,
                "temperature": s.temperature,
                "avg_logprob": s.avg_logprob,
                "compression_ratio": s.compression_ratio,
                "no_speech_prob": s.no_speech_prob,
                **({"speaker": s.speaker} if tr.diarization is not None else {}),
            }
            for s in tr.segments
        ]
    if "word" in granularities:
        body["words"] = [
            {"word": w.word, "start": w.start, "end": w.end, **({"speaker": w.speaker} if tr.diarization is not None else {})}
            for w in tr.words
        ]
    body.update(_diarization(tr))
    return body


def to_text(tr: Transcript) -> str:
    return tr.text + "\n"


def format_timestamp(seconds: float, marker: str) -> str:
    ms = max(0, int(round(seconds * 1000)))
    h, ms = divmod(ms, 3_600_000)
    m, ms = divmod(ms, 60_000)
    s, ms = divmod(ms, 1000)
    return f"{h:02d}:{m:02d}:{s:02d}{marker}{ms:03d}"


def _who(s) -> str:
    # SRT has no speaker markup; a "SPEAKER_00: " prefix is the common convention.
    return f"{s.speaker}: " if s.speaker else ""


def to_srt(tr: Transcript) -> str:
    blocks = []
    for i, s in enumerate(tr.segments, start=1):
        blocks.append(
            f"{i}\n{format_timestamp(s.start, ',')} --> {format_timestamp(s.end, ',')}\n{_who(s)}{s.text.strip()}\n"
        )
    return "\n".join(blocks) + ("\n" if blocks else "")


def to_vtt(tr: Transcript) -> str:
    out = ["WEBVTT\n"]
    for s in tr.segments:
        voice = f"<v {s.speaker}>" if s.speaker else ""
        out.append(f"{format_timestamp(s.start, '.')} --> {format_timestamp(s.end, '.')}\n{voice}{s.text.strip()}\n")
    return "\n".join(out) + "\n"
