#!/usr/bin/env bash
# Regenerate every examples/kernels/*.ll from its .cu with clang's CUDA
# device-only pipeline (no CUDA installation needed; see prelude.cuh).
#
#   CLANG=/path/to/clang ./regen.sh            # all kernels
#   ./regen.sh bitonic_sort switch_kernel      # only the named kernels
#
# The .ll files are kept exactly as clang writes them.
# A .cu may ask for extra clang flags with a line of the form
#   // regen-flags: -g
set -euo pipefail

CLANG="${CLANG:-/usr/lib/llvm-19/bin/clang}"
DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$DIR"

FLAGS=(
  -x cuda --cuda-device-only --cuda-gpu-arch=sm_90
  -nocudainc -nocudalib
  -Xclang -target-feature -Xclang +ptx80
  -O3 -S -emit-llvm
  -I "$DIR"
)

if [ "$#" -gt 0 ]; then
  names=("$@")
else
  names=()
  for f in *.cu; do names+=("${f%.cu}"); done
fi

for name in "${names[@]}"; do
  name="$(basename "${name%.cu}")"
  extra=()
  line="$(grep -m1 '^// regen-flags:' "$name.cu" || true)"
  if [ -n "$line" ]; then
    read -r -a extra <<<"${line#// regen-flags:}"
  fi
  echo "clang: $name.cu -> $name.ll${extra[*]+ ${extra[*]}}"
  "$CLANG" "${FLAGS[@]}" ${extra[@]+"${extra[@]}"} "$name.cu" -o "$name.ll"
done
