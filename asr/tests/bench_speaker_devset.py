"""Speaker recognition on the development sets and the held-out sets (tests/devset.py: dev, dev2, heldout, heldout2): per recording and overall,
the diarization error rate (pyannote.metrics, collar 0.25 s, overlap scored), the speakers found against the true
count, word-speaker accuracy and the seconds diarization took, against the recording's length. A benchmark, not a
test: it asserts nothing. `pnpm bench:speakers` runs it.

    asr/.venv/bin/python asr/tests/bench_speaker_devset.py [--sets dev,heldout,heldout2] [--model DIR] [--hints]

The words come from tiny.en (the bundled test weights, or --model), transcribed once per recording and cached beside
the recordings (asr/.cache/speaker-devset/words/); each word gets its speaker the way the engine gives it
(speakers.assign_words). Word-speaker accuracy: the share of recognised words whose speaker, mapped onto the
reference by pyannote's optimal mapping, is a reference speaker at the word's midpoint (the nearest turn's between
turns). --hints passes the true count as num_speakers, to check that hints still work."""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from dataclasses import asdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from devset import CACHE, build, read_rttm  # noqa: E402
from pyannote.core import Annotation, Segment  # noqa: E402
from pyannote.metrics.diarization import DiarizationErrorRate  # noqa: E402

Turns = list[tuple[float, float, str]]


def annotation(turns: Turns) -> Annotation:
    a = Annotation()
    for start, end, speaker in turns:
        a[Segment(start, end)] = speaker
    return a


def der(reference: Turns, hypothesis: Turns) -> float:
    metric = DiarizationErrorRate(collar=0.25, skip_overlap=False)
    return float(metric(annotation(reference), annotation(hypothesis), uem=annotation(reference).get_timeline().extent()))


def word_accuracy(reference: Turns, words: list[tuple[float, float, str | None]]) -> tuple[int, int]:
    """(right, total) over the words; a word without a speaker is wrong."""
    if not words:
        return 0, 0
    ref = annotation(reference)
    hyp = annotation([(s, max(e, s + 0.01), spk) for s, e, spk in words if spk])
    mapping = DiarizationErrorRate().optimal_mapping(ref, hyp)
    right = 0
    for s, e, spk in words:
        mid = (s + e) / 2
        here = [r for a, b, r in reference if a <= mid <= b]
        if not here:
            here = [min(reference, key=lambda t: min(abs(mid - t[0]), abs(mid - t[1])))[2]]
        right += spk is not None and mapping.get(spk) in here
    return right, len(words)


def transcripts(recordings, model: str | None):
    """Segments with word times per recording, from the cache or from tiny.en."""
    from verbatim_asr.transcript import Segment as Seg
    from verbatim_asr.transcript import Word

    engine = None
    out = {}
    for r in recordings:
        digest = hashlib.sha1(r.wav.read_bytes()).hexdigest()[:16]  # by content: a new reference keeps the words
        cache = CACHE / "words" / f"{Path(model).name if model else 'tiny.en'}-{digest}.json"
        cache.parent.mkdir(parents=True, exist_ok=True)
        if not cache.exists():
            if engine is None:
                from verbatim_asr.bundled_model import model_path
                from verbatim_asr.config import Settings
                from verbatim_asr.engine import Engine

                engine = Engine(Settings(model=model or str(model_path())))
                engine.load()
            t0 = time.perf_counter()
            tr = engine.transcribe_file(str(r.wav), word_timestamps=True)
            seconds = time.perf_counter() - t0
            cache.write_text(json.dumps({"seconds": seconds, "segments": [asdict(s) for s in tr.segments]}))
        data = json.loads(cache.read_text())
        out[r.name] = (
            [Seg(**{**s, "words": [Word(**w) for w in s["words"]]}) for s in data["segments"]],
            data["seconds"],
        )
    return out


def evaluate(recordings, words, diarize, hints: bool = False, quiet: bool = False) -> dict:
    """Runs `diarize(channels, **hints)` on every recording; returns the per-recording rows and the totals."""
    from verbatim_asr.audio import decode_channels
    from verbatim_asr.speakers import split_by_speaker

    rows = []
    for r in recordings:
        channels = decode_channels(str(r.wav))
        reference = read_rttm(r.rttm)
        kwargs = {"num_speakers": r.speakers} if hints else {}
        t0 = time.perf_counter()
        result = diarize(channels, **kwargs)
        seconds = time.perf_counter() - t0
        hyp = [(t.start, t.end, t.speaker) for t in result.turns]
        right, total, asr_seconds = 0, 0, 0.0
        if words is not None:  # words=None: DER and counts only
            segments, asr_seconds = words[r.name]
            split = split_by_speaker(segments, result.turns)
            ws = [(w.start, w.end, w.speaker) for s in split for w in s.words]
            right, total = word_accuracy(reference, ws)
        row = {
            "name": r.name,
            "seconds_audio": r.seconds,
            "true": r.speakers,
            "found": len(result.speakers),
            "der": der(reference, hyp),
            "words_right": right,
            "words": total,
            "seconds": seconds,
            "asr_seconds": asr_seconds,
        }
        rows.append(row)
        if not quiet:
            print(
                f"{r.name:28s} {r.seconds:6.1f} s  speakers {row['found']}/{r.speakers}{' ' if row['found'] == r.speakers else '*'}"
                f"  DER {row['der']:6.1%}  words {right / max(total, 1):6.1%} of {total:3d}"
                f"  {seconds:5.2f} s ({seconds / r.seconds:.3f}x audio)",
                flush=True,
            )
    return {"rows": rows, **summary(rows)}


def summary(rows) -> dict:
    n = len(rows)
    return {
        "recordings": n,
        "mean_der": sum(r["der"] for r in rows) / n,
        "max_der": max(r["der"] for r in rows),
        "over_25": sum(r["der"] > 0.25 for r in rows),
        "exact_count": sum(r["found"] == r["true"] for r in rows) / n,
        "word_accuracy": sum(r["words_right"] for r in rows) / max(1, sum(r["words"] for r in rows)),
        "seconds": sum(r["seconds"] for r in rows),
        "audio": sum(r["seconds_audio"] for r in rows),
    }


def print_summary(name: str, s: dict) -> None:
    print(
        f"{name}: {s['recordings']} recordings, {s['audio'] / 60:.1f} min: mean DER {s['mean_der']:.1%}, max {s['max_der']:.1%}"
        f" ({s['over_25']} above 25 %), exact speaker count {s['exact_count']:.0%}, word-speaker accuracy"
        f" {s['word_accuracy']:.1%}, diarization {s['seconds']:.1f} s = {s['seconds'] / s['audio'] * 3600:.0f} s per audio hour"
        f" ({s['seconds'] / s['audio']:.3f}x the audio's length)",
        flush=True,
    )


def main() -> None:
    from verbatim_asr.diarization import pipeline

    p = argparse.ArgumentParser()
    p.add_argument("--sets", default="dev,heldout")
    p.add_argument("--model", default=None, help="whisper model directory for the words (default: the bundled tiny.en)")
    p.add_argument("--hints", action="store_true", help="pass the true speaker count as num_speakers")
    p.add_argument("--json", type=Path, default=None, help="also write every row and total here")
    a = p.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    results = {}
    for which in a.sets.split(","):
        recordings = build(which)
        words = transcripts(recordings, a.model)
        pipeline.model("segmentation"), pipeline.model("embedding")  # loaded before timing
        print(f"== {which}{' (true count given)' if a.hints else ''}", flush=True)
        results[which] = evaluate(recordings, words, pipeline.diarize, hints=a.hints)
    print()
    for which, s in results.items():
        print_summary(which, s)
    if len(results) > 1:
        print_summary("all", summary([r for s in results.values() for r in s["rows"]]))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if a.json:
        a.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
