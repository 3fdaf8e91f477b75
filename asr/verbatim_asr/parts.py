"""Batched decoding of VAD parts that keeps whisper's own segments and loses no speech.

faster-whisper's BatchedInferencePipeline cuts the recording at silences into parts of up to 30 s and
decodes them several at a time, which is what keeps two cores busy. Left as it is, it trusts each part's
single decoding: with timestamp tokens whisper may close a part early (its last timestamp well before the
part's end, or text cut off after the last timestamp pair), and the rest of the part is silently lost;
a part that fails whisper's quality checks (repetition loops, very unlikely text) is kept as it is. This
pipeline decodes the parts in batches with timestamp tokens (so segments are whisper's own: sentence-sized
and punctuated) and then, like whisper's sequential decoding does within one window:

- a part whisper closed early is decoded again from where it stopped: on the same encoder output, with
  what it wrote up to there as the prefix (batched with the other parts' resumptions), until it is done;
- a part failing the compression-ratio or log-probability check is decoded again alone, with beam search
  of 5 and the temperature ladder (faster-whisper's sequential defaults);
- a part whisper judges silent (no-speech probability over 0.6 and an unlikely decoding) gives nothing.
"""

from __future__ import annotations

import logging
from dataclasses import replace

import numpy as np
from faster_whisper.transcribe import BatchedInferencePipeline, get_compression_ratio, get_ctranslate2_storage

log = logging.getLogger("verbatim_asr")

# A part is decoded again from where whisper stopped when at least this much of it is left. The VAD pads
# speech by up to 0.4 s at each side, so a shorter tail is mostly padding; a spoken word is longer than it.
RESUME_SECONDS = 1.0
# Each resumption must move on; this bounds the work on a part whose decodings keep stopping.
MAX_RESUMES = 4
# The encoder costs more per window in large batches (tiny.en, CPU seconds per 30 s window: 0.42 one at a
# time, 0.45 two, 0.47 four, 0.53 eight); decoding is what gains from batching.
ENCODE_BATCH_SIZE = 1
# faster-whisper's sequential fallback, used for parts that fail the quality checks.
FALLBACK_TEMPERATURES = [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]
FALLBACK_BEAM_SIZE = 5
# Whisper's sequential decoding lets the first timestamp of a window be at most 1 s in.
MAX_INITIAL_TIMESTAMP = 1.0


class PartsPipeline(BatchedInferencePipeline):
    """BatchedInferencePipeline whose parts are decoded with timestamp tokens, resumed where whisper stops
    early, and re-decoded sequentially when they fail the quality checks (see the module's docstring).
    `transcribe` takes the same arguments; pass `without_timestamps=False`."""

    def forward(self, features, tokenizer, chunks_metadata, options):
        fps = self.model.frames_per_second
        sizes = [int(np.ceil(m["duration"] * fps)) for m in chunks_metadata]
        prompt = self._prompt(tokenizer, options)
        encoder_output = self._encode(features)
        outputs = self._generate(encoder_output, [prompt] * len(features), options)
        outputs = [self._checked(out, encoder_output, i, tokenizer, options) for i, out in enumerate(outputs)]
        # Whisper stopped early in some windows: decode them again from there, on the same encoder output,
        # with what it wrote up to there as the prefix, as if it had not stopped.
        stops: dict[int, float] = {}  # where each part was last resumed, in seconds into it
        for _ in range(MAX_RESUMES):
            resume = {}
            for i, out in enumerate(outputs):
                stop, prefix = self._stop(out["tokens"], tokenizer)
                # A resumption that wrote no further segment ends the part: it is as done as it gets.
                if chunks_metadata[i]["duration"] - stop >= RESUME_SECONDS and stop > stops.get(i, -1.0):
                    stops[i] = stop
                    resume[i] = prefix
            if not resume:
                break
            log.debug("resuming %d of %d parts where whisper stopped early", len(resume), len(outputs))
            more = self._generate(
                _rows(encoder_output, list(resume), len(outputs)), [prompt + p for p in resume.values()], options
            )
            for i, out in zip(resume, more, strict=True):
                outputs[i] = dict(outputs[i], tokens=out["tokens"])
        decoded = [
            self._split(out, tokenizer, meta["offset"], size, meta["duration"])
            for out, meta, size in zip(outputs, chunks_metadata, sizes, strict=True)
        ]
        if options.word_timestamps:
            self._add_words(decoded, sizes, encoder_output, tokenizer, options)
        return decoded

    def _encode(self, features: np.ndarray):
        """The windows' encoder output, encoded ENCODE_BATCH_SIZE windows at a time."""
        if len(features) <= ENCODE_BATCH_SIZE:
            return self.model.encode(features)
        return get_ctranslate2_storage(
            np.concatenate(
                [np.asarray(self.model.encode(features[i : i + ENCODE_BATCH_SIZE])) for i in range(0, len(features), ENCODE_BATCH_SIZE)]
            )
        )

    def _stop(self, tokens: list[int], tokenizer) -> tuple[float, list[int]]:
        """Where a decoding stopped (seconds into its window) and the prefix to resume it with: its tokens up
        to the end of its last complete segment and the timestamp that opens the next one."""
        stamps = [i for i, t in enumerate(tokens) if t >= tokenizer.timestamp_begin]
        if not stamps:
            return float("inf"), []  # no timestamps at all: whisper's own rule takes the window as done
        if len(tokens) >= 2 and tokens[-2] < tokenizer.timestamp_begin <= tokens[-1]:
            prefix = tokens + [tokens[-1]]  # whisper closed a segment and ended
        else:
            # Text after the last timestamp pair is unfinished and written again from its opening timestamp.
            pairs = [i for i in stamps if i > 0 and tokens[i - 1] >= tokenizer.timestamp_begin]
            if not pairs:
                return float("inf"), []
            prefix = tokens[: pairs[-1] + 1]
        return (prefix[-1] - tokenizer.timestamp_begin) * self.model.time_precision, prefix

    def _add_words(self, decoded: list[list[dict]], sizes: list[int], encoder_output, tokenizer, options) -> None:
        """Word times, window by window like the encoder (cheaper than the whole batch at once), for the
        windows that gave segments (faster-whisper's alignment needs at least one)."""
        for i, pieces in enumerate(decoded):
            if pieces:
                self.last_speech_timestamp = self.model.add_word_timestamps(
                    [pieces],
                    tokenizer,
                    _rows(encoder_output, [i], len(decoded)),
                    [sizes[i]],
                    options.prepend_punctuations,
                    options.append_punctuations,
                    self.last_speech_timestamp,
                )

    def _prompt(self, tokenizer, options) -> list[int]:
        previous = tokenizer.encode(options.initial_prompt) if options.initial_prompt is not None else []
        return self.model.get_prompt(tokenizer, previous, without_timestamps=options.without_timestamps, hotwords=options.hotwords)

    def _generate(self, encoder_output, prompts: list[list[int]], options) -> list[dict]:
        """One batched decoding (beam search of options.beam_size, timestamp tokens). The tokens start after
        the start-of-transcript sequence: a prefix the prompt has after it is included."""
        results = self.model.model.generate(
            encoder_output,
            prompts,
            beam_size=options.beam_size,
            patience=options.patience,
            length_penalty=options.length_penalty,
            max_length=self.model.max_length,
            suppress_blank=options.suppress_blank,
            suppress_tokens=options.suppress_tokens,
            return_scores=True,
            return_no_speech_prob=True,
            sampling_temperature=options.temperatures[0],
            repetition_penalty=options.repetition_penalty,
            no_repeat_ngram_size=options.no_repeat_ngram_size,
            max_initial_timestamp_index=int(round(MAX_INITIAL_TIMESTAMP / self.model.time_precision)),
        )
        outputs = []
        for r in results:
            tokens = r.sequences_ids[0]
            avg_logprob = r.scores[0] * len(tokens) ** options.length_penalty / (len(tokens) + 1)
            outputs.append(dict(tokens=tokens, avg_logprob=avg_logprob, no_speech_prob=r.no_speech_prob))
        return outputs

    def _checked(self, out: dict, encoder_output, index: int, tokenizer, options) -> dict:
        """`out`, or its window decoded again sequentially when it fails whisper's quality checks; no tokens
        when whisper judges the window silent."""
        silent = (
            options.no_speech_threshold is not None
            and out["no_speech_prob"] > options.no_speech_threshold
            and options.log_prob_threshold is not None
            and out["avg_logprob"] < options.log_prob_threshold
        )
        if silent:
            return dict(out, tokens=[])
        text = tokenizer.decode([t for t in out["tokens"] if t < tokenizer.eot]).strip()
        repetitive = options.compression_ratio_threshold is not None and get_compression_ratio(text) > options.compression_ratio_threshold
        unlikely = options.log_prob_threshold is not None and out["avg_logprob"] < options.log_prob_threshold
        if not (repetitive or unlikely):
            return out
        one = _rows(encoder_output, [index], -1)
        fallback = replace(options, beam_size=FALLBACK_BEAM_SIZE, temperatures=FALLBACK_TEMPERATURES, max_initial_timestamp=MAX_INITIAL_TIMESTAMP)
        result, avg_logprob, _, _ = self.model.generate_with_fallback(one, self._prompt(tokenizer, options), tokenizer, fallback)
        return dict(tokens=result.sequences_ids[0], avg_logprob=avg_logprob, no_speech_prob=result.no_speech_prob)

    def _split(self, out: dict, tokenizer, offset: float, size: int, duration: float) -> list[dict]:
        """Whisper's segments of one part's decoding, timed from the part's offset."""
        if not out["tokens"]:
            return []
        subsegments, _, _ = self.model._split_segments_by_timestamps(
            tokenizer=tokenizer, tokens=out["tokens"], time_offset=offset, segment_size=size, segment_duration=duration, seek=0
        )
        return [
            dict(
                text=tokenizer.decode(s["tokens"]),
                avg_logprob=out["avg_logprob"],
                no_speech_prob=out["no_speech_prob"],
                tokens=s["tokens"],
                start=s["start"],
                end=s["end"],
                compression_ratio=get_compression_ratio(tokenizer.decode(s["tokens"])),
                seek=int(round(offset * self.model.frames_per_second)),
            )
            for s in subsegments
        ]

def _rows(encoder_output, rows: list[int], total: int):
    """The encoder output of some windows of a batch (all of them: as it is)."""
    if len(rows) == total:
        return encoder_output
    return get_ctranslate2_storage(np.asarray(encoder_output)[rows])
