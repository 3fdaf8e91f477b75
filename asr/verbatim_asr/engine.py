"""Transcription on faster-whisper: the Engine holds one loaded model (models.py) and turns a recording
(audio.py) into a Transcript (transcript.py): decoded in windows (parts.py) or by faster-whisper's own loop, with
speakers found beside the words when asked for (speakers.py)."""

from __future__ import annotations

import time

import numpy as np

from .audio import channels_to_mono, decode_channels
from .config import Settings
from .models import load_model
from .speakers import add_speakers, diarize_beside
from .transcript import Segment, SpeakerOptions, Transcript, Word
from .windows import SAMPLE_RATE


def _r(x: float, nd: int = 3) -> float:
    return round(float(x), nd)


class Engine:
    """One loaded WhisperModel, shared by the worker threads."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.model_name = settings.model
        self.model_path: str | None = None
        self.model = None
        self.load_seconds = 0.0
        self.parallel = 1  # windows of one recording decoded at once (batched decoding on CPU: one per core)

    @property
    def is_multilingual(self) -> bool:
        return bool(self.model is not None and self.model.model.is_multilingual)

    def load(self) -> None:
        t0 = time.perf_counter()
        loaded = load_model(self.settings)
        self.model, self.model_path, self.parallel = loaded.whisper, loaded.path, loaded.parallel
        self.load_seconds = time.perf_counter() - t0

    def transcribe_file(
        self,
        path: str,
        *,
        language: str | None = None,
        prompt: str | None = None,
        temperature: float | None = None,
        word_timestamps: bool = False,
        speakers: SpeakerOptions | None = None,
        task: str = "transcribe",
    ) -> Transcript:
        t0 = time.perf_counter()
        channels = decode_channels(path)
        audio = channels_to_mono(channels)
        t1 = time.perf_counter()
        diarized = diarize_beside(channels, speakers) if speakers is not None else None
        # Speakers are given per word, so diarization needs word times even when the answer shows none.
        tr = self.transcribe_array(
            audio,
            language=language,
            prompt=prompt,
            temperature=temperature,
            word_timestamps=word_timestamps or speakers is not None,
            task=task,
        )
        tr.decode_seconds = t1 - t0
        tr.transcribe_seconds = time.perf_counter() - t1
        if speakers is not None and diarized is not None:
            add_speakers(tr, channels, speakers, diarized)
        return tr

    def transcribe_array(
        self,
        audio: np.ndarray,
        *,
        language: str | None = None,
        prompt: str | None = None,
        temperature: float | None = None,
        word_timestamps: bool = False,
        task: str = "transcribe",
    ) -> Transcript:
        """`task`: "transcribe" writes what is said in its language; "translate" writes it in English (Whisper's
        own translation; an English-only model knows no other language, so there it transcribes)."""
        assert self.model is not None, "model not loaded"
        # OpenAI: temperature 0 (the default) means "start at 0 and raise it on
        # failure"; a higher value starts the fallback ladder there.
        t = 0.0 if temperature is None else float(temperature)
        duration = len(audio) / SAMPLE_RATE
        s = self.settings
        if s.batch_size > 0:
            # Silero VAD cuts the recording at silences into windows of up to 30 s, decoded batch_size at a time
            # by one decoder per core, without timestamp tokens (but one that opens the recording in speech);
            # segments are cut from the aligned words at the sentences (verbatim_asr/sentences.py). What whisper
            # leaves of a window is decoded again and windows failing the quality checks fall back to beam 5 and
            # the temperature ladder (verbatim_asr/parts.py; docs/speech-engine/decoding.md). Windows meet in silence
            # and never overlap, so no word is lost or doubled between them.
            from . import parts

            result = parts.transcribe(
                self.model,
                audio,
                language=language,
                initial_prompt=prompt or None,
                temperature=t,  # the first try's; failing windows fall back to the ladder
                beam_size=s.beam,
                batch_size=s.batch_size,
                parallel=self.parallel,
                task=task,
            )
            segments_iter, detected = result.segments, result.language
        else:
            temps = [round(t + 0.2 * i, 2) for i in range(6) if t + 0.2 * i <= 1.0 + 1e-9] or [t]
            segments_iter, info = self.model.transcribe(
                audio,
                language=language,
                initial_prompt=prompt or None,
                temperature=temps,
                beam_size=s.beam,
                word_timestamps=word_timestamps,
                task=task,
                vad_filter=True,
                # Conditioning each window on the previous text lets one misheard stretch derail the
                # rest of a long meeting (skips and loops); measured on a 5.4-minute fixture recording
                # it costs 1.5 WER points with tiny.en.
                condition_on_previous_text=False,
            )
            detected = info.language
        segments: list[Segment] = []
        for s in segments_iter:  # the generator does the work
            words: list[Word] = []
            for w in s.words or []:
                start = min(max(_r(w.start), 0.0), duration)
                end = min(max(_r(w.end), start), duration)
                words.append(Word(word=w.word.strip(), start=start, end=end))
            segments.append(
                Segment(
                    id=len(segments),
                    seek=int(s.seek),
                    start=_r(s.start),
                    end=_r(s.end),
                    text=s.text,
                    tokens=[int(x) for x in s.tokens],
                    temperature=float(s.temperature if s.temperature is not None else t),
                    avg_logprob=float(s.avg_logprob),
                    compression_ratio=float(s.compression_ratio),
                    no_speech_prob=float(s.no_speech_prob),
                    words=words,
                )
            )
        return Transcript(language=detected or (language or ""), duration=duration, segments=segments, task=task)
