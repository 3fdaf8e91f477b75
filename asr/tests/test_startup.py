"""Start-up behaviour: bundled-model helper, model load failures, busy port."""

from __future__ import annotations

import socket
from pathlib import Path

from conftest import run_module, server_env


def test_bundled_model_helper_prints_directory(model_dir):
    r = run_module(["verbatim_asr.bundled_model"], server_env())
    assert r.returncode == 0, r.stderr
    path = Path(r.stdout.strip())
    assert path.is_absolute() and path == model_dir
    assert (path / "model.bin").is_file() and (path / "config.json").is_file()


def test_missing_local_model_directory_exits_nonzero(tmp_path):
    r = run_module(["verbatim_asr", "--port", "0"], server_env(ASR_MODEL=str(tmp_path / "no-such-model")))
    assert r.returncode != 0
    assert "ASR_MODEL" in r.stderr


def test_failed_download_exits_nonzero_with_hint(tmp_path):
    # Offline + empty cache: the same failure as an unreachable Hugging Face, but fast and deterministic.
    env = server_env(ASR_MODEL="tiny.en", HF_HUB_OFFLINE="1", HF_HOME=str(tmp_path / "hf"))
    r = run_module(["verbatim_asr", "--port", "0"], env)
    assert r.returncode == 1
    assert "could not load the ASR model 'tiny.en'" in r.stderr
    assert "ASR_MODEL=/path/to/" in r.stderr


def test_busy_port_fails_fast(model_dir):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = run_module(["verbatim_asr"], server_env(ASR_MODEL=str(model_dir), ASR_PORT=str(port)), timeout=20)
    assert r.returncode == 2
    assert "cannot bind" in r.stderr
