#!/usr/bin/env bash
# npm start: from a fresh clone, installs what is missing and runs everything on embedded defaults.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install-deps.sh
# The api and the worker run on jemalloc where it can be had (platform/allocator.ts).
bash scripts/ensure-jemalloc.sh >/dev/null || true
exec node --import tsx scripts/start.ts "$@"
