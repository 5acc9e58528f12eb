#!/usr/bin/env bash
# nginx is the public entry point of the production topology (npm run start:cluster and its test):
# Debian's package, installed when missing. Tessera never uses the system's nginx service (which the
# package may start on port 80): it runs its own nginx processes with their own configuration,
# prefix and ports. Prints the path of the nginx binary.
set -euo pipefail
if [ ! -x /usr/sbin/nginx ]; then
  echo "installing nginx from Debian's packages..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends nginx >&2
fi
echo /usr/sbin/nginx
