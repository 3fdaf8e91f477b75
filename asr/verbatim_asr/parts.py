"""Batched decoding of windows of speech, in parallel where cores allow, in sentence-sized segments, that loses
no speech.

Silero VAD finds the speech (verbatim_asr/vad.py); consecutive stretches of it are packed into windows of up
to 30 s, cut at silences (verbatim_asr/windows.py), so windows never overlap and no word is cut in two between
them. `parallel` decoders, one per CTranslate2 replica (each on one core), take the windows `batch_size` at a
time from one queue and decode them without timestamp tokens: whisper then writes a window's text to its end
(with them, it stopped early in 14 of 22 windows of the benchmark recording, leaving the rest to decode again)
and writes about 15 % fewer tokens; only a window that opens the recording in speech, which may begin in
mid-sentence, is decoded with them (opens_in_speech). Its words are aligned to the audio and the text is cut
into segments at its sentences (verbatim_asr/sentences.py). Then, as whisper's sequential decoding does within
one 30 s window:

- where whisper stopped before a window's end or skipped speech, as its words are aligned to the audio, that
  audio is decoded again: what a batch left is packed into windows of its own, which join the decoder's next
  batch (whisper's sequential decoding moves its next window to where it stopped the same way);
- a window failing the compression-ratio or log-probability check, or with far fewer tokens than seconds of
  speech, is decoded again alone, with beam search of 5 and the temperature ladder (faster-whisper's
  sequential defaults);
- a window whisper judges silent (no-speech probability over 0.6 and an unlikely decoding, by beam search)
  gives nothing.
"""

from __future__ import annotations

import itertools
import math
import threading
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace

import numpy as np
from faster_whisper.audio import pad_or_trim
from faster_whisper.tokenizer import Tokenizer
from faster_whisper.transcribe import (
    Segment,
    TranscriptionOptions,
    Word,
    get_compression_ratio,
    get_ctranslate2_storage,
    get_suppressed_tokens,
)
from faster_whisper.vad import VadOptions

from .config import batched_beam_size
from .sentences import sentences
from .vad import speech_spans
from .windows import SAMPLE_RATE, Span, Window, pack

WINDOW_SECONDS = 30  # Whisper's input
# Where whisper's words end at least this far before a window's end, the rest is decoded again. The VAD pads
# speech by up to 0.4 s at each side, so a shorter tail is mostly padding; a spoken word is longer than it.
RESUME_SECONDS = 1.0
# Speech before the first word or between two words, at least this long, is decoded again: whisper skipped it
# (tiny.en once wrote one sentence for a 26 s window, aligned to its last 13 s). Between words of speech it
# transcribed, the gaps measured at most 1.24 s (tiny.en and base, 3,000 words).
SKIP_SECONDS = 2.0
# A tail of a tail of a tail is decoded once more, then taken as whisper left it.
MAX_ROUNDS = 3
# Fewer text tokens than this per second of a window's speech is a decoding that skipped speech (greedy tiny.en
# once wrote 9 tokens for 26 s, where beam search wrote it all): it is decoded again with the fallback. Speech
# measured 2.2-5.4 tokens per second (English, German, French, Spanish, Italian, Dutch), espeak's German at 90
# words a minute 1.6.
MIN_TOKENS_PER_SECOND = 1.0
# faster-whisper's sequential fallback, used for windows that fail the quality checks.
FALLBACK_TEMPERATURES = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
FALLBACK_BEAM_SIZE = 5
# Whisper's sequential decoding lets the first timestamp of a window be at most 1 s in (opens_in_speech).
MAX_INITIAL_TIMESTAMP = 1.0
# faster-whisper's batched defaults: silences of 160 ms are enough to cut at.
VAD = VadOptions(max_speech_duration_s=WINDOW_SECONDS, min_silence_duration_ms=160)


@dataclass
class Decoding:
    tokens: list[int]
    avg_logprob: float
    no_speech_prob: float
    temperature: float
    timestamps: bool  # decoded with timestamp tokens


@dataclass(frozen=True)
class Mode:
    """How windows are decoded: with or without timestamp tokens (the prompt says which)."""

    options: TranscriptionOptions
    prompt: list[int]


@dataclass
class Transcription:
    segments: list[Segment]  # in the recording's time, in order
    language: str


def transcribe(
    model,
    audio: np.ndarray,
    *,
    language: str | None = None,
    initial_prompt: str | None = None,
    temperature: float = 0.0,
    beam_size: int | None = None,
    batch_size: int = 8,
    parallel: int = 1,
    task: str = "transcribe",
) -> Transcription:
    """Transcribes a 16 kHz mono recording with a faster-whisper WhisperModel whose CTranslate2 model has at
    least `parallel` replicas (inter_threads): `parallel` decoders work at once. Every segment has its words.
    Without a beam size, the beam is the language's (config.batched_beam_size). `task` "translate" writes English."""
    windows = pack([speech_spans(audio, VAD, parallel)], WINDOW_SECONDS * SAMPLE_RATE)
    if not windows:
        return Transcription([], language or "en")
    decoder = WindowDecoder(model, audio, stamped=opens_in_speech(windows))
    if language is None:
        language = language_of_first_window(decoder, windows, parallel) if model.model.is_multilingual else "en"
    decoder.prepare(language, initial_prompt, temperature, beam_size or batched_beam_size(language), task)
    queue = WorkQueue(windows, batch_size, parallel)
    n = min(parallel, len(windows))
    if n == 1:
        decoder.work(queue)
    else:
        with ThreadPoolExecutor(n, thread_name_prefix="decode") as pool:
            for _ in pool.map(lambda _: decoder.work(queue), range(n)):
                pass  # re-raises a decoder's error
    segments = sorted(queue.segments, key=lambda s: (s.start, s.end))
    for i, s in enumerate(segments):
        s.id = i + 1
    return Transcription(segments, language)


def language_of_first_window(decoder: WindowDecoder, windows: list[Window], parallel: int) -> str:
    """The language of the first window. Meanwhile the other decoders' cores encode the next windows, which need no
    language: base's encoding of one window takes about 1.5 s, which the other core spent idle."""
    ahead = windows[1:parallel]
    if not ahead:
        return decoder.detect_language(windows[0])
    with ThreadPoolExecutor(len(ahead), thread_name_prefix="encode") as pool:
        encoding = [pool.submit(decoder.encode_ahead, w) for w in ahead]
        language = decoder.detect_language(windows[0])
        for done in encoding:
            done.result()
    return language


class WorkQueue:
    """The windows still to decode, shared by the decoders: each takes a batch when it is free, and what whisper
    left of a batch comes back as windows of the next round. A decoder with nothing to take waits while others
    may still add some; an error anywhere stops them all."""

    def __init__(self, windows: list[Window], batch_size: int, decoders: int):
        self._windows = deque(windows)
        self._batch_size = max(1, batch_size)
        self._decoders = max(1, decoders)
        self._busy = 0
        self._failed = False
        self._changed = threading.Condition()
        self.segments: list[Segment] = []

    def take(self) -> list[Window] | None:
        """A batch, or None when all is done. Near the end batches shrink, so the decoders finish together."""
        with self._changed:
            while not self._windows and self._busy and not self._failed:
                self._changed.wait()
            if not self._windows or self._failed:
                return None
            n = min(self._batch_size, -(-len(self._windows) // self._decoders))
            self._busy += 1
            return [self._windows.popleft() for _ in range(n)]

    def done(self, segments: list[Segment], tails: list[tuple[int, list[Span]]]) -> None:
        with self._changed:
            self.segments += segments
            for round in sorted({r for r, _ in tails}):
                runs = sorted(run for r, run in tails if r == round)
                self._windows.extend(pack(runs, WINDOW_SECONDS * SAMPLE_RATE, round))
            self._busy -= 1
            self._changed.notify_all()

    def fail(self) -> None:
        with self._changed:
            self._failed = True
            self._busy -= 1
            self._changed.notify_all()


class WindowDecoder:
    """Decodes windows of one recording; `work` runs on several threads at once (CTranslate2 runs concurrent
    calls on separate replicas)."""

    def __init__(self, model, audio: np.ndarray, stamped: frozenset[Window]):
        self.model = model
        self.audio = audio
        self.stamped = stamped  # decoded with timestamp tokens (opens_in_speech)
        self._encoded: dict[Window, np.ndarray] = {}  # windows encoded before the decoders started, used once

    def detect_language(self, window: Window) -> str:
        self.encode_ahead(window)
        token, _ = self.model.model.detect_language(get_ctranslate2_storage(self._encoded[window][None]))[0][0]
        return token[2:-2]  # "<|de|>" -> "de"

    def encode_ahead(self, window: Window) -> None:
        self._encoded[window] = np.asarray(self.model.encode(self._features(window)[None]))[0]

    def prepare(
        self, language: str, initial_prompt: str | None, temperature: float, beam_size: int, task: str = "transcribe"
    ) -> None:
        tokenizer = Tokenizer(self.model.hf_tokenizer, self.model.model.is_multilingual, task=task, language=language)
        self.tokenizer = tokenizer
        options = TranscriptionOptions(
            beam_size=beam_size,
            best_of=5,
            patience=1,
            length_penalty=1,
            repetition_penalty=1,
            no_repeat_ngram_size=0,
            log_prob_threshold=-1.0,
            no_speech_threshold=0.6,
            compression_ratio_threshold=2.4,
            condition_on_previous_text=False,
            prompt_reset_on_temperature=0.5,
            temperatures=[temperature],
            initial_prompt=initial_prompt,
            prefix=None,
            suppress_blank=True,
            suppress_tokens=get_suppressed_tokens(tokenizer, [-1]),
            without_timestamps=True,
            max_initial_timestamp=MAX_INITIAL_TIMESTAMP,  # with timestamp tokens only
            word_timestamps=True,  # always aligned (_decode)
            prepend_punctuations="\"'“¿([{-",
            append_punctuations="\"'.。,，!！?？:：”)]}、",
            multilingual=False,
            max_new_tokens=None,
            clip_timestamps="0",
            hallucination_silence_threshold=None,
            hotwords=None,
        )
        previous = tokenizer.encode(initial_prompt) if initial_prompt else []
        self.plain = Mode(options, self.model.get_prompt(tokenizer, previous, without_timestamps=True))
        self.timestamped = Mode(
            replace(options, without_timestamps=False), self.model.get_prompt(tokenizer, previous, without_timestamps=False)
        )
        self.options = options

    def work(self, queue: WorkQueue) -> None:
        """Decodes batches from the queue until it is empty."""
        while (batch := queue.take()) is not None:
            try:
                segments, tails = self._decode(batch)
            except BaseException:
                queue.fail()
                raise
            queue.done(segments, tails)

    def _decode(self, batch: list[Window]) -> tuple[list[Segment], list[tuple[int, list[Span]]]]:
        """The segments of a batch of windows, and the runs of spans whisper left, with the round they go to."""
        encoded = np.stack([self._encode(w) for w in batch])
        segments, tails = [], []
        for mode, rows in self._by_mode(batch):
            storage = get_ctranslate2_storage(encoded if len(rows) == len(batch) else encoded[rows])
            decodings = self._generate(storage, mode, len(rows))
            for i, decoding in zip(rows, decodings, strict=True):
                window = batch[i]
                one = get_ctranslate2_storage(encoded[i : i + 1])
                decoding = self._checked(decoding, one, window, mode)
                pieces = self._pieces(decoding, window)
                if not pieces:
                    continue
                # Words are aligned to the audio even when nobody asked for them: segments are cut from them, and
                # they show what whisper left out and where the runs of a window of tails meet.
                self.model.add_word_timestamps(
                    [pieces],
                    self.tokenizer,
                    one,
                    [_frames(window, self.model)],
                    self.options.prepend_punctuations,
                    self.options.append_punctuations,
                    0.0,  # each window's times start at 0
                )
                words = [w for p in pieces for w in p["words"]]
                if window.round < MAX_ROUNDS:
                    for start, end in gaps([(w["start"], w["end"]) for w in words], window.duration):
                        tails += [(window.round + 1, run) for run in window.runs_between(start, end)]
                segments += self._in_recording(words, pieces, window, decoding)
        return segments, tails

    def _by_mode(self, batch: list[Window]) -> list[tuple[Mode, list[int]]]:
        """The batch's rows by how they are decoded (one generate call each: a prompt says which)."""
        stamped = [i for i, w in enumerate(batch) if w in self.stamped]
        plain = [i for i, w in enumerate(batch) if w not in self.stamped]
        return [(m, rows) for m, rows in ((self.plain, plain), (self.timestamped, stamped)) if rows]

    def _features(self, window: Window) -> np.ndarray:
        return pad_or_trim(self.model.feature_extractor(window.audio(self.audio))[..., :-1])

    def _encode(self, window: Window) -> np.ndarray:
        """One window's encoder output. One at a time: the encoder costs more per window in batches (tiny.en,
        CPU seconds per window: 0.42 alone, 0.45 in twos, 0.53 in eights); decoding is what gains from them."""
        if window in self._encoded:
            return self._encoded.pop(window)
        return np.asarray(self.model.encode(self._features(window)[None]))[0]

    def _generate(self, encoded, mode: Mode, n: int) -> list[Decoding]:
        o = mode.options
        first_stamp = int(round(o.max_initial_timestamp / self.model.time_precision))
        stamps = {} if o.without_timestamps else {"max_initial_timestamp_index": first_stamp}
        results = self.model.model.generate(
            encoded,
            [mode.prompt] * n,
            beam_size=o.beam_size,
            patience=o.patience,
            length_penalty=o.length_penalty,
            max_length=self.model.max_length,
            suppress_blank=o.suppress_blank,
            suppress_tokens=o.suppress_tokens,
            return_scores=True,
            return_no_speech_prob=True,
            sampling_temperature=o.temperatures[0],
            repetition_penalty=o.repetition_penalty,
            no_repeat_ngram_size=o.no_repeat_ngram_size,
            **stamps,
        )
        out = []
        for r in results:
            tokens = r.sequences_ids[0]
            avg_logprob = r.scores[0] * len(tokens) ** o.length_penalty / (len(tokens) + 1)
            out.append(Decoding(tokens, avg_logprob, r.no_speech_prob, o.temperatures[0], not o.without_timestamps))
        return out

    def _checked(self, d: Decoding, encoded, window: Window, mode: Mode) -> Decoding:
        """`d`, or its window (`encoded`) decoded again alone when it fails whisper's quality checks or writes too
        little for its length: without timestamp tokens if it had them, else with the sequential fallback. No
        tokens when whisper judges the window silent, as the sequential decoding does, by the fallback's beam
        search (greedy decoding is less sure of itself: base judged espeak's Portuguese silent, which beam search
        of 5 transcribes)."""
        o = mode.options
        unlikely = d.avg_logprob < o.log_prob_threshold
        text_tokens = [t for t in d.tokens if t < self.tokenizer.eot]
        repetitive = get_compression_ratio(self.tokenizer.decode(text_tokens).strip()) > o.compression_ratio_threshold
        sparse = len(text_tokens) < MIN_TOKENS_PER_SECOND * window.duration
        if not (unlikely or repetitive or sparse):
            return d
        if d.timestamps:
            # Timestamp tokens make whisper loop more (base on espeak's Portuguese: one clause 13 times, and the
            # fallback's ladder judged the window silent): such a window is decoded as the others are.
            return self._checked(self._generate(encoded, self.plain, 1)[0], encoded, window, self.plain)
        fallback = replace(o, beam_size=FALLBACK_BEAM_SIZE, temperatures=FALLBACK_TEMPERATURES)
        result, avg_logprob, temperature, _ = self.model.generate_with_fallback(encoded, mode.prompt, self.tokenizer, fallback)
        if result.no_speech_prob > o.no_speech_threshold and avg_logprob < o.log_prob_threshold:
            return Decoding([], avg_logprob, result.no_speech_prob, temperature, False)
        return Decoding(result.sequences_ids[0], avg_logprob, result.no_speech_prob, temperature, False)

    def _pieces(self, d: Decoding, window: Window) -> list[dict]:
        """A window's decoding in faster-whisper's segment shape (which its word alignment takes), in the window's
        time, blank ones left out: without timestamp tokens one piece over the whole window; with them whisper's
        segments, and the text it wrote after its last pair of timestamps without closing it."""
        if not d.timestamps:
            tokens = [t for t in d.tokens if t < self.tokenizer.eot]
            pieces = [dict(seek=0, start=0.0, end=window.duration, tokens=tokens)] if tokens else []
        elif d.tokens:
            pieces, _, _ = self.model._split_segments_by_timestamps(
                tokenizer=self.tokenizer,
                tokens=d.tokens,
                time_offset=0.0,
                segment_size=_frames(window, self.model),
                segment_duration=window.duration,
                seek=0,
            )
            tb = self.tokenizer.timestamp_begin
            if tail := unfinished(d.tokens, tb):
                pieces.append(dict(seek=0, start=(tail[0] - tb) * self.model.time_precision, end=window.duration, tokens=tail))
        else:
            pieces = []
        for p in pieces:
            p["text"] = self.tokenizer.decode(p["tokens"])
            p["start"] = min(p["start"], window.duration)
            p["end"] = min(max(p["end"], p["start"]), window.duration)
        return [p for p in pieces if p["text"].strip()]

    def _in_recording(self, words: list[dict], pieces: list[dict], window: Window, d: Decoding) -> list[Segment]:
        """A window's words as segments of the recording: each word in the span of its middle, the words of each
        of the window's runs cut into sentences (verbatim_asr/sentences.py), a segment from its first word to its
        last (without words, the whole window's text, from the start of its first span to the end of its last)."""
        if not words:
            start = window.to_recording(0.0)
            end = window.to_recording(window.duration, len(window.spans) - 1)
            text = "".join(p["text"] for p in pieces)
            return [self._segment(window, d, start, end, text, [t for p in pieces for t in p["tokens"]], None)]
        runs: dict[int, list[Word]] = {}
        for w in words:
            span = window.span_at((w["start"] + w["end"]) / 2)
            word = Word(window.to_recording(w["start"], span), window.to_recording(w["end"], span), w["word"], w["probability"])
            runs.setdefault(window.run_of(span), []).append(word)
        out = []
        for group in (group for run in runs.values() for group in sentences(run)):
            text = "".join(w.word for w in group)
            out.append(self._segment(window, d, group[0].start, group[-1].end, text, self.tokenizer.encode(text), group))
        return out

    @staticmethod
    def _segment(window: Window, d: Decoding, start: float, end: float, text: str, tokens: list[int], words) -> Segment:
        return Segment(
            id=0,
            seek=window.spans[0][0] // 160,  # the window's first frame in the recording
            start=round(start, 3),
            end=round(max(end, start), 3),
            text=text,
            tokens=tokens,
            avg_logprob=d.avg_logprob,
            compression_ratio=get_compression_ratio(text),
            no_speech_prob=d.no_speech_prob,
            words=words,
            temperature=d.temperature,
        )


def gaps(words: list[tuple[float, float]], duration: float) -> list[tuple[float, float]]:
    """The stretches of a window (of `duration` seconds of speech) that no word covers: after the last word when
    at least RESUME_SECONDS long (whisper stopped early), before the first word or between two when at least
    SKIP_SECONDS long (whisper skipped speech)."""
    if not words:
        return []
    out = []
    if words[0][0] >= SKIP_SECONDS:
        out.append((0.0, words[0][0]))
    out += [(a_end, b_start) for (_, a_end), (b_start, _) in itertools.pairwise(words) if b_start - a_end >= SKIP_SECONDS]
    if duration - words[-1][1] >= RESUME_SECONDS:
        out.append((words[-1][1], duration))
    return out


def unfinished(tokens: list[int], timestamp_begin: int) -> list[int]:
    """The text whisper wrote after its last pair of timestamps without closing it (from the opening timestamp
    on); [] when every segment is closed."""
    if len(tokens) >= 2 and tokens[-2] < timestamp_begin <= tokens[-1]:
        return []
    pairs = [i for i in range(1, len(tokens)) if tokens[i] >= timestamp_begin and tokens[i - 1] >= timestamp_begin]
    if not pairs:
        return []
    tail = tokens[pairs[-1] :]
    return tail if any(t < timestamp_begin for t in tail) else []


def opens_in_speech(windows: list[Window]) -> frozenset[Window]:
    """The windows that may begin in the middle of a sentence, to decode with timestamp tokens: the first, when
    speech starts at the recording's very start (within the VAD's padding), as in a part of a long recording a
    client cut anywhere. Without timestamp tokens whisper writes text from a sentence's start: given the end of
    one, it skipped it and its words' alignment stretched over the skipped seconds, which no gap then showed."""
    return frozenset(windows[:1]) if windows and windows[0].spans[0][0] == 0 else frozenset()


def _frames(window: Window, model) -> int:
    return min(int(math.ceil(window.duration * model.frames_per_second)), WINDOW_SECONDS * model.frames_per_second)
