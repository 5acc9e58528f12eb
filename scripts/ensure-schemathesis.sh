#!/usr/bin/env bash
# Prints the path of the schemathesis CLI that the OpenAPI fuzzing test runs
# (test/integration/openapi-fuzzing.test.ts), installing it when missing: a Python virtualenv in
# .tools/ (ignored) holding exactly test/fuzzing/requirements.txt from PyPI. A changed requirements
# file installs a fresh virtualenv; concurrent callers wait for one install.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
requirements="$root/test/fuzzing/requirements.txt"
version="$(sed -n 's/^schemathesis==//p' "$requirements")"
venv="$root/.tools/schemathesis-$version"
stamp="$venv/.requirements.sha256"
wanted="$(sha256sum "$requirements" | cut -d' ' -f1)"

mkdir -p "$root/.tools"
exec 9>"$root/.tools/schemathesis.lock"
flock 9
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
  echo "installing schemathesis $version into $venv..." >&2
  rm -rf "$venv"
  python3 -m venv "$venv" >&2
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps --only-binary :all: \
    -r "$requirements" >&2
  "$venv/bin/python" -m pip check --disable-pip-version-check >&2
  echo "$wanted" >"$stamp"
fi
echo "$venv/bin/schemathesis"
