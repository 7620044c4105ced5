#!/usr/bin/env bash
# Compiles each model twice with Debian's minizinc 2.6: for Sieve (its mznlib,
# written by `sieve minizinc-config`) into NAME.fzn, and for Gecode into
# NAME.gecode.fzn. tests/gecode.rs solves the first with Sieve and the second
# with fzn-gecode and compares solution counts and optimal objectives.
# Usage: compile.sh DIR (a folder written by `sieve minizinc-config DIR`).
set -euo pipefail
cd "$(dirname "$0")"
config="$1"
for model in *.mzn; do
  name="${model%.mzn}"
  MZN_SOLVER_PATH="$config" minizinc -c --solver sieve "$model" -o "$name.fzn" --no-output-ozn
  minizinc -c --solver gecode "$model" -o "$name.gecode.fzn" --no-output-ozn
done
