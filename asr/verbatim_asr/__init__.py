"""Verbatim's local speech engine: an OpenAI-compatible transcription API on faster-whisper."""

from .numerics import pin

# Before NumPy, CTranslate2 or MKL load (numerics.py): importing any part of the engine fixes them first.
pin()

__version__ = "0.1.0"
