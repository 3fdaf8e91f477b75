"""What a transcription gives back (a Transcript of Segments of Words, with what speaker recognition found), and
what a request asks of speaker recognition. Plain data: the bottom layer, importing nothing of the engine.

(Not named types.py, which would shadow the standard library's `types` for a script run from this directory.)"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Word:
    word: str
    start: float
    end: float
    speaker: str | None = None  # "SPEAKER_00"... when diarization was asked for


@dataclass
class Segment:
    id: int
    seek: int
    start: float
    end: float
    text: str
    tokens: list[int]
    temperature: float
    avg_logprob: float
    compression_ratio: float
    no_speech_prob: float
    words: list[Word] = field(default_factory=list)
    speaker: str | None = None


@dataclass
class SpeakerOptions:
    """Diarization asked for, with an optional hint: an exact count, or bounds."""

    num_speakers: int | None = None
    min_speakers: int | None = None
    max_speakers: int | None = None
    embeddings: bool = False  # also a voice embedding per speaker (to match speakers across separate requests)


@dataclass
class DiarizationInfo:
    speakers: list[str]
    method: str  # "voices" or "channels"; "" when it failed
    seconds: float
    warning: str | None = None
    embeddings: dict[str, list[float]] | None = None


@dataclass
class Transcript:
    language: str  # code of the spoken language, e.g. "en"
    duration: float  # seconds of input audio
    segments: list[Segment]
    task: str = "transcribe"  # or "translate": the text is in English whatever the spoken language
    decode_seconds: float = 0.0
    transcribe_seconds: float = 0.0
    diarization: DiarizationInfo | None = None

    @property
    def text(self) -> str:
        return "".join(s.text for s in self.segments).strip()

    @property
    def words(self) -> list[Word]:
        return [w for s in self.segments for w in s.words]
