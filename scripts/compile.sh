#!/usr/bin/env bash
# The optional compiled build: compiles grapeshot's hottest modules with mypyc (see
# src/grapeshot/compiled.py for which and why).  Run scripts/test.sh first (it makes .venv
# with mypy); needs a C compiler.  --clean goes back to pure Python.
set -euo pipefail
cd "$(dirname "$0")/.."
export GRAPESHOT_REBUILDING=1
COMMAND=build
[ "${1:-}" = "--clean" ] && COMMAND=clean
exec .venv/bin/python -c 'import sys; from grapeshot.compiled import main; sys.exit(main(sys.argv[1:]))' "$COMMAND"
