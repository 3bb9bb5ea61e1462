#!/usr/bin/env bash
# Regenerates the Java SDK's models, params and services and the Java code samples from
# packages/contract/generated/openapi.json. `generate.sh --check` fails when they are stale.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode="${1:---write}"
cd "$here"
mvn -q -B -pl generator verify -Dspotless.check.skip=true -Dgenerate.mode="$mode"
