#!/usr/bin/env bash
# Lint with ruff, type-check with mypy, then run the test suite (sets up what is missing first). Extra arguments go to
# pytest, e.g. -m slow.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --deps-only
.venv/bin/ruff check .  # lint first (pyproject.toml [tool.ruff]): a finding fails the run, as a test would
.venv/bin/mypy  # then the types (pyproject.toml [tool.mypy]: the packages it checks): an error fails the run too
exec .venv/bin/python -m pytest "$@"
