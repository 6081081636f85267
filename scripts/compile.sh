#!/usr/bin/env bash
# The optional compiled build: compiles grapeshot's hottest modules with mypyc (see
# src/grapeshot/compiled.py for which and why).  Run scripts/test.sh first (it makes .venv
# with mypy); needs a C compiler.  --clean goes back to pure Python.
set -euo pipefail
cd "$(dirname "$0")/.."
export GRAPESHOT_REBUILDING=1
if [ "${1:-}" = "--clean" ]; then
  exec .venv/bin/python -m grapeshot.compiled clean
fi
exec .venv/bin/python -m grapeshot.compiled build
