"""Give every word and segment of a transcript a speaker from the diarization's turns; a segment is split
where the speaker changes between its words."""

from __future__ import annotations

from dataclasses import replace

from .diarization.pipeline import Turn
from .engine import Segment, Word


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


def split_by_speaker(segments: list[Segment], turns: list[Turn]) -> list[Segment]:
    out: list[Segment] = []
    for seg in segments:
        if not seg.words:
            out.append(replace(seg, id=len(out), speaker=speaker_at(seg.start, seg.end, turns)))
            continue
        words = [replace(w, speaker=speaker_at(w.start, w.end, turns)) for w in seg.words]
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
