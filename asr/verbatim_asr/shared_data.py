"""The rule tables the engine shares with the TypeScript packages (languages, sentence ends, speaker counts; its
tests read the word error rate's here too): one copy of each in <repo>/shared/data, read at import time. `data` beside this module links there, so the package
finds them run from the checkout (asr/install.sh) and a wheel built from it (`pip install ./asr`) carries them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA_DIR = Path(__file__).resolve().parent / "data"


class SharedDataMissing(RuntimeError):
    pass


def shared_table(name: str) -> Any:
    """The parsed JSON of shared/data/<name>."""
    path = DATA_DIR / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SharedDataMissing(
            f"{path} is missing: the engine reads its shared tables from <repo>/shared/data, which "
            f"verbatim_asr/data links to; run it from a full checkout, or install it from one (pip install ./asr)"
        ) from None
