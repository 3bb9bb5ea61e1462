#!/usr/bin/env bash
# CI for the PHP SDK, from a clean clone after `pnpm install`, as root: installs the PHP toolchain from
# Debian's packages when missing, then checks formatting and lint (PSR-12), the generated code, composer.json,
# the unit tests and the code samples, and runs the conformance scenario and the README's quick start against
# a real Bahi through Prism's validating proxy (on PostgreSQL when TEST_DATABASE_URL is set).
set -euo pipefail
cd "$(dirname "$0")"
package=$PWD
root=$(cd ../.. && pwd)

step() { printf '\n=== sdk-php: %s (%ss)\n' "$1" "$SECONDS"; }

step "toolchain"
# Debian's packages: packagist is not reachable, and the SDK needs nothing from it.
missing=()
command -v php >/dev/null || missing+=(php-cli)
php -m 2>/dev/null | grep -qx curl || missing+=(php-curl)
command -v phpunit >/dev/null || missing+=(phpunit)
command -v phpcs >/dev/null || missing+=(php-codesniffer)
command -v composer >/dev/null || missing+=(composer)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
php --version | head -1

step "format (phpcbf would change nothing)"
# phpcs's diff report is exactly what phpcbf would rewrite.
diff=$(phpcs --report=diff -q || true)
if [ -n "$diff" ]; then
  printf '%s\n' "$diff"
  echo "Formatting differs from PSR-12: run 'phpcbf' in packages/sdk-php." >&2
  exit 1
fi

step "lint (phpcs, PSR-12)"
phpcs -q --report=full

step "generated code is up to date with the contract"
php bin/generate.php --check

step "composer.json"
composer validate --strict --no-interaction

step "unit tests (phpunit)"
phpunit

step "code samples compile (php -l)"
find "$root/spec/code-samples/php" -name '*.php' -print0 | xargs -0 -n1 -P4 php -l >/dev/null
echo "$(find "$root/spec/code-samples/php" -name '*.php' | wc -l) samples compile"

step "conformance scenario and README quick start, through Prism"
cd "$root"
node packages/conformance/with-server.mjs --prism -- bash "$package/conformance/all.sh"

step "done"
