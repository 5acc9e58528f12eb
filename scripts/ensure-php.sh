#!/usr/bin/env bash
# The PHP samples of the API v1 notification docs run in the docs samples test
# (test/integration/docs-samples.test.ts): PHP's CLI and phpseclib 2 from Debian's packages, since
# Packagist is unreachable here. phpseclib 2 (php-phpseclib), not 3: the v1 plugins check a
# signature by loading the public key and OAEP-decrypting with it, which phpseclib 2's RSA class
# allows and phpseclib 3 refuses (its public keys have no decrypt).
set -euo pipefail
if ! command -v php >/dev/null || [ ! -f /usr/share/php/phpseclib/autoload.php ]; then
  echo "installing PHP and phpseclib from Debian's packages..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends php-cli php-phpseclib >&2
fi
