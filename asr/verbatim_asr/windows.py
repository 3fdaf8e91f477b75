"""Windows: what one decoding sees, as spans of the recording laid end to end.

Voice activity detection finds the recording's speech; consecutive stretches of it are packed into windows of
up to 30 s (Whisper's input). A window is a list of spans (sample ranges of the recording, in order), so
the silences between them are skipped, and any time within a window maps back to the recording. The part of a
window whisper left untranscribed becomes spans again, packed with other such tails into new windows; where one
tail ends and the next begins (a run ends), the window jumps to another place of the recording, and a segment
whisper writes across that point is cut there.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

import numpy as np

SAMPLE_RATE = 16000

Span = tuple[int, int]  # [start, end) in samples of the recording


@dataclass(frozen=True)
class Window:
    spans: tuple[Span, ...]
    # 0 for the windows cut from the recording; n + 1 for those packed from what windows of round n left.
    round: int = 0
    # The spans that begin a run other than the first (a run: spans that follow each other in the recording).
    breaks: frozenset[int] = frozenset()
    # Where each span starts within the window, in samples (derived from spans).
    _starts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        starts, at = [], 0
        for s, e in self.spans:
            starts.append(at)
            at += e - s
        object.__setattr__(self, "_starts", tuple(starts))

    @property
    def samples(self) -> int:
        return sum(e - s for s, e in self.spans)

    @property
    def duration(self) -> float:
        return self.samples / SAMPLE_RATE

    def audio(self, recording: np.ndarray) -> np.ndarray:
        if len(self.spans) == 1:
            s, e = self.spans[0]
            return recording[s:e]
        return np.concatenate([recording[s:e] for s, e in self.spans])

    def span_at(self, seconds: float) -> int:
        """The index of the span that holds this time of the window (the last one past the end)."""
        return max(0, bisect.bisect_right(self._starts, int(round(seconds * SAMPLE_RATE))) - 1)

    def to_recording(self, seconds: float, span: int | None = None) -> float:
        """A time of the window (seconds from its start) as a time of the recording, within span `span` (by
        default the one that holds it): a word keeps the span of its middle, so it never straddles a gap."""
        i = self.span_at(seconds) if span is None else span
        s, e = self.spans[i]
        sample = s + int(round(seconds * SAMPLE_RATE)) - self._starts[i]
        return min(max(sample, s), e) / SAMPLE_RATE

    def run_of(self, span: int) -> int:
        """Which run of the window a span belongs to (0, 1, …)."""
        return sum(1 for b in self.breaks if b <= span)

    def runs_between(self, start: float, end: float) -> list[list[Span]]:
        """The spans of the recording this window holds from `start` to `end` (seconds of the window), run by run."""
        lo, hi = int(round(start * SAMPLE_RATE)), int(round(end * SAMPLE_RATE))
        runs: list[list[Span]] = []
        for i, ((s, e), at) in enumerate(zip(self.spans, self._starts, strict=True)):
            a, b = max(s, s + lo - at), min(e, s + hi - at)
            if a >= b:
                continue
            if not runs or i in self.breaks:
                runs.append([])
            runs[-1].append((a, b))
        return runs


def pack(runs: list[list[Span]], max_samples: int, round: int = 0) -> list[Window]:
    """Runs of spans into windows of at most max_samples each, in order; a span too long for a window is cut."""
    windows: list[Window] = []
    current: list[Span] = []
    breaks: set[int] = set()
    size = 0
    for run in runs:
        first = True
        for s, e in run:
            while e - s > 0:
                if size == max_samples or (current and size + (e - s) > max_samples):
                    windows.append(Window(tuple(current), round, frozenset(breaks)))
                    current, breaks, size = [], set(), 0
                if first and current:
                    breaks.add(len(current))
                first = False
                take = min(e - s, max_samples - size)
                current.append((s, s + take))
                size += take
                s += take
    if current:
        windows.append(Window(tuple(current), round, frozenset(breaks)))
    return windows
