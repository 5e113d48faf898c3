#!/usr/bin/env bash
# One command on the lent GPU machine (issue 32; docs/TEACHER.md), run from the
# repository root: builds nard-cli there (self-play positions, the 2-ply picks, the bear-off
# database), then picks positions and rolls them out (tools/gpu/make_data.py) within BUDGET
# seconds in all, so that it ends before the machine's 10-minute limit, while it checks the
# PyTorch pipeline against nard-cli on the GPU (a failed check removes the data). Writes to
# $OUT: the data set (*.tsv.gz), its groups (*.groups.gz, tools/gpu/groups.py), log.txt.
#   OUT=DIR tools/gpu/rollout_device.sh [BUDGET=540] [SEED=1] [make_data.py options...]
# TOOL=bench makes a benchmark set instead (tools/gpu/make_benchmark.py, its options after
# SEED; written as $OUT/standard-bench-seedSEED.tsv.gz). PROCS=N runs N data processes at
# once, seeds SEED, SEED+100, ..., each with the options given (so --positions is each one's);
# TOOL=data+bench runs the benchmark set beside them, seed BENCH_SEED, options BENCH_ARGS.
# Without a GPU the same command runs on the CPU (slowly): DEVICE=cpu, PYTHON=/usr/bin/python3,
# THREADS=1, and NARD_CLI=PATH to use a nard-cli already built instead of building one.
# ENGINE_JOBS=N adds one data process rolled out by the C++ engine on N of the cores, which
# the GPU processes leave idle (seed SEED + 50, the same options; its own file and log).
# BENCH="--positions 500 --trials 72 --truncate 10 --repeat 2" times tools/gpu/bench.py first
# (several runs: option sets separated by '|'). PACK=1 leaves one results.tar in $OUT.
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
# its data counts. The check runs beside the data (about 90 s on the H200, a sixth of the
# command, on 2026-11-30), and a failed check voids the run: its data files are removed.
# CHECK_FIRST=1 runs it first instead and stops there when it fails.
check() { "$PYTHON" tools/gpu/check.py --nard-cli "$CLI" --positions 100 --device "$DEVICE"; }
check_pid=
if [ "${CHECK_FIRST:-0}" = 1 ]; then
  check 2>&1 | tee -a "$LOG"
  [ "${PIPESTATUS[0]}" = 0 ] || { say "check failed: no data made"; exit 1; }
else
  check >"$OUT/log-check.txt" 2>&1 & check_pid=$!
fi
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
say "$left s left for the data"
# Several processes share the GPU (PROCS for the data, TOOL=data+bench for both tools at
# once). They take turns on it: on the H200 four made 218 positions a second together and
# seven 235, where one made 240 (2026-11-28 and 11-30, docs/TEACHER.md), so the GPU is the
# bound and the cores a process leaves are better given to ENGINE_JOBS.
PROCS=${PROCS:-1}
TOOL=${TOOL:-data}
case "$TOOL" in data) tasks=$PROCS ;; bench) tasks=1 ;; data+bench) tasks=$(( PROCS + 1 )) ;;
  *) say "TOOL must be data, bench or data+bench"; exit 2 ;; esac
ENGINE_JOBS=${ENGINE_JOBS:-0}
cores=$(( $(nproc) - ENGINE_JOBS ))
jobs=$(( cores / tasks > 0 ? cores / tasks : 1 ))
pids=()
bench() {  # the benchmark set of seed $1, with BENCH_ARGS (TOOL=data+bench) or the options
  "$PYTHON" tools/gpu/make_benchmark.py --nard-cli "$CLI" --out "$OUT/standard-bench-seed$1.tsv.gz" \
    --device "$DEVICE" --seed "$1" --seconds "$left" --jobs "$jobs" --threads "${THREADS:-4}" "${@:2}"
}
data() {  # one process of the data, seed $1; each writes its own file, named by its seed
  mkdir -p "$OUT/p$1"
  "$PYTHON" tools/gpu/make_data.py --nard-cli "$CLI" --out "$OUT/p$1" --device "$DEVICE" --seed "$1" \
    --seconds "$left" --jobs "$jobs" --threads "${THREADS:-4}" "${@:2}"
}
engine_data() {  # the engine's rollouts on ENGINE_JOBS cores, seed $1 (the CPU generations' roller);
  # the options after the caller's override data()'s own, as argparse keeps an option's last value
  data "$1" "${@:2}" --device cpu --jobs "$ENGINE_JOBS" --threads 1 --roller engine
}
if [ "$TOOL" = bench ]; then
  bench "$SEED" "$@" >"$OUT/log-bench.txt" 2>&1 & pids+=($!)
else
  for (( k = 0; k < PROCS; k++ )); do
    data $(( SEED + 100 * k )) "$@" >"$OUT/log-data$k.txt" 2>&1 & pids+=($!)
  done
  if [ "$ENGINE_JOBS" -gt 0 ]; then
    engine_data $(( SEED + 50 )) "$@" >"$OUT/log-engine.txt" 2>&1 & pids+=($!)
  fi
  if [ "$TOOL" = data+bench ]; then
    # shellcheck disable=SC2086  # BENCH_ARGS are options meant to split
    bench "${BENCH_SEED:?TOOL=data+bench needs BENCH_SEED}" ${BENCH_ARGS:-} >"$OUT/log-bench.txt" 2>&1 & pids+=($!)
  fi
fi
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
checked=ok
if [ -n "$check_pid" ]; then wait "$check_pid" || { checked=failed; status=1; }; fi
for f in "$OUT"/log-*.txt; do say "== $f"; cat "$f" >>"$LOG"; tail -3 "$f"; done
for d in "$OUT"/p*/; do mv "$d"*.tsv.gz "$d"*.groups.gz "$OUT"/ 2>/dev/null; rm -rf "$d"; done
if [ "$checked" = failed ]; then
  rm -f "$OUT"/*.tsv.gz "$OUT"/*.groups.gz
  say "check failed (log-check.txt above): the data removed"
fi
say "total $(( $(date +%s) - start )) s"
# PACK=1: everything as one results.tar, as the lent machine returns at most 8 files and
# four processes with the engine's make 16.
if [ "${PACK:-0}" = 1 ]; then
  t=$(mktemp) && tar -C "$OUT" -cf "$t" . && rm -rf "${OUT:?}"/* && mv "$t" "$OUT/results.tar"
fi
exit "$status"
