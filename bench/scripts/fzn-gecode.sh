#!/usr/bin/env bash
# The FlatZinc-against-Gecode table of bench/README.md: every instance of
# flatzinc/tests/models through `sieve fzn -a -s` and `fzn-gecode -a -s`
# (all solutions for satisfy, every improving solution for optimisation),
# the two solvers' runs interleaved, each solver's own `solveTime` (which
# includes printing), median and fastest of REPEATS runs, with node counts.
#
#   bash bench/scripts/fzn-gecode.sh [REPEATS]   # default 15
#
# Needs fzn-gecode (Debian's `flatzinc` package) and a release build of
# sieve-cli (BIN=target/release by default).
set -euo pipefail
cd "$(dirname "$0")/../.."
REPEATS=${1:-15}
SIEVE=$(realpath "${BIN:-target/release}/sieve")
cd flatzinc/tests/models
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stat() { grep "^%%%mzn-stat: $1=" "$2" | head -1 | cut -d= -f2; }
ms() { sort -g | awk -v pick="$1" '{v[NR]=$1} END {i = pick == "min" ? 1 : int((NR + 1) / 2); printf "%.2f", v[i] * 1000}'; }
echo "| instance | goal | Gecode nodes | Sieve nodes | Gecode ms (median) | Sieve ms (median) | Gecode ms (fastest) | Sieve ms (fastest) |"
echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"
for model in $(ls *.fzn | grep -v '\.gecode\.fzn$'); do
  name=${model%.fzn}
  : > "$work/sieve" ; : > "$work/gecode"
  for _ in $(seq "$REPEATS"); do
    "$SIEVE" fzn -a -s "$model" > "$work/s.out"
    stat solveTime "$work/s.out" >> "$work/sieve"
    fzn-gecode -a -s "$name.gecode.fzn" > "$work/g.out"
    stat solveTime "$work/g.out" >> "$work/gecode"
  done
  goal=$(grep -oE '(satisfy|minimize|maximize)' "$model" | tail -1)
  printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$goal" \
    "$(stat nodes "$work/g.out")" "$(stat nodes "$work/s.out")" \
    "$(ms median < "$work/gecode")" "$(ms median < "$work/sieve")" \
    "$(ms min < "$work/gecode")" "$(ms min < "$work/sieve")"
done
