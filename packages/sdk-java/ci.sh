#!/usr/bin/env bash
# Everything CI checks for the Java SDK, run from a clean clone after `pnpm install`: the format
# (Spotless, google-java-format), the generator's --check, the jar with its sources and javadoc jars,
# the unit tests, every code sample and the README's quick start compiled, then the conformance
# scenario and the quick start against a real Bahi through Prism's validating proxy (on PostgreSQL
# when TEST_DATABASE_URL is set). Maven's repository is the default ~/.m2.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
started=$SECONDS

# One Maven run for all of it: the reactor builds generator, SDK and conformance module in order.
mvn -q -B verify

# Surefire says nothing under -q: count its reports so that the log shows what ran.
passed=0
failed=0
for report in bahi-java/target/surefire-reports/TEST-*.xml; do
  tests=$(grep -o 'tests="[0-9]*"' "$report" | head -1 | tr -dc 0-9)
  bad=$(($(grep -o 'failures="[0-9]*"' "$report" | head -1 | tr -dc 0-9) + $(grep -o 'errors="[0-9]*"' "$report" | head -1 | tr -dc 0-9)))
  passed=$((passed + tests - bad))
  failed=$((failed + bad))
done
echo "java unit tests: $passed passed, $failed failed"
ls bahi-java/target/bahi-java-*.jar | sed 's/^/built: /'
echo "samples: $(ls conformance/target/classes/dev/bahi/samples/*Sample.class | wc -l) compiled"

./conformance.sh --prism
echo "sdk-java ci: $((SECONDS - started)) s"
