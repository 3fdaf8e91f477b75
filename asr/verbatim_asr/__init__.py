"""Verbatim's local speech engine: an OpenAI-compatible transcription API on faster-whisper."""

__version__ = "0.1.0"
