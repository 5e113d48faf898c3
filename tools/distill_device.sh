#!/usr/bin/env bash
# Training data for `nard-distill` on a lent many-core machine (docs/TRAINING.md, "Training on
# searched values"): builds the native tools without the tests (that machine has no
# doctest), makes searched targets on every core for SECONDS, and splits the file into
# parts small enough to bring back (the device tool returns files of at most 16 MiB).
#   tools/distill_device.sh OUT_DIR SECONDS PLIES SEED [NETS_DIR] [FAMILY]
# Then, here: cat OUT_DIR/targets.part* > targets.bin; nard-distill fit --data targets.bin ...
set -euo pipefail
OUT=$1
RUN_SECONDS=$2
PLIES=$3
SEED=$4
NETS=${5:-}
FAMILY=${6:-standard}
mkdir -p "$OUT"
echo "machine: $(nproc) cpus,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2), $(date -u)"
start=$(date +%s)
cmake -S . -B build/device -G Ninja -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF >/dev/null
cmake --build build/device --target nard-distill -j"$(nproc)" >/dev/null
echo "built in $(( $(date +%s) - start )) s"
nets=()
[[ -n "$NETS" ]] && nets=(--nets "$NETS")
build/device/nard-distill targets --family "$FAMILY" --plies "$PLIES" --seconds "$RUN_SECONDS" \
  --threads "$(nproc)" --seed "$SEED" "${nets[@]}" --out build/device/targets.bin
split -b 15m -d build/device/targets.bin "$OUT/targets.part"
ls -l "$OUT"
echo "total $(( $(date +%s) - start )) s"
