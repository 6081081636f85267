#!/usr/bin/env bash
# Set up (creates .venv and installs grapeshot if needed) and run the main job:
# one complete AI game of the 'brawl' scenario with its battle report.
# Any arguments replace the default ones given to 'grapeshot simulate'.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/grapeshot ]; then
  "$PYTHON" -m venv .venv
  .venv/bin/python -m pip install -q --disable-pip-version-check -e .
fi
if [ $# -eq 0 ]; then
  set -- simulate --ruleset jimlad --scenario brawl --games 1 --seed 1
fi
exec .venv/bin/grapeshot "$@"
