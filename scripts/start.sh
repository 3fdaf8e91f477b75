#!/usr/bin/env bash
# Installs everything and starts Verbatim at http://127.0.0.1:${PORT:-8787} (see scripts/start.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/pnpm.sh
exec node scripts/start.mjs "$@"
