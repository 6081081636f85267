#!/usr/bin/env bash
# Set up (creates .venv and installs grapeshot if needed) and run the main job:
# the web table at http://127.0.0.1:8000/ (games kept in grapeshot-data/).
# Any arguments are given to the 'grapeshot' command instead of 'serve'.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/grapeshot ]; then
  "$PYTHON" -m venv .venv
  .venv/bin/python -m pip install -q --disable-pip-version-check -e .
fi
if [ $# -eq 0 ]; then
  set -- serve
fi
exec .venv/bin/grapeshot "$@"
