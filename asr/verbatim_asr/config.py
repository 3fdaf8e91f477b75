"""Settings: environment variables, overridable by matching CLI flags."""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass


def default_threads() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


SEQUENTIAL_BEAM_SIZE = 5  # faster-whisper's default
# Batched windows are decoded greedily in English (a window failing whisper's quality checks falls back to beam 5
# and the temperature ladder): as accurate there as faster-whisper's sequential beam search of 5 and 2.2x as fast.
# In other languages greedy base was 11 points worse on average over six (Spanish 33 % against 3 %), so they keep
# beam search of 5, still batched (docs/speech-engine/decoding.md).
GREEDY_LANGUAGES = frozenset({"en"})


def batched_beam_size(language: str) -> int:
    return 1 if language in GREEDY_LANGUAGES else SEQUENTIAL_BEAM_SIZE


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8788
    model: str = "base"
    device: str = "cpu"
    compute_type: str = "int8"
    threads: int = 0  # 0 -> number of cores; batched on CPU: one decoder per thread
    workers: int = 1
    # VAD windows decoded `batch_size` at a time by one decoder per core (verbatim_asr/parts.py); 0: faster-whisper's
    # sequential decoding (30 s windows one after another, beam search of 5), the escape hatch.
    batch_size: int = 8
    beam_size: int = 0  # 0: the decoding's own default (batched_beam_size(language) or SEQUENTIAL_BEAM_SIZE)
    log_level: str = "info"

    @property
    def beam(self) -> int | None:
        """The beam width; None: batched decoding's, by language (batched_beam_size)."""
        if self.beam_size > 0:
            return self.beam_size
        return None if self.batch_size > 0 else SEQUENTIAL_BEAM_SIZE

    @property
    def cpu_threads(self) -> int:
        return self.threads if self.threads > 0 else default_threads()


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        return int(raw)
    except ValueError:
        raise SystemExit(f"verbatim-asr: {name} must be an integer, got {raw!r}") from None


def _env_str(name: str, default: str) -> str:
    raw = os.environ.get(name, "").strip()
    return raw or default


def parse_settings(argv: list[str] | None = None) -> Settings:
    d = Settings()
    p = argparse.ArgumentParser(
        prog="python -m verbatim_asr",
        description="Local OpenAI-compatible speech-to-text service on faster-whisper.",
    )
    p.add_argument("--host", default=_env_str("ASR_HOST", d.host), help="bind address (ASR_HOST, default %(default)s)")
    p.add_argument("--port", type=int, default=_env_int("ASR_PORT", d.port), help="port (ASR_PORT, default %(default)s)")
    p.add_argument(
        "--model",
        default=_env_str("ASR_MODEL", d.model),
        help="model name (tiny.en, base, small, large-v3, ...; downloaded from Hugging Face on first use), "
        "a Hugging Face repo id, or a local directory with CTranslate2 weights (ASR_MODEL, default %(default)s)",
    )
    p.add_argument("--device", default=_env_str("ASR_DEVICE", d.device), help="cpu|cuda|auto (ASR_DEVICE, default %(default)s)")
    p.add_argument(
        "--compute-type",
        default=_env_str("ASR_COMPUTE_TYPE", d.compute_type),
        help="CTranslate2 compute type (ASR_COMPUTE_TYPE, default %(default)s)",
    )
    p.add_argument(
        "--threads",
        type=int,
        default=_env_int("ASR_THREADS", d.threads),
        help="CPU threads per transcription; batched, one decoder each (ASR_THREADS, default: number of cores)",
    )
    p.add_argument(
        "--workers",
        type=int,
        default=_env_int("ASR_WORKERS", d.workers),
        help="parallel transcriptions (ASR_WORKERS, default %(default)s)",
    )
    p.add_argument(
        "--batch-size",
        type=int,
        default=_env_int("ASR_BATCH_SIZE", d.batch_size),
        help="VAD windows decoded together; 0 = faster-whisper's sequential 30 s windows (ASR_BATCH_SIZE, default %(default)s)",
    )
    p.add_argument(
        "--beam-size",
        type=int,
        default=_env_int("ASR_BEAM_SIZE", d.beam_size),
        help=f"1 = greedy decoding, >1 = beam search; 0 = batched: 1 in English, {SEQUENTIAL_BEAM_SIZE} in other languages; "
        f"sequential: {SEQUENTIAL_BEAM_SIZE} "
        "(ASR_BEAM_SIZE, default %(default)s)",
    )
    p.add_argument("--log-level", default=_env_str("ASR_LOG_LEVEL", d.log_level), help="debug|info|warning (ASR_LOG_LEVEL)")
    a = p.parse_args(argv)
    if a.workers < 1:
        p.error("--workers/ASR_WORKERS must be >= 1")
    if a.threads < 0:
        p.error("--threads/ASR_THREADS must be >= 0")
    if a.batch_size < 0:
        p.error("--batch-size/ASR_BATCH_SIZE must be >= 0")
    if a.beam_size < 0:
        p.error("--beam-size/ASR_BEAM_SIZE must be >= 0")
    if not (0 <= a.port <= 65535):
        p.error("--port/ASR_PORT must be 0..65535")
    return Settings(
        host=a.host,
        port=a.port,
        model=a.model,
        device=a.device,
        compute_type=a.compute_type,
        threads=a.threads,
        workers=a.workers,
        batch_size=a.batch_size,
        beam_size=a.beam_size,
        log_level=a.log_level.lower(),
    )
