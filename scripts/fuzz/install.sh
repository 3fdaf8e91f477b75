#!/usr/bin/env bash
# Idempotent setup of the fuzz step's virtualenv (.venv-fuzz at the repository root): schemathesis,
# openapi-spec-validator and pytest. Installs again only when requirements.txt (or Python) changed.
set -euo pipefail

FUZZ_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$FUZZ_DIR/../.." && pwd)"
VENV="$ROOT/.venv-fuzz"
PYTHON="${PYTHON:-python3}"

if ! "$VENV/bin/python" -c 'import sys' >/dev/null 2>&1; then
  command -v "$PYTHON" >/dev/null || { echo "fuzz/install.sh: $PYTHON not found (need Python 3.10+)" >&2; exit 1; }
  echo "fuzz: creating virtualenv $VENV"
  rm -rf "$VENV"
  "$PYTHON" -m venv "$VENV" || { echo "fuzz/install.sh: '$PYTHON -m venv' failed (on Debian: apt-get install python3-venv)" >&2; exit 1; }
fi

req="$FUZZ_DIR/requirements.txt"
stamp="$VENV/.installed-requirements.txt"
hash="$( { "$VENV/bin/python" -c 'import sys; print(sys.version)'; cat "$req"; } | sha256sum | cut -d' ' -f1)"
if [[ -f "$stamp" && "$(cat "$stamp")" == "$hash" ]]; then
  echo "fuzz: requirements already installed"
  exit 0
fi
echo "fuzz: installing requirements ..."
rm -f "$stamp"
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$req"
echo "$hash" > "$stamp"
