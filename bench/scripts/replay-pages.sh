#!/usr/bin/env bash
# Sizes and speeds of the replay pages (`--trace html`) in headless Chromium:
# one page per puzzle, plus the long solves of issue #21 (a 16×16 Solo, a 20×20
# Slitherlink, the built-in "world's hardest sudoku"). For each page: its
# events, its bytes, bytes per event, the load time (from navigation until the
# page's own script has drawn the first step and the tree) and the time to jump
# to the last step (a click on "to the end", the first jump of the page, so no
# checkpoint helps it). Prints a Markdown table (docs/trace-format.md).
#
#   cargo build --release -p sieve-cli
#   bash bench/scripts/replay-pages.sh [RUNS] > table.md
#
# RUNS (default 3): each page is opened RUNS times; the table gives the median
# load and jump. SIEVE names the binary (default target/release/sieve, or
# $CARGO_TARGET_DIR/release/sieve). The IDs are fixed (the zoo's from each
# puzzle's tests/tatham/*_ids.txt; the two long ones made once by
# `sgt-solo --generate 1 4x4du` and `sgt-loopy --generate 1 20x20t0dh`), so the
# events and bytes repeat exactly; the times depend on the machine.
set -euo pipefail

runs=${1:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
sieve=${SIEVE:-${CARGO_TARGET_DIR:-$root/target}/release/sieve}
browser=${BROWSER:-chromium}
[ -x "$sieve" ] || { echo "no sieve binary at $sieve: cargo build --release -p sieve-cli" >&2; exit 2; }
command -v "$browser" > /dev/null || { echo "no $browser" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The probe, added after the page's own script: the load time, then the jump.
probe='<pre id="probe"></pre><script>(function () {
  const load = performance.now();
  const last = document.getElementById("step-last").textContent;
  const started = performance.now();
  document.getElementById("to-end").click();
  const jump = performance.now() - started;
  const end = document.getElementById("step-number").textContent;
  document.getElementById("probe").textContent =
    "load=" + load + " jump=" + jump + " last=" + last + " end=" + end;
}());</script>'

# name, then the command line (one argument a line, after the name).
pages() {
  cat <<'PAGES'
Nonogram 10×10 (`pattern`)|nonogram|solve|10x10:3.1/4.2/3.1/2/1.3/1.4.1/1.1/1.5/3.1.4/3.1.4/2.3/2/3.2.2/6/7.2/1.1.1/3/3/1.3/3.5
Binairo 10×10 (`unruly`)|binairo|solve|10x10dn:ACbBAEgacOBbPaaehHFCGAa
Tents 10×10|tents|solve|10x10dt:aaacakbde_odd_abgadhe,3,1,2,2,2,3,1,1,4,1,4,1,3,1,2,2,2,1,2,2
Light Up 10×10|lightup|solve|10x10b20s2d2:bBaBcBbBBBb1fBgBb1c3b1p0b0cBbBg0f1bBBBb0cBaBb
Magnets 10×10|magnets|solve|10x10dt:3323355544,3435343435,5221545454,2444444335,LRLRTTTLRTTTLRBBBLRBBBLRLRLRLRTLRTLRTTLRBLRBLRBBTTTTLRLRLRBBBBTTLRTTLRTTBBLRBBLRBBTLRTLRTTLRBLRBLRBB
Map 20×15, 30 regions|map|solve|20x15n30dh:dacaacdacabaaagceacaadaajacacadacbgcacabcahbaacagaaaaadabbbaacaddafafbeacbcaccaacaaabbbbjdbadacdgabbcbhabafbgagagcbbbcagababaddaeabahbbbadcbaaaabebacaabacacbcbecbbcdcbaeabacbdgaagabecbeadbidbaaaadbagacacalababceadad,3c2a0b20a1b2b02a1c23021
Dominosa 6|dominosa|solve|6dh:45603012311066356544061525225445300246213233143120614056
Hitori 10×10 (`singles`)|hitori|solve|10x10dk:22784568641a587469644583a847a194816341771192a53459266384541347761a2215a114769373536a2156a9a6a1382548
Slant 8×8|slant|solve|8x8dh:1a1b1f13a21a1a3a21a2b21a2a2a1a2b1a31b12b3a31a222b22c3b11a11111e
Towers 7×7|towers|solve|7:3/2/4/2/3/1/3/2/2/3/2/4/4/1/3/3/2/2/2/1/3/2/2/2/4/3/5/1,c5g4g2f5c5c3a1f3e
Unequal 6×6|unequal|solve|6:0D,0L,0,0,0R,0,0,0U,0,0,0,0,0,0D,0R,3,0U,0D,0R,0,0L,0R,0U,0,0,0,2,0,0L,0,0U,0,0U,0,0R,0U,
Keen 6×6|keen|solve|6de:aaba_9a__a_3aa_aa_aa_a_3a__aa_aa_,s1s1m2a9d2s1m30s4m6d3m480d3d3a7m8a9a9
Solo 9×9|solo|solve|3x3:6f3d5_3b9_8b3_7_1a5_2c9_4e7g2e5_7c7_1a5_9_2b2_8b4_7d9f4
Slitherlink 10×10 (`loopy`)|loopy|solve|10x10t0dh:3a23223a2h2i1a12c3b2a3a20b0a12a3c2b22a2a2a2a1e2a11a1a3b23a11a3a1a3a2a21b
Masyu 10×10 (`pearl`)|pearl|solve|10x10dt:cWcBcWbBcWfWfWWbWkWWcWfWbWaWaBhBkWcBBbBaWa
Tracks 10×10|tracks|solve|10x10dh:jAi6j5e5e5a3eAzt9a,7,8,7,5,5,5,3,3,S3,6,3,3,S4,9,10,6,5,7,3,2
Fillomino 13×9 (`filling`)|fillomino|solve|13x9:b3g5i48e34a7a44b6a833g66a79i4b9a54a36a944c9c4b3e9b2c446a2b96a2a9d6
Galaxies 7×7|galaxies|solve|7x7dn:cxiczvfcqdzjq
Signpost 7×7|signpost|solve|7x7:dcd10gfeee14cfgcfhd16hc47defhe27cc5h31gf29habb45gf49a1h18bf40cafhh38cbha35ghg
built-in sudoku ("world's hardest")|sudoku|solve
8 queens|queens|solve|8
Skyscrapers 4×4|skyscrapers|solve|0 3 0 0 2 0 0 1 2 0 0 0 0 4 0 0
magic square 3×3|magic|solve|2 . . . 5 . . . 8
PAGES
  # The long solves, kept in a file of their own for their long IDs.
  cat "$root/bench/scripts/replay-pages-long.txt"
}

# 12345 as 12,345.
thousands() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<< "$1"; }

# The median of numbers, one a line.
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

echo "| page | events | bytes | bytes/event | load | jump to the last step |"
echo "| --- | ---: | ---: | ---: | ---: | ---: |"
index=0
while IFS='|' read -r -a fields; do
  [ ${#fields[@]} -ge 2 ] || continue
  index=$((index + 1))
  name=${fields[0]}
  page="$scratch/$index.html"
  "$sieve" "${fields[@]:1}" --trace html --out "$page" > /dev/null 2> "$scratch/err" \
    || { echo "$name: sieve failed: $(cat "$scratch/err")" >&2; exit 1; }
  bytes=$(stat -c %s "$page")
  probed="$scratch/$index-probed.html"
  body=$(grep -n '</body>' "$page" | tail -1 | cut -d: -f1)
  { head -n $((body - 1)) "$page"; printf '%s\n' "$probe"; tail -n +"$body" "$page"; } > "$probed"
  loads=() jumps=()
  for run in $(seq "$runs"); do
    dom=$("$browser" --headless --no-sandbox --disable-gpu --no-first-run \
      --disable-background-networking --disable-component-update --disable-sync \
      --user-data-dir="$scratch/profile-$index-$run" --virtual-time-budget=3000 \
      --dump-dom "file://$probed" 2> /dev/null)
    values=$(sed -n 's/.*<pre id="probe">\([^<]*\)<\/pre>.*/\1/p' <<< "$dom")
    [ -n "$values" ] || { echo "$name: the probe did not run" >&2; exit 1; }
    declare -A got=()
    for pair in $values; do got[${pair%%=*}]=${pair#*=}; done
    [ "${got[end]}" = "${got[last]}" ] || { echo "$name: the jump ended at ${got[end]}, not ${got[last]}" >&2; exit 1; }
    loads+=("${got[load]}") jumps+=("${got[jump]}")
    events=$((got[last] + 1))
    unset got
  done
  load=$(printf '%s\n' "${loads[@]}" | median)
  jump=$(printf '%s\n' "${jumps[@]}" | median)
  printf '| %s | %s | %s | %.1f | %.0f ms | %.0f ms |\n' "$name" \
    "$(thousands "$events")" "$(thousands "$bytes")" \
    "$(echo "$bytes / $events" | bc -l)" "$load" "$jump"
done < <(pages)
