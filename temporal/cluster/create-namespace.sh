#!/bin/sh
# Registers Tessera's namespace on a fresh Temporal cluster and creates the search attributes its
# workflows set (temporal/search-attributes.ts), with the Temporal CLI. Safe to run at every start:
# what exists already is left as it is. Waits (bounded) for the server to answer first.
#
# Run by npm run start:cluster (the CLI of temporal/ensure-binary.sh) and, as a one-shot service,
# by docker-compose.yml in the temporalio/admin-tools image; both give the same variables:
#   TEMPORAL_ADDRESS                 the frontend, host:port
#   TEMPORAL_NAMESPACE               default
#   TEMPORAL_NAMESPACE_RETENTION     how long closed workflows' histories stay (720h by default: a
#                                    month to look into a disputed payment in the Temporal UI; the
#                                    read model in Tessera's database keeps the payments themselves)
#   TESSERA_SEARCH_ATTRIBUTES        Name=Type pairs separated by commas
#   TEMPORAL_CLI                     the CLI's path, `temporal` by default
set -eu
: "${TEMPORAL_ADDRESS:?TEMPORAL_ADDRESS: the Temporal frontend, host:port}"
: "${TESSERA_SEARCH_ATTRIBUTES:?TESSERA_SEARCH_ATTRIBUTES: Name=Type pairs}"
namespace="${TEMPORAL_NAMESPACE:-default}"
retention="${TEMPORAL_NAMESPACE_RETENTION:-720h}"
cli="${TEMPORAL_CLI:-temporal}"
say() { echo "[temporal-namespace] $*"; }

# retry <what> <command...>: up to 60 tries a second apart (a server starting, or a namespace the
# frontend's cache has not seen yet: it refreshes every 2 s).
retry() {
  what="$1"
  shift
  tries=0
  until "$@" >/dev/null 2>&1; do
    tries=$((tries + 1))
    if [ "$tries" -ge 60 ]; then
      say "gave up: $what"
      "$@"
      return 1
    fi
    sleep 1
  done
}

cli_at() { "$cli" "$@" --address "$TEMPORAL_ADDRESS"; }
namespace_exists() { cli_at operator namespace describe -n "$namespace"; }
ensure_namespace() {
  namespace_exists || cli_at operator namespace create -n "$namespace" --retention "$retention"
}
# A search attribute of that name, whatever its case: the list prints one per line, name first.
attribute_exists() { cli_at operator search-attribute list -n "$namespace" | grep -qiw "^ *$1"; }
ensure_attribute() {
  attribute_exists "$1" || cli_at operator search-attribute create -n "$namespace" --name "$1" --type "$2"
}

retry "the server at $TEMPORAL_ADDRESS is not healthy" cli_at operator cluster health
say "namespace $namespace (retention $retention for new namespaces)"
retry "register namespace $namespace" ensure_namespace
for pair in $(echo "$TESSERA_SEARCH_ATTRIBUTES" | tr ',' ' '); do
  say "search attribute ${pair%%=*} (${pair#*=})"
  retry "create search attribute ${pair%%=*}" ensure_attribute "${pair%%=*}" "${pair#*=}"
done
say "done"
