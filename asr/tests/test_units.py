"""Pure unit tests: subtitle formatting, language names."""

from __future__ import annotations

from verbatim_asr import formats
from verbatim_asr.languages import language_name, to_language_code
from verbatim_asr.transcript import Segment, Transcript, Word


def _transcript() -> Transcript:
    return Transcript(
        language="en",
        duration=3725.5,
        segments=[
            Segment(0, 0, 0.0, 1.5, " Hello there.", [1, 2], 0.0, -0.1, 1.2, 0.01, [Word("Hello", 0.0, 0.6), Word("there.", 0.6, 1.5)]),
            Segment(1, 150, 3661.25, 3662.0, " Bye.", [3], 0.2, -0.2, 1.0, 0.02, [Word("Bye.", 3661.25, 3662.0)]),
        ],
    )


def test_timestamps():
    assert formats.format_timestamp(0, ",") == "00:00:00,000"
    assert formats.format_timestamp(3661.25, ".") == "01:01:01.250"
    assert formats.format_timestamp(59.9996, ",") == "00:01:00,000"


def test_srt_vtt_text_json():
    tr = _transcript()
    assert formats.to_srt(tr) == (
        "1\n00:00:00,000 --> 00:00:01,500\nHello there.\n\n"
        "2\n01:01:01,250 --> 01:01:02,000\nBye.\n\n"
    )
    assert formats.to_vtt(tr) == (
        "WEBVTT\n\n00:00:00.000 --> 00:00:01.500\nHello there.\n\n"
        "01:01:01.250 --> 01:01:02.000\nBye.\n\n"
    )
    assert formats.to_text(tr) == "Hello there. Bye.\n"
    assert formats.to_json(tr) == {"text": "Hello there. Bye."}


def test_empty_subtitles():
    tr = Transcript(language="en", duration=2.0, segments=[])
    assert formats.to_srt(tr) == ""
    assert formats.to_vtt(tr) == "WEBVTT\n\n"
    assert formats.to_text(tr) == "\n"


def test_verbose_json_shape():
    tr = _transcript()
    both = formats.to_verbose_json(tr, ["segment", "word"])
    assert list(both) == ["task", "language", "duration", "text", "segments", "words"]
    assert both["language"] == "english"
    assert both["words"][2] == {"word": "Bye.", "start": 3661.25, "end": 3662.0}
    assert list(both["segments"][1]) == [
        "id", "seek", "start", "end", "text", "tokens", "temperature",
        "avg_logprob", "compression_ratio", "no_speech_prob",
    ]  # fmt: skip
    assert "words" not in formats.to_verbose_json(tr, [])
    assert "segments" not in formats.to_verbose_json(tr, ["word"])


def test_languages():
    assert language_name("en") == "english"
    assert language_name("yue") == "cantonese"
    assert to_language_code("EN") == "en"
    assert to_language_code("German") == "de"
    assert to_language_code("mandarin") == "zh"
    assert to_language_code("klingon") is None
