#!/usr/bin/env bash
# Lint with ruff, type-check with mypy, then run the test suite (sets up what is missing first). Extra arguments go to
# pytest, e.g. -m slow, -k NAME, or a test file.
# The suite runs in two pytest processes side by side, one per core, each on a fixed half of the test files
# (scripts/test_groups.py, balanced by tests/times.txt); the first prints as it goes, the second when it is done.
# One process when the arguments name a file, a folder or a test (tests/x.py, tests/x.py::name), when they ask for
# one place (--basetemp, --junitxml) or a debugger (--pdb, --trace), or when TEST_PROCESSES=1.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --deps-only
.venv/bin/ruff check .  # lint first (pyproject.toml [tool.ruff]): a finding fails the run, as a test would
.venv/bin/mypy  # then the types (pyproject.toml [tool.mypy]: the packages it checks): an error fails the run too

processes=${TEST_PROCESSES:-2}
cache=yes
for arg in "$@"; do
  case "$arg" in
    no:cacheprovider | -pno:cacheprovider) cache=no ;;
    --basetemp* | --junitxml* | --junit-xml* | --pdb* | --trace | *::*) processes=1 ;;
    -*) ;;
    *) [ -e "$arg" ] && processes=1 ;;
  esac
done
[ "$processes" = 1 ] && exec .venv/bin/python -m pytest "$@"

# Each group keeps its own cache (--lf, --ff) and log; a group that stops (-x) stops nothing else.
group() {  # group N ARGS...: pytest with ARGS on group N's files, in the foreground
  local files cache_dir=()
  mapfile -t files < <(.venv/bin/python scripts/test_groups.py "$1" 2)
  if [ "$cache" = yes ]; then cache_dir=(-o "cache_dir=.pytest_cache/group$1"); fi
  echo "test group $1 of 2: ${#files[@]} files"
  .venv/bin/python -m pytest "${cache_dir[@]}" "${@:2}" "${files[@]}"
}
log=$(mktemp)
second=""
trap '[ -n "$second" ] && kill -- -"$second" 2>/dev/null; rm -f "$log"' EXIT
export cache && export -f group  # group 2 in a session of its own: the trap stops it and its subprocesses
setsid bash -c 'group 2 "$@"' group2 "$@" > "$log" 2>&1 &
second=$!
set +e
group 1 "$@"
code1=$?
wait "$second"
code2=$?
second=""
set -e
echo
cat "$log"
echo
echo "test groups: 1 exited $code1, 2 exited $code2"
# 5 is pytest's "no test selected": fine in one group when the other ran tests (e.g. -k NAME of one file only).
for code in "$code1" "$code2"; do
  if [ "$code" != 0 ] && [ "$code" != 5 ]; then exit "$code"; fi
done
[ "$code1" = 5 ] && [ "$code2" = 5 ] && exit 5
exit 0
