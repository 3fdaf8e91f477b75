"""HTTP API: an OpenAI-compatible subset (/v1/audio/transcriptions, /v1/audio/translations, /v1/models) plus
/health."""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException as StarletteHTTPException

from . import formats
from .audio import DecodeError
from .engine import Engine
from .languages import to_language_code
from .probe import probe_duration
from .shared_data import shared_table
from .transcript import SpeakerOptions

log = logging.getLogger("verbatim_asr")

DECODE_ERROR_MESSAGE = "The audio file could not be decoded or its format is not supported."
TEMP_PREFIX = "verbatim-asr-"
_COPY_CHUNK = 1024 * 1024


class APIError(Exception):
    def __init__(self, status: int, message: str, param: str | None = None, type_: str = "invalid_request_error"):
        super().__init__(message)
        self.status = status
        self.message = message
        self.param = param
        self.type = type_


def error_body(message: str, type_: str = "invalid_request_error", param: str | None = None) -> dict[str, Any]:
    return {"error": {"message": message, "type": type_, "param": param, "code": None}}


def _error_response(e: APIError) -> JSONResponse:
    return JSONResponse(error_body(e.message, e.type, e.param), status_code=e.status)


def _suffix(filename: str | None) -> str:
    ext = os.path.splitext(filename or "")[1].lower()
    # Only a plain short extension; it is a hint for FFmpeg's probing.
    return ext if 1 < len(ext) <= 6 and ext[1:].isalnum() else ""


def _save_upload(upload: UploadFile) -> str:
    """Copy the upload (already spooled by the multipart parser) to a named temp file, in chunks."""
    fd, path = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=_suffix(upload.filename))
    try:
        with os.fdopen(fd, "wb") as out:
            upload.file.seek(0)
            shutil.copyfileobj(upload.file, out, _COPY_CHUNK)
    except BaseException:
        _unlink(path)
        raise
    return path


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def _run_and_unlink(engine: Engine, path: str, kwargs: dict):
    try:
        return engine.transcribe_file(path, **kwargs)
    finally:
        _unlink(path)


def _form_str(form, name: str) -> str | None:
    v = form.get(name)
    if v is None:
        return None
    if not isinstance(v, str):
        raise APIError(400, f"'{name}' must be a string.", name)
    v = v.strip()
    return v or None


# The speaker counts the Worker and the web app accept too (shared/data/speakers.json).
_SPEAKER_COUNT = shared_table("speakers.json")
MIN_SPEAKERS, MAX_SPEAKERS = _SPEAKER_COUNT["min"], _SPEAKER_COUNT["max"]
_TRUE, _FALSE = ("true", "1", "yes", "on"), ("false", "0", "no", "off")


def _form_bool(form, name: str) -> bool | None:
    v = _form_str(form, name)
    if v is None:
        return None
    if v.lower() in _TRUE:
        return True
    if v.lower() in _FALSE:
        return False
    raise APIError(400, f"Invalid value for '{name}': '{v}'. Use true or false.", name)


def _form_count(form, name: str) -> int | None:
    v = _form_str(form, name)
    if v is None:
        return None
    if not v.isdigit() or not (MIN_SPEAKERS <= int(v) <= MAX_SPEAKERS):
        raise APIError(400, f"Invalid value for '{name}': '{v}'. It must be a whole number from {MIN_SPEAKERS} to {MAX_SPEAKERS}.", name)
    return int(v)


def speaker_options(form, response_format: str) -> SpeakerOptions | None:
    """diarize=true (or response_format=diarized_json) asks for speakers; num_speakers, or min_speakers and
    max_speakers, are hints. Hints without diarization, or bounds that contradict, are refused."""
    diarize = _form_bool(form, "diarize")
    if response_format == "diarized_json":
        if diarize is False:
            raise APIError(400, "'response_format=diarized_json' needs speaker recognition; drop 'diarize=false'.", "diarize")
        diarize = True
    num, lo, hi = (_form_count(form, n) for n in ("num_speakers", "min_speakers", "max_speakers"))
    if not diarize:
        for name, value in (("num_speakers", num), ("min_speakers", lo), ("max_speakers", hi)):
            if value is not None:
                raise APIError(400, f"'{name}' needs 'diarize=true'.", name)
        return None
    if num is not None and (lo is not None or hi is not None):
        raise APIError(400, "Give either 'num_speakers' or 'min_speakers'/'max_speakers', not both.", "num_speakers")
    if lo is not None and hi is not None and lo > hi:
        raise APIError(400, "'min_speakers' must not be greater than 'max_speakers'.", "min_speakers")
    embeddings = _form_bool(form, "speaker_embeddings") or False
    return SpeakerOptions(num_speakers=num, min_speakers=lo, max_speakers=hi, embeddings=embeddings)


def create_app(engine: Engine) -> FastAPI:
    executor = ThreadPoolExecutor(max_workers=engine.settings.workers, thread_name_prefix="asr-worker")

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        yield
        executor.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(title="Verbatim ASR", version="0.1.0", lifespan=lifespan, docs_url=None, redoc_url=None)

    @app.middleware("http")
    async def timing(request: Request, call_next):
        t0 = time.perf_counter()
        request.state.audio_seconds = None
        response = await call_next(request)
        elapsed = time.perf_counter() - t0
        response.headers["X-Processing-Seconds"] = f"{elapsed:.3f}"
        audio = getattr(request.state, "audio_seconds", None)
        if audio is not None:
            response.headers["X-Audio-Seconds"] = f"{audio:.3f}"
            rtf = f"{elapsed / audio:.3f}" if audio > 0 else "-"
            log.info(
                "%s %s %d audio=%.2fs processing=%.3fs rtf=%s",
                request.method, request.url.path, response.status_code, audio, elapsed, rtf,
            )
        else:
            log.info(
                "%s %s %d audio=- processing=%.3fs rtf=-",
                request.method, request.url.path, response.status_code, elapsed,
            )
        return response

    @app.exception_handler(APIError)
    async def _api_error(_request: Request, e: APIError):
        return _error_response(e)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, e: StarletteHTTPException):
        return JSONResponse(error_body(str(e.detail)), status_code=e.status_code, headers=getattr(e, "headers", None))

    @app.exception_handler(RequestValidationError)
    async def _validation_error(_request: Request, e: RequestValidationError):
        return JSONResponse(error_body(str(e)), status_code=400)

    @app.exception_handler(Exception)
    async def _server_error(_request: Request, e: Exception):
        log.exception("unhandled error")
        return JSONResponse(error_body(f"Internal error: {type(e).__name__}: {e}", "server_error"), status_code=500)

    @app.get("/health")
    async def health():
        s = engine.settings
        return {"status": "ok", "model": engine.model_name, "device": s.device, "compute_type": s.compute_type}

    def model_object() -> dict[str, Any]:
        return {"id": engine.model_name, "object": "model", "created": 0, "owned_by": "verbatim"}

    @app.get("/v1/models")
    async def list_models():
        return {"object": "list", "data": [model_object()]}

    @app.get("/v1/models/{model_id:path}")
    async def get_model(model_id: str):
        return {**model_object(), "id": model_id}

    @app.post("/v1/audio/probe")
    async def probe(request: Request):
        """Not OpenAI's: the recording's length, read without recognising it, so a plan's length limit is applied
        before the work (the Worker asks before it queues a Free plan's recording)."""
        try:
            form = await request.form()
        except Exception as e:  # malformed multipart
            raise APIError(400, f"Could not parse the multipart form: {e}") from e
        try:
            upload = form.get("file")
            if not isinstance(upload, UploadFile):
                raise APIError(400, "Missing required parameter: 'file'.", "file")
            path = await run_in_threadpool(_save_upload, upload)
        finally:
            await form.close()
        try:
            seconds = await run_in_threadpool(probe_duration, path)
        except DecodeError as e:
            log.info("probe failed: %s", e)
            raise APIError(400, DECODE_ERROR_MESSAGE, "file") from e
        finally:
            _unlink(path)
        return {"duration": round(seconds, 3)}

    @app.post("/v1/audio/transcriptions")
    async def transcriptions(request: Request):
        return await recognise(request, "transcribe")

    @app.post("/v1/audio/translations")
    async def translations(request: Request):
        """Whisper's translate task: the speech, whatever its language, written in English. It takes the same
        fields and answers in the same formats as transcriptions (`language`, if given, names the spoken one)."""
        return await recognise(request, "translate")

    async def recognise(request: Request, task: str):
        try:
            form = await request.form()
        except Exception as e:  # malformed multipart
            raise APIError(400, f"Could not parse the multipart form: {e}") from e
        try:
            upload = form.get("file")
            if upload is None:
                raise APIError(400, "Missing required parameter: 'file'.", "file")
            if not isinstance(upload, UploadFile):
                raise APIError(400, "'file' must be an uploaded file.", "file")

            response_format = _form_str(form, "response_format") or "json"
            if response_format not in formats.RESPONSE_FORMATS:
                raise APIError(
                    400,
                    f"Invalid value for 'response_format': '{response_format}'. "
                    f"Supported values are: {', '.join(formats.RESPONSE_FORMATS)}.",
                    "response_format",
                )

            granularities: list[str] = []
            for key in ("timestamp_granularities[]", "timestamp_granularities"):
                for g in form.getlist(key):
                    g = str(g).strip()
                    if g not in formats.GRANULARITIES:
                        raise APIError(
                            400,
                            f"Invalid value for 'timestamp_granularities': '{g}'. Supported values are: segment, word.",
                            "timestamp_granularities",
                        )
                    if g not in granularities:
                        granularities.append(g)
            # Timestamps only exist in verbose_json; word timing costs time, so only when asked.
            if response_format != "verbose_json":
                granularities = []

            language = None
            lang_raw = _form_str(form, "language")
            if lang_raw is not None:
                language = to_language_code(lang_raw)
                if language is None:
                    raise APIError(400, f"Language '{lang_raw}' is not supported.", "language")

            temperature = None
            temp_raw = _form_str(form, "temperature")
            if temp_raw is not None:
                try:
                    temperature = float(temp_raw)
                except ValueError:
                    raise APIError(400, f"Invalid value for 'temperature': '{temp_raw}'.", "temperature") from None
                if not (0.0 <= temperature <= 1.0):
                    raise APIError(400, "'temperature' must be between 0 and 1.", "temperature")

            speakers = speaker_options(form, response_format)

            prompt = form.get("prompt")
            prompt = prompt if isinstance(prompt, str) and prompt.strip() else None

            path = await run_in_threadpool(_save_upload, upload)
        finally:
            await form.close()

        try:
            loop = asyncio.get_running_loop()
            try:
                tr = await loop.run_in_executor(
                    executor,
                    _run_and_unlink,
                    engine,
                    path,
                    dict(
                        language=language,
                        prompt=prompt,
                        temperature=temperature,
                        word_timestamps="word" in granularities,
                        speakers=speakers,
                        task=task,
                    ),
                )
            except DecodeError as e:
                log.info("decode failed: %s", e)
                raise APIError(400, DECODE_ERROR_MESSAGE, "file") from e
        finally:
            _unlink(path)  # also covers a job cancelled before it started

        request.state.audio_seconds = tr.duration
        headers = {
            "X-Decode-Seconds": f"{tr.decode_seconds:.3f}",
            "X-Transcribe-Seconds": f"{tr.transcribe_seconds:.3f}",
        }
        if tr.diarization is not None:
            headers["X-Diarization-Seconds"] = f"{tr.diarization.seconds:.3f}"
            if tr.diarization.warning:
                headers["X-Diarization-Warning"] = tr.diarization.warning.encode("ascii", "replace").decode()
        if response_format == "json":
            return JSONResponse(formats.to_json(tr), headers=headers)
        if response_format == "verbose_json":
            return JSONResponse(formats.to_verbose_json(tr, granularities), headers=headers)
        if response_format == "diarized_json":
            return JSONResponse(formats.to_diarized_json(tr), headers=headers)
        if response_format == "text":
            body = formats.to_text(tr)
        elif response_format == "srt":
            body = formats.to_srt(tr)
        else:
            body = formats.to_vtt(tr)
        return PlainTextResponse(body, headers=headers)

    return app


__all__ = ["create_app", "APIError", "error_body", "DECODE_ERROR_MESSAGE", "TEMP_PREFIX"]
