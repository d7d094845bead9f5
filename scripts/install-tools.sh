#!/usr/bin/env bash
# Installs the external validators simtc's tests use:
#   - clang-19 / llvm-19 from Debian (clang, llc, opt, llvm-as, FileCheck) under /usr/lib/llvm-19/bin;
#   - the CUDA 13.5 compiler wheels from PyPI (nvcc, cicc, ptxas, headers) unzipped into tools/cuda13, with
#     cuobjdump and nvdisasm (`simtc bench` counts the SASS ptxas makes of each kernel);
#   - ptxas 12.9 from PyPI into tools/cuda12, because CUDA 13 dropped sm_70 and simtc still targets it;
#   - a CUDA 12.9 tree for clang 19 (`simtc cuda`) in tools/cuda12-clang: include/ (runtime, crt, CCCL and cuRAND
#     headers, which clang's CUDA wrappers include), nvvm/libdevice/libdevice.10.bc and bin/ptxas (clang accepts a
#     CUDA path only with bin/, include/ and nvvm/libdevice/). clang 19 cannot parse CUDA 13's headers.
# No GPU is needed for any of them. Idempotent; safe to run on a machine that already has them.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
LLVM_BIN=${SIMTC_LLVM_BIN:-/usr/lib/llvm-19/bin}
if [ ! -x "$LLVM_BIN/llvm-as" ] || [ ! -x "$LLVM_BIN/clang" ] || [ ! -x "$LLVM_BIN/FileCheck" ]; then
  if [ "$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq clang-19 llvm-19 llvm-19-tools >/dev/null
fi
"$LLVM_BIN/llvm-as" --version | head -n 2

CUDA13_VERSION=13.5.37
CUDA12_NVCC_VERSION=12.9.86
CUDA12_RUNTIME_VERSION=12.9.79
CUDA12_CCCL_VERSION=12.9.27
CURAND12_VERSION=10.3.10.19
TOOLS=${SIMTC_TOOLS_DIR:-$ROOT/tools}

fetch_wheels() { # dest, then pip requirement specs
  local dest=$1; shift
  local tmp
  tmp=$(mktemp -d)
  python3 -m pip download --quiet --no-deps --dest "$tmp" "$@"
  mkdir -p "$dest"
  for w in "$tmp"/*.whl; do python3 -m zipfile -e "$w" "$dest"; done
  rm -rf "$tmp"
}

if [ ! -x "$TOOLS/cuda13/nvidia/cu13/bin/ptxas" ] || [ ! -x "$TOOLS/cuda13/nvidia/cu13/nvvm/bin/cicc" ]; then
  fetch_wheels "$TOOLS/cuda13" "nvidia-cuda-nvcc==$CUDA13_VERSION" "nvidia-nvvm==$CUDA13_VERSION" \
    "nvidia-cuda-crt==$CUDA13_VERSION" "nvidia-cuda-runtime==$CUDA13_VERSION"
  chmod +x "$TOOLS"/cuda13/nvidia/cu13/bin/* "$TOOLS"/cuda13/nvidia/cu13/nvvm/bin/* 2>/dev/null || true
fi
if [ ! -x "$TOOLS/cuda13/nvidia/cu13/bin/cuobjdump" ] || [ ! -x "$TOOLS/cuda13/nvidia/cu13/bin/nvdisasm" ]; then
  fetch_wheels "$TOOLS/cuda13" "nvidia-cuda-cuobjdump==$CUDA13_VERSION" "nvidia-cuda-nvdisasm==$CUDA13_VERSION"
  chmod +x "$TOOLS"/cuda13/nvidia/cu13/bin/* 2>/dev/null || true
fi
if [ ! -x "$TOOLS/cuda12/nvidia/cuda_nvcc/bin/ptxas" ]; then
  fetch_wheels "$TOOLS/cuda12" "nvidia-cuda-nvcc-cu12==$CUDA12_NVCC_VERSION"
  chmod +x "$TOOLS"/cuda12/nvidia/cuda_nvcc/bin/* 2>/dev/null || true
fi
CLANG_CUDA=$TOOLS/cuda12-clang
if [ ! -f "$CLANG_CUDA/include/cuda_runtime.h" ] || [ ! -f "$CLANG_CUDA/include/curand_kernel.h" ] \
   || [ ! -f "$CLANG_CUDA/include/cuda/std/type_traits" ] || [ ! -f "$CLANG_CUDA/nvvm/libdevice/libdevice.10.bc" ] \
   || [ ! -e "$CLANG_CUDA/bin/ptxas" ]; then
  wheels=$(mktemp -d)
  fetch_wheels "$wheels" "nvidia-cuda-runtime-cu12==$CUDA12_RUNTIME_VERSION" \
    "nvidia-cuda-cccl-cu12==$CUDA12_CCCL_VERSION" "nvidia-curand-cu12==$CURAND12_VERSION"
  rm -rf "$CLANG_CUDA"
  mkdir -p "$CLANG_CUDA/include" "$CLANG_CUDA/bin" "$CLANG_CUDA/nvvm/libdevice"
  for pkg in cuda_runtime cuda_cccl curand; do cp -R "$wheels/nvidia/$pkg/include/." "$CLANG_CUDA/include/"; done
  cp -R "$TOOLS/cuda12/nvidia/cuda_nvcc/include/." "$CLANG_CUDA/include/"
  rm -f "$CLANG_CUDA/include/__init__.py"
  cp "$TOOLS/cuda12/nvidia/cuda_nvcc/nvvm/libdevice/libdevice.10.bc" "$CLANG_CUDA/nvvm/libdevice/"
  cp "$TOOLS/cuda12/nvidia/cuda_nvcc/bin/ptxas" "$CLANG_CUDA/bin/ptxas"
  chmod +x "$CLANG_CUDA/bin/ptxas"
  rm -rf "$wheels"
fi
grep -m1 '#define CUDA_VERSION' "$CLANG_CUDA/include/cuda.h"
"$TOOLS/cuda13/nvidia/cu13/bin/ptxas" --version | tail -n 2
"$TOOLS/cuda13/nvidia/cu13/bin/cuobjdump" --version | tail -n 1
"$TOOLS/cuda12/nvidia/cuda_nvcc/bin/ptxas" --version | tail -n 2
