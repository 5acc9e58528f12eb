#!/usr/bin/env bash
# Installs npm packages when node_modules is missing or older than package-lock.json, exactly as
# locked (`npm ci`). The lock file must hold every platform's optional binaries for `npm ci` to
# accept it; scripts/lock-file.test.ts keeps it so.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "installing npm packages (npm ci)..." >&2
  npm ci --no-audit --no-fund --loglevel=error >&2
fi
# npm ci applies them after installing (postinstall); a tree installed before a patch came gets it here.
# A tree that holds an earlier version of a patch matches neither side of the new one: installed
# again, it takes the patch as it is now.
if ! node scripts/apply-dependency-patches.mjs >/dev/null 2>&1; then
  echo "a dependency patch changed since node_modules was installed: installing again (npm ci)..." >&2
  npm ci --no-audit --no-fund --loglevel=error >&2
  node scripts/apply-dependency-patches.mjs >/dev/null
fi
# The typed client's generator runs with its own TypeScript 5 (scripts/typed-client/generate.ts).
if [ ! -f scripts/typed-client/node_modules/.package-lock.json ] ||
  [ scripts/typed-client/package-lock.json -nt scripts/typed-client/node_modules/.package-lock.json ]; then
  npm ci --prefix scripts/typed-client --no-audit --no-fund --loglevel=error >&2
fi
