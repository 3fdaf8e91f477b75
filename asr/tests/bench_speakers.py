"""What speaker recognition adds to the engine's time, in one process (no HTTP), on the real two-speaker
sample looped to --seconds: for each decoding configuration, transcription alone (with and without word
times: diarization needs them, the Worker always asks for them) against transcription with speakers,
alternated over --rounds, best of each; then the numpy networks (tests/numpy_reference.py, as the engine
ran them before) against the ONNX graphs in the same diarization pipeline on the same audio.

    asr/.venv/bin/python asr/tests/bench_speakers.py [--seconds 120] [--rounds 3] [--model DIR]

The machine is shared, so the load average is printed before and after."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import wave
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).parent))

from numpy_reference import NumpyEmbedding, NumpySegmentation  # noqa: E402

from verbatim_asr.diarization import pipeline  # noqa: E402
from verbatim_asr.diarization.embedding import fbank  # noqa: E402
from verbatim_asr.diarization.segmentation import POWERSET  # noqa: E402

SAMPLE = Path(__file__).resolve().parents[2] / "test-fixtures" / "audio" / "two-speakers" / "pyannote-sample.wav"
# (batch size, beam size; 0 = the mode's own beam: 1 batched, 5 sequential)
CONFIGS = {"defaults (batched, greedy in English)": (8, 0), "sequential (ASR_BATCH_SIZE=0, beam 5)": (0, 0)}


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def looped(seconds: float, out: Path) -> np.ndarray:
    from verbatim_asr.audio import decode

    mono = decode(str(SAMPLE))
    audio = np.tile(mono, int(np.ceil(seconds * 16000 / len(mono))))[: int(seconds * 16000)]
    with wave.open(str(out), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes((np.clip(audio, -1, 1) * 32767).astype("<i2").tobytes())
    return audio


class _OldSegmentation:
    """The numpy network behind the pipeline's interface."""

    def __init__(self) -> None:
        self.net = NumpySegmentation()

    def __call__(self, windows):
        return POWERSET[self.net(windows).argmax(axis=-1)]


class _OldEmbedding:
    """One piece after another, as the engine did before the batched graph."""

    def __init__(self) -> None:
        self.net = NumpyEmbedding()

    def __call__(self, pieces):
        return np.stack([self.net(fbank(p)) for p in pieces])


def timed(fn, *args, **kwargs) -> tuple[float, object]:
    t0 = time.perf_counter()
    out = fn(*args, **kwargs)
    return time.perf_counter() - t0, out


def main() -> None:
    from verbatim_asr.bundled_model import model_path
    from verbatim_asr.config import Settings
    from verbatim_asr.engine import Engine
    from verbatim_asr.transcript import SpeakerOptions

    args = argparse.ArgumentParser()
    args.add_argument("--seconds", type=float, default=120.0)
    args.add_argument("--rounds", type=int, default=3)
    args.add_argument("--model", default=None, help="tiny.en directory (default: the bundled tiny.en)")
    args.add_argument("--skip-old", action="store_true", help="do not time the numpy networks")
    a = args.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "sample.wav"
        audio = looped(a.seconds, path)
        print(f"{a.seconds:.0f} s of audio; load average before: {load()}")
        model = a.model or str(model_path())
        for name, (batch, beam) in CONFIGS.items():
            engine = Engine(Settings(model=model, batch_size=batch, beam_size=beam))
            engine.load()
            engine.transcribe_file(str(path), speakers=SpeakerOptions())  # warm: models loaded, caches filled
            best = {"alone": 1e9, "alone, word times": 1e9, "with speakers": 1e9, "diarization": 1e9}
            for _ in range(a.rounds):
                best["alone"] = min(best["alone"], timed(engine.transcribe_file, str(path))[0])
                t, _ = timed(engine.transcribe_file, str(path), word_timestamps=True)
                best["alone, word times"] = min(best["alone, word times"], t)
                t, tr = timed(engine.transcribe_file, str(path), speakers=SpeakerOptions())
                best["with speakers"] = min(best["with speakers"], t)
                best["diarization"] = min(best["diarization"], tr.diarization.seconds)
            base, words, both = best["alone"], best["alone, word times"], best["with speakers"]
            print(
                f"{name}: alone {base:.2f} s, alone with word times {words:.2f} s, with speakers {both:.2f} s "
                f"(diarization {best['diarization']:.2f} s, {len(tr.diarization.speakers)} speakers): adds "
                f"{(both - words) / words:+.0%} to the word-times run, {(both - base) / base:+.0%} to the plain one; "
                f"load {load()}"
            )
        if a.skip_old:
            return
        pipeline.diarize([audio])  # loads the graphs
        old_models = {"segmentation": _OldSegmentation(), "embedding": _OldEmbedding()}
        new_models = dict(pipeline.models)
        times = {"numpy": 1e9, "onnx": 1e9}
        for _ in range(a.rounds):
            for which, models in (("numpy", old_models), ("onnx", new_models)):
                pipeline.models.update(models)
                t, result = timed(pipeline.diarize, [audio])
                times[which] = min(times[which], t)
                print(f"  {which}: {t:.2f} s, {len(result.speakers)} speakers, {result.details}")
        pipeline.models.update(new_models)
        print(
            f"diarization of {a.seconds:.0f} s: numpy {times['numpy']:.2f} s, onnx {times['onnx']:.2f} s "
            f"({times['numpy'] / times['onnx']:.1f}x faster); load {load()}"
        )


if __name__ == "__main__":
    main()
