#!/usr/bin/env bash
# Prints the path of stripe-mock, Stripe's official mock server (github.com/stripe/stripe-mock): it
# validates every request against Stripe's published OpenAPI document, which is what the Stripe
# adapter's contract tests need (partners/stripe/stripe.contract.test.ts). Built once per machine
# with the installed Go from the Go module proxy (about a minute) and cached outside the clone, so
# a fresh clone and every worktree reuse it. STRIPE_MOCK_BIN names another binary.
set -euo pipefail
version="v0.203.0" # serves Stripe API 2026-08-26.dahlia: partners/stripe/client.ts STRIPE_API_VERSION

if [ -n "${STRIPE_MOCK_BIN:-}" ]; then
  [ -x "$STRIPE_MOCK_BIN" ] || { echo "STRIPE_MOCK_BIN=$STRIPE_MOCK_BIN is not executable" >&2; exit 1; }
  echo "$STRIPE_MOCK_BIN"; exit 0
fi

dir="${XDG_CACHE_HOME:-$HOME/.cache}/tessera/go/stripe-mock-$version"
bin="$dir/stripe-mock"
if [ ! -x "$bin" ]; then
  command -v go >/dev/null 2>&1 || { echo "stripe-mock is built with Go, which is not installed" >&2; exit 1; }
  mkdir -p "$dir"
  # Several test processes may ask at once: one builds, the others wait for it.
  exec 9>"$dir/.lock"
  flock 9
  if [ ! -x "$bin" ]; then
    echo "building stripe-mock $version with $(go version | cut -d' ' -f3) (once per machine)..." >&2
    tmp="$(mktemp -d "$dir/.build.XXXXXX")"
    trap 'rm -rf "$tmp"' EXIT
    GOBIN="$tmp" GOFLAGS=-mod=mod go install "github.com/stripe/stripe-mock@$version" >&2
    mv "$tmp/stripe-mock" "$bin" # atomic: nobody sees a half-written binary
  fi
fi
echo "$bin"
