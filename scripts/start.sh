#!/usr/bin/env bash
# npm start: from a fresh clone, installs what is missing and runs everything on embedded defaults.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install-deps.sh
exec node --import tsx scripts/start.ts "$@"
