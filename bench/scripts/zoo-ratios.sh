#!/usr/bin/env bash
# The same-run table of bench/README.md: every committed file of
# bench/data/zoo/ through the `zoo` harness against Tatham's solver, one
# harness report a file (agreement counts, medians, start-ups, both ratios).
#
#   TATHAM=/path/to/sgt/bin bash bench/scripts/zoo-ratios.sh [REPEATS]   # default 5
#
# Needs Tatham's solvers (shared/tools/sgt-solvers.sh DIR builds them into
# DIR/bin) and a release build (cargo build --release -p sieve-cli -p sieve-bench).
set -euo pipefail
cd "$(dirname "$0")/../.."
REPEATS=${1:-5}
BIN=${BIN:-target/release}
TATHAM=${TATHAM:?set TATHAM to the directory of Tatham solvers}
for file in bench/data/zoo/*.txt; do
  name=$(basename "$file" .txt)
  echo "== $name"
  "$BIN/zoo" "${name%%-*}" --file "$file" --repeats "$REPEATS" --tatham "$TATHAM" 2>&1
done
