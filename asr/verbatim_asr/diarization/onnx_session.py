"""onnxruntime sessions for the diarization graphs, set up for a small shared CPU."""

from __future__ import annotations

from .weights import graph_path


def session(graph: str, threads: int):
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads
    options.inter_op_num_threads = 1
    # Idle threads sleep instead of spinning: diarization runs right after Whisper on the same cores, and other
    # work shares them (see docs/speech-engine/speaker-recognition.md#speed).
    options.add_session_config_entry("session.intra_op.allow_spinning", "0")
    return ort.InferenceSession(str(graph_path(graph)), options, providers=["CPUExecutionProvider"])
