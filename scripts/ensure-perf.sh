#!/usr/bin/env bash
# perf samples the Temporal server under `npm run bench -- --profile` (scripts/bench/server-profile.ts):
# Debian's package, installed when missing. Prints the path of the perf binary.
set -euo pipefail
if ! command -v perf >/dev/null 2>&1; then
  echo "installing perf from Debian's packages..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends linux-perf >&2
fi
command -v perf
