#!/usr/bin/env bash
# Fresh-ID agreement in bench/README.md: for each setting, N fresh IDs from
# Tatham's generator, solved by Sieve and by Tatham's solver in the `zoo`
# harness; prints one line a setting with the counts (IDs, agree, both no
# answer, disagree, Tatham failed).
#
#   TATHAM=/path/to/sgt/bin bash bench/scripts/zoo-fresh.sh [N]   # default N = 6
#
# Needs /usr/games/sgt-* (apt-get install sgt-puzzles), Tatham's solvers
# (shared/tools/sgt-solvers.sh DIR builds them into DIR/bin) and a release
# build (cargo build --release -p sieve-cli -p sieve-bench).
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-6}
BIN=${BIN:-target/release}
TATHAM=${TATHAM:?set TATHAM to the directory of Tatham solvers}

# puzzle  params-before-difficulty  levels ("-" for a puzzle without levels)
ROWS=(
  "solo 3x3 dt db di da de du"
  "towers 6 de dh dx"
  "unequal 6 dt de dk dx"
  "keen 6 de dn dh dx du"
  "pattern 15x15 -"
  "unruly 10x10 dt de dn"
  "unruly 16x16 dn"
  "tents 10x10 de dt"
  "lightup 10x10b20s4 d0 d1 d2"
  "magnets 8x8 de dt"
  "map 20x15n30 de dn dh du"
  "dominosa 6 dt db dh de"
  "singles 8x8 de dk"
  "singles 5x5 dk"
  "slant 8x8 de dh"
  "loopy 10x10t0 de dn dt dh"
  "pearl 8x8 de dt"
  "tracks 8x8 de dt dh"
  "filling 13x9 -"
  "galaxies 15x15 dn du"
  "signpost 7x7 -"
  "signpost 8x8c -"
)
for row in "${ROWS[@]}"; do
  read -r puzzle base levels <<<"$row"
  for level in $levels; do
    params=$base
    [ "$level" != "-" ] && params=$base$level
    line=$("$BIN/zoo" "$puzzle" --generate "$N" "$params" --repeats 1 --tatham "$TATHAM" 2>&1 |
      grep "^| $puzzle " || true)
    echo "$puzzle $params: $(echo "$line" |
      awk -F'|' '{print "ids",$3,"agree",$4,"both-none",$5,"disagree",$6,"tatham-failed",$7}')"
  done
done
