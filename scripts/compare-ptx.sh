#!/usr/bin/env bash
# Byte-identical output check (issue 27): compiles every .ll given (files or directories of .ll files) with two
# simtc executables, and with the second one on 1 and on all threads, and compares the PTX byte for byte.
#   scripts/compare-ptx.sh OLD_SIMTC NEW_SIMTC [-- COMPILE_ARGS...] PATH...
# e.g. scripts/compare-ptx.sh /tmp/simtc-main target/release/simtc examples/kernels /tmp/sample
# COMPILE_ARGS default to `-O3 --mcpu sm_90`. Exit status 1 when any output differs or only one side fails.
set -uo pipefail
old=$1 new=$2
shift 2
args=(-O3 --mcpu sm_90)
if [ "${1:-}" = "--" ]; then
  shift
  args=()
  while [ $# -gt 0 ] && [ "$1" != "--" ]; do args+=("$1"); shift; done
  shift
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
files=()
for p in "$@"; do
  if [ -d "$p" ]; then
    while IFS= read -r f; do files+=("$f"); done < <(find "$p" -maxdepth 1 -name '*.ll' | sort)
  else
    files+=("$p")
  fi
done
same=0 differ=0 failed=0
for f in "${files[@]}"; do
  "$old" compile "$f" "${args[@]}" -o "$tmp/old.ptx" 2>"$tmp/old.err"; ro=$?
  SIMTC_THREADS=1 "$new" compile "$f" "${args[@]}" -o "$tmp/new1.ptx" 2>"$tmp/new1.err"; r1=$?
  SIMTC_THREADS=0 "$new" compile "$f" "${args[@]}" -o "$tmp/newn.ptx" 2>"$tmp/newn.err"; rn=$?
  if [ $ro -ne 0 ] || [ $r1 -ne 0 ] || [ $rn -ne 0 ]; then
    if [ $ro -eq $r1 ] && [ $r1 -eq $rn ] && cmp -s "$tmp/old.err" "$tmp/new1.err" && cmp -s "$tmp/new1.err" "$tmp/newn.err"; then
      failed=$((failed + 1))   # rejected the same way by both
    else
      echo "DIFFERENT FAILURE: $f (exit $ro / $r1 / $rn)"; differ=$((differ + 1))
    fi
    continue
  fi
  if cmp -s "$tmp/old.ptx" "$tmp/new1.ptx" && cmp -s "$tmp/new1.ptx" "$tmp/newn.ptx"; then
    same=$((same + 1))
  else
    echo "DIFFERENT PTX: $f"; differ=$((differ + 1))
  fi
done
echo "compare-ptx: ${#files[@]} modules: $same identical, $failed rejected identically by both, $differ different"
[ $differ -eq 0 ]
