"""A window's words cut into sentence-sized segments (verbatim_asr.sentences): whisper decodes windows without
timestamp tokens, so these are the transcript's segments and the subtitles' cues."""

from faster_whisper.transcribe import Word

from verbatim_asr.sentences import MAX_SEGMENT_SECONDS, sentences
from verbatim_asr.shared_data import shared_table


def said(*timed: tuple[str, float, float]) -> list[Word]:
    return [Word(start, end, " " + text, 0.9) for text, start, end in timed]


def texts(groups: list[list[Word]]) -> list[str]:
    return ["".join(w.word for w in g).strip() for g in groups]


def test_a_window_is_cut_after_each_sentence():
    words = said(
        ("Hello", 0, 0.4),
        ("there.", 0.5, 0.9),
        ("How", 1.2, 1.4),
        ("are", 1.4, 1.5),
        ("you?", 1.5, 1.8),
        ("Fine!", 2.0, 2.3),
        ("Good", 2.6, 2.8),
        ("…", 2.8, 2.9),
    )
    assert texts(sentences(words)) == ["Hello there.", "How are you?", "Fine!", "Good …"]


def test_quotes_after_the_full_stop_stay_with_its_sentence():
    words = said(("He", 0, 0.2), ('said "no."', 0.2, 0.8), ("Then", 1, 1.2), ("left.", 1.2, 1.5))
    assert texts(sentences(words)) == ['He said "no."', "Then left."]


def test_titles_initials_and_lower_case_go_on_with_the_sentence():
    words = said(
        ("And", 0, 0.2),
        ("Mr.", 0.2, 0.5),
        ("John", 0.5, 0.8),
        ("R.", 0.8, 0.9),
        ("Dashwood", 0.9, 1.4),
        ("came", 1.4, 1.6),
        ("at", 1.6, 1.7),
        ("3", 1.7, 1.8),
        ("p.m.", 1.8, 2.1),
        ("today.", 2.1, 2.5),
        ("Dr.", 2.8, 3.0),
        ("Who", 3.0, 3.2),
        ("stayed.", 3.2, 3.6),
    )
    assert texts(sentences(words)) == ["And Mr. John R. Dashwood came at 3 p.m. today.", "Dr. Who stayed."]


def test_other_scripts_end_sentences_with_their_own_marks():
    words = [
        Word(0.0, 0.5, "今日は。", 0.9),
        Word(0.5, 1.0, "明日", 0.9),
        Word(1.0, 1.4, "？", 0.9),
        Word(1.5, 2.0, "はい", 0.9),
    ]
    assert texts(sentences(words)) == ["今日は。", "明日？", "はい"]
    arabic = [Word(0.0, 0.5, " مرحبا؟", 0.9), Word(0.6, 1.0, " نعم", 0.9)]
    assert texts(sentences(arabic)) == ["مرحبا؟", "نعم"]


def test_a_long_run_without_punctuation_is_cut_at_its_longest_pause():
    # tiny.en writes some clips without any punctuation: 22 s of words, a pause of 0.65 s at 9 s.
    words = [Word(i * 0.5, i * 0.5 + 0.45, f" w{i}", 0.9) for i in range(18)]
    words += [Word(9.6 + i * 0.5, 9.6 + i * 0.5 + 0.45, f" v{i}", 0.9) for i in range(25)]
    groups = sentences(words)
    assert [g[0].word for g in groups][:2] == [" w0", " v0"]  # the pause is the first cut
    assert all(g[-1].end - g[0].start <= MAX_SEGMENT_SECONDS for g in groups)
    assert [w for g in groups for w in g] == words  # every word once, in order


def test_pauses_all_alike_cut_in_the_middle_not_after_the_first_word():
    words = [Word(i * 0.5, i * 0.5 + 0.5, f" w{i}", 0.9) for i in range(30)]  # 15 s without a pause
    groups = sentences(words)
    assert [len(g) for g in groups] == [15, 15]


def test_no_words_no_segments_and_one_word_is_one():
    assert sentences([]) == []
    long_word = [Word(0.0, 14.0, " Aaaah", 0.5)]
    assert sentences(long_word) == [long_word]


def test_a_long_sentence_is_cut_after_a_clause_before_a_longer_pause_elsewhere():
    # 12 s: "Well," and a 0.3 s pause at the start (too short a part to stand alone), a 0.8 s pause mid-clause,
    # a comma with 0.1 s.
    words = said(("Well,", 0.0, 0.5), *[(f"a{i}", 0.8 + i * 0.5, 1.2 + i * 0.5) for i in range(8)])
    words += said(("pause", 5.5, 5.9), ("here,", 5.9, 6.4), *[(f"b{i}", 6.5 + i * 0.5, 6.9 + i * 0.5) for i in range(11)])
    first, *_ = texts(sentences(words))
    assert first.startswith("Well,") and first.endswith("here,")


def test_every_shared_end_mark_and_abbreviation_is_applied():
    table = shared_table("sentences.json")  # the table the Worker cuts the stored transcript's lines by too
    for mark in table["ends"]:
        for closer in ("", *table["closers"]):
            words = said(("One" + mark + closer, 0, 0.4), ("Two", 0.5, 0.9))
            assert texts(sentences(words)) == ["One" + mark + closer, "Two"], mark + closer
    for abbreviation in table["abbreviations"]:
        words = said((abbreviation.capitalize() + ".", 0, 0.4), ("Rossi", 0.5, 0.9))
        assert len(sentences(words)) == 1, abbreviation
