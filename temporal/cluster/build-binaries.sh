#!/usr/bin/env bash
# Builds the Temporal server, its SQL schema tool and the Temporal UI server from the Go module
# proxy with the installed Go, once per machine, into a cache outside the clone
# (${TESSERA_GO_CACHE:-~/.cache/tessera/go}/<module>-<version>/). Versions: versions.env.
# Prints, on stdout, KEY=path lines for what it built (progress goes to stderr):
#   TEMPORAL_SERVER_BIN, TEMPORAL_SQL_TOOL_BIN, TEMPORAL_SCHEMA_DIR, TEMPORAL_UI_SERVER_BIN
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=versions.env
source "$here/versions.env"
cache="${TESSERA_GO_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tessera/go}"
say() { echo "[cluster-binaries] $*" >&2; }

command -v go >/dev/null 2>&1 || { say "Go is not installed: the Temporal server is built from source with it"; exit 1; }
mkdir -p "$cache"
# One build at a time per machine: CI and a developer's start:cluster may ask together.
exec 9>"$cache/.temporal-build.lock"
flock 9

# go_install <folder> <package@version> <binary name> <installed name>: builds into <folder>.partial,
# which the caller renames into place once complete, so an interrupted build is never taken for one.
# GOTOOLCHAIN=local: the installed Go builds it, or the build fails (no toolchain download).
go_install() {
  local dest="$1" package="$2" built="$3" name="$4"
  say "building $package with $(go env GOVERSION) into $dest (minutes: once per machine)"
  local started=$SECONDS
  mkdir -p "$dest.partial/bin"
  GOTOOLCHAIN=local GOFLAGS=-buildvcs=false GOBIN="$dest.partial/bin" go install "$package"
  mv "$dest.partial/bin/$built" "$dest.partial/bin/$name"
  say "built $name in $((SECONDS - started)) s"
}

server="$cache/temporal-server-v$TEMPORAL_SERVER_VERSION"
if [ ! -d "$server" ]; then
  rm -rf "$server.partial"
  go_install "$server" "go.temporal.io/server/cmd/server@v$TEMPORAL_SERVER_VERSION" server temporal-server
  go_install "$server" "go.temporal.io/server/cmd/tools/sql@v$TEMPORAL_SERVER_VERSION" sql temporal-sql-tool
  # The schema files ship in the server module, not in the binaries: keep a copy beside them so a
  # cleaned Go module cache does not take them away.
  module_dir="$(GOTOOLCHAIN=local go mod download -json "go.temporal.io/server@v$TEMPORAL_SERVER_VERSION" |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [ -d "$module_dir/schema/postgresql" ] || { say "no schema/postgresql in $module_dir"; exit 1; }
  mkdir -p "$server.partial/schema"
  cp -R "$module_dir/schema/postgresql" "$server.partial/schema/"
  chmod -R u+w "$server.partial/schema"
  mv "$server.partial" "$server"
else
  say "Temporal server and SQL tool v$TEMPORAL_SERVER_VERSION: built already ($server)"
fi

ui="$cache/temporal-ui-server-v$TEMPORAL_UI_VERSION"
if [ ! -d "$ui" ]; then
  rm -rf "$ui.partial"
  go_install "$ui" "github.com/temporalio/ui-server/v2/cmd/server@v$TEMPORAL_UI_VERSION" server temporal-ui-server
  mv "$ui.partial" "$ui"
else
  say "Temporal UI server v$TEMPORAL_UI_VERSION: built already ($ui)"
fi

echo "TEMPORAL_SERVER_BIN=$server/bin/temporal-server"
echo "TEMPORAL_SQL_TOOL_BIN=$server/bin/temporal-sql-tool"
echo "TEMPORAL_SCHEMA_DIR=$server/schema/postgresql/v12"
echo "TEMPORAL_UI_SERVER_BIN=$ui/bin/temporal-ui-server"
