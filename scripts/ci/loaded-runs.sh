#!/usr/bin/env bash
# Proves the suite green on a busy machine: RUNS clean clones of HEAD, each running `.ci/run` (as CI does)
# with the machine's cores kept busy beside it. Prints one line per run and stops at the first failure,
# leaving that clone and its log in place.
#   scripts/ci/loaded-runs.sh [RUNS=5] [SLOTS=1]
# SLOTS=1: one clone at a time, beside two busy loops (one per core of this 2-core machine).
# SLOTS=2: two clones at a time, each the other's load (a second `npm test` beside it, as issue 40 allows);
#          a slot that has finished its share runs the two busy loops until the other slot is done, so no
#          run is ever alone on the machine.
set -euo pipefail
runs=${1:-5}
slots=${2:-1}
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
# Every run tests the commit HEAD was at the start, even if work goes on in the repository meanwhile.
commit=$(git -C "$repo" rev-parse HEAD)
work=$(mktemp -d /tmp/coinsight-loaded-XXXXXX)
echo "loaded clean-clone runs of ${commit:0:7} in ${work}, ${slots} at a time"
cp -r "$repo/../shared" "${work}/shared"

hog() {
  # Two busy loops, bounded: each stops by itself after two hours.
  for _ in 1 2; do
    node -e 'const end = Date.now() + 7_200_000; while (Date.now() < end) {}' &
  done
}

# One clean-clone run; its line goes to stdout. Returns the run's exit status.
one_run() {
  local n=$1 clone="${work}/run-$1" start=$SECONDS status=0 tests
  git clone -q "$repo" "$clone"
  git -C "$clone" checkout -q "$commit"
  (cd "$clone" && CI=true bash .ci/run >"${clone}.log" 2>&1) || status=$?
  # A run that failed before vitest (typecheck, lint) prints no test count.
  # Vitest colours its summary: strip the colour codes before looking for the count.
  tests=$(sed 's/\x1b\[[0-9;]*m//g' "${clone}.log" | grep -aE "^ *Tests +[0-9]+" | tail -1 | tr -s ' ' || true)
  echo "run ${n}: exit ${status}, $((SECONDS - start)) s, load then $(cut -d' ' -f1-3 /proc/loadavg),${tests}"
  grep -E "^::: " "${clone}.log" | sed 's/^/    /'
  if [ "$status" -ne 0 ]; then
    echo "run ${n} failed: ${clone}.log"
    touch "${work}/failed"
    return 1
  fi
  rm -rf "$clone"
}

if [ "$slots" -eq 1 ]; then
  for n in $(seq 1 "$runs"); do
    hog
    hogs=$(jobs -p)
    status=0
    one_run "$n" || status=$?
    kill $hogs 2>/dev/null || true
    wait 2>/dev/null || true
    [ "$status" -eq 0 ] || exit 1
  done
else
  # Slot s takes runs s, s+SLOTS, s+2*SLOTS, ...; it stops taking runs once any run has failed.
  for s in $(seq 1 "$slots"); do
    (
      for n in $(seq "$s" "$slots" "$runs"); do
        [ -e "${work}/failed" ] && exit 1
        one_run "$n" || exit 1
      done
      touch "${work}/slot-${s}.done"
    ) &
  done
  slot_pids=$(jobs -p)
  # Keep the machine busy for whichever slot is still running once another has finished.
  hogs=""
  while true; do
    done_slots=$(find "$work" -maxdepth 1 -name 'slot-*.done' | wc -l)
    running=0
    for p in $slot_pids; do kill -0 "$p" 2>/dev/null && running=$((running + 1)); done
    [ "$running" -eq 0 ] && break
    if [ "$done_slots" -gt 0 ] && [ -z "$hogs" ]; then
      hog
      hogs=$(jobs -p | grep -vxF "$slot_pids" || true)
    fi
    sleep 10
  done
  [ -n "$hogs" ] && { kill $hogs 2>/dev/null || true; }
  wait 2>/dev/null || true
  [ -e "${work}/failed" ] && exit 1
fi
echo "${runs} of ${runs} green"
