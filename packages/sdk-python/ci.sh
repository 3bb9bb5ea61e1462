#!/usr/bin/env bash
# Everything CI needs for the Python SDK, from a clean clone after `pnpm install`, as root:
# toolchain (a .venv with pinned tools), ruff format and lint, the generator's --check, mypy --strict,
# wheel and sdist, unit tests, the code samples type-checked, and the conformance scenario against a
# real Bahi through Prism (on PostgreSQL when TEST_DATABASE_URL is set, else on PGlite).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$here"
started=$SECONDS
step() { printf '\n== sdk-python: %s (%ds)\n' "$1" $((SECONDS - started)); }

step "toolchain"
python="${PYTHON:-python3}"
"$python" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "Python 3.10 or later is needed")'
# The venv is rebuilt when the pinned tools change (or the Python it was made with is gone). CI keeps
# it outside the clone (BAHI_SDK_PYTHON_VENV), so that a fresh clone does not install it again.
venv="${BAHI_SDK_PYTHON_VENV:-.venv}"
stamp="$venv/.requirements-$(sha256sum requirements-dev.txt | cut -c1-16)"
if [[ ! -f "$stamp" || ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c '' 2>/dev/null; then
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r requirements-dev.txt
  touch "$stamp"
fi
py="$(cd "$venv" && pwd)/bin/python"
"$py" --version

step "ruff format --check"
"$py" -m ruff format --check . "$root/spec/code-samples/python"

step "ruff check"
"$py" -m ruff check . "$root/spec/code-samples/python"

step "generator --check"
"$py" scripts/generate.py --check

step "build wheel and sdist"
rm -rf dist
"$py" -m build --no-isolation --outdir dist . >/dev/null
ls dist
# Tests, samples and the conformance run use the wheel as installed, not the source tree.
"$py" -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall dist/bahi-*.whl

step "mypy --strict (Python 3.10): package, tests, conformance runner, generator"
"$py" -m mypy

step "mypy --strict (Python 3.10): every code sample, against the installed wheel"
(cd "$root/spec/code-samples/python" && "$py" -m mypy --strict --python-version 3.10 --no-incremental .)

step "unit tests (mocked HTTP)"
"$py" -m pytest -p no:cacheprovider tests

store=PGlite
[[ -n "${TEST_DATABASE_URL:-}" ]] && store=PostgreSQL
step "conformance scenario through Prism, on $store"
cd "$root"
node packages/conformance/with-server.mjs --prism -- "$py" packages/sdk-python/conformance/run.py

step "done"
