#!/usr/bin/env bash
# CI under load (issue 30): `.ci/run` on a clean clone of this repository, with one busy process
# pinned to each core beside it (as on a busy 2-core CI machine), stopped by their own PIDs at the
# end whatever happens. Prints `.ci/run`'s closing counts line and the elapsed time; exits with its
# status.
#
#   scripts/stress-ci.sh                      # the checked-out branch's last commit (uncommitted edits are not in a clone)
#   scripts/stress-ci.sh some-branch          # another branch or commit of this repository
#   PW_PORT_BASE=4470 scripts/stress-ci.sh    # move the end-to-end servers (two checkouts at once)
#   KEEP=1 scripts/stress-ci.sh               # keep the clone and its log (printed) instead of deleting them
#   BUSY_CORES="0 1" scripts/stress-ci.sh     # the cores to keep busy (default: every core)
set -uo pipefail
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
ref=${1:-$(git -C "$repo" rev-parse HEAD)}
dir=$(mktemp -d "${TMPDIR:-/tmp}/stress-ci.XXXXXX")
log="$dir/ci.log"
cores=${BUSY_CORES:-$(seq -s ' ' 0 $(($(nproc) - 1)))}
pids=()

cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null; done
  pids=()
  if [ -n "${KEEP:-}" ]; then echo "kept: $dir (log: $log)"
  else rm -rf "$dir"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

echo "== clean clone of $repo at $ref"
git clone --quiet --no-local "$repo" "$dir/repo" || exit 1
git -C "$dir/repo" checkout --quiet --detach "$ref" || exit 1
echo "commit: $(git -C "$dir/repo" log -1 --format='%h %s' | cut -c1-100)"

for c in $cores; do
  if command -v taskset >/dev/null; then taskset -c "$c" sh -c 'while :; do :; done' &
  else sh -c 'while :; do :; done' &
  fi
  pids+=($!)
done
echo "== busy processes beside it (pid:core): $(i=0; for c in $cores; do printf '%s:%s ' "${pids[$i]}" "$c"; i=$((i + 1)); done)"

start=$(date +%s)
(cd "$dir/repo" && .ci/run) >"$log" 2>&1
status=$?
elapsed=$(($(date +%s) - start))

# the failures' names, then .ci/run's own closing line ("N passed, M failed")
sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^ +[0-9]+\) |✘|FAIL ' | sort -u | head -40
echo "== .ci/run exit $status"
tail -n 1 "$log"
printf 'elapsed: %dm%02ds\n' $((elapsed / 60)) $((elapsed % 60))
exit "$status"
