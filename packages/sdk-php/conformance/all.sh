#!/usr/bin/env bash
# The conformance scenario, then the README's quick start, against the Bahi that with-server.mjs
# started; fails when either does.
set -uo pipefail
here=$(dirname "$0")
php "$here/run.php"
scenario=$?
php "$here/readme.php"
readme=$?
exit $((scenario != 0 || readme != 0))
