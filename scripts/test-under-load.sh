#!/usr/bin/env bash
# The test suite on a busy machine, as CI's shared cores are: `npm test` while stress-ng keeps every
# core busy (`--cpu 0`: one worker per core). Tests must wait on events, never on time; one that fails
# here and passes alone is a bug in the test (or in the product). RUNS=2 runs the suite twice in a row.
# Arguments go to vitest, e.g. `bash scripts/test-under-load.sh tests/cli`.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v stress-ng >/dev/null 2>&1; then
  if [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; then
    apt-get install -y stress-ng >/dev/null
  else
    echo "test-under-load: stress-ng is not installed. Run: sudo apt-get install stress-ng" >&2
    exit 1
  fi
fi

runs="${RUNS:-1}"
stress-ng --cpu 0 --timeout 4h --quiet &
stress_pid=$!
# Only the stress-ng this script started is stopped, whatever way the script ends.
trap 'kill "$stress_pid" 2>/dev/null || true; wait "$stress_pid" 2>/dev/null || true' EXIT

for ((i = 1; i <= runs; i++)); do
  echo "test-under-load: run $i of $runs, with every core busy (stress-ng pid $stress_pid)"
  npm test -- "$@"
done
echo "test-under-load: $runs run(s) passed under load."
