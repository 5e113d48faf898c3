#!/usr/bin/env bash
# One command on the lent GPU machine (issue 32; docs/AI.md "The GPU teacher"), run from the
# repository root: builds nard-cli there (self-play positions, the 2-ply picks, the bear-off
# database), checks the PyTorch pipeline against it on the GPU, then picks positions and
# rolls them out (tools/gpu/make_data.py) within BUDGET seconds in all, so that it ends
# before the machine's 10-minute limit. Writes to $OUT: the data set (*.tsv.gz), log.txt.
#   OUT=DIR tools/gpu/rollout_device.sh [BUDGET=540] [SEED=1] [make_data.py options...]
# TOOL=bench makes a benchmark set instead (tools/gpu/make_benchmark.py, its options after
# SEED; written as $OUT/standard-bench-seedSEED.tsv.gz).
# Without a GPU the same command runs on the CPU (slowly): DEVICE=cpu, PYTHON=/usr/bin/python3,
# THREADS=1, and NARD_CLI=PATH to use a nard-cli already built instead of building one.
# BENCH="--positions 500 --trials 72 --truncate 10 --repeat 2" times tools/gpu/bench.py first
# (several runs: option sets separated by '|').
set -u -o pipefail
: "${OUT:?set OUT to the folder for the results}"
BUDGET=${1:-540}
SEED=${2:-1}
shift $(( $# < 2 ? $# : 2 ))
PYTHON=${PYTHON:-python3}
DEVICE=${DEVICE:-cuda}
mkdir -p "$OUT"
LOG="$OUT/log.txt"
say() { echo "$*" | tee -a "$LOG"; }
start=$(date +%s)
say "machine: $(nproc) cpus, $(nvidia-smi -L 2>/dev/null | head -1 || echo 'no GPU'), $(date -u)"
CLI=${NARD_CLI:-build/device/nard-cli}
if [ -z "${NARD_CLI:-}" ]; then
  cmake -S . -B build/device -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >>"$LOG" 2>&1 || exit 1
  cmake --build build/device --target nard-cli -j"$(nproc)" >>"$LOG" 2>&1 || exit 1
  say "built in $(( $(date +%s) - start )) s"
fi
# The second implementation of the rules must agree with the first on this device before
# its data counts: a failed check stops the run.
"$PYTHON" tools/gpu/check.py --nard-cli "$CLI" --positions 100 --device "$DEVICE" 2>&1 | tee -a "$LOG"
[ "${PIPESTATUS[0]}" = 0 ] || { say "check failed: no data made"; exit 1; }
# BENCH="bench.py options": time the fixed rollout on the GPU first (tools/gpu/bench.py;
# with --profile, the kernels' time by operator), to see what bounds a turn there.
# Several option sets are separated by '|' (e.g. the same run with --half, then --compile);
# one that fails is logged and the data are made all the same.
if [ -n "${BENCH:-}" ]; then
  IFS='|' read -r -a bench_runs <<<"$BENCH"
  for options in "${bench_runs[@]}"; do
    say "bench.py $options"
    # shellcheck disable=SC2086  # the options are meant to split
    "$PYTHON" tools/gpu/bench.py --nard-cli "$CLI" --device "$DEVICE" $options 2>&1 | tee -a "$LOG"
  done
fi
left=$(( BUDGET - ($(date +%s) - start) ))
say "checked; $left s left for the data"
if [ "${TOOL:-data}" = bench ]; then
  "$PYTHON" tools/gpu/make_benchmark.py --nard-cli "$CLI" --out "$OUT/standard-bench-seed$SEED.tsv.gz" \
    --device "$DEVICE" --seed "$SEED" --seconds "$left" --jobs "$(nproc)" --threads "${THREADS:-4}" "$@" 2>&1 | tee -a "$LOG"
else
  "$PYTHON" tools/gpu/make_data.py --nard-cli "$CLI" --out "$OUT" --device "$DEVICE" --seed "$SEED" \
    --seconds "$left" --jobs "$(nproc)" --threads "${THREADS:-4}" "$@" 2>&1 | tee -a "$LOG"
fi
status=${PIPESTATUS[0]}
rm -f "$OUT/bearoff.f32"  # 14 MB that nard-cli rebuilds in a second
say "total $(( $(date +%s) - start )) s"
exit "$status"
