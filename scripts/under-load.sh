#!/usr/bin/env bash
# Runs a command with one busy process pinned to each core beside it (`taskset -c N`), as on a busy
# 2-core CI machine, and stops the busy processes by their own PIDs when the command ends (or is
# interrupted). Exit status: the command's.
#   scripts/under-load.sh npx playwright test tests/e2e/tune.spec.ts --repeat-each 5
# BUSY_CORES="0 1" picks the cores (default: every core the machine has).
set -uo pipefail
cores=${BUSY_CORES:-$(seq -s ' ' 0 $(($(nproc) - 1)))}
pids=()
stop_busy() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null; done
  pids=()
}
trap stop_busy EXIT
trap 'exit 130' INT TERM
for c in $cores; do
  if command -v taskset >/dev/null; then taskset -c "$c" sh -c 'while :; do :; done' &
  else sh -c 'while :; do :; done' &
  fi
  pids+=($!)
done
echo "busy processes (pid:core): $(i=0; for c in $cores; do printf '%s:%s ' "${pids[$i]}" "$c"; i=$((i + 1)); done)" >&2
"$@"
