#!/usr/bin/env bash
# The table of Tatham level x Sieve tier in bench/README.md: for each puzzle
# and level, N fresh IDs from Tatham's generator (sgt-puzzles), each rated by
# `sieve <puzzle> rate` (the weakest tier whose propagation alone solves it;
# probing is every puzzle's strongest). Prints a markdown table.
#
#   bash bench/scripts/zoo-tiers.sh [N]        # default N = 50
#   ONLY="map slant" bash bench/scripts/zoo-tiers.sh 20   # some puzzles only
#
# Needs /usr/games/sgt-* (apt-get install sgt-puzzles) and a release build
# (cargo build --release -p sieve-cli). The generator's own seed is random,
# so a run measures fresh puzzles; the counts move a little between runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-50}
SIEVE=${SIEVE:-target/release/sieve}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# puzzle  generator  params-before-difficulty  levels
# ("-" for a puzzle without levels)
ROWS=(
  "solo solo 3x3 dt db di da de du"
  "towers towers 6 de dh dx du"
  "unequal unequal 6 dt de dk dx dr"
  "keen keen 6 de dn dh dx du"
  "nonogram pattern 15x15 -"
  "binairo unruly 10x10 dt de dn"
  "tents tents 10x10 de dt"
  "lightup lightup 10x10b20s4 d0 d1 d2"
  "magnets magnets 8x8 de dt"
  "map map 20x15n30 de dn dh du"
  "dominosa dominosa 6 dt db dh de"
  "hitori singles 8x8 de dk"
  "slant slant 8x8 de dh"
  "slitherlink loopy 10x10t0 de dn dt dh"
  "masyu pearl 8x8 de dt"
  "tracks tracks 8x8 de dt dh"
  "fillomino filling 13x9 -"
  "galaxies galaxies 15x15 dn du"
  "signpost signpost 8x8 - c"
)
echo "| puzzle | level | IDs | ratings (tier: count) |"
echo "| --- | --- | --- | --- |"
for row in "${ROWS[@]}"; do
  read -r puzzle generator size levels <<<"$row"
  [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $puzzle "* ]] && continue
  for level in $levels; do
    [ "$level" = "-" ] && level=""
    ids="$WORK/$puzzle-$level.txt"
    # The generator prints the bare size for some puzzles: write the level back.
    /usr/games/sgt-"$generator" --generate "$N" "$size$level" |
      sed "s/^[^:]*:/$size$level:/" >"$ids"
    ratings=$("$SIEVE" "$puzzle" rate --file "$ids" | sort | uniq -c |
      awk '{count=$1; $1=""; sub(/^ /, ""); printf "%s%s: %d", sep, $0, count; sep="; "}')
    echo "| $puzzle | $size$level | $(wc -l <"$ids") | $ratings |"
  done
done
