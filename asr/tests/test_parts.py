"""Where a batched part's decoding stopped and how it is resumed (verbatim_asr.parts), on token lists: whisper
writes <|t|> text <|t'|> per segment, two timestamps in a row between segments, then end-of-text."""

from types import SimpleNamespace

from verbatim_asr.parts import PartsPipeline

T0 = 1000  # the first timestamp token, <|0.00|>; a step is 0.02 s
tokenizer = SimpleNamespace(timestamp_begin=T0)
pipeline = PartsPipeline(SimpleNamespace(time_precision=0.02))


def ts(seconds: float) -> int:
    return T0 + round(seconds / 0.02)


def test_a_closed_segment_then_the_end_resumes_with_a_new_segment_opened_there():
    tokens = [ts(0), 1, 2, ts(5), ts(5), 3, ts(9)]
    assert pipeline._stop(tokens, tokenizer) == (9.0, tokens + [ts(9)])


def test_a_segment_opened_and_never_written_resumes_from_its_opening_timestamp():
    tokens = [ts(0), 1, 2, ts(5), ts(5)]
    assert pipeline._stop(tokens, tokenizer) == (5.0, tokens)


def test_unfinished_text_after_the_last_pair_is_written_again():
    tokens = [ts(0), 1, 2, ts(5), ts(5), 3, 4]
    assert pipeline._stop(tokens, tokenizer) == (5.0, [ts(0), 1, 2, ts(5), ts(5)])


def test_a_decoding_without_timestamps_or_without_a_closed_segment_is_taken_as_done():
    assert pipeline._stop([1, 2, 3], tokenizer)[0] == float("inf")
    assert pipeline._stop([ts(0), 1, 2, 3], tokenizer)[0] == float("inf")
    assert pipeline._stop([], tokenizer)[0] == float("inf")
    assert pipeline._stop([ts(0)], tokenizer)[0] == float("inf")
