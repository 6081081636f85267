#!/usr/bin/env bash
# Set up (creates .venv and installs grapeshot if needed) and run the main job:
# the web table at http://127.0.0.1:8000/ (games kept in grapeshot-data/).
# Any arguments are given to the 'grapeshot' command instead of 'serve'.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
# the lab extra too: the README's tour runs tournaments (matplotlib, Dask) and PettingZoo
if [ ! -x .venv/bin/grapeshot ] || ! .venv/bin/python -c "import matplotlib, distributed, pettingzoo" 2>/dev/null; then
  [ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[lab]"
fi
if [ $# -eq 0 ]; then
  set -- serve
fi
exec .venv/bin/grapeshot "$@"
