#!/usr/bin/env bash
# All the checks: creates .venv if needed, installs grapeshot with its test extras,
# then runs ruff (lint and format), mypy --strict on the package, pytest, and the
# rule-coverage check.  Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]"
echo "== ruff"
.venv/bin/ruff check src tests bench
.venv/bin/ruff format --check src tests bench
echo "== mypy (strict)"
.venv/bin/mypy
echo "== pytest"
.venv/bin/pytest -n "${PYTEST_WORKERS:-auto}" -q "$@"
echo "== rule coverage"
.venv/bin/grapeshot rules --coverage > /tmp/grapeshot-coverage.txt || { tail -n 5 /tmp/grapeshot-coverage.txt; exit 1; }
tail -n 2 /tmp/grapeshot-coverage.txt
