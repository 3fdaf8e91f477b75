"""Segments cut from aligned words: windows are decoded without timestamp tokens (verbatim_asr/parts.py), so a
window's text comes back whole and is cut here into sentence-sized segments, by its punctuation and, where a
sentence runs long, after a clause or (where whisper wrote no punctuation) at its longest pause."""

from __future__ import annotations

from faster_whisper.transcribe import Word

from .shared_data import shared_table

# The marks that end a sentence, the closing marks that may follow them (`end."` and `end.)` end it too) and the
# titles and the like whose full stop ends no sentence ("Mr. John Dashwood"): the Worker cuts the stored
# transcript's lines by the same table. A single letter with a full stop is an initial.
_TABLE = shared_table("sentences.json")
_CLOSERS = "".join(_TABLE["closers"])
_SENTENCE_ENDS = tuple(_TABLE["ends"])
_ABBREVIATIONS = frozenset(_TABLE["abbreviations"])
# Clause ends: only the engine cuts at them (a long sentence, after a clause), so they stay here.
_CLAUSE_ENDS = (",", ";", ":", "—", "–", "，", "、", "；", "：", "،")
# Longer segments are cut at their longest pause. Whisper's own segments (from timestamp tokens, the previous
# decoding) measured 0.5-8.0 s, median 4.4 s, on 200 s of the benchmark recording; a subtitle cue is one segment.
MAX_SEGMENT_SECONDS = 10.0


def sentences(words: list[Word]) -> list[list[Word]]:
    """`words` (in order) as consecutive groups: a group ends after a word that ends a sentence, unless it is a title
    or an initial ("Mr.", "J.") or the next word goes on in lower case ("3 p.m. today"); a group longer than
    MAX_SEGMENT_SECONDS is cut shorter (_shortened)."""
    groups: list[list[Word]] = []
    current: list[Word] = []
    for i, word in enumerate(words):
        current.append(word)
        following = words[i + 1].word.strip() if i + 1 < len(words) else ""
        if following and _ends_sentence(word.word) and not following[:1].islower():
            groups.append(current)
            current = []
    if current:
        groups.append(current)
    return [piece for group in groups for piece in _shortened(group)]


def _ends_clause(word: str) -> bool:
    return word.strip().rstrip(_CLOSERS).endswith(_CLAUSE_ENDS)


def _ends_sentence(word: str) -> bool:
    word = word.strip().rstrip(_CLOSERS)
    if not word.endswith(_SENTENCE_ENDS):
        return False
    stem = word[:-1].lower()
    return not (word.endswith(".") and (stem in _ABBREVIATIONS or (len(stem) == 1 and stem.isalpha())))


def _shortened(words: list[Word]) -> list[list[Word]]:
    """A group over MAX_SEGMENT_SECONDS cut in two, and again while a part is: after a clause (a comma, a colon…)
    before anywhere else, then at the longest pause, then nearest the middle; never leaving a part under a fifth
    of the group when another cut would not ("Well," alone is no segment)."""
    span = words[-1].end - words[0].start if words else 0.0
    if len(words) < 2 or span <= MAX_SEGMENT_SECONDS:
        return [words]
    middle = len(words) / 2

    def merit(i: int) -> tuple:
        balanced = min(words[i - 1].end - words[0].start, words[-1].end - words[i].start) >= span / 5
        pause = round(words[i].start - words[i - 1].end, 2)
        return (balanced, _ends_clause(words[i - 1].word), pause, -abs(i - middle))

    cut = max(range(1, len(words)), key=merit)
    return _shortened(words[:cut]) + _shortened(words[cut:])
