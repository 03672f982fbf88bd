#!/usr/bin/env bash
# Proves the suite green on a busy machine: RUNS clean clones of HEAD, each running `.ci/run` (as CI does)
# while two processes keep both of this machine's cores busy beside it. Prints one line per run and
# stops at the first failure, leaving that clone and its log in place.
#   scripts/ci/loaded-runs.sh [RUNS=5]
set -euo pipefail
runs=${1:-5}
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
# Every run tests the commit HEAD was at the start, even if work goes on in the repository meanwhile.
commit=$(git -C "$repo" rev-parse HEAD)
work=$(mktemp -d /tmp/coinsight-loaded-XXXXXX)
echo "loaded clean-clone runs of ${commit:0:7} in ${work}"

hog() {
  # Two busy loops, bounded: each stops by itself after two hours.
  for _ in 1 2; do
    node -e 'const end = Date.now() + 7_200_000; while (Date.now() < end) {}' &
  done
}

for n in $(seq 1 "$runs"); do
  clone="${work}/run-${n}"
  git clone -q "$repo" "$clone"
  git -C "$clone" checkout -q "$commit"
  [ -d "${work}/shared" ] || cp -r "$repo/../shared" "${work}/shared"
  hog
  hogs=$(jobs -p)
  start=$SECONDS
  status=0
  (cd "$clone" && CI=true bash .ci/run >"${clone}.log" 2>&1) || status=$?
  kill $hogs 2>/dev/null || true
  wait 2>/dev/null || true
  # A run that failed before vitest (typecheck, lint) prints no test count.
  # Vitest colours its summary: strip the colour codes before looking for the count.
  tests=$(sed 's/\x1b\[[0-9;]*m//g' "${clone}.log" | grep -aE "^ *Tests +[0-9]+" | tail -1 | tr -s ' ' || true)
  echo "run ${n}: exit ${status}, $((SECONDS - start)) s, load then $(cut -d' ' -f1-3 /proc/loadavg),${tests}"
  grep -E "^::: " "${clone}.log" | sed 's/^/    /'
  if [ "$status" -ne 0 ]; then
    echo "run ${n} failed: ${clone}.log"
    exit 1
  fi
  rm -rf "$clone"
done
echo "${runs} of ${runs} green"
