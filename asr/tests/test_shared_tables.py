"""The engine applies the tables it shares with the Worker and the web app (shared/data): the languages its model
decodes and the speaker counts its API accepts. shared/one-home.test.mjs checks that no other copy exists."""

from __future__ import annotations

import pytest
from faster_whisper.tokenizer import _LANGUAGE_CODES

from verbatim_asr.app import APIError, speaker_options
from verbatim_asr.languages import LANGUAGES, to_language_code
from verbatim_asr.shared_data import shared_table


def test_the_language_table_is_what_the_model_decodes():
    # The upload form offers these and the Worker stores them: each must be a language faster-whisper knows.
    assert set(LANGUAGES) == set(_LANGUAGE_CODES)
    assert LANGUAGES == shared_table("languages.json")["names"]


def test_every_name_and_alias_of_the_table_is_accepted():
    languages = shared_table("languages.json")
    for code, name in languages["names"].items():
        assert to_language_code(name.upper()) == code
    for alias, code in languages["aliases"].items():
        assert to_language_code(alias) == code


def test_speaker_counts_are_accepted_within_the_shared_bounds_only():
    bounds = shared_table("speakers.json")
    for name in ("num_speakers", "min_speakers", "max_speakers"):
        assert speaker_options({"diarize": "true", name: str(bounds["max"])}, "json") is not None
        for outside in (bounds["min"] - 1, bounds["max"] + 1):
            with pytest.raises(APIError, match=f"from {bounds['min']} to {bounds['max']}"):
                speaker_options({"diarize": "true", name: str(outside)}, "json")
