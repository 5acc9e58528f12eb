#!/usr/bin/env bash
# jemalloc for the api and worker processes (platform/allocator.ts says why): Debian's package,
# installed when missing. Prints the library's path. Where it cannot be installed (not root, no
# apt-get), says so and prints nothing: the processes then run on the system's malloc.
set -euo pipefail
find_library() {
  ls /usr/local/lib/libjemalloc.so.2 /usr/lib/*-linux-gnu/libjemalloc.so.2 /usr/lib/libjemalloc.so.2 2>/dev/null | head -n1
}
library="$(find_library || true)"
if [ -z "$library" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing jemalloc from Debian's packages..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends libjemalloc2 >&2
    library="$(find_library || true)"
  else
    echo "jemalloc is not installed and cannot be from here (needs root and apt-get): the system's malloc it is" >&2
  fi
fi
[ -z "$library" ] || echo "$library"
