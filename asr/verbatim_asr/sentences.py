"""Batched decoding turns each speech part (up to 30 s between silences) into one segment, often without
punctuation. Subtitle cues and transcript lines want sentences, so a part whose words carry times is split
after each sentence's last word and at long pauses, and a piece still longer than a subtitle should be is
split at its longest pause. Words and their times are untouched: only where segments begin and end."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

SENTENCE_END = (".", "?", "!", "。", "？", "！", "؟")
# Titles and abbreviations whose full stop ends no sentence ("Mr. Dashwood").
ABBREVIATIONS = {"mr.", "mrs.", "ms.", "dr.", "prof.", "st.", "jr.", "sr.", "vs.", "etc.", "e.g.", "i.e."}
PAUSE_SECONDS = 1.5
# Subtitle guidelines keep a cue on screen for at most 5 to 7 s; a transcript line reads best as short.
MAX_SECONDS = 5.0
MIN_SECONDS = 1.5


def _sentences(words, raw_words: Sequence[str]) -> list[tuple[int, int]]:
    pieces: list[tuple[int, int]] = []
    first = 0
    for i in range(len(words) - 1):
        word = raw_words[i].strip()
        ends_sentence = word.endswith(SENTENCE_END) and word.lower() not in ABBREVIATIONS
        if ends_sentence or words[i + 1].start - words[i].end >= PAUSE_SECONDS:
            pieces.append((first, i + 1))
            first = i + 1
    pieces.append((first, len(words)))
    return pieces


def _shorten(words, a: int, b: int) -> list[tuple[int, int]]:
    """[a, b) split at its longest pause until every piece fits MAX_SECONDS (or is one word)."""
    if b - a < 2 or words[b - 1].end - words[a].start <= MAX_SECONDS:
        return [(a, b)]
    cuts = range(a + 1, b)
    # Prefer cuts that leave no sliver of a line on either side.
    balanced = [i for i in cuts if words[i - 1].end - words[a].start >= MIN_SECONDS and words[b - 1].end - words[i].start >= MIN_SECONDS]
    cut = max(balanced or cuts, key=lambda i: words[i].start - words[i - 1].end)
    return _shorten(words, a, cut) + _shorten(words, cut, b)


def split_at_sentences(segment, raw_words: Sequence[str]):
    """`segment` split into sentence-sized segments; `raw_words` are its words as the model wrote them."""
    words = segment.words
    if len(words) < 2:
        return [segment]
    pieces = [p for a, b in _sentences(words, raw_words) for p in _shorten(words, a, b)]
    if len(pieces) == 1:
        return [segment]
    return [
        replace(
            segment,
            start=words[a].start,
            end=words[b - 1].end,
            text=" " + "".join(raw_words[a:b]).strip(),
            # A part's tokens can't be divided between its pieces without the timestamp tokens.
            tokens=segment.tokens if a == 0 else [],
            words=list(words[a:b]),
        )
        for a, b in pieces
    ]
