#!/usr/bin/env bash
# Runs every test (see scripts/test.mjs). Installs pnpm first if this machine has none.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/pnpm.sh
exec node scripts/test.mjs "$@"
