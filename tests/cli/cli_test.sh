#!/usr/bin/env bash
# Black-box checks of nard-cli: output format, exit codes, batch mode at scale.
# Usage: cli_test.sh PATH/TO/nard-cli
set -u
cli=${1:?usage: cli_test.sh nard-cli}
failures=0
passed=0
check() {  # check NAME CONDITION-RESULT(0/1)
  if [ "$2" = 0 ]; then echo "ok   $1"; passed=$((passed + 1)); else echo "FAIL $1"; failures=$((failures + 1)); fi
}

out=$("$cli" moves --variant standard --rules modern --position 4HPwATDgc/ABMA --dice 31)
check "opening 31 has 16 plays" "$([ "$(printf '%s\n' "$out" | wc -l)" = 16 ]; echo $?)"
check "a line is ID<TAB>play" "$(printf '%s\n' "$out" | grep -qP '^4HPwATCwZ/ABMA\t8/5 6/5$'; echo $?)"

# The player on roll is on the bar against a closed board: no line, exit 0.
dance=$("$cli" moves --variant standard --position 27YBBwAA8P8DQA --dice 66; echo "rc=$?")
check "no legal play prints nothing and exits 0" "$([ "$dance" = "rc=0" ]; echo $?)"

for bad in "--dice 71" "--dice 3" "--position 4HPwATDgc/ABM --dice 31" "--position 4HPwATDgc/AB!A --dice 31" \
           "--variant chess --dice 31" "--rules new --dice 31" "--dice 31 --bogus 1" "--dice"; do
  # shellcheck disable=SC2086
  "$cli" moves $bad >/dev/null 2>/tmp/nard-cli-err.$$
  rc=$?
  check "bad input '$bad' exits 2 with a message" "$([ $rc = 2 ] && [ -s /tmp/nard-cli-err.$$ ]; echo $?)"
done
rm -f /tmp/nard-cli-err.$$

"$cli" moves --variant longnard --rules traditional --dice 66 | grep -qP '\t24/18\(2\)$'
check "longnard ignores --rules" "$?"

# Batch: 100,000 commands in one process, each answered and closed by a line '.'.
batch_out=$(mktemp)
awk 'BEGIN { for (i = 0; i < 50000; i++) { print "moves --dice 31"; print "moves --dice 9" } }' |
  "$cli" batch >"$batch_out"
check "batch answers 100,000 commands" "$([ "$(grep -c '^\.$' "$batch_out")" = 100000 ]; echo $?)"
check "batch reports errors inline" "$([ "$(grep -c '^error: ' "$batch_out")" = 50000 ]; echo $?)"
check "batch output is each answer in order" \
  "$([ "$(head -17 "$batch_out" | tail -1)" = . ] && [ "$(sed -n 18p "$batch_out" | cut -c1-7)" = "error: " ]; echo $?)"
rm -f "$batch_out"

# Batch quoting: a double-quoted --move keeps its space, as in a shell.
start="--variant standard --rules modern --position 4HPwATDgc/ABMA --dice 62"
quoted=$(printf '%s\n' "play $start --move \"24/18 13/11\"" | "$cli" batch)
check "batch takes a double-quoted multi-word --move" \
  "$([ "$quoted" = "$(printf '4HPwATDgc+RBIA\t24/18 13/11\n.')" ]; echo $?)"
# shellcheck disable=SC2086  # $start is meant to split into its options
direct=$("$cli" play $start --move "24/18 13/11")
check "batch play answers as the same play outside batch" "$([ "$direct" = "${quoted%$'\n'.}" ]; echo $?)"
# Bad quoting answers that line with an error and '.', and batch goes on to the next.
mixed=$(printf '%s\n' "play $start --move \"24/18 13/11" 'moves --dice "31" --position 4HPwATDgc/ABMA' | "$cli" batch)
check "batch: an unterminated quote is one error line, then the next command runs" \
  "$([ "$(printf '%s\n' "$mixed" | head -2)" = "$(printf 'error: unterminated double quote (opened at column 83)\n.')" ] &&
     [ "$(printf '%s\n' "$mixed" | grep -c $'^4HPwATCwZ/ABMA\t8/5 6/5$')" = 1 ] &&
     [ "$(printf '%s\n' "$mixed" | grep -c '^\.$')" = 2 ]; echo $?)"
check "batch: an empty quoted argument is an argument" \
  "$([ "$(printf '%s\n' 'moves --dice ""' | "$cli" batch | head -1 | cut -c1-7)" = "error: " ]; echo $?)"

sp=$("$cli" selfplay --variant hyper --rules modern --games 50 --seed 3)
check "selfplay reports 50 games" "$(printf '%s\n' "$sp" | grep -q '^games 50$'; echo $?)"

# A net player with nets from a folder (PLAYER@DIR): the shipped nets loaded from
# assets/nets play exactly as the embedded ones, so with duplicate dice every pair of
# games cancels out; a folder without nets is refused with the file it lacks.
nets_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../assets/nets" && pwd)"
same=$("$cli" duel --variant standard --rules modern --p1 "net:0:0@$nets_dir" --p2 net:0:0 --games 20 --seed 5)
check "duel: nets loaded from a folder equal the embedded ones" "$(printf '%s\n' "$same" | grep -q ' +0.000 ppg +- 0.000 '; echo $?)"
"$cli" duel --variant standard --rules modern --p1 expert@/nonexistent --p2 random --games 2 >/dev/null 2>/tmp/nard-cli-err.$$
rc=$?
check "duel: a player's missing nets folder exits 2 naming the file" \
  "$([ $rc = 2 ] && grep -q '/nonexistent/standard-contact.nnet' /tmp/nard-cli-err.$$; echo $?)"
rm -f /tmp/nard-cli-err.$$
# The same for a rollout (make_data.py rolls out with a fit's nets so): the same seed gives
# the same numbers with the nets from the folder as with the embedded ones.
roll() { "$cli" rollout --variant standard --position 4HPwATDgc/ABMA --trials 12 --truncate 2 --seed 3 "$@" |
         grep -v -e '^trials' -e '^time'; }
check "rollout: nets loaded from a folder roll out as the embedded ones" \
  "$([ -n "$(roll)" ] && [ "$(roll --level "net:0:0@$nets_dir")" = "$(roll)" ]; echo $?)"

# And for the self-play positions a data set's pool is (tools/gpu/groups.py replays a pool
# with the nets that played it): a folder's nets play as the embedded ones, another player
# plays other games, and a missing folder exits 2 naming the file.
pool() { "$cli" positions --variant standard --rules modern --count 300 --seed 4 "$@"; }
check "positions: nets loaded from a folder play as the embedded ones" \
  "$([ "$(pool --level intermediate | wc -l)" = 300 ] &&
     [ "$(pool --level "intermediate@$nets_dir")" = "$(pool --level intermediate)" ] &&
     [ "$(pool --level "net:0:0@$nets_dir")" != "$(pool --level beginner)" ]; echo $?)"
"$cli" positions --variant standard --rules modern --count 3 --seed 4 --level intermediate@/nonexistent \
  >/dev/null 2>/tmp/nard-cli-err.$$
rc=$?
check "positions: a player's missing nets folder exits 2 naming the file" \
  "$([ $rc = 2 ] && grep -q '/nonexistent/standard-contact.nnet' /tmp/nard-cli-err.$$; echo $?)"
rm -f /tmp/nard-cli-err.$$
# match: two levels play a whole match, with the cube where the rules have one, and write it as
# .mat text; the file depends on the seed alone.
match_dir=$(mktemp -d)
summary=$("$cli" match --variant standard --rules modern --length 3 --p1 intermediate --p2 beginner --seed 5 \
          --mat "$match_dir/a.mat")
check "match: exit 0 and a one-line summary" \
  "$(printf '%s\n' "$summary" | grep -qE "^intermediate [0-9]+ - [0-9]+ beginner, 3-point match, standard modern, [0-9]+ games?, [0-9.]+ s, written to $match_dir/a.mat$" &&
     [ "$(printf '%s\n' "$summary" | wc -l)" = 1 ]; echo $?)"
check "match: the .mat file has the match length, the players and a finished game" \
  "$(grep -q '^ 3 point match$' "$match_dir/a.mat" && grep -q '^ intermediate : 0 *beginner : 0$' "$match_dir/a.mat" &&
     grep -q 'Wins .* and the match$' "$match_dir/a.mat"; echo $?)"
"$cli" match --variant standard --rules modern --length 3 --p1 intermediate --p2 beginner --seed 5 --mat "$match_dir/b.mat" >/dev/null
"$cli" match --variant standard --rules modern --length 3 --p1 intermediate --p2 beginner --seed 6 --mat "$match_dir/c.mat" >/dev/null
check "match: the same seed writes the same file byte for byte" "$(cmp -s "$match_dir/a.mat" "$match_dir/b.mat"; echo $?)"
check "match: another seed another match" "$(! cmp -s "$match_dir/a.mat" "$match_dir/c.mat"; echo $?)"
money=$("$cli" match --variant hyper --length 0 --games 3 --p1 beginner --p2 beginner --seed 2 --mat "$match_dir/m.mat")
check "match: money play, equal levels told apart" \
  "$(printf '%s\n' "$money" | grep -qE '^beginner \(1\) -?[0-9]+ - [0-9]+ beginner \(2\), money play, hyper modern, 3 games, ' &&
     grep -q '^ 0 point match$' "$match_dir/m.mat" && [ "$(grep -c '^ Game ' "$match_dir/m.mat")" = 3 ]; echo $?)"
for bad in "--length 0 --rules traditional" "--variant longnard --length 0" "--length 100" "--length 2x" \
           "--p1 nobody" "--games 2" "--seed -3" "--variant chess" "--bogus 1" "--mat $match_dir/no/such/dir/x.mat --length 1 --p1 beginner --p2 beginner"; do
  # shellcheck disable=SC2086
  "$cli" match $bad >/dev/null 2>"$match_dir/err"
  rc=$?
  check "match: bad input '$bad' exits 2 with a message" "$([ $rc = 2 ] && [ -s "$match_dir/err" ]; echo $?)"
done
# GNU Backgammon, where installed, reads the file as the same match (tests/gnubg/gnubg_mat.py).
gnubg=${GNUBG:-/usr/games/gnubg}
if [ -x "$gnubg" ] && command -v python3 >/dev/null; then
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  NARD_MAT_FILE="$match_dir/a.mat" NARD_MAT_OUT="$match_dir/a.json" \
    "$gnubg" -t -q -p "$here/../gnubg/gnubg_mat.py" </dev/null >"$match_dir/gnubg.log" 2>&1
  games=$(grep -c '^ Game ' "$match_dir/a.mat")
  check "match: gnubg imports the file without a warning, with the same games" \
    "$(! grep -qiE 'warning|invalid|unrecognised|error' "$match_dir/gnubg.log" &&
       python3 -c "import json,sys; d=json.load(open('$match_dir/a.json')); sys.exit(len(d['games']) != $games)"; echo $?)"
else
  echo "skip match: gnubg import (no $gnubg)"
fi
rm -rf "$match_dir"

# A command's --help prints its own usage line and exits 0.
help=$("$cli" match --help; echo "rc=$?")
check "match --help prints its usage" "$(printf '%s\n' "$help" | grep -q '^usage: nard-cli match --variant' &&
  [ "$(printf '%s\n' "$help" | tail -1)" = "rc=0" ]; echo $?)"

# Positions of a level's self-play: the same lines for the same seed, different from random play.
lp1=$("$cli" positions --variant standard --rules modern --count 40 --seed 3 --level intermediate)
lp2=$("$cli" positions --variant standard --rules modern --count 40 --seed 3 --level intermediate)
rp=$("$cli" positions --variant standard --rules modern --count 40 --seed 3)
check "positions --level: 40 lines, reproducible, not random play" \
  "$([ "$(printf '%s\n' "$lp1" | wc -l)" = 40 ] && [ "$lp1" = "$lp2" ] && [ "$lp1" != "$rp" ]; echo $?)"
"$cli" positions --variant standard --count 5 --level grandmaster >/dev/null 2>&1
check "positions --level: an unknown level exits 2" "$([ $? = 2 ]; echo $?)"
# --opponent: a level against another player (the pools' lopsided games): reproducible, other
# games than either side's self-play.
vs1=$("$cli" positions --variant standard --rules modern --count 60 --seed 3 --level expert --opponent beginner)
vs2=$("$cli" positions --variant standard --rules modern --count 60 --seed 3 --level expert --opponent beginner)
bp=$("$cli" positions --variant standard --rules modern --count 60 --seed 3 --level beginner)
ep=$("$cli" positions --variant standard --rules modern --count 60 --seed 3 --level expert)
check "positions --opponent: reproducible, other games than either self-play" \
  "$([ "$(printf '%s\n' "$vs1" | wc -l)" = 60 ] && [ "$vs1" = "$vs2" ] && [ "$vs1" != "$bp" ] && [ "$vs1" != "$ep" ]; echo $?)"
"$cli" positions --variant standard --count 5 --opponent beginner >/dev/null 2>&1
check "positions --opponent without --level exits 2" "$([ $? = 2 ]; echo $?)"
"$cli" positions --variant standard --count 5 --level expert --opponent grandmaster >/dev/null 2>&1
check "positions --opponent: an unknown player exits 2" "$([ $? = 2 ]; echo $?)"

# The cube: a position far ahead in a race is a double and a pass; the opening a no double.
cube=$("$cli" cube --variant standard --rules modern --position s22CAEzs3Q0AEA --level expert)
check "cube: far ahead is 'double, pass'" "$(printf '%s\n' "$cube" | grep -qP '^action\tdouble, pass$'; echo $?)"
cube=$("$cli" cube --variant standard --rules modern --position 4HPwATDgc/ABMA --level expert)
check "cube: the opening position is no double" "$(printf '%s\n' "$cube" | grep -qP '^action\tno double, (take|beaver)$'; echo $?)"

# Hostile numbers: every numeric option goes through one parser. Outside batch: exit status 2
# and one line on stderr naming the option (never an abort, 134); in batch: one error line and
# '.', and the batch goes on.
opening="--variant standard --rules modern --position 4HPwATDgc/ABMA --dice 31"
three=$'\xd9\xa3'  # an Arabic-Indic three
hostile=("hint $opening --top x" "best $opening --seed -1" "cube --position 4HPwATDgc/ABMA --seed 0x10"
         "selfplay --games 2147483648" "positions --count 1.5" "duel --max-seconds nan" "rollout --trials $three"
         "match --seed 18446744073709551616" "bench movegen --seconds inf" "aibench --positions +5")
err_file=$(mktemp)
for line in "${hostile[@]}"; do
  # shellcheck disable=SC2086  # each line is meant to split into its words
  out=$("$cli" $line 2>"$err_file")
  rc=$?
  check "bad number '$line' exits 2 with one line naming the option" \
    "$([ $rc = 2 ] && [ -z "$out" ] && [ "$(wc -l <"$err_file")" = 1 ] && grep -q -- '^--[a-z-]* must be a ' "$err_file"; echo $?)"
done
# shellcheck disable=SC2086
"$cli" hint $opening --top "" >/dev/null 2>"$err_file"
check "an empty number exits 2 naming the option" "$([ $? = 2 ] && grep -q "^--top must be a whole number 1..100, got ''$" "$err_file"; echo $?)"
rm -f "$err_file"
answer=$(echo "hint $opening --top x" | "$cli" batch; echo "rc=$?")
check "batch: the issue's --top x is one error line, '.', exit 0" \
  "$([ "$answer" = "$(printf "error: --top must be a whole number 1..100, got 'x'\n.\nrc=0")" ]; echo $?)"
answers=$({ printf '%s\n' "${hostile[@]}" "hint $opening --top \"\"" "moves $opening"; } | "$cli" batch)
check "batch: each bad number one error line, then a valid command runs" \
  "$([ "$(printf '%s\n' "$answers" | grep -c '^error: --')" = 11 ] && [ "$(printf '%s\n' "$answers" | grep -c '^\.$')" = 12 ] &&
     [ "$(printf '%s\n' "$answers" | wc -l)" = $((11 * 2 + 16 + 1)) ] &&
     printf '%s\n' "$answers" | grep -qP '^4HPwATCwZ/ABMA\t8/5 6/5$'; echo $?)"

# encode (read by tools/gpu/check.py): the class, the non-zero inputs, the 0-ply chances.
enc=$("$cli" encode --variant standard --position 4HPwATDgc/ABMA)
check "encode: the start is contact, two checkers on the 24 point (inputs 92 93)" \
  "$(printf '%s\n' "$enc" | grep -qP '^contact\t(\S+ )*92:1 93:1 \S+.*\t0\.5[0-9]+ '; echo $?)"
enc=$("$cli" encode --variant standard --position +L4PAAD4vg8AAA)
check "encode: 5-5-5 on the 6, 5, 4 points each is a bear-off, no gammons" \
  "$(printf '%s\n' "$enc" | grep -qP '^bearoff\t.*\t0\.5[0-9]+ 0 0 0 0$'; echo $?)"
# bearoff: 54,264 positions x 64 float32; index 0 (nothing left) is off in 0 rolls for sure.
table=$(mktemp)
"$cli" bearoff --out "$table" >/dev/null
check "bearoff writes the database, P(0 rolls | none left) = 1" \
  "$([ "$(stat -c %s "$table")" = $((54264 * 64 * 4)) ] && [ "$(od -An -tx4 -N4 "$table" | tr -d ' ')" = 3f800000 ]; echo $?)"
rm -f "$table"

echo "cli: $passed passed, $failures failed"
[ $failures = 0 ]
