#!/usr/bin/env bash
# npm run test:cluster: the cluster test alone (test/cluster; npm test runs it too, last). Installs
# what it needs: npm packages, PostgreSQL, nginx and jemalloc from Debian, the Temporal CLI, and the Temporal
# server, SQL tool and UI server built once per machine (a few minutes the first time).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install-deps.sh
bash scripts/ensure-postgres.sh >/dev/null
bash scripts/ensure-nginx.sh >/dev/null
bash scripts/ensure-jemalloc.sh >/dev/null
bash temporal/ensure-binary.sh >/dev/null
bash temporal/cluster/build-binaries.sh >/dev/null
exec npx vitest run --project cluster "$@"
