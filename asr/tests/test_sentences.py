"""Batched parts are split into sentences by their word times (verbatim_asr.sentences)."""

from verbatim_asr.engine import Segment, Word
from verbatim_asr.sentences import split_at_sentences


def part(raw: list[str], times: list[tuple[float, float]]) -> Segment:
    words = [Word(word=w.strip(), start=a, end=b) for w, (a, b) in zip(raw, times, strict=True)]
    return Segment(
        id=0, seek=0, start=times[0][0], end=times[-1][1], text="".join(raw), tokens=[1, 2, 3],
        temperature=0.0, avg_logprob=-0.2, compression_ratio=1.2, no_speech_prob=0.01, words=words,
    )


def test_a_part_of_two_sentences_becomes_two_segments_with_their_own_times():
    raw = [" And", " so,", " my", " fellow", " Americans.", " Ask", " not", " what?"]
    times = [(0.0, 0.3), (0.3, 0.6), (0.6, 0.8), (0.8, 1.1), (1.1, 1.9), (3.0, 3.3), (3.3, 3.6), (3.6, 4.0)]
    first, second = split_at_sentences(part(raw, times), raw)
    assert (first.start, first.end, first.text) == (0.0, 1.9, " And so, my fellow Americans.")
    assert (second.start, second.end, second.text) == (3.0, 4.0, " Ask not what?")
    assert [w.word for w in first.words + second.words] == [w.strip() for w in raw]


def test_a_long_pause_ends_a_segment_even_without_punctuation():
    raw = [" we", " choose", " to", " go"]
    times = [(0.0, 0.2), (0.2, 0.5), (2.5, 2.7), (2.7, 3.0)]
    pieces = split_at_sentences(part(raw, times), raw)
    assert [p.text for p in pieces] == [" we choose", " to go"]


def test_one_sentence_stays_whole():
    raw = [" Hello", " there."]
    seg = part(raw, [(0.0, 0.4), (0.4, 0.9)])
    assert split_at_sentences(seg, raw) == [seg]


def test_a_long_sentence_without_punctuation_is_cut_at_its_longest_pause():
    raw = [" ask", " not", " what", " your", " country", " can", " do", " ask", " what", " you", " can"]
    times = [(i * 0.7, i * 0.7 + 0.6) for i in range(7)] + [(5.5 + i * 0.7, 5.5 + i * 0.7 + 0.6) for i in range(4)]
    pieces = split_at_sentences(part(raw, times), raw)
    assert [p.text for p in pieces] == [" ask not what your country can do", " ask what you can"]
    assert all(p.end - p.start <= 5.0 for p in pieces)


def test_a_title_ends_no_sentence():
    raw = [" And", " Mr.", " John", " Dashwood."]
    seg = part(raw, [(0.0, 0.3), (0.3, 0.6), (0.8, 1.0), (1.0, 1.6)])
    assert split_at_sentences(seg, raw) == [seg]
