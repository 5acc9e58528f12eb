#!/usr/bin/env bash
# npm run start:cluster: the production topology on this machine (README: production topology).
# Installs what it needs: npm packages, nginx (Debian), the Temporal CLI; start.ts installs
# PostgreSQL (Debian) and builds the Temporal server, its SQL tool and the UI server once per
# machine (minutes).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install-deps.sh
bash scripts/ensure-nginx.sh >/dev/null
bash scripts/ensure-jemalloc.sh >/dev/null
bash temporal/ensure-binary.sh >/dev/null
exec node --import tsx scripts/cluster/start.ts "$@"
