#!/usr/bin/env bash
# Compiles each model twice with Debian's minizinc 2.6: for Sieve (its mznlib,
# written by `sieve minizinc-config`) into NAME.fzn, and for Gecode into
# NAME.gecode.fzn; a model with data files NAME-INSTANCE.dzn is compiled once
# per instance, into NAME-INSTANCE.fzn and NAME-INSTANCE.gecode.fzn.
# tests/gecode.rs solves the first with Sieve and the second with fzn-gecode
# and compares solution counts, solutions and optimal objectives.
# Usage: compile.sh DIR (a folder written by `sieve minizinc-config DIR`).
set -euo pipefail
cd "$(dirname "$0")"
config="$1"
compile() { # model data-or-empty output-name
  local data=()
  [ -n "$2" ] && data=("$2")
  MZN_SOLVER_PATH="$config" minizinc -c --solver sieve "$1" "${data[@]}" -o "$3.fzn" --no-output-ozn
  minizinc -c --solver gecode "$1" "${data[@]}" -o "$3.gecode.fzn" --no-output-ozn
}
for model in *.mzn; do
  name="${model%.mzn}"
  instances=$(ls "$name"-*.dzn 2>/dev/null || true)
  if [ -z "$instances" ]; then
    compile "$model" "" "$name"
  else
    for data in $instances; do
      compile "$model" "$data" "${data%.dzn}"
    done
  fi
done
