"""The numeric libraries' CPU paths and threads, fixed once before any of them loads.

The same recording must give the same words and times on any x86-64 CPU with AVX2 or AVX-512, alone or beside
other requests (docs/speech-engine/determinism.md). CTranslate2 picks its own kernels and its GEMM library by CPU
(Intel MKL on Intel, oneDNN on AMD), and MKL picks its code path by CPU: each gives other last bits on another
machine, enough to change a word. Here they are pinned to one path that every such CPU runs. Numbers the engine
computes itself (the log-mel features) do not depend on BLAS at all (features.py), and BLAS keeps one thread:
nothing changes a thread count at run time.

Each value is a default: an operator who sets one keeps theirs (and loses the guarantee).
"""

from __future__ import annotations

import os

PINS = {
    # CTranslate2's own kernels (softmax, layer norm, quantisation): AVX2's on every CPU that has it.
    "CT2_FORCE_CPU_ISA": "AVX2",
    # One GEMM library on every vendor's CPU...
    "CT2_USE_MKL": "1",
    # ...on one code path: MKL's conditional numerical reproducibility at AVX2.
    "MKL_CBWR": "AVX2,STRICT",
    # NumPy's BLAS: the engine's matrices are small (clustering, stitching), and OpenBLAS's threads spin and wait
    # on a shared machine. One thread from the start, for the whole process.
    "OPENBLAS_NUM_THREADS": "1",
}


def pin() -> None:
    for name, value in PINS.items():
        os.environ.setdefault(name, value)
