#!/usr/bin/env bash
# Level ladder and baselines with the shipped nets (docs/BENCHMARKS.md, "## AI").
#   tools/bench_levels.sh NARD_CLI THREADS [SCALE]
# Each line is one duel, capped in time (--max-seconds, times SCALE) so the whole run fits
# in a few minutes on a 16-core machine; the output says how many games each one played.
set -u
CLI=$1
T=${2:-16}
S=${3:-1}
duel() {  # variant p1 p2 games seconds
  echo "\$ nard-cli duel --variant $1 --rules modern --p1 $2 --p2 $3 --games $4 --seed 9 --threads $T --max-seconds $(( $5 * S ))"
  "$CLI" duel --variant "$1" --rules modern --p1 "$2" --p2 "$3" --games "$4" --seed 9 --threads "$T" --max-seconds $(( $5 * S ))
}
duel standard expert advanced 1000 42
duel nackgammon expert advanced 400 18
duel hyper expert advanced 2000 10
duel standard advanced intermediate 2000 8
duel nackgammon advanced intermediate 1000 6
duel hyper advanced intermediate 2000 4
duel longnard advanced intermediate 400 10
duel standard expert heuristic 400 14
duel standard expert random 200 6
duel hyper expert random 400 3
duel nackgammon expert random 200 6
