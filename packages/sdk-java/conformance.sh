#!/usr/bin/env bash
# Runs the conformance scenario and then the README's quick start with the Java SDK against a real
# Bahi that with-server.mjs starts (on PostgreSQL when TEST_DATABASE_URL is set, else on PGlite).
# Needs `mvn verify` to have built the conformance module. Flags go to with-server.mjs (--prism).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
classpath="$here/conformance/target/classes:$(cat "$here/conformance/target/classpath.txt")"
cd "$here/../.."

# shellcheck disable=SC2016 # expanded by the inner bash, which with-server.mjs starts
exec node packages/conformance/with-server.mjs "$@" -- bash -c '
  set -euo pipefail
  classpath="$0"
  java -cp "$classpath" dev.bahi.conformance.Runner "$@"
  out="$(BAHI_API_KEY="$BAHI_CONFORMANCE_API_KEY" BAHI_BASE_URL="$BAHI_CONFORMANCE_BASE_URL" java -cp "$classpath" QuickStart)"
  printf "%s\n" "$out" | sed "s/^/quickstart: /"
  # 23 pens at Rs. 99.99 from Karnataka to Tamil Nadu: 2299.77 + 413.96 IGST, rounded to 2714.
  grep -q "taxable Rs. 2299.77, IGST Rs. 413.96, total Rs. 2714," <<<"$out"
  echo "quickstart: the README quick start ran as written"
'  "$classpath"
