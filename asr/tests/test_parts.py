"""What of a window whisper left (verbatim_asr.parts), on aligned words; windows as spans of
the recording (verbatim_asr.windows); and the decoders' shared queue, which ends, and stops on an error, without
leaving anyone waiting; and the other cores' work while the language is detected."""

import threading

from verbatim_asr.parts import WorkQueue, gaps, language_of_first_window, opens_in_speech
from verbatim_asr.windows import SAMPLE_RATE, Window, pack


def test_speech_no_word_covers_is_decoded_again():
    words = [(0.0, 0.5), (0.6, 1.0), (1.2, 9.0)]
    assert gaps(words, 9.5) == []  # everything heard; a pause of 0.2 s is speech
    assert gaps(words, 12.0) == [(9.0, 12.0)]  # whisper stopped 3 s before the end
    assert gaps([(14.3, 15.0), (15.1, 27.2)], 27.6) == [(0.0, 14.3)]  # it skipped the first 14 s
    assert gaps([(0.0, 3.0), (6.0, 7.0)], 7.2) == [(3.0, 6.0)]  # and 3 s in the middle
    assert gaps([(0.0, 3.0), (4.5, 7.0)], 7.5) == []  # pauses between sentences are not gaps
    assert gaps([], 30.0) == []  # no words: nothing to place a gap by (whisper heard nothing)


def s(seconds: float) -> int:
    return int(seconds * SAMPLE_RATE)


def test_speech_is_packed_into_windows_of_at_most_30_s_without_cutting_a_stretch_that_fits():
    speech = [(s(0), s(12)), (s(13), s(25)), (s(26), s(40)), (s(41), s(80))]
    windows = pack([speech], s(30))
    assert [w.spans for w in windows] == [
        ((s(0), s(12)), (s(13), s(25))),
        ((s(26), s(40)),),
        ((s(41), s(71)),),  # longer than a window: cut
        ((s(71), s(80)),),
    ]
    assert all(w.duration <= 30 for w in windows)
    assert all(not w.breaks for w in windows)


def test_only_a_first_window_that_starts_with_the_recording_is_decoded_with_timestamp_tokens():
    cut_anywhere = pack([[(0, s(20)), (s(21), s(40))]], s(30))
    assert opens_in_speech(cut_anywhere) == {cut_anywhere[0]}
    assert opens_in_speech(pack([[(s(0.5), s(20)), (s(21), s(40))]], s(30))) == set()  # it starts in silence
    assert opens_in_speech([]) == set()


def test_times_of_a_window_map_to_the_recording_across_the_silences_it_skips():
    w = Window(((s(10), s(20)), (s(25), s(30))))
    assert w.duration == 15
    assert w.to_recording(0) == 10
    assert w.to_recording(9.5) == 19.5
    assert w.to_recording(12) == 27  # 2 s into the second span
    assert w.to_recording(10, span=0) == 20  # the end of a word in the first span stays there
    assert w.runs_between(8, 15) == [[(s(18), s(20)), (s(25), s(30))]]
    assert w.runs_between(11, 15) == [[(s(26), s(30))]]
    assert w.runs_between(2, 4) == [[(s(12), s(14))]]
    assert w.runs_between(15, 15) == []


def test_tails_of_different_windows_are_runs_and_a_window_knows_where_each_begins():
    tails = [[(s(20), s(28))], [(s(50), s(55)), (s(56), s(58))], [(s(90), s(99))]]
    (w,) = pack(tails, s(30), round=1)
    assert w.round == 1 and w.breaks == {1, 3}
    assert [w.run_of(i) for i in range(4)] == [0, 1, 1, 2]
    assert w.runs_between(9, 24) == [[(s(51), s(55)), (s(56), s(58))], [(s(90), s(99))]]


def windows(n):
    return [Window(((i * SAMPLE_RATE, (i + 1) * SAMPLE_RATE),)) for i in range(n)]


def test_the_queue_hands_out_shrinking_batches_and_what_comes_back_is_taken_too():
    q = WorkQueue(windows(20), batch_size=8, decoders=2)
    first = q.take()
    assert len(first) == 8
    assert len(q.take()) == 6  # 12 left for 2 decoders
    got = []

    def waiter():  # nothing left to take, but a batch is still out: it waits for what that batch leaves
        while (batch := q.take()) is not None:
            got.append(batch)
            q.done([], [])

    t = threading.Thread(target=waiter)
    t.start()
    q.done([], [(1, [(100 * SAMPLE_RATE, 103 * SAMPLE_RATE)])])  # the first batch leaves a tail
    q.done([], [])
    t.join(timeout=10)
    assert not t.is_alive()
    assert sum(len(b) for b in got) == 7  # the 6 left and the tail
    assert [w.round for b in got for w in b].count(1) == 1


def test_an_error_in_one_decoder_stops_the_others():
    q = WorkQueue(windows(4), batch_size=1, decoders=2)
    assert q.take() is not None
    ended = threading.Event()

    def other():
        while q.take() is not None:
            pass  # takes the rest and never reports: only the error can end the wait
        ended.set()

    q.take()
    t = threading.Thread(target=other)
    t.start()
    q.fail()
    t.join(timeout=10)
    assert ended.is_set()


def test_while_the_language_is_detected_the_other_core_encodes_the_next_window():
    both = threading.Barrier(2, timeout=10)  # broken (an error) unless the two run at once

    class Decoder:
        encoded: list[Window] = []

        def detect_language(self, window):
            both.wait()
            self.encoded.append(window)
            return "de"

        def encode_ahead(self, window):
            both.wait()
            self.encoded.append(window)

    ws = windows(5)
    decoder = Decoder()
    assert language_of_first_window(decoder, ws, parallel=2) == "de"
    assert sorted(decoder.encoded, key=ws.index) == ws[:2]
