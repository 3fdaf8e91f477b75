"""Speech with known speakers, made by espeak-ng and sox for the diarization tests: each turn is one voice
saying one sentence, silence trimmed, so the reference speaker turns (RTTM) are exact."""

from __future__ import annotations

import subprocess
from pathlib import Path

# Four espeak-ng voices that differ in accent and in variant (voice+variant). The variant sets the voice: until
# 2026-11-27 these were en-us+m3, en-gb-scotland+m1, en-029+f4, en-gb-x-rp+m7, but m1 and m3 embed at cosine 0.61
# (one variant with itself: about 0.8), nearly one voice, and only a threshold set on this very meeting (0.65) told
# them apart. These four are at most 0.42 apart (tests/devset.py, docs/speech-engine/speaker-recognition.md).
VOICES = ["en-us+m3", "en-gb-scotland+Alicia", "en-029+f4", "en-gb-x-rp+m7"]

SENTENCES = [
    "Good morning everyone, let us start with the budget for the third quarter.",
    "Thanks. The marketing numbers came in higher than we planned last month.",
    "I can take the hiring plan, but I need the final head count by Friday.",
    "Before we move on, who is writing the summary for the board meeting?",
    "I will write it tonight and send it to all of you tomorrow morning.",
    "Great. The new office opens in April, so the movers need a date soon.",
    "We should ask the landlord about parking before we sign anything else.",
    "Agreed, and please check the insurance for the equipment in storage.",
    "The customer survey closes next week and the early answers look good.",
    "Let us keep the launch on the same day unless the survey says otherwise.",
    "I still worry about the server costs if traffic doubles after the launch.",
    "Then let us meet again on Thursday and decide with the real numbers.",
]


def _run(*cmd: str) -> str:
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout.strip()


def say(text: str, voice: str, out: Path) -> float:
    """One sentence as 16 kHz mono WAV with the silence at both ends cut; returns its length in seconds."""
    raw = out.with_suffix(".raw.wav")
    _run("espeak-ng", "-v", voice, "-s", "165", "-w", str(raw), text)
    _run("sox", str(raw), "-r", "16000", "-c", "1", "-b", "16", str(out),
         "silence", "1", "0.02", "0.5%", "reverse", "silence", "1", "0.02", "0.5%", "reverse")
    raw.unlink()
    return float(_run("soxi", "-D", str(out)))


def conversation(directory: Path, voices: list[str], order: list[int], gap: float = 0.5) -> tuple[Path, list[tuple[float, float, str]]]:
    """Turns in the given speaker order, `gap` seconds of silence between them; returns the recording and the
    reference turns (start, end, speaker)."""
    parts, turns, t = [], [], 0.0
    silence = directory / "gap.wav"
    _run("sox", "-n", "-r", "16000", "-c", "1", "-b", "16", str(silence), "trim", "0", str(gap))
    for i, speaker in enumerate(order):
        clip = directory / f"turn{i:02d}.wav"
        length = say(SENTENCES[i % len(SENTENCES)], voices[speaker], clip)
        turns.append((round(t, 3), round(t + length, 3), f"voice{speaker}"))
        parts += [str(clip), str(silence)]
        t += length + gap
    out = directory / "conversation.wav"
    _run("sox", *parts, str(out))
    return out, turns


def stereo(directory: Path, left: Path, right: Path, offset: float) -> Path:
    """Left-channel recording, and the right one starting `offset` seconds later, as one stereo file."""
    out = directory / "stereo.wav"
    padded = directory / "right-padded.wav"
    _run("sox", str(right), str(padded), "pad", str(offset), "0")
    _run("sox", "-M", str(left), str(padded), str(out))
    return out


def write_rttm(turns: list[tuple[float, float, str]], path: Path, uri: str = "recording") -> None:
    path.write_text("".join(f"SPEAKER {uri} 1 {s:.3f} {e - s:.3f} <NA> <NA> {spk} <NA> <NA>\n" for s, e, spk in turns))
