#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through playwright-core; browser downloads from vendors'
# sites are unreachable here, so the distribution package is the one we use.
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  echo "installing Chromium from Debian's packages..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq chromium >&2
fi
