# Sourced by scripts/start.sh and scripts/test.sh: pnpm 12 on PATH, the machine's or one installed into .tools/pnpm.
# `npm install -g` needs root (EACCES for a user), so a machine without pnpm gets it inside the checkout.
if ! command -v pnpm >/dev/null; then
  if [[ ! -x .tools/pnpm/node_modules/.bin/pnpm ]]; then
    echo "pnpm is not installed: installing pnpm 12 into .tools/pnpm"
    npm install --silent --no-audit --no-fund --prefix .tools/pnpm pnpm@12
  fi
  export PATH="$PWD/.tools/pnpm/node_modules/.bin:$PATH"
fi
