"""Speaker recognition around a transcription: diarization started on a thread beside the words, its turns
given to every word and segment of the transcript (a segment is split where the speaker changes between its words),
and a voice embedding per speaker when asked for. Who spoke when is found by diarization/."""

from __future__ import annotations

import logging
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace

import numpy as np

from .audio import channels_to_mono
from .diarization import pipeline
from .diarization.pipeline import Turn
from .transcript import DiarizationInfo, Segment, SpeakerOptions, Transcript, Word
from .windows import SAMPLE_RATE

log = logging.getLogger("verbatim_asr")


def speaker_at(start: float, end: float, turns: list[Turn]) -> str | None:
    """The speaker who talks most during [start, end]; if nobody does, the one whose turn is nearest."""
    if not turns:
        return None
    overlap: dict[str, float] = {}
    for t in turns:
        o = min(end, t.end) - max(start, t.start)
        if o > 0:
            overlap[t.speaker] = overlap.get(t.speaker, 0.0) + o
    if overlap:
        return max(overlap, key=overlap.get)
    mid = (start + end) / 2
    return min(turns, key=lambda t: 0.0 if t.start <= mid <= t.end else min(abs(mid - t.start), abs(mid - t.end))).speaker


def _text(words: list[Word]) -> str:
    return "".join(" " + w.word for w in words)


# A run of this many words or fewer, shorter than FRAGMENT_SECONDS together, is a fragment when it falls at a change
# between two other speakers: it takes one of theirs (docs/speech-engine/speaker-recognition.md#words). Chosen on the
# development set (asr/tests/devset.py): word-speaker accuracy 91.3 % with 2 words, 91.2 % with 1 or with none, 91.0 %
# when a fragment inside one speaker's run (A X A) also went to A: those were mostly real "Yes."-like interjections.
FRAGMENT_WORDS = 2
FRAGMENT_SECONDS = 1.0


def _overlaps(start: float, end: float, turns: list[Turn]) -> dict[str, float]:
    overlap: dict[str, float] = {}
    for t in turns:
        o = min(end, t.end) - max(start, t.start)
        if o > 0:
            overlap[t.speaker] = overlap.get(t.speaker, 0.0) + o
    return overlap


def assign_words(words: list[Word], turns: list[Turn], segment_of: list[int] | None = None) -> list[str | None]:
    """The speaker of each word (in time order, across segments): the one who talks most during it; when nobody
    does (a word in a pause, or given no length by the recogniser), the speaker of the nearest word of its own
    segment that has one, else the nearest turn's. Speaker changes fall between words, never inside one; and a
    fragment (a run of FRAGMENT_WORDS words or fewer, under FRAGMENT_SECONDS) between two different other speakers
    is given to the neighbour who talks more during it (the nearer one when neither does), so a word at a turn
    change never gets a speaker of its own by accident. Diarization's turn boundaries are a few tenths of a second
    off; the words' are not."""
    overlaps = [_overlaps(w.start, w.end, turns) for w in words]
    heard = [bool(o) for o in overlaps]
    speakers = [max(o, key=o.get) if o else speaker_at(w.start, w.end, turns) for w, o in zip(words, overlaps, strict=True)]
    if segment_of is not None:
        for i, w in enumerate(words):
            if heard[i]:
                continue
            found = []  # the nearest heard word of the same segment on each side
            for step in (-1, 1):
                j = i + step
                while 0 <= j < len(words) and segment_of[j] == segment_of[i] and not heard[j]:
                    j += step
                if 0 <= j < len(words) and segment_of[j] == segment_of[i]:
                    found.append(j)
            if found:
                j = min(found, key=lambda j: (max(words[j].start - w.end, w.start - words[j].end, 0.0), j > i))
                speakers[i] = speakers[j]
    if len(words) < 3:
        return speakers
    runs: list[list[int]] = []  # [first, last] word index per run of one speaker
    for i, spk in enumerate(speakers):
        if runs and speakers[runs[-1][1]] == spk:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    for r in range(1, len(runs) - 1):
        first, last = runs[r]
        left, right = speakers[runs[r - 1][1]], speakers[runs[r + 1][0]]
        mine = speakers[first]
        if mine in (left, right) or last - first + 1 > FRAGMENT_WORDS:
            continue
        if words[last].end - words[first].start >= FRAGMENT_SECONDS:
            continue
        overlap = _overlaps(words[first].start, words[last].end, turns)
        if left == right:  # inside one speaker's run: a real interjection as often as not (see above)
            continue
        if overlap.get(left, 0.0) != overlap.get(right, 0.0):
            choice = left if overlap.get(left, 0.0) > overlap.get(right, 0.0) else right
        else:
            choice = left if words[first].start - words[first - 1].end <= words[last + 1].start - words[last].end else right
        for i in range(first, last + 1):
            speakers[i] = choice
    return speakers


def split_by_speaker(segments: list[Segment], turns: list[Turn]) -> list[Segment]:
    every = [w for seg in segments for w in seg.words]
    segment_of = [k for k, seg in enumerate(segments) for _ in seg.words]
    order = sorted(range(len(every)), key=lambda i: (every[i].start, every[i].end))
    spoken = assign_words([every[i] for i in order], turns, [segment_of[i] for i in order])
    by_word = {id(every[i]): spk for i, spk in zip(order, spoken, strict=True)}
    out: list[Segment] = []
    for seg in segments:
        if not seg.words:
            out.append(replace(seg, id=len(out), speaker=speaker_at(seg.start, seg.end, turns)))
            continue
        words = [replace(w, speaker=by_word[id(w)]) for w in seg.words]
        groups: list[list[Word]] = [[words[0]]]
        for w in words[1:]:
            if w.speaker == groups[-1][-1].speaker:
                groups[-1].append(w)
            else:
                groups.append([w])
        if len(groups) == 1:
            out.append(replace(seg, id=len(out), words=words, speaker=words[0].speaker))
            continue
        for i, g in enumerate(groups):
            # The pieces of a split segment keep its decoding statistics; tokens stay with the first piece.
            out.append(
                replace(
                    seg,
                    id=len(out),
                    start=seg.start if i == 0 else g[0].start,
                    end=seg.end if i == len(groups) - 1 else g[-1].end,
                    text=_text(g),
                    tokens=seg.tokens if i == 0 else [],
                    words=g,
                    speaker=g[0].speaker,
                )
            )
    return out


EMBED_SECONDS_PER_SPEAKER = 3.0  # like the pipeline's own cap: enough to tell voices apart, cheap to compute


def speaker_embeddings(channels: list[np.ndarray], turns, speakers: list[str]) -> dict[str, list[float]]:
    """One unit-length CAM++ embedding per speaker from its longest turns (up to 3 s of its speech), so a
    client that sends a long recording in parts can tell which speakers of two parts are the same voice."""
    mono = channels_to_mono(channels)
    named: list[str] = []
    audio: list[np.ndarray] = []
    for speaker in speakers:
        own = sorted((t for t in turns if t.speaker == speaker), key=lambda t: t.start - t.end)
        pieces, total = [], 0
        for t in own:
            piece = mono[int(t.start * SAMPLE_RATE) : int(t.end * SAMPLE_RATE)]
            piece = piece[: int((EMBED_SECONDS_PER_SPEAKER - total) * SAMPLE_RATE)]
            if len(piece) == 0:
                continue
            pieces.append(piece)
            total += len(piece) / SAMPLE_RATE
            if total >= EMBED_SECONDS_PER_SPEAKER:
                break
        if total < 0.3:
            continue
        named.append(speaker)
        audio.append(np.concatenate(pieces))
    if not audio:
        return {}
    embeddings = pipeline.model("embedding")(audio).astype(np.float64)  # one call; speakers at the 3 s cap are batched
    return {s: [round(float(x), 5) for x in e / (np.linalg.norm(e) or 1.0)] for s, e in zip(named, embeddings, strict=True)}


def diarize_beside(channels: list[np.ndarray], options: SpeakerOptions) -> Future:
    """Starts speaker recognition on a thread of its own, to run while the words are recognised: CTranslate2 and
    onnxruntime both release the GIL, and diarization's one onnxruntime thread fills the CPU time transcription
    leaves idle (docs/speech-engine/speaker-recognition.md#speed). The future gives the diarization."""
    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="diarize")
    future = pool.submit(pipeline.diarize, channels, options.num_speakers, options.min_speakers, options.max_speakers)
    pool.shutdown(wait=False)  # the thread ends with its one task; nobody waits here
    return future


def add_speakers(tr: Transcript, channels: list[np.ndarray], options: SpeakerOptions, diarized: Future) -> None:
    """Gives words and segments the speakers `diarized` found. A failure never loses the transcript: it is kept
    without speakers and the reason goes into tr.diarization.warning."""
    t0 = time.perf_counter()
    try:
        result = diarized.result()
        t0 = time.perf_counter()  # its own time is result.seconds; waiting for it beside the words is not
        tr.segments = split_by_speaker(tr.segments, result.turns)
        spoken = sorted({s.speaker for s in tr.segments if s.speaker} | {w.speaker for w in tr.words if w.speaker})
        embeddings = speaker_embeddings(channels, result.turns, spoken) if options.embeddings else None
        tr.diarization = DiarizationInfo(spoken, result.method, result.seconds + time.perf_counter() - t0, embeddings=embeddings)
    except Exception as e:  # a missing weights file, a model error: the words still count
        log.exception("diarization failed")
        tr.diarization = DiarizationInfo(
            [], "", time.perf_counter() - t0, warning=f"Speaker recognition failed ({type(e).__name__}: {e}); the transcript has no speakers."
        )
