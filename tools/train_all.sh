#!/usr/bin/env bash
# The recorded training run (docs/TRAINING.md): trains the three net families at once on a
# 16-core machine, then benchmarks the new nets with the time left.
#   tools/train_all.sh BIN_DIR OUT_DIR [TRAIN_SECONDS] [TOTAL_SECONDS] [INIT_DIR ALPHA ALPHA_END]
# BIN_DIR holds nard-train and nard-cli; OUT_DIR/nets receives the nets, OUT_DIR/log.txt
# every line of output; INIT_DIR: continue training from the nets there.
# Threads: standard 11, Long Nard 3, Hyper 1 (Hyper games are short).
set -u -o pipefail
BIN=$1
OUT=$2
TRAIN=${3:-380}
TOTAL=${4:-585}
INIT=${5:-}
ALPHA=${6:-0.02}
ALPHA_END=${7:-0.003}
START=$(date +%s)
mkdir -p "$OUT/nets"
LOG="$OUT/log.txt"
say() { echo "$*" | tee -a "$LOG"; }
say "machine: $(nproc) cpus, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
say "start: $(date -u)"

train() {  # family threads seed
  local init=()
  [[ -n "$INIT" ]] && init=(--init "$INIT")
  "$BIN/nard-train" --family "$1" --seconds "$TRAIN" --games 1000000000 --threads "$2" --seed "$3" \
    --alpha "$ALPHA" --alpha-end "$ALPHA_END" --lambda 0.7 "${init[@]}" --out "$OUT/nets" 2>&1 |
    sed -u "s/^/[train $1] /" >> "$LOG"
}
train standard 11 11 &
train longnard 3 13 &
train hyper 1 12 &
wait
say "training done after $(( $(date +%s) - START )) s"
ls -l "$OUT/nets" >> "$LOG"

export NARD_NETS_DIR="$OUT/nets"
duel() {  # variant p1 p2 games max-seconds
  local left=$(( TOTAL - ($(date +%s) - START) ))
  if (( left < 25 )); then say "skipped (no time): $*"; return; fi
  local cap=$(( left - 15 < $5 ? left - 15 : $5 ))
  local cmd=("$BIN/nard-cli" duel --variant "$1" --rules modern --p1 "$2" --p2 "$3" --games "$4" --seed 7 --threads 16 --max-seconds "$cap")
  say "\$ nard-cli duel --variant $1 --rules modern --p1 $2 --p2 $3 --games $4 --seed 7 --threads 16 --max-seconds $cap"
  timeout "$left" "${cmd[@]}" 2>&1 | tee -a "$LOG" || say "(stopped by the time limit)"
}
duel standard expert pubeval 1000 70
duel standard advanced pubeval 2000 20
duel hyper expert heuristic 2000 20
duel standard expert advanced 1000 45
duel longnard expert heuristic 200 40
say "end: $(date -u), $(( $(date +%s) - START )) s"
