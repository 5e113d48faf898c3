#!/usr/bin/env bash
# One self-play training round on a lent 16-core machine (docs/TRAINING.md, "Recorded runs"):
# builds nard-train and nard-cli without the tests (no doctest there), continues the
# Standard nets (STD_THREADS, default 12) and the Long Nard net (LN_THREADS, default 4;
# 0 leaves a family out) from INIT_DIR for TRAIN_SECONDS, then duels the new nets against
# INIT_DIR's at 0-ply. CONTACT_HIDDEN=H widens the Standard contact net to H hidden units
# before training (nard-train --contact-hidden).
#   tools/train_device.sh OUT_DIR TRAIN_SECONDS INIT_DIR SEED [STD_ALPHA STD_ALPHA_END LN_ALPHA LN_ALPHA_END]
# OUT_DIR/nets receives all the nets (checkpoints every 60 s, so a run cut short still
# leaves nets), OUT_DIR/log.txt every line.
set -u -o pipefail
OUT=$1
TRAIN=$2
INIT=$3
SEED=$4
SA=${5:-0.004}
SAE=${6:-0.001}
LA=${7:-0.01}
LAE=${8:-0.002}
mkdir -p "$OUT/nets"
LOG="$OUT/log.txt"
say() { echo "$*" | tee -a "$LOG"; }
start=$(date +%s)
say "machine: $(nproc) cpus,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), $(date -u)"
cmake -S . -B build/device -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null || exit 1
cmake --build build/device --target nard-train nard-cli -j"$(nproc)" >/dev/null || exit 1
say "built in $(( $(date +%s) - start )) s"
cp "$INIT"/*.nnet "$OUT/nets/"
train() {  # family threads seed alpha alpha-end
  build/device/nard-train --family "$1" --seconds "$TRAIN" --games 1000000000 --threads "$2" --seed "$3" \
    --alpha "$4" --alpha-end "$5" --lambda 0.7 --init "$INIT" --out "$OUT/nets" --checkpoint 60 $6 2>&1 |
    sed -u "s/^/[train $1] /" >> "$LOG"
}
(( ${STD_THREADS:-12} > 0 )) && train standard "${STD_THREADS:-12}" "$SEED" "$SA" "$SAE" "${CONTACT_HIDDEN:+--contact-hidden $CONTACT_HIDDEN}" &
(( ${LN_THREADS:-4} > 0 )) && train longnard "${LN_THREADS:-4}" $(( SEED + 1 )) "$LA" "$LAE" "" &
wait
say "trained in $(( $(date +%s) - start )) s"
tail -n 2 "$LOG"
for v in standard longnard; do
  threads=$([ "$v" = standard ] && echo "${STD_THREADS:-12}" || echo "${LN_THREADS:-4}")
  (( threads > 0 )) || continue  # a family not trained this round: nothing to compare
  games=$([ "$v" = standard ] && echo 40000 || echo 8000)
  build/device/nard-cli duel --variant "$v" --rules modern --p1 "net:0:0@$OUT/nets" --p2 "net:0:0@$INIT" \
    --games "$games" --seed 9 --threads "$(nproc)" --max-seconds 40 2>&1 | tee -a "$LOG"
done
say "total $(( $(date +%s) - start )) s"
