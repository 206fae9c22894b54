#!/usr/bin/env bash
# Run the test suite (sets up what is missing first). Extra arguments go to pytest, e.g. -m slow.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --deps-only
exec .venv/bin/python -m pytest "$@"
