#!/usr/bin/env bash
# Installs npm packages when node_modules is missing or older than package-lock.json.
# `npm install` rather than `npm ci`: npm 11 leaves other platforms' optional binaries
# (@swc/core-darwin-*, @rollup/rollup-android-*) out of the lock file and `npm ci` then refuses
# it as out of sync; `npm install` still installs the locked versions.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "installing npm packages..." >&2
  npm install --no-audit --no-fund --loglevel=error >&2
fi
# The typed client's generator runs with its own TypeScript 5 (scripts/typed-client/generate.ts).
if [ ! -f scripts/typed-client/node_modules/.package-lock.json ] ||
  [ scripts/typed-client/package-lock.json -nt scripts/typed-client/node_modules/.package-lock.json ]; then
  npm install --prefix scripts/typed-client --no-audit --no-fund --loglevel=error >&2
fi
