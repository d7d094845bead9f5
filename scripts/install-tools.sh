#!/usr/bin/env bash
# Installs the external validators simtc's tests use: clang-19/llvm-19 (Debian).
# Idempotent; safe to run on a machine that already has them.
set -euo pipefail
LLVM_BIN=${SIMTC_LLVM_BIN:-/usr/lib/llvm-19/bin}
if [ ! -x "$LLVM_BIN/llvm-as" ] || [ ! -x "$LLVM_BIN/clang" ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq clang-19 llvm-19 >/dev/null
fi
"$LLVM_BIN/llvm-as" --version | head -n 2
