#!/usr/bin/env bash
# npm test: the whole suite. Installs what the suite needs (npm packages, the Temporal binary,
# PostgreSQL, Chromium, PHP for the v1 docs samples, schemathesis for the OpenAPI fuzzing,
# stripe-mock for the Stripe adapter's contract tests, nginx, jemalloc, and the Temporal server, SQL tool and
# UI server of the cluster test, built from Go once per machine) so that it runs on a fresh machine.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install-deps.sh
bash temporal/ensure-binary.sh >/dev/null
bash scripts/ensure-postgres.sh >/dev/null
bash scripts/ensure-chromium.sh
bash scripts/ensure-php.sh
bash scripts/ensure-schemathesis.sh >/dev/null
bash scripts/ensure-stripe-mock.sh >/dev/null
bash scripts/ensure-nginx.sh >/dev/null
bash scripts/ensure-jemalloc.sh >/dev/null
bash temporal/cluster/build-binaries.sh >/dev/null
npx tsc --noEmit -p tsconfig.json
npx oxlint --type-aware --deny-warnings
npx prettier --check . >/dev/null || { npx prettier --list-different .; echo 'format: run npm run format' >&2; exit 1; }
exec npx vitest run "$@"
