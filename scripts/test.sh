#!/usr/bin/env bash
# Runs every test (see scripts/test.mjs). Installs pnpm first if this machine has none.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v pnpm >/dev/null || npm install -g pnpm@12
exec node scripts/test.mjs "$@"
