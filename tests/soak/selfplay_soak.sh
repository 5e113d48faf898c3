#!/usr/bin/env bash
# Random self-play soak: every variant and rule set (or the one named), N games each
# (default 1000), with the invariants, pip counts and IDs checked after every action and
# each record replayed (nard-cli selfplay). ctest runs one test per variant and rule set,
# so they run side by side. Long runs by hand: docs/RELIABILITY.md.
#   selfplay_soak.sh path/to/nard-cli [games] [seed] [variant rules]
set -euo pipefail
cli=$1
games=${2:-1000}
seed=${3:-1}
combos=("standard modern" "standard traditional" "nackgammon modern" "nackgammon traditional"
        "hyper modern" "hyper traditional" "longnard modern")
[ $# -ge 5 ] && combos=("$4 $5")
for vr in "${combos[@]}"; do
  set -- $vr
  out=$("$cli" selfplay --variant "$1" --rules "$2" --games "$games" --seed "$seed")
  printf '%s %s: %s\n' "$1" "$2" "$(printf '%s' "$out" | tr '\n' ';')"
  # Here-strings, not printf | grep -q: grep -q exits at its match, and a printf still
  # writing into the closed pipe then fails the pipeline under pipefail (seen under load).
  grep -q "^games $games$" <<< "$out"
  grep -q "checked after every action: ok; every record replayed: ok" <<< "$out"
done
