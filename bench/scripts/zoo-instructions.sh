#!/usr/bin/env bash
# Instructions Sieve executes to solve every committed file of bench/data/zoo/
# (100 game IDs each, the whole process: parsing, building, solving, proving
# uniqueness, printing), counted by callgrind. Unlike times, the count is the
# same on a loaded machine, so it is the figure to compare commits by.
#
#   bash bench/scripts/zoo-instructions.sh [NAME-PREFIX...]   # default: every file
#
# Prints a Markdown table, one row a file. Needs valgrind and a release build
# (cargo build --release -p sieve-cli); BIN picks another build's directory.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-target/release}
command -v valgrind >/dev/null || { echo "valgrind is not installed" >&2; exit 1; }
[ -x "$BIN/sieve" ] || { echo "no $BIN/sieve: build it first" >&2; exit 1; }
prefixes=("$@")
[ ${#prefixes[@]} -gt 0 ] || prefixes=("")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "| file | instructions (M) |"
echo "| --- | ---: |"
for prefix in "${prefixes[@]}"; do
  for file in bench/data/zoo/"$prefix"*.txt; do
    name=$(basename "$file" .txt)
    valgrind --tool=callgrind --dump-instr=no --callgrind-out-file="$out/cg" \
      "$BIN/sieve" "${name%%-*}" solve --format line --file "$file" \
      >"$out/answers" 2>"$out/log"
    refs=$(sed -n 's/.*refs: *//p' "$out/log" | tr -d ,)
    [ -n "$refs" ] || { echo "no count for $name" >&2; cat "$out/log" >&2; exit 1; }
    awk -v name="$name" -v refs="$refs" 'BEGIN { printf "| %s | %.1f |\n", name, refs / 1e6 }'
  done
done
