"""Whisper language codes <-> the lower-case names OpenAI's API reports.

faster-whisper only knows the codes ("en"); OpenAI's verbose_json reports the name ("english"). The table is
Whisper's tokenizer LANGUAGES table, shared with the Worker and the web app (shared/data/languages.json).
"""

from __future__ import annotations

from .shared_data import shared_table

_TABLE = shared_table("languages.json")

LANGUAGES: dict[str, str] = _TABLE["names"]

# name -> code, with Whisper's aliases.
TO_LANGUAGE_CODE: dict[str, str] = {**{name: code for code, name in LANGUAGES.items()}, **_TABLE["aliases"]}


def language_name(code: str | None) -> str:
    """'en' -> 'english'. Unknown codes are returned unchanged."""
    if not code:
        return ""
    return LANGUAGES.get(code, code)


def to_language_code(value: str) -> str | None:
    """Accept an ISO-639-1 code (as OpenAI does) or, leniently, a full name.

    Returns None when the value is not a language Whisper knows.
    """
    v = value.strip().lower()
    if v in LANGUAGES:
        return v
    return TO_LANGUAGE_CODE.get(v)
